// npm run bench -- scale (issue 18): the screens' calls at 100k, 1M and 5M leads (10k → 200k QC records), through the
// real server over HTTP. One campaign grows step by step on a database of its own; at each size every call is timed
// BENCH_SCALE_CALLS times, one at a time, after a warm-up. BENCH_SCALE_SIZES=100000,300000 for a quick check.
import pg from 'pg';
import type { TQuestion } from '@crm/shared';
import { startBenchServer, type BenchServer } from './server.ts';
import { answerBody } from './survey-save.ts';
import { createSurvey, type SurveyCampaign } from './survey-setup.ts';
import { buildLeads, buildQcRecords, DATA_DATES, generatedLead, qcRecordsFor, settle } from './scale-data.ts';
import type { Figure } from './table.ts';

const SIZES = (process.env.BENCH_SCALE_SIZES ?? '100000,1000000,5000000').split(',').map((s) => Number(s.trim()));
const CALLS = Number(process.env.BENCH_SCALE_CALLS ?? 20);
const WARMUP = 2;
const TARGET_P95_MS = 100;
const TARGET_RATIO = 2;
const CAMPAIGN: SurveyCampaign = { name: 'Bench Scale', code: 'BENCH-SCALE' };
const LEAD_PAGE_SIZE = 25;
const QC_PAGE_SIZE = 10;

const log = (line: string) => console.log(`[scale] ${line}`);
const label = (n: number) =>
  n >= 1_000_000 ? `${+(n / 1_000_000).toFixed(1)}M` : n >= 1000 ? `${+(n / 1000).toFixed(1)}k` : String(n);

/** The paged reply of the lead and QC lists: keyset replies carry `cursors` (next / previous), numbered ones do not. */
type PageReply = {
  response: { content: unknown[]; totalElements: number; totalPages: number };
  cursors?: { next: string | null; previous: string | null };
};

/** qcBase: the in-house QC records the demo data brought, which the list shows too. */
type Ctx = {
  url: string;
  adminToken: string;
  questions: TQuestion[];
  leads: number;
  qcRecords: number;
  qcBase: number;
  nth: number;
};

async function request(ctx: Ctx, method: 'GET' | 'PUT', url: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${ctx.url}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${ctx.adminToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}

const get = (ctx: Ctx, url: string) => request(ctx, 'GET', url);
const page = async (ctx: Ctx, url: string) => (await get(ctx, url)) as PageReply;
const leadsUrl = (query: Record<string, string>) =>
  `/dynamic/leads/${encodeURIComponent(CAMPAIGN.name)}?${new URLSearchParams({ size: String(LEAD_PAGE_SIZE), ...query })}`;
const qcUrl = (query: Record<string, string>) =>
  `/api/qcReport/getqcreportbyqcinspector?${new URLSearchParams({ size: String(QC_PAGE_SIZE), ...query })}`;

/**
 * How a list is paged, read from its first page's reply: by key when it carries cursors (next = `after` the first
 * page's cursor, last = `last=true`), else by page number (next = page 1, last = page totalPages − 1, and the middle
 * page, which only numbered paging has).
 */
function pagedCalls(
  name: string,
  urlOf: (query: Record<string, string>) => string,
  first: PageReply,
): { name: string; url: string }[] {
  if (first.cursors) {
    const next = first.cursors.next;
    return [
      ...(next === null ? [] : [{ name: `${name}, next page after the first`, url: urlOf({ after: next }) }]),
      { name: `${name}, last page`, url: urlOf({ last: 'true' }) },
    ];
  }
  const pages = Math.max(1, first.response.totalPages);
  return [
    { name: `${name}, next page after the first`, url: urlOf({ page: '1' }) },
    { name: `${name}, middle page`, url: urlOf({ page: String(Math.floor(pages / 2)) }) },
    { name: `${name}, last page`, url: urlOf({ page: String(pages - 1) }) },
  ];
}

type Call = { name: string; run: () => Promise<void> };

/** The calls of the issue's table, plus the agent's lookup and save; each checks its reply, so a wrong answer is no figure. */
async function callsAt(ctx: Ctx): Promise<Call[]> {
  const t = encodeURIComponent(CAMPAIGN.name);
  const problems: string[] = [];
  const expect = (what: string, ok: boolean) => {
    if (!ok) problems.push(what);
  };
  const calls: Call[] = [
    {
      name: 'dashboard figures (GET /dynamic/dashboard)',
      run: async () => {
        const rows = (await get(ctx, '/dynamic/dashboard')) as { campaignTitle: string; totalLeads: number }[];
        expect(
          `dashboard shows ${ctx.leads} leads`,
          rows.find((r) => r.campaignTitle === CAMPAIGN.name)?.totalLeads === ctx.leads,
        );
      },
    },
    {
      name: "campaign list's lead counts (GET /cc/leadCounts)",
      run: async () => {
        const counts = (await get(ctx, '/cc/leadCounts')) as Record<string, number>;
        expect(`leadCounts shows ${ctx.leads} leads`, counts[CAMPAIGN.name] === ctx.leads);
      },
    },
  ];
  const firstLeads = await page(ctx, leadsUrl({}));
  const leadCall = (name: string, url: string): Call => ({
    name,
    run: async () => {
      const reply = await page(ctx, url);
      expect(`${name}: a full page`, reply.response.content.length > 0);
    },
  });
  calls.push(leadCall('lead browser, first page', leadsUrl({})));
  for (const c of pagedCalls('lead browser', leadsUrl, firstLeads)) calls.push(leadCall(c.name, c.url));
  calls.push(
    leadCall(
      'lead browser, first page of one date',
      leadsUrl({ dataDate: DATA_DATES[Math.floor(DATA_DATES.length / 2)]! }),
    ),
  );
  calls.push(
    {
      name: 'distinct data dates (each lead page load)',
      run: async () => {
        const dates = (await get(ctx, `/dynamic/unique_data_dates/${t}`)) as string[];
        expect(`${DATA_DATES.length} data dates`, dates.length === DATA_DATES.length);
      },
    },
    {
      name: 'distinct target selectors (each lead page load)',
      run: async () => {
        const selectors = (await get(ctx, `/dynamic/unique_target_selector/${t}`)) as string[];
        expect('target selectors', selectors.length > 0);
      },
    },
  );
  const firstQc = await page(ctx, qcUrl({}));
  const qcCall = (name: string, url: string): Call => ({
    name,
    run: async () => {
      const reply = await page(ctx, url);
      expect(`${name}: a page of records`, reply.response.content.length > 0);
    },
  });
  calls.push(qcCall('QC records list, first page', qcUrl({})));
  for (const c of pagedCalls('QC records list', qcUrl, firstQc)) calls.push(qcCall(c.name, c.url));
  calls.push(
    {
      name: 'agent lookup (GET /api/ap/getByNumber)',
      run: async () => {
        const lead = generatedLead(ctx.leads);
        const reply = (await get(
          ctx,
          `/api/ap/getByNumber?${new URLSearchParams({ tableName: CAMPAIGN.name, cellNumber: lead.cell })}`,
        )) as { cell_number?: string };
        expect(`lookup of ${lead.cell}`, reply.cell_number === lead.cell);
      },
    },
    {
      name: 'agent save (PUT /dynamic/updateLeadData)',
      run: async () => {
        const lead = generatedLead(ctx.leads);
        await request(
          ctx,
          'PUT',
          `/dynamic/updateLeadData/${t}/${encodeURIComponent(lead.cell)}`,
          answerBody(ctx.questions, ctx.nth++),
        );
      },
    },
  );
  // Checked once before timing: every figure below is of a call that answered right.
  for (const c of calls) await c.run();
  if (firstLeads.response.totalElements !== ctx.leads)
    problems.push(`lead browser: totalElements ${firstLeads.response.totalElements}, expected ${ctx.leads}`);
  if (firstQc.response.totalElements !== ctx.qcBase + ctx.qcRecords)
    problems.push(`QC list: totalElements ${firstQc.response.totalElements}, expected ${ctx.qcBase + ctx.qcRecords}`);
  if (problems.length > 0)
    console.error(`[scale] PROBLEM at ${label(ctx.leads)} leads: ${[...new Set(problems)].join('; ')}`);
  return calls;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;

async function timeCall(call: Call): Promise<{ p95: number; median: number }> {
  for (let i = 0; i < WARMUP; i++) await call.run();
  const ms: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now();
    await call.run();
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  return { p95: quantile(ms, 0.95), median: quantile(ms, 0.5) };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export async function benchScale(): Promise<Figure[]> {
  if (
    SIZES.some((n) => !Number.isInteger(n) || n < DATA_DATES.length * 10) ||
    SIZES.some((n, i) => i > 0 && n <= SIZES[i - 1]!)
  ) {
    throw new Error(
      `BENCH_SCALE_SIZES must be growing whole numbers of leads, each at least ${DATA_DATES.length * 10}: ${SIZES.join(',')}`,
    );
  }
  const server = await startBenchServer('scale');
  try {
    const { adminToken, questions } = await createSurvey(server, CAMPAIGN);
    const results = new Map<string, { size: number; p95: number; median: number }[]>();
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      const base = await client.query<{ n: number }>(
        `select count(*)::int as n from qc_records where kind = 'in-house'`,
      );
      const ctx: Ctx = {
        url: server.url,
        adminToken,
        questions,
        leads: 0,
        qcRecords: 0,
        qcBase: base.rows[0]?.n ?? 0,
        nth: 0,
      };
      for (const size of SIZES) {
        const built = performance.now();
        await buildLeads(client, CAMPAIGN.name, ctx.leads, size, questions, log);
        const qcTarget = qcRecordsFor(size);
        await buildQcRecords(client, CAMPAIGN.name, ctx.qcRecords, qcTarget, log);
        await settle(client, log);
        ctx.leads = size;
        ctx.qcRecords = qcTarget;
        log(
          `${label(size)} leads and ${label(qcTarget)} QC records ready in ${((performance.now() - built) / 1000).toFixed(0)} s; timing ${CALLS} calls each`,
        );
        for (const call of await callsAt(ctx)) {
          const r = await timeCall(call);
          log(`  ${label(size)}: ${call.name}: p95 ${r.p95.toFixed(1)} ms, median ${r.median.toFixed(1)} ms`);
          results.set(call.name, [...(results.get(call.name) ?? []), { size, ...r }]);
        }
      }
    } finally {
      await client.end();
    }

    const smallest = SIZES[0]!;
    const largest = SIZES[SIZES.length - 1]!;
    const ratioName = `${label(largest)} ÷ ${label(smallest)}`;
    const figures: Figure[] = [];
    const summary: string[] = [
      `| call | ${SIZES.map((s) => `${label(s)} p95 / median`).join(' | ')} | ${ratioName} (median) |`,
      `|---|${SIZES.map(() => '---').join('|')}|---|`,
    ];
    for (const [name, rows] of results) {
      const atSmallest = rows.find((r) => r.size === smallest);
      const atLargest = rows.find((r) => r.size === largest);
      for (const r of rows) {
        figures.push({
          figure: `scale: ${name}, ${label(r.size)} leads, p95 of ${CALLS}; ref. median`,
          value: round1(r.p95),
          unit: 'ms',
          reference: round1(r.median),
          ...(r.size === largest ? { target: TARGET_P95_MS } : {}),
        });
      }
      const ratio = atSmallest && atLargest ? atLargest.median / atSmallest.median : Number.NaN;
      if (SIZES.length > 1)
        figures.push({
          figure: `scale: ${name}, ${ratioName} (medians)`,
          value: Math.round(ratio * 100) / 100,
          unit: '×',
          target: TARGET_RATIO,
        });
      summary.push(
        `| ${name} | ${SIZES.map((s) => rows.find((r) => r.size === s))
          .map((r) => (r ? `${r.p95.toFixed(1)} / ${r.median.toFixed(1)} ms` : '–'))
          .join(' | ')} | ${ratio.toFixed(2)} |`,
      );
    }
    log(
      `summary (p95 / median of ${CALLS} calls; QC records ${SIZES.map((s) => label(qcRecordsFor(s))).join(' → ')}):\n${summary.join('\n')}`,
    );
    return figures;
  } finally {
    await server.stop();
  }
}

/** For run.ts: the shared bench server is not used (see startScaleServer). */
export const benchScaleGroup = async (_server: BenchServer): Promise<Figure[]> => benchScale();
