// Sign-in at a shift start: 200 agents sign in at once (argon2id) while another client polls /api/auth/me
// and /healthz every 100 ms; then 200 agents still holding scrypt hashes (the first shift after the upgrade, each hash
// replaced), the same 200 from one address, and in-process references: 200 argon2id and 200 scrypt N=2^17 hashes.
import { randomBytes, scrypt } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { ARGON2_PARAMS, hashPassword } from '@crm/server/auth/password';
import { rssMb, sampleRss } from './load-memory.ts';
import type { BenchServer } from './server.ts';
import { BENCH_ADMIN_PASSWORD } from './server.ts';
import { percentile } from './survey.ts';
import type { Figure } from './table.ts';

const AGENTS = 200;
const CAMPAIGN = { campaignType: 'Outbound', campaignName: 'Bench Signin', campaignId: 'BENCH-SIGNIN', callTarget: 50 };
const PASSWORD = 'bench-signin-pass';
const POLL_EVERY_MS = 100;
const TIME_TARGET_S = 30;
const RSS_TARGET_MB = 400;
/** /healthz promises an answer within a second (docs/operations.md); the guarded call is held to the same. */
const POLL_TARGET_MS = 1000;
/** The cost OWASP lists for scrypt, and what the old hashes (N=2^14) were made with. */
const SCRYPT_OWASP = { N: 2 ** 17, r: 8, p: 1 };
const SCRYPT_OLD = { N: 2 ** 14, r: 8, p: 1 };
/** BENCH_SIGNIN_SCRYPT_HASHES shortens the scrypt N=2^17 reference (200 hashes, about 80 s on 2 cores when idle). */
const SCRYPT_HASHES =
  Number(process.env.BENCH_SIGNIN_SCRYPT_HASHES) > 0 ? Number(process.env.BENCH_SIGNIN_SCRYPT_HASHES) : AGENTS;
const TODAY_PREFIX = `$argon2id$v=19$m=${ARGON2_PARAMS.memoryCost},t=${ARGON2_PARAMS.timeCost},p=${ARGON2_PARAMS.parallelism}$`;

const round1 = (n: number) => Math.round(n * 10) / 10;

type Answer = { status: number; text: string; ms: number };

/** One HTTP request over node:http (a local address of its own, if given), with its latency. */
function send(
  url: string,
  opts: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    agent?: http.Agent | false;
    localAddress?: string;
  },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(
      url,
      {
        method: opts.method ?? 'GET',
        headers: opts.headers,
        agent: opts.agent,
        localAddress: opts.localAddress,
        timeout: 120_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, ms: performance.now() - t0 }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer in 120 s')));
    req.on('error', reject);
    req.end(opts.body);
  });
}

async function json<T>(server: BenchServer, method: string, path: string, body: unknown, token?: string): Promise<T> {
  const r = await send(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${r.text.slice(0, 300)}`);
  return JSON.parse(r.text) as T;
}

function scryptKey(password: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, 64, { ...cost, maxmem: 256 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** A hash as the code before argon2id stored it: `scrypt$N$r$p$salt$hash`, N=2^14. */
async function oldScryptHash(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptKey(password.normalize('NFKC'), salt, SCRYPT_OLD);
  return [
    'scrypt',
    SCRYPT_OLD.N,
    SCRYPT_OLD.r,
    SCRYPT_OLD.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

/**
 * `count` agents `<prefix>-0001` … straight into users, all with one precomputed hash of PASSWORD: verifying it costs
 * what each agent's own salted hash would. Sign-in needs nothing else of an agent.
 */
async function insertAgents(client: pg.Client, prefix: string, passwordHash: string): Promise<string[]> {
  const { rows } = await client.query<{ username: string }>(
    `insert into users (username, name, role, password_hash)
     select $1 || '-' || lpad(g::text, 4, '0'), 'Signin Agent ' || g, 'agent', $2 from generate_series(1, $3::int) as g
     returning username`,
    [prefix, passwordHash, AGENTS],
  );
  return rows.map((r) => r.username);
}

type Poll = { healthMs: number[]; meMs: number[]; failures: number; notes: string[] };

/** Polls GET /healthz and GET /api/auth/me together every 100 ms over a client of its own, until stopped. */
function startPolling(server: BenchServer, token: string): { stop: () => Promise<Poll> } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
  const poll: Poll = { healthMs: [], meMs: [], failures: 0, notes: [] };
  let running = true;
  const one = async (path: string, into: number[], headers: Record<string, string> = {}) => {
    try {
      const r = await send(`${server.url}${path}`, { headers, agent });
      into.push(r.ms);
      if (r.status !== 200) throw new Error(`${r.status} ${r.text.slice(0, 200)}`);
    } catch (e) {
      poll.failures++;
      if (poll.notes.length < 5) poll.notes.push(`${path}: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  const loop = (async () => {
    const started = performance.now();
    for (let tick = 1; running; tick++) {
      await Promise.all([
        one('/healthz', poll.healthMs),
        one('/api/auth/me', poll.meMs, { authorization: `Bearer ${token}` }),
      ]);
      const wait = started + tick * POLL_EVERY_MS - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      agent.destroy();
      return poll;
    },
  };
}

type Burst = {
  seconds: number;
  latencies: number[];
  errors: number;
  notes: string[];
  statuses: Map<number, number>;
  rssBeforeMb: number;
  rssMaxMb: number;
  poll: Poll;
};

/**
 * Every agent's POST /api/auth/signInAgent sent at once, each on a connection of its own (from 127.0.0.<2 + i % 250>
 * unless `oneAddress`, as agents on their own machines), while the poller runs and the server's RSS is sampled.
 */
async function burst(
  server: BenchServer,
  pid: number,
  adminToken: string,
  usernames: readonly string[],
  oneAddress = false,
): Promise<Burst> {
  const rssBeforeMb = rssMb(pid);
  const rss = sampleRss(pid, 50);
  const poller = startPolling(server, adminToken);
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const notes: string[] = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    usernames.map(async (username, i) => {
      try {
        const r = await send(`${server.url}/api/auth/signInAgent`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username, password: PASSWORD, shift: 'Morning', campaign: CAMPAIGN.campaignName }),
          agent: false,
          localAddress: oneAddress ? undefined : `127.0.0.${2 + (i % 250)}`,
        });
        latencies.push(r.ms);
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        const token = r.status === 200 ? (JSON.parse(r.text) as { jwtToken?: unknown }).jwtToken : undefined;
        if (typeof token !== 'string') throw new Error(`${r.status} ${r.text.slice(0, 200)}`);
      } catch (e) {
        errors++;
        if (notes.length < 5) notes.push(`${username}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const poll = await poller.stop();
  const samples = rss.stop();
  latencies.sort((a, b) => a - b);
  return {
    seconds,
    latencies,
    errors,
    notes,
    statuses,
    rssBeforeMb,
    rssMaxMb: Math.max(...samples.map((s) => s.mb)),
    poll,
  };
}

/** `count` hashes started at once in this process (the libuv pool, 4 threads), with this process's peak RSS. */
async function hashInProcess(
  count: number,
  one: () => Promise<unknown>,
): Promise<{ seconds: number; aloneMs: number; rssBeforeMb: number; rssMaxMb: number }> {
  const t0 = performance.now();
  await one();
  const aloneMs = performance.now() - t0;
  const rssBeforeMb = rssMb(process.pid);
  const rss = sampleRss(process.pid, 50);
  const started = performance.now();
  await Promise.all(Array.from({ length: count }, one));
  const seconds = (performance.now() - started) / 1000;
  const samples = rss.stop();
  return { seconds, aloneMs, rssBeforeMb, rssMaxMb: Math.max(...samples.map((s) => s.mb)) };
}

function report(name: string, b: Burst, log: (line: string) => void): void {
  const statuses = [...b.statuses].map(([s, n]) => `${n}×${s}`).join(', ');
  const maxOf = (xs: number[]) => (xs.length > 0 ? Math.max(...xs) : Number.NaN);
  log(
    `${name}: ${b.seconds.toFixed(2)} s, replies ${statuses}; p50 ${Math.round(percentile(b.latencies, 50))} ms, p99 ${Math.round(percentile(b.latencies, 99))} ms; ` +
      `${b.errors} errors; server RSS ${Math.round(b.rssBeforeMb)} → max ${Math.round(b.rssMaxMb)} MB; polls: /healthz max ${Math.round(maxOf(b.poll.healthMs))} ms, ` +
      `/api/auth/me max ${Math.round(maxOf(b.poll.meMs))} ms over ${b.poll.healthMs.length} rounds, ${b.poll.failures} failed`,
  );
  for (const note of [...b.notes, ...b.poll.notes]) log(`  ${note}`);
}

export async function benchSignin(server: BenchServer): Promise<Figure[]> {
  const log = (line: string) => console.log(`[signin] ${line}`);
  const pid = server.child.pid;
  if (pid === undefined) throw new Error('the server process has no pid');

  const { jwtToken: adminToken } = await json<{ jwtToken: string }>(server, 'POST', '/api/auth/signInSuperAdmin', {
    username: 'admin',
    password: BENCH_ADMIN_PASSWORD,
  });
  await json(server, 'POST', '/cc/addCampaign', CAMPAIGN, adminToken);
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  let fresh: string[];
  let old: string[];
  try {
    fresh = await insertAgents(client, 'BSI', await hashPassword(PASSWORD));
    old = await insertAgents(client, 'BSO', await oldScryptHash(PASSWORD));
  } finally {
    await client.end();
  }
  log(`${fresh.length} agents with argon2id hashes and ${old.length} with scrypt N=2^14 hashes inserted`);

  const a = await burst(server, pid, adminToken, fresh);
  report('200 at once, argon2id', a, log);
  const b = await burst(server, pid, adminToken, old);
  report('200 at once, scrypt hashes replaced at sign-in', b, log);
  const check = new pg.Client({ connectionString: server.databaseUrl });
  await check.connect();
  let upgraded: number;
  try {
    const { rows } = await check.query<{ n: string }>(
      `select count(*) as n from users where username like 'BSO-%' and starts_with(password_hash, $1)`,
      [TODAY_PREFIX],
    );
    upgraded = Number(rows[0]?.n ?? Number.NaN);
  } finally {
    await check.end();
  }
  log(`${upgraded} of the ${old.length} scrypt hashes are now ${TODAY_PREFIX}…`);
  const c = await burst(server, pid, adminToken, fresh, true);
  report('200 at once from one address (127.0.0.1)', c, log);

  // References, in this process while the server is idle: the hash alone, no HTTP or database.
  const argon = await hashInProcess(AGENTS, () => hashPassword(PASSWORD));
  log(
    `in-process argon2id: one ${Math.round(argon.aloneMs)} ms; 200 at once ${argon.seconds.toFixed(2)} s; RSS ${Math.round(argon.rssBeforeMb)} → max ${Math.round(argon.rssMaxMb)} MB`,
  );
  log(`in-process scrypt N=2^17: ${SCRYPT_HASHES} at once (200: about 80 s on 2 cores) …`);
  const salt = randomBytes(16);
  const strong = await hashInProcess(SCRYPT_HASHES, () => scryptKey(PASSWORD, salt, SCRYPT_OWASP));
  log(
    `in-process scrypt N=2^17: one ${Math.round(strong.aloneMs)} ms; ${SCRYPT_HASHES} at once ${strong.seconds.toFixed(1)} s; RSS ${Math.round(strong.rssBeforeMb)} → max ${Math.round(strong.rssMaxMb)} MB`,
  );

  const problems = [
    a.errors + b.errors > 0 && `${a.errors + b.errors} sign-in errors`,
    a.poll.failures + b.poll.failures > 0 && `${a.poll.failures + b.poll.failures} polled calls failed`,
    upgraded !== old.length && `${old.length - upgraded} scrypt hashes not replaced`,
  ].filter((p): p is string => typeof p === 'string');
  if (problems.length > 0) console.error(`[signin] PROBLEMS: ${problems.join('; ')}`);

  const strongFor200 = round1((strong.seconds * AGENTS) / SCRYPT_HASHES);
  const scaled = SCRYPT_HASHES === AGENTS ? '' : ` (${SCRYPT_HASHES} measured, scaled)`;
  const maxOf = (xs: number[]) => round1(xs.length > 0 ? Math.max(...xs) : Number.NaN);
  const rejected = c.statuses.get(429) ?? 0;
  return [
    {
      figure: `signin: 200 agents at once (argon2id), until all signed in; ref. 200 scrypt N=2^17 hashes alone${scaled}`,
      value: round1(a.seconds),
      unit: 's',
      target: TIME_TARGET_S,
      reference: strongFor200,
    },
    { figure: 'signin: sign-in p50 latency', value: Math.round(percentile(a.latencies, 50)), unit: 'ms' },
    { figure: 'signin: sign-in p99 latency', value: Math.round(percentile(a.latencies, 99)), unit: 'ms' },
    { figure: 'signin: errors (network, non-2xx, no token)', value: a.errors, unit: '', target: 0 },
    {
      figure: 'signin: server peak RSS during the burst; ref. before it',
      value: Math.round(a.rssMaxMb),
      unit: 'MB',
      target: RSS_TARGET_MB,
      reference: Math.round(a.rssBeforeMb),
    },
    {
      figure: 'signin: GET /api/auth/me polled every 100 ms meanwhile, max latency',
      value: maxOf(a.poll.meMs),
      unit: 'ms',
      target: POLL_TARGET_MS,
    },
    {
      figure: 'signin: GET /healthz polled every 100 ms meanwhile, max latency',
      value: maxOf(a.poll.healthMs),
      unit: 'ms',
      target: POLL_TARGET_MS,
    },
    { figure: 'signin: polled calls failed', value: a.poll.failures, unit: '', target: 0 },
    {
      figure: 'signin: 200 agents with scrypt N=2^14 hashes at once (verify, rehash, store), until all signed in',
      value: round1(b.seconds),
      unit: 's',
      target: TIME_TARGET_S,
    },
    { figure: 'signin: that burst, sign-in p99 latency', value: Math.round(percentile(b.latencies, 99)), unit: 'ms' },
    { figure: 'signin: that burst, errors', value: b.errors, unit: '', target: 0 },
    {
      figure: 'signin: that burst, hashes now argon2id m=19456,t=2,p=1',
      value: upgraded,
      unit: '',
      target: old.length,
      higher: true,
    },
    { figure: 'signin: that burst, server peak RSS', value: Math.round(b.rssMaxMb), unit: 'MB', target: RSS_TARGET_MB },
    {
      figure: 'signin: that burst, polled max latency (/api/auth/me, /healthz)',
      value: Math.max(maxOf(b.poll.meMs), maxOf(b.poll.healthMs)),
      unit: 'ms',
      target: POLL_TARGET_MS,
    },
    {
      figure: 'signin: the 200 (argon2id) at once from one address: refused 429 (LOGIN_RATE_LIMIT_PER_IP)',
      value: rejected,
      unit: '',
    },
    {
      figure: 'signin ref.: one argon2id hash alone (in-process); ref. one scrypt N=2^17',
      value: Math.round(argon.aloneMs),
      unit: 'ms',
      reference: Math.round(strong.aloneMs),
    },
    {
      figure: `signin ref.: 200 argon2id hashes at once, in-process (libuv pool); ref. scrypt N=2^17${scaled}`,
      value: round1(argon.seconds),
      unit: 's',
      reference: strongFor200,
    },
    {
      figure: 'signin ref.: RSS growth of the hashing process, 200 argon2id; ref. scrypt N=2^17',
      value: Math.round(argon.rssMaxMb - argon.rssBeforeMb),
      unit: 'MB',
      reference: Math.round(strong.rssMaxMb - strong.rssBeforeMb),
    },
  ];
}
