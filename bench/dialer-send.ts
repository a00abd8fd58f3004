// npm run bench -- dialer-send (issue 21): a send of 100,000 generated leads to the fake VICIdial answering add_lead in
// 2 ms, at an unlimited rate (0), through the real server (a database and server of its own) with the fake in a process
// of its own. A 10,000-lead send of another date runs first, so the table shows both: leads/s (over the whole send,
// from the send's own start and finish times, and the slowest 10 s window) and the server's RSS (before, peak, end),
// whose flatness is the point: a send ten times as large must not hold ten times the memory. CPU seconds of the server,
// the fake and PostgreSQL during each send say where the time goes. The fake must end up holding every lead exactly once.
// BENCH_DIALER_SEND_LEADS sets the large send's size (a 300k send shows how the rate moves with it); DIALER_SEND_CONCURRENCY
// (default 8) is passed to the server.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { readFakeLeadCounters } from '@crm/server/test/fake-vicidial';
import { rssMb, summarizeRss } from './load-memory.ts';
import { BENCH_ADMIN_PASSWORD, startBenchServer, type BenchServer } from './server.ts';
import type { Figure } from './table.ts';

const LEADS = Number(process.env.BENCH_DIALER_SEND_LEADS ?? 100_000);
const SMALL_LEADS = 10_000;
const CONCURRENCY = process.env.DIALER_SEND_CONCURRENCY ?? '8';
const CAMPAIGN = 'Bench Dialer Send';
const LIST_ID = '1001';
const SMALL_DATE = '2024-07-01';
const LARGE_DATE = '2024-07-02';
const TARGET_LEADS_PER_S = 1000;
const WINDOW_S = 10;
/** A send that moves no lead for this long is stuck: the bench stops instead of waiting for ever. */
const STALL_MS = 60_000;
/** Clock ticks a second of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

const log = (line: string) => console.log(`[dialer-send] ${line}`);
const round1 = (n: number) => Math.round(n * 10) / 10;
const k = (n: number) => `${n / 1000}k`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Fake = {
  url: string;
  controlUrl: string;
  user: string;
  pass: string;
  child: ChildProcess;
  stop: () => Promise<void>;
};

/** The fake VICIdial in a child process (bench/fake-vicidial-process.ts), once it prints where it listens. */
export async function startFakeProcess(env: Record<string, string> = { FAKE_LATENCY_MS: '2' }): Promise<Fake> {
  const script = path.join(import.meta.dirname, 'fake-vicidial-process.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const first = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', resolve);
    void exited.then(() => reject(new Error('the fake VICIdial exited during start-up')));
  });
  const where = JSON.parse(first) as { url: string; controlUrl: string; user: string; pass: string };
  return {
    ...where,
    child,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** CPU seconds (user + system) a process has used so far; 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th after ") ".
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** CPU seconds so far of each PostgreSQL backend on the bench's database (other databases' work is not counted). */
async function backendCpuSeconds(client: pg.Client): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database()',
  );
  return new Map(rows.map((r) => [r.pid, cpuSeconds(r.pid)]));
}

/** CPU the database's backends used between two readings (a backend opened meanwhile counts whole). */
function backendCpuDelta(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, cpu] of after) total += cpu - (before.get(pid) ?? 0);
  return total;
}

/** The campaign and its two dates of generated leads (unique numbers over both), straight in SQL. */
async function seedLeads(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ id: number }>(
    `insert into campaigns (campaign_id, campaign_name, campaign_type, call_target, status) values ('BENCH-DS', $1, 'Outbound', 50, true) returning id`,
    [CAMPAIGN],
  );
  const campaignId = rows[0]!.id;
  const insert = (date: string, from: number, count: number) =>
    client.query(
      `insert into leads (campaign_id, data_status, br_id, region, respondent_name, cell_number, data_date, target_selector, fields, for_d, generate_status)
       select $1, 'valid', 'BR' || (g % 50), 'Dhaka', 'Respondent Number ' || g, '+8801' || (700000000 + g)::text, $2::date, 'Smoker',
              '{"shop":"Store"}'::jsonb, 'd', 1
         from generate_series($3::int, $3::int + $4::int - 1) as g`,
      [campaignId, date, from, count],
    );
  await insert(SMALL_DATE, 1, SMALL_LEADS);
  await insert(LARGE_DATE, SMALL_LEADS + 1, LEADS);
  await client.query('analyze leads');
  await client.query('checkpoint');
}

async function call<T>(server: BenchServer, token: string, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

type SendState = { state: string; total: number; pending: number; added: number; message: string | null };

/**
 * Seconds from the send's creation (before its leads were taken) to its finish, and to the first outcome written (the
 * end of its first batch: the queue's start-up and one batch), as the database recorded them.
 */
async function sendSeconds(client: pg.Client, sendId: number): Promise<{ seconds: number; firstWriteSeconds: number }> {
  const { rows } = await client.query<{ s: number; first: number }>(
    `select extract(epoch from finished_at - created_at)::float8 as s,
            extract(epoch from (select min(sent_at) from dialer_send_leads where send_id = $1) - created_at)::float8 as first
       from dialer_sends where id = $1`,
    [sendId],
  );
  return { seconds: rows[0]!.s, firstWriteSeconds: rows[0]!.first };
}

type SendResult = {
  leads: number;
  /** From the send's own created and finished times (the start's insert of its leads included). */
  leadsPerS: number;
  startMs: number;
  firstWriteSeconds: number;
  windows: number[];
  rssBeforeMb: number;
  rssPeakMb: number;
  rssEndMb: number;
  /** Least-squares slope of the server's RSS after the send's first fifth, MB per minute. */
  rssSlopeMbPerMin: number;
  cpu: { server: number; fake: number; postgres: number; seconds: number };
};

/** Starts the date's send and polls it every second until it is no longer running. */
async function runSend(
  server: BenchServer,
  fake: Fake,
  client: pg.Client,
  token: string,
  date: string,
): Promise<SendResult> {
  const serverPid = server.child.pid!;
  const fakePid = fake.child.pid!;
  const rssBeforeMb = rssMb(serverPid);
  const cpuBefore = {
    server: cpuSeconds(serverPid),
    fake: cpuSeconds(fakePid),
    postgres: await backendCpuSeconds(client),
    at: performance.now(),
  };
  const posted = performance.now();
  const { id } = await call<{ id: number }>(server, token, 'POST', '/api/dialer/sends', {
    campaignName: CAMPAIGN,
    date,
  });
  const startMs = performance.now() - posted;
  const samples: { s: number; done: number; rssMb: number }[] = [];
  let send: SendState;
  let lastMove = performance.now();
  for (;;) {
    send = await call<SendState>(server, token, 'GET', `/api/dialer/sends/${id}`);
    const done = send.total - send.pending;
    if (samples.length > 0 && done > samples[samples.length - 1]!.done) lastMove = performance.now();
    samples.push({ s: (performance.now() - posted) / 1000, done, rssMb: rssMb(serverPid) });
    if (send.state !== 'running') break;
    if (performance.now() - lastMove > STALL_MS)
      throw new Error(`send ${id} moved no lead for ${STALL_MS / 1000} s: ${JSON.stringify(send)}`);
    await sleep(1000);
  }
  const cpuAfter = {
    server: cpuSeconds(serverPid),
    fake: cpuSeconds(fakePid),
    postgres: await backendCpuSeconds(client),
    at: performance.now(),
  };
  const rssEndMb = rssMb(serverPid);
  if (send.state !== 'finished' || send.added !== send.total)
    throw new Error(`send ${id} ended ${send.state} (${send.message ?? ''}): ${JSON.stringify(send)}`);
  const rssPeakMb = Math.max(rssBeforeMb, ...samples.map((x) => x.rssMb));
  // The API's times are to the second: the database's are exact.
  const { seconds, firstWriteSeconds } = await sendSeconds(client, id);
  // Leads/s of each full 10 s window of the polls (a poll a second: the sample WINDOW_S later).
  const windows: number[] = [];
  const windowRss: number[] = [];
  for (let i = 0; i + WINDOW_S < samples.length; i += WINDOW_S) {
    const a = samples[i]!;
    const b = samples[i + WINDOW_S]!;
    windows.push((b.done - a.done) / (b.s - a.s));
    windowRss.push(b.rssMb);
  }
  const result: SendResult = {
    leads: send.total,
    leadsPerS: send.total / seconds,
    startMs,
    firstWriteSeconds,
    windows,
    rssBeforeMb,
    rssPeakMb,
    rssEndMb,
    rssSlopeMbPerMin: summarizeRss(
      samples.map((x) => ({ seconds: x.s, mb: x.rssMb })),
      samples[samples.length - 1]!.s / 5,
    ).slopeMbPerMin,
    cpu: {
      server: cpuAfter.server - cpuBefore.server,
      fake: cpuAfter.fake - cpuBefore.fake,
      postgres: backendCpuDelta(cpuBefore.postgres, cpuAfter.postgres),
      seconds: (cpuAfter.at - cpuBefore.at) / 1000,
    },
  };
  const pct = (cpu: number) => `${Math.round((100 * cpu) / result.cpu.seconds)}%`;
  log(
    `${k(result.leads)} leads in ${round1(seconds)} s: ${Math.round(result.leadsPerS)} leads/s (POST /api/dialer/sends ${Math.round(startMs)} ms, first batch written after ${round1(firstWriteSeconds)} s); ` +
      `per ${WINDOW_S} s: ${windows.map((w) => Math.round(w)).join(', ') || '(shorter than one window)'}`,
  );
  if (windowRss.length > 0)
    log(`  server RSS at the end of each ${WINDOW_S} s (MB): ${windowRss.map((m) => Math.round(m)).join(', ')}`);
  // A slope over a few seconds says nothing: shown for a send of three windows or more.
  const slope = windows.length >= 3 ? `, slope after the first fifth ${round1(result.rssSlopeMbPerMin)} MB/min` : '';
  log(
    `  RSS ${Math.round(rssBeforeMb)} MB before, ${Math.round(rssPeakMb)} MB peak, ${Math.round(rssEndMb)} MB at the end${slope}; ` +
      `CPU over ${round1(result.cpu.seconds)} s: server ${round1(result.cpu.server)} s (${pct(result.cpu.server)} of a core), ` +
      `fake ${round1(result.cpu.fake)} s (${pct(result.cpu.fake)}), postgres (this database) ${round1(result.cpu.postgres)} s (${pct(result.cpu.postgres)})`,
  );
  return result;
}

export async function benchDialerSend(): Promise<Figure[]> {
  const fake = await startFakeProcess();
  let server: BenchServer | undefined;
  let client: pg.Client | undefined;
  try {
    server = await startBenchServer('dialer_send', {
      env: {
        VICIDIAL_URL: fake.url,
        VICIDIAL_USER: fake.user,
        VICIDIAL_PASS: fake.pass,
        VICIDIAL_USER_GROUPS: 'BENCH',
        DIALER_POLL_MS: '3600000',
        DIALER_SEND_CONCURRENCY: CONCURRENCY,
      },
    });
    client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    const seeded = performance.now();
    await seedLeads(client);
    log(
      `${k(SMALL_LEADS + LEADS)} generated leads in ${Math.round((performance.now() - seeded) / 1000)} s; fake VICIdial in its own process (2 ms a reply), DIALER_SEND_CONCURRENCY=${CONCURRENCY}`,
    );
    const signIn = await fetch(`${server.url}/api/auth/signInSuperAdmin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: BENCH_ADMIN_PASSWORD }),
    });
    if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
    const { jwtToken } = (await signIn.json()) as { jwtToken: string };
    await call(server, jwtToken, 'PUT', '/api/dialer/settings', {
      campaignName: CAMPAIGN,
      listId: LIST_ID,
      duplicateCheck: 'NONE',
      dncCheck: false,
      campaignDncCheck: false,
      vicidialCampaignId: null,
      rate: 0,
    });

    const small = await runSend(server, fake, client, jwtToken, SMALL_DATE);
    const large = await runSend(server, fake, client, jwtToken, LARGE_DATE);

    // The fake holds every lead once: one add_lead per vendor code, no look-up needed, nothing else.
    const counters = await readFakeLeadCounters(fake.controlUrl);
    const expected = SMALL_LEADS + LEADS;
    const perCode = Object.values(counters.addLeadByVendorCode);
    const sentTwice = perCode.filter((n) => n > 1).length;
    const held = counters.leadsPerList[LIST_ID] ?? 0;
    log(
      `the fake holds ${held.toLocaleString('en-US')} leads in list ${LIST_ID} (expected ${expected.toLocaleString('en-US')}); ` +
        `${perCode.length.toLocaleString('en-US')} vendor codes, ${sentTwice} sent more than once; ${counters.requests.toLocaleString('en-US')} lead requests`,
    );

    const slowest = (r: SendResult) =>
      r.windows.length > 0 ? Math.round(Math.min(...r.windows)) : Math.round(r.leadsPerS);
    const c = `concurrency ${CONCURRENCY}`;
    return [
      {
        figure: `dialer-send: ${k(LEADS)} leads to the fake (2 ms), rate 0, ${c}`,
        value: Math.round(large.leadsPerS),
        unit: 'leads/s',
        target: TARGET_LEADS_PER_S,
        higher: true,
      },
      {
        figure: `dialer-send: ${k(LEADS)} leads, slowest ${WINDOW_S} s window`,
        value: slowest(large),
        unit: 'leads/s',
      },
      {
        figure: `dialer-send: ${k(SMALL_LEADS)} leads, ${c}`,
        value: Math.round(small.leadsPerS),
        unit: 'leads/s',
        target: TARGET_LEADS_PER_S,
        higher: true,
      },
      {
        figure: `dialer-send: POST /api/dialer/sends of ${k(LEADS)} leads`,
        value: Math.round(large.startMs),
        unit: 'ms',
      },
      {
        figure: `dialer-send: first batch written, ${k(SMALL_LEADS)} send (the queue's start included)`,
        value: round1(small.firstWriteSeconds),
        unit: 's',
      },
      {
        figure: `dialer-send: first batch written, ${k(LEADS)} send`,
        value: round1(large.firstWriteSeconds),
        unit: 's',
      },
      {
        figure: `dialer-send: server RSS peak, ${k(SMALL_LEADS)} send`,
        value: Math.round(small.rssPeakMb),
        unit: 'MB',
      },
      { figure: `dialer-send: server RSS peak, ${k(LEADS)} send`, value: Math.round(large.rssPeakMb), unit: 'MB' },
      { figure: `dialer-send: server RSS end, ${k(SMALL_LEADS)} send`, value: Math.round(small.rssEndMb), unit: 'MB' },
      { figure: `dialer-send: server RSS end, ${k(LEADS)} send`, value: Math.round(large.rssEndMb), unit: 'MB' },
      {
        figure: `dialer-send: server RSS peak growth, ${k(LEADS)} send over ${k(SMALL_LEADS)}`,
        value: Math.round(large.rssPeakMb - small.rssPeakMb),
        unit: 'MB',
      },
      {
        figure: `dialer-send: server RSS growth during the ${k(LEADS)} send (slope after its first fifth; a fall is no growth)`,
        value: round1(Math.max(0, large.rssSlopeMbPerMin)),
        unit: 'MB/min',
      },
      {
        figure: `dialer-send: server CPU per lead (${k(LEADS)} send)`,
        value: round1((1000 * large.cpu.server) / large.leads),
        unit: 'ms',
      },
      {
        figure: 'dialer-send: leads missing or extra at the fake',
        value: Math.abs(held - expected),
        unit: 'leads',
        target: 0,
      },
      {
        figure: 'dialer-send: vendor codes sent more than once',
        value: sentTwice + Math.abs(perCode.length - expected),
        unit: 'leads',
        target: 0,
      },
    ];
  } finally {
    await client?.end();
    await server?.stop();
    await fake.stop();
  }
}
