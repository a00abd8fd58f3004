// The lookup load: 100 connections asking getByNumber for random numbers of the million (half of them written in
// other formats), and the same load on a bare Fastify route in its own process as the reference.
import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { LEAD_NOT_GENERATED } from '@crm/shared';
import { LEAD_COUNT, SURVEY_CAMPAIGN, cellOf, isGenerated } from './survey-setup.ts';

export const LOOKUP_CONNECTIONS = 100;
export const LOOKUP_SECONDS = 30;
const WARMUP_SECONDS = 3;
/** The measured seconds are split into this many alternating windows per side. */
const WINDOWS = 3;
const PATHS = 50_000;
/** Share of lookups asking for a generated lead; the rest get 'Lead is not generated'. */
const GENERATED_SHARE = 0.9;
const SAMPLE = 400;

/** The ways an agent may type +8801700001234 (the stored E.164 form is the other half). */
const OTHER_FORMATS: ((local: string) => string)[] = [
  (l) => l, // 01700001234
  (l) => `88${l}`, // 8801700001234
  (l) => `+88 ${l.slice(0, 5)} ${l.slice(5)}`, // +88 01700 001234
  (l) => `${l.slice(0, 5)}-${l.slice(5)}`, // 01700-001234
  (l) => `+88-${l.slice(0, 4)}-${l.slice(4, 7)}-${l.slice(7)}`, // +88-0170-000-1234
  (l) => `880 ${l.slice(1, 5)} ${l.slice(5)}`, // 880 1700 001234
];

export type LookupTarget = { path: string; g: number };

/** A stored number (+8801700001234) as an agent might type it: half the time as stored, else in one of the other formats. */
export function anyFormat(e164: string): string {
  const format = OTHER_FORMATS[Math.floor(Math.random() * OTHER_FORMATS.length)];
  return Math.random() < 0.5 || format === undefined ? e164 : format(`0${e164.slice(4)}`);
}

function randomLead(generated: boolean, count: number): number {
  for (;;) {
    const g = 1 + Math.floor(Math.random() * count);
    if (isGenerated(g) === generated) return g;
  }
}

/** Pre-built request paths, cycled by the load so each request asks another number (of `count` seeded leads). */
export function lookupTargets(count = LEAD_COUNT, campaign = SURVEY_CAMPAIGN): LookupTarget[] {
  return Array.from({ length: PATHS }, () => {
    const g = randomLead(Math.random() < GENERATED_SHARE, count);
    const written = anyFormat(cellOf(g));
    return {
      path: `/api/ap/getByNumber?tableName=${encodeURIComponent(campaign)}&cellNumber=${encodeURIComponent(written)}`,
      g,
    };
  });
}

/** A sample of the paths asked one by one: generated numbers must give that lead, the others 'Lead is not generated'. */
export async function checkLookupSample(
  baseUrl: string,
  token: string,
  targets: readonly LookupTarget[],
): Promise<{ wrong: number; found: number; notes: string[] }> {
  let wrong = 0;
  let found = 0;
  const notes: string[] = [];
  for (const t of targets.slice(0, SAMPLE)) {
    const res = await fetch(`${baseUrl}${t.path}`, { headers: { authorization: `Bearer ${token}` } });
    const reply = (await res.json()) as Record<string, unknown>;
    const ok = isGenerated(t.g)
      ? res.status === 200 &&
        reply.cell_number === cellOf(t.g) &&
        typeof reply.id === 'number' &&
        reply.Q1 !== undefined
      : res.status === 200 && reply.message === LEAD_NOT_GENERATED;
    if (ok && isGenerated(t.g)) found++;
    if (!ok) {
      wrong++;
      if (notes.length < 5)
        notes.push(`${decodeURIComponent(t.path)} → ${res.status} ${JSON.stringify(reply).slice(0, 200)}`);
    }
  }
  return { wrong, found, notes };
}

/** autocannon at LOOKUP_CONNECTIONS for `seconds`, each request the next pre-built path. */
export async function loadLookups(
  baseUrl: string,
  token: string | undefined,
  targets: readonly LookupTarget[],
  seconds: number,
): Promise<autocannon.Result> {
  let next = 0;
  return autocannon({
    url: baseUrl,
    connections: LOOKUP_CONNECTIONS,
    duration: seconds,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({ ...req, path: targets[next++ % targets.length]?.path ?? '/' }),
      },
    ],
  });
}

/** The figures of one side (lookup or bare) over its windows: throughput from the totals, latency of the median window. */
export type LoadFigures = {
  average: number;
  p50: number;
  p99: number;
  p99Range: [number, number];
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Requests per second of each window, in the order run. */
  windows: number[];
};

function combine(runs: readonly autocannon.Result[]): LoadFigures {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
  const p99s = runs.map((r) => r.latency.p99);
  const seconds = runs.reduce((sum, r) => sum + r.duration, 0);
  const requests = runs.reduce((sum, r) => sum + r.requests.total, 0);
  return {
    average: requests / seconds,
    p50: median(runs.map((r) => r.latency.p50)),
    p99: median(p99s),
    p99Range: [Math.min(...p99s), Math.max(...p99s)],
    requests,
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    timeouts: runs.reduce((sum, r) => sum + r.timeouts, 0),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    windows: runs.map((r) => r.requests.total / r.duration),
  };
}

/** How long measureAgainstBare loads each side: measured seconds in all, split into windows, after a warm-up. */
export type LoadTiming = { seconds: number; windows: number; warmupSeconds: number };

/**
 * Both loads in alternating windows (lookup, bare, lookup, bare, …; LOOKUP_SECONDS in all for each), after a
 * warm-up of each: the speed of these shared 2-core machines drifts by tens of percent within minutes, and
 * alternating makes the drift fall on both sides of the ratio alike.
 */
export async function measureAgainstBare(
  baseUrl: string,
  token: string,
  bareUrl: string,
  targets: readonly LookupTarget[],
  timing: LoadTiming = { seconds: LOOKUP_SECONDS, windows: WINDOWS, warmupSeconds: WARMUP_SECONDS },
): Promise<{ lookup: LoadFigures; bare: LoadFigures }> {
  await loadLookups(baseUrl, token, targets, timing.warmupSeconds);
  await loadLookups(bareUrl, undefined, targets, timing.warmupSeconds);
  const lookups: autocannon.Result[] = [];
  const bares: autocannon.Result[] = [];
  for (let w = 0; w < timing.windows; w += 1) {
    lookups.push(await loadLookups(baseUrl, token, targets, timing.seconds / timing.windows));
    bares.push(await loadLookups(bareUrl, undefined, targets, timing.seconds / timing.windows));
  }
  return { lookup: combine(lookups), bare: combine(bares) };
}

/** The bare reference server as a child process; resolves with its URL and a stop function. */
export async function startBareServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = import.meta.dirname;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(dir, 'bare-server.ts')], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`bare server did not start:\n${out}`)), 30_000);
    const onData = (c: Buffer) => {
      out += c.toString();
      const m = /bare server on (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => reject(new Error(`bare server exited:\n${out}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
