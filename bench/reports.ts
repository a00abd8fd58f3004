// npm run bench -- reports (issue 38, Speed): what managers and clients read, through the real server over HTTP, at
// 100k and 1M leads of one survey campaign (bench/reports-seed.ts: per 1M leads 200k completes with answers, 250k
// attempts by 200 agents on two shifts over 30 days, 100k QC records). At each size: the seed checked against the
// replies (calls, a distribution, a cross-tab cell, productivity and dashboard totals, short completes: a direct count
// of the tables each), then every call timed BENCH_REPORTS_CALLS times one at a time after 2 warm-ups: p95 and median,
// the load average beside them (the machine is shared). BENCH_REPORTS_SIZES=10000,50000 for a quick check. A database
// and server of its own (TEST_DATABASE_URL / DATABASE_URL, else embedded PostgreSQL), dropped afterwards.
import os from 'node:os';
import pg from 'pg';
import {
  AGENTS,
  countQuotas,
  createReportsSurvey,
  DAYS,
  FIRST_DAY,
  LAST_DAY,
  qnoNumberOf,
  REPORTS_CAMPAIGN,
  REPORTS_TIME_ZONE,
  seedAgentsAndSessions,
  seedCalls,
  seedLeads,
  seedQcAndRecordings,
  seedRecordingFolders,
} from './reports-seed.ts';
import { settle } from './scale-data.ts';
import { startBenchServer, type BenchServer } from './server.ts';
import type { Figure } from './table.ts';

/** BENCH_REPORTS_ONLY=results,crosstab: time only the calls whose url holds one of these (all when unset). */
const ONLY = (process.env.BENCH_REPORTS_ONLY ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter((s) => s !== '');
const SIZES = (process.env.BENCH_REPORTS_SIZES ?? '100000,1000000').split(',').map((s) => Number(s.trim()));
const CALLS = Number(process.env.BENCH_REPORTS_CALLS ?? 20);
const WARMUP = 2;
/** A call slower than this is timed fewer times (at least MIN_CALLS) so that a run fits in about ten minutes. */
const CALL_BUDGET_MS = Number(process.env.BENCH_REPORTS_CALL_SECONDS ?? 20) * 1000;
const MIN_CALLS = 3;
const RATIO_TARGET = 2;
/** The day the suspicious list is read for, and the dashboard's 7 days (the last of the 30). */
const SUSPICIOUS_DAY = '2026-11-16';
const WEEK_FROM = '2026-11-24';

const log = (line: string) => console.log(`[reports] ${line}`);
const label = (n: number) =>
  n >= 1_000_000 ? `${+(n / 1_000_000).toFixed(1)}M` : n >= 1000 ? `${+(n / 1000).toFixed(1)}k` : String(n);
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

type Reply = { status: number; body: unknown; text: string };

async function get(server: BenchServer, token: string, url: string): Promise<Reply> {
  const res = await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  let body: unknown = undefined;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    body = undefined;
  }
  return { status: res.status, body, text };
}

/** A call of the issue's list: its url, its target p95 (if the issue names one) and a check of its reply. */
type Call = { name: string; url: string; target?: number };

type Ctx = { server: BenchServer; token: string; client: pg.Client; campaignId: number; q1: string };

const campaign = encodeURIComponent(REPORTS_CAMPAIGN.name);
const range = `from=${FIRST_DAY}&to=${LAST_DAY}`;

function callsOf(ctx: Ctx): Call[] {
  return allCallsOf(ctx).filter((c) => ONLY.length === 0 || ONLY.some((o) => c.url.includes(o)));
}

function allCallsOf(ctx: Ctx): Call[] {
  return [
    {
      name: 'per-question results (GET /api/results)',
      url: `/api/results?campaignName=${campaign}&${range}`,
      target: 500,
    },
    {
      name: 'per-question results, region = Dhaka',
      url: `/api/results?campaignName=${campaign}&${range}&field.region=Dhaka`,
      target: 500,
    },
    {
      name: `cross-tab ${ctx.q1} × region (GET /api/results/crosstab)`,
      url: `/api/results/crosstab?campaignName=${campaign}&${range}&row=${ctx.q1}&col=region`,
      target: 1000,
    },
    {
      name: `cross-tab ${ctx.q1} × region, QC-passed only`,
      url: `/api/results/crosstab?campaignName=${campaign}&${range}&row=${ctx.q1}&col=region&qcPassed=true`,
      target: 1000,
    },
    {
      name: `productivity by agent, ${DAYS} days (GET /api/productivity)`,
      url: `/api/productivity?${range}&campaignName=${campaign}&groupBy=agent`,
      target: 500,
    },
    {
      name: `productivity by agent and day, ${DAYS} days`,
      url: `/api/productivity?${range}&campaignName=${campaign}&groupBy=agentDay`,
      target: 500,
    },
    { name: 'suspicious completes of one day (GET /api/suspicious)', url: `/api/suspicious?date=${SUSPICIOUS_DAY}` },
    { name: 'dashboard, 7 days (GET /dynamic/dashboard)', url: `/dynamic/dashboard?from=${WEEK_FROM}&to=${LAST_DAY}` },
  ];
}

const n = (v: unknown) => (typeof v === 'number' ? v : Number.NaN);
const fmt = (v: number) => (Number.isFinite(v) ? v.toLocaleString('en-US') : String(v));

/** Direct counts of the tables for the local days [from, to] (the seed's truth), as SQL over $1 campaign id. */
async function directCounts(ctx: Ctx, from: string, to: string) {
  const { rows } = await ctx.client.query<{
    calls: number;
    attempts: number;
    completed: number;
    q1_yes: number;
    q1_yes_dhaka: number;
    q1_yes_dhaka_qc: number;
    qc_records: number;
    agent_days: number;
  }>(
    `with a as (
       select * from call_attempts
        where campaign_id = $1 and ended_at >= $2::date::timestamp at time zone $4
          and ended_at < ($3::date + 1)::timestamp at time zone $4),
     -- A lead counts on the local day of its latest attempt ever, when that day is in the range (docs/guide/results.md).
     latest as (
       select distinct on (lead_id) lead_id, (ended_at at time zone $4)::date as day from call_attempts
        where campaign_id = $1 order by lead_id, ended_at desc, id desc),
     last as (select * from latest where day between $2::date and $3::date),
     calls as (select l.*, last.day from last join leads l on l.id = last.lead_id)
     select (select count(*) from last)::int as calls,
            (select count(*) from a)::int as attempts,
            (select count(*) from a where completed)::int as completed,
            (select count(*) from calls where answers ->> $5 = 'হ্যাঁ')::int as q1_yes,
            (select count(*) from calls where answers ->> $5 = 'হ্যাঁ' and region = 'Dhaka')::int as q1_yes_dhaka,
            (select count(*) from calls c where answers ->> $5 = 'হ্যাঁ' and region = 'Dhaka'
               and exists (select 1 from qc_records r where r.campaign_id = $1 and r.kind = 'in-house'
                             and r.consumer_number = c.cell_number and r.call_date = c.day and r.total >= 70))::int as q1_yes_dhaka_qc,
            (select count(*) from qc_records where campaign_id = $1 and kind = 'in-house'
               and call_date between $2::date and $3::date)::int as qc_records,
            (select count(*) from (select user_id, (signed_in_at at time zone $4)::date from agent_sessions
                                    where campaign_id = $1 and signed_in_at >= $2::date::timestamp at time zone $4
                                      and signed_in_at < ($3::date + 1)::timestamp at time zone $4
                                   union select user_id, (ended_at at time zone $4)::date from a) d)::int as agent_days`,
    [ctx.campaignId, from, to, REPORTS_TIME_ZONE, ctx.q1],
  );
  const r = rows[0];
  if (!r) throw new Error('no direct counts');
  return r;
}

/**
 * The replies against direct counts: a wrong figure is no figure. Returns the calls that answered 200 (the others are
 * logged: a route not there yet answers 404). Mismatches are logged as PROBLEM lines and counted.
 */
async function checkCalls(
  ctx: Ctx,
  calls: Call[],
  size: number,
): Promise<{ ready: Call[]; problems: number; compared: number; refused: Map<string, string> }> {
  const month = await directCounts(ctx, FIRST_DAY, LAST_DAY);
  const week = await directCounts(ctx, WEEK_FROM, LAST_DAY);
  const { rows: shortRows } = await ctx.client.query<{ short: number; completes: number }>(
    `select count(*) filter (where handle_seconds < 60)::int as short, count(*)::int as completes from call_attempts
      where campaign_id = $1 and completed and (ended_at at time zone $2)::date = $3::date`,
    [ctx.campaignId, REPORTS_TIME_ZONE, SUSPICIOUS_DAY],
  );
  const day = shortRows[0] ?? { short: 0, completes: 0 };
  log(
    `${label(size)}: direct counts over the ${DAYS} days: ${fmt(month.calls)} calls (leads with an attempt), ${fmt(month.attempts)} attempts, ` +
      `${fmt(month.completed)} completed, ${fmt(month.qc_records)} QC records; ${SUSPICIOUS_DAY}: ${fmt(day.completes)} completes, ${fmt(day.short)} under 60 s`,
  );
  const ready: Call[] = [];
  const refused = new Map<string, string>();
  let problems = 0;
  let compared = 0;
  const compare = (what: string, got: number, want: number) => {
    const ok = got === want;
    compared += 1;
    if (!ok) problems += 1;
    log(`  ${ok ? 'matches' : 'PROBLEM'}: ${what}: reply ${fmt(got)}, direct count ${fmt(want)}`);
  };
  for (const c of calls) {
    const asked = performance.now();
    const reply = await get(ctx.server, ctx.token, c.url);
    if (reply.status !== 200) {
      const after = ((performance.now() - asked) / 1000).toFixed(1);
      log(`  NOT ANSWERED, not timed: ${c.name}: ${reply.status} after ${after} s: ${reply.text.slice(0, 200)}`);
      refused.set(c.name, String(reply.status));
      continue;
    }
    ready.push(c);
    const body = reply.body as Record<string, unknown> | unknown[];
    if (c.url.startsWith('/api/results?') && !c.url.includes('field.')) {
      const r = body as {
        calls?: number;
        questions?: { qno: string; options?: { option: string; count: number }[] }[];
      };
      compare('results: calls', n(r.calls), month.calls);
      const q1 = r.questions?.find((q) => q.qno === ctx.q1);
      compare(`results: ${ctx.q1} "হ্যাঁ"`, n(q1?.options?.find((o) => o.option === 'হ্যাঁ')?.count), month.q1_yes);
    } else if (c.url.startsWith('/api/results/crosstab')) {
      const r = body as { rows?: string[]; cols?: string[]; counts?: number[][] };
      const cell = r.counts?.[r.rows?.indexOf('হ্যাঁ') ?? -1]?.[r.cols?.indexOf('Dhaka') ?? -1];
      const qc = c.url.includes('qcPassed=true');
      compare(
        `cross-tab${qc ? ' (QC-passed: a record of that number and day at or above 70)' : ''}: হ্যাঁ × Dhaka`,
        n(cell),
        qc ? month.q1_yes_dhaka_qc : month.q1_yes_dhaka,
      );
    } else if (c.url.endsWith('groupBy=agent')) {
      const r = body as { rows?: unknown[]; totals?: { calls?: number; completed?: number; qcRecords?: number } };
      compare('productivity: agents', r.rows?.length ?? Number.NaN, AGENTS);
      compare('productivity: calls', n(r.totals?.calls), month.attempts);
      compare('productivity: completed', n(r.totals?.completed), month.completed);
      compare('productivity: QC records', n(r.totals?.qcRecords), month.qc_records);
    } else if (c.url.includes('groupBy=agentDay')) {
      const r = body as { rows?: unknown[] };
      compare('productivity: agent-days', r.rows?.length ?? Number.NaN, month.agent_days);
    } else if (c.url.startsWith('/api/suspicious')) {
      const r = Array.isArray(body) ? (body as { reasons?: unknown[] }[]) : [];
      const short = r.filter((x) => (x.reasons ?? []).some((y) => JSON.stringify(y).includes('short'))).length;
      log(`  ${SUSPICIOUS_DAY}: ${fmt(r.length)} suspicious completes listed`);
      compare('suspicious: completes flagged short (under 60 s)', short, day.short);
    } else if (c.url.startsWith('/dynamic/dashboard')) {
      const rows = Array.isArray(body) ? (body as Record<string, unknown>[]) : [];
      const row = rows.find((x) => x.campaignTitle === REPORTS_CAMPAIGN.name);
      compare('dashboard, 7 days: attempts', n(row?.attempts), week.attempts);
      compare('dashboard, 7 days: completed', n(row?.completed), week.completed);
    }
  }
  return { ready, problems, compared, refused };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;

/**
 * CALLS timings after WARMUP (one warm-up when the first takes over a tenth of the budget); a slow call stops once the
 * budget is spent and MIN_CALLS are in: `calls` says how many the p95 is of (of 3 it is the slowest). A call that
 * answers anything but 200 (503: cancelled at the statement time-out) is not timed further: `refused` says so.
 */
async function timeCall(ctx: Ctx, c: Call): Promise<{ p95: number; median: number; calls: number; refused?: string }> {
  const once = async (): Promise<number | string> => {
    const started = performance.now();
    const reply = await get(ctx.server, ctx.token, c.url);
    if (reply.status !== 200) return `${reply.status} ${reply.text.slice(0, 120)}`;
    return performance.now() - started;
  };
  const ms: number[] = [];
  const done = (refused?: string) => {
    ms.sort((a, b) => a - b);
    return { p95: quantile(ms, 0.95), median: quantile(ms, 0.5), calls: ms.length, ...(refused ? { refused } : {}) };
  };
  const first = await once();
  if (typeof first === 'string') return done(first);
  if (first < CALL_BUDGET_MS / 10)
    for (let i = 1; i < WARMUP; i += 1) {
      const warm = await once();
      if (typeof warm === 'string') return done(warm);
    }
  const started = performance.now();
  while (ms.length < CALLS && (ms.length < MIN_CALLS || performance.now() - started < CALL_BUDGET_MS)) {
    const took = await once();
    if (typeof took === 'string') return done(took);
    ms.push(took);
  }
  return done();
}

const round1 = (v: number) => Math.round(v * 10) / 10;

export async function benchReports(): Promise<Figure[]> {
  if (SIZES.some((s) => !Number.isInteger(s) || s < 1000) || SIZES.some((s, i) => i > 0 && s <= (SIZES[i - 1] ?? 0)))
    throw new Error(
      `BENCH_REPORTS_SIZES must be growing whole numbers of leads, each at least 1000: ${SIZES.join(',')}`,
    );
  const server = await startBenchServer('reports', { env: { TIME_ZONE: REPORTS_TIME_ZONE } });
  const figures: Figure[] = [];
  try {
    const { adminToken, questions } = await createReportsSurvey(server);
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: number }>('select id from campaigns where campaign_name = $1', [
        REPORTS_CAMPAIGN.name,
      ]);
      const campaignId = rows[0]?.id;
      const first = questions[0];
      if (campaignId === undefined || !first) throw new Error('the campaign or its questions are missing');
      const ctx: Ctx = {
        server,
        token: adminToken,
        client,
        campaignId,
        q1: `Q${qnoNumberOf(first)}`,
      };
      // The results' days cut in the server's zone while there is nothing to recut (as a first read does).
      const zoned = await get(server, adminToken, `/api/results?campaignName=${campaign}&${range}`);
      if (zoned.status !== 200) throw new Error(`results before the seed: ${zoned.status} ${zoned.text.slice(0, 200)}`);
      await seedAgentsAndSessions(client, log);
      await seedRecordingFolders(client);
      const results = new Map<string, { size: number; p95: number; median: number; calls: number; call: Call }[]>();
      const notAnswered = new Map<string, { size: number; status: string }[]>();
      let leads = 0;
      for (const size of SIZES) {
        const built = performance.now();
        await seedLeads(client, leads, size, log);
        await seedCalls(client, campaignId, questions, leads, size, log);
        await seedQcAndRecordings(client, campaignId, leads, size, log);
        await countQuotas(client, campaignId);
        await settle(client, log);
        leads = size;
        log(
          `${label(size)} leads ready in ${((performance.now() - built) / 1000).toFixed(0)} s; load ${loadAverage()}`,
        );
        const all = callsOf(ctx);
        const { ready, problems, compared, refused } = await checkCalls(ctx, all, size);
        log(
          `${label(size)}: ${compared - problems} of ${compared} figures checked match the direct counts` +
            (problems === 0 ? ' (the summaries were kept through the seed)' : `; ${problems} PROBLEM(s) above`) +
            (refused.size === 0 ? '' : `; ${refused.size} of ${all.length} calls not answered (not timed)`),
        );
        for (const [name, status] of refused)
          notAnswered.set(name, [...(notAnswered.get(name) ?? []), { size, status }]);
        figures.push({
          figure: `reports: replies disagreeing with a direct count, ${label(size)} leads`,
          value: problems,
          unit: '',
          target: 0,
        });
        const timed = performance.now();
        for (const c of ready) {
          const r = await timeCall(ctx, c);
          if (r.refused !== undefined) {
            log(`  ${label(size)}: ${c.name}: NOT ANSWERED while timed (after ${r.calls}): ${r.refused}`);
            refused.set(c.name, r.refused.slice(0, 3));
            notAnswered.set(c.name, [...(notAnswered.get(c.name) ?? []), { size, status: r.refused.slice(0, 3) }]);
            continue;
          }
          log(
            `  ${label(size)}: ${c.name}: p95 ${r.p95.toFixed(0)} ms, median ${r.median.toFixed(0)} ms of ${r.calls} (load ${loadAverage()})`,
          );
          results.set(c.name, [...(results.get(c.name) ?? []), { size, ...r, call: c }]);
        }
        figures.push({
          figure: `reports: calls not answering 200 (of ${all.length}), ${label(size)} leads`,
          value: refused.size,
          unit: '',
          target: 0,
        });
        const load = os.loadavg()[0] ?? Number.NaN;
        log(`${label(size)}: timed in ${((performance.now() - timed) / 1000).toFixed(0)} s; load ${loadAverage()}`);
        figures.push({
          figure: `reports: load average (1 min) after the ${label(size)} timings`,
          value: round1(load),
          unit: '',
        });
      }

      const smallest = SIZES[0] ?? 0;
      const largest = SIZES[SIZES.length - 1] ?? 0;
      const ratioName = `${label(largest)} ÷ ${label(smallest)}`;
      const summary = [
        `| call | ${SIZES.map((s) => `${label(s)} p95 / median`).join(' | ')} | ${ratioName} (medians) | target p95 |`,
        `|---|${SIZES.map(() => '---').join('|')}|---|---|`,
      ];
      for (const c of callsOf(ctx)) {
        const name = c.name;
        const rowsOf = results.get(name) ?? [];
        for (const r of rowsOf)
          figures.push({
            figure: `reports: ${name}, ${label(r.size)} leads, p95 of ${r.calls}; ref. median`,
            value: round1(r.p95),
            unit: 'ms',
            reference: round1(r.median),
            ...(r.size === largest && r.call.target !== undefined ? { target: r.call.target } : {}),
          });
        const atSmallest = rowsOf.find((r) => r.size === smallest);
        const atLargest = rowsOf.find((r) => r.size === largest);
        const ratio = atSmallest && atLargest ? atLargest.median / atSmallest.median : Number.NaN;
        if (SIZES.length > 1 && Number.isFinite(ratio))
          figures.push({
            figure: `reports: ${name}, ${ratioName} (medians)`,
            value: Math.round(ratio * 100) / 100,
            unit: '×',
            target: RATIO_TARGET,
          });
        const cell = (size: number) => {
          const r = rowsOf.find((x) => x.size === size);
          if (r) return `${r.p95.toFixed(0)} / ${r.median.toFixed(0)} ms (${r.calls})`;
          const refusal = notAnswered.get(name)?.find((x) => x.size === size);
          return refusal ? `answered ${refusal.status}` : '–';
        };
        summary.push(`| ${name} | ${SIZES.map(cell).join(' | ')} | ${ratio.toFixed(2)} | ${c.target ?? '–'} |`);
      }
      log(`summary (p95 / median (of how many calls), under load ${loadAverage()}):\n${summary.join('\n')}`);
    } finally {
      await client.end();
    }
  } finally {
    await server.stop();
  }
  return figures;
}
