// What compressing JSON costs on the busiest route, GET /api/ap/getByNumber (docs/architecture.md §12), to choose the server's
// settings (apps/server/src/http/compression.ts): the size of real lookup replies, fresh and answered; the CPU time
// brotli and gzip take per reply; and the lookup under load asked with and without Accept-Encoding, with the server
// process's CPU time per request read from /proc.
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import type { BenchServer } from './server.ts';
import { answerBody } from './survey-save.ts';
import { cellOf, createAgents, createSurvey, seedSurveyLeads, type SurveyCampaign } from './survey-setup.ts';
import type { Figure } from './table.ts';

const CAMPAIGN: SurveyCampaign = { name: 'Bench Compression', code: 'BENCH-COMPRESS' };
const LEADS = 20_000;
const SAMPLE = 200;
const ANSWERED = 50;
const CONNECTIONS = 50;
const WINDOW_SECONDS = 5;
const WINDOWS = 3;
const MICRO_ROUNDS = 200;
const MICRO_BUDGET_US = 1_000_000;
const ACCEPT = 'gzip, deflate, br, zstd';

type Encoder = { name: string; encode: (b: Buffer) => Buffer };
const brotli = (quality: number) => (b: Buffer) =>
  zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } });
/** The first two are the server's settings (apps/server/src/http/compression.ts). */
const ENCODERS: Encoder[] = [
  { name: 'brotli q4', encode: brotli(4) },
  { name: 'gzip level 6', encode: (b) => zlib.gzipSync(b, { level: 6 }) },
  { name: 'gzip level 1', encode: (b) => zlib.gzipSync(b, { level: 1 }) },
  { name: 'brotli q11', encode: brotli(11) },
];

const round1 = (n: number) => Math.round(n * 10) / 10;
const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** User + system CPU seconds of a process so far (Linux /proc; NaN elsewhere). */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // Fields after the command name (which may hold spaces) start at index 2 (state); utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / 100;
}

/**
 * Mean CPU µs (this process's user + system time, so other work on the shared cores counts less than in wall time)
 * one encoder takes per payload, over the sample, repeated MICRO_ROUNDS times after a warm-up.
 */
function timePerReply(encoder: Encoder, payloads: readonly Buffer[]): number {
  for (const p of payloads) encoder.encode(p);
  const started = process.cpuUsage();
  const spent = () => {
    const used = process.cpuUsage(started);
    return used.user + used.system;
  };
  let rounds = 0;
  // Up to MICRO_ROUNDS, but no more than about a second of CPU (brotli q11 is slow).
  while (rounds < MICRO_ROUNDS && (rounds < 3 || spent() < MICRO_BUDGET_US)) {
    for (const p of payloads) encoder.encode(p);
    rounds += 1;
  }
  return spent() / (rounds * payloads.length);
}

type LoadSide = { requests: number; seconds: number; cpu: number; p99: number[]; errors: number };

async function loadWindow(
  url: string,
  token: string,
  paths: readonly string[],
  acceptEncoding: string | undefined,
  seconds: number,
): Promise<autocannon.Result> {
  let next = 0;
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { authorization: `Bearer ${token}`, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] ?? '/' }) }],
  });
}

/** A GET whose body is kept as sent (fetch() would decode it). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ encoding: string | undefined; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], bytes: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const lookupPath = (g: number) =>
  `/api/ap/getByNumber?tableName=${encodeURIComponent(CAMPAIGN.name)}&cellNumber=${encodeURIComponent(cellOf(g))}`;

export async function benchCompressionCost(server: BenchServer): Promise<Figure[]> {
  const log = (line: string) => console.log(`[compression] ${line}`);
  const { adminToken, questions } = await createSurvey(server, CAMPAIGN);
  await seedSurveyLeads(server.databaseUrl, CAMPAIGN.name, LEADS);
  const [agent] = await createAgents(server, adminToken, 1, CAMPAIGN.name, 'BCA');
  if (agent === undefined) throw new Error('no agent signed in');
  const auth = { authorization: `Bearer ${agent.token}` };

  // Real replies: generated leads (even numbers) as looked up, then some of them again once answered.
  const generated = Array.from({ length: SAMPLE }, (_, i) => 2 * (1 + Math.floor((i * (LEADS / 2 - 1)) / SAMPLE)));
  const fresh: Buffer[] = [];
  const ids: number[] = [];
  for (const g of generated) {
    const res = await fetch(`${server.url}${lookupPath(g)}`, { headers: { ...auth, 'accept-encoding': 'identity' } });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`lookup ${g}: ${res.status} ${body.toString().slice(0, 200)}`);
    fresh.push(body);
    ids.push((JSON.parse(body.toString()) as { id: number }).id);
  }
  const answered: Buffer[] = [];
  for (let i = 0; i < ANSWERED; i += 1) {
    const g = generated[i] ?? 2;
    const save = await fetch(
      `${server.url}/dynamic/updateLeadData/${encodeURIComponent(CAMPAIGN.name)}/${encodeURIComponent(cellOf(g))}?leadId=${ids[i]}`,
      {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ ...answerBody(questions, i), is_called: 1 }),
      },
    );
    if (save.status !== 200) throw new Error(`save ${g}: ${save.status} ${(await save.text()).slice(0, 200)}`);
    const res = await fetch(`${server.url}${lookupPath(g)}`, { headers: { ...auth, 'accept-encoding': 'identity' } });
    answered.push(Buffer.from(await res.arrayBuffer()));
  }
  const sizes = (list: readonly Buffer[]) => list.map((b) => b.length);
  const asked = await rawGet(`${server.url}${lookupPath(generated[0] ?? 2)}`, { ...auth, 'accept-encoding': ACCEPT });
  const lookupEncoding = asked.encoding ?? 'none';
  log(
    `fresh lookup replies: ${Math.min(...sizes(fresh))}–${Math.max(...sizes(fresh))} bytes (median ${median(sizes(fresh))}); ` +
      `answered: ${Math.min(...sizes(answered))}–${Math.max(...sizes(answered))} bytes (median ${median(sizes(answered))}); ` +
      `the server sends them as ${lookupEncoding} to a client accepting "${ACCEPT}"`,
  );

  // A list, for contrast: a page of the lead browser, as sent plain and as the server compresses it.
  const listPath = `/dynamic/leads/${encodeURIComponent(CAMPAIGN.name)}`;
  const listAuth = { authorization: `Bearer ${adminToken}` };
  const listPlain = Buffer.from(
    await (
      await fetch(`${server.url}${listPath}`, { headers: { ...listAuth, 'accept-encoding': 'identity' } })
    ).arrayBuffer(),
  );
  const listRes = await rawGet(`${server.url}${listPath}`, { ...listAuth, 'accept-encoding': ACCEPT });
  const listSent = listRes.bytes.length;
  const listEncoding = listRes.encoding ?? 'none';
  log(
    `GET ${decodeURIComponent(listPath)} (a page of leads): ${listPlain.length} bytes plain, ${listSent} bytes as ${listEncoding}`,
  );
  if (listEncoding === 'none') throw new Error('the server did not compress a JSON reply over the threshold');

  // CPU per reply, in this process (one core), for the answered replies (the larger ones) and for the page of leads.
  const micro = ENCODERS.map((e) => {
    const us = timePerReply(e, answered);
    const ratio = answered.reduce((s, b) => s + e.encode(b).length, 0) / answered.reduce((s, b) => s + b.length, 0);
    const listUs = timePerReply(e, [listPlain]);
    log(
      `${e.name}: ${us.toFixed(1)} µs per answered lookup reply (to ${Math.round(ratio * 100)}% of its size); ` +
        `${listUs.toFixed(0)} µs for the page of leads (to ${Math.round((e.encode(listPlain).length / listPlain.length) * 100)}%)`,
    );
    return { ...e, us, ratio, listUs };
  });

  // The lookup under load, alternating windows without and with Accept-Encoding, CPU of the server process per request.
  const pid = server.child.pid;
  if (pid === undefined) throw new Error('no server pid');
  const paths = generated.map(lookupPath);
  await loadWindow(server.url, agent.token, paths, ACCEPT, 2);
  const sides: Record<'identity' | 'accepting', LoadSide> = {
    identity: { requests: 0, seconds: 0, cpu: 0, p99: [], errors: 0 },
    accepting: { requests: 0, seconds: 0, cpu: 0, p99: [], errors: 0 },
  };
  for (let w = 0; w < WINDOWS; w += 1) {
    for (const side of ['identity', 'accepting'] as const) {
      const before = await cpuSeconds(pid);
      const r = await loadWindow(
        server.url,
        agent.token,
        paths,
        side === 'accepting' ? ACCEPT : undefined,
        WINDOW_SECONDS,
      );
      const s = sides[side];
      s.cpu += (await cpuSeconds(pid)) - before;
      s.requests += r.requests.total;
      s.seconds += r.duration;
      s.p99.push(r.latency.p99);
      s.errors += r.errors + r.timeouts + r.non2xx;
    }
  }
  const perRequestUs = (s: LoadSide) => (s.cpu / s.requests) * 1e6;
  for (const [name, s] of Object.entries(sides)) {
    log(
      `lookup load, ${name}: ${Math.round(s.requests / s.seconds)} req/s, server CPU ${perRequestUs(s).toFixed(0)} µs per request, p99 of the windows ${s.p99.join('/')} ms, ${s.errors} errors`,
    );
  }
  const br = micro[0];
  const gzip = micro[1];
  const serverUs = perRequestUs(sides.identity);
  if (br === undefined || gzip === undefined) throw new Error('no encoder measured');
  log(
    `were the lookups compressed: brotli would add ${br.us.toFixed(1)} µs (${Math.round((br.us / serverUs) * 100)}% of the server's ${serverUs.toFixed(0)} µs per lookup) ` +
      `to save ${Math.round(median(sizes(answered)) * (1 - br.ratio))} bytes a reply; machine: ${os.cpus().length} cores`,
  );

  return [
    { figure: 'compression: lookup reply size, fresh lead (median)', value: median(sizes(fresh)), unit: 'B' },
    {
      figure: `compression: lookup reply size, answered lead (median; sent as ${lookupEncoding})`,
      value: median(sizes(answered)),
      unit: 'B',
    },
    ...micro.map((m) => ({
      figure: `compression: ${m.name}, CPU per answered lookup reply (were it compressed)`,
      value: round1(m.us),
      unit: 'µs',
    })),
    {
      figure: `compression: a page of leads, ${listPlain.length} B, as sent (${listEncoding})`,
      value: listSent,
      unit: 'B',
      reference: listPlain.length,
    },
    { figure: `compression: ${br.name}, CPU for that page`, value: Math.round(br.listUs), unit: 'µs' },
    { figure: 'compression: server CPU per lookup (no Accept-Encoding)', value: Math.round(serverUs), unit: 'µs' },
    {
      figure: 'compression: server CPU per lookup (Accept-Encoding br, gzip)',
      value: Math.round(perRequestUs(sides.accepting)),
      unit: 'µs',
      reference: Math.round(serverUs),
    },
    {
      figure: `compression: lookup throughput with Accept-Encoding (${CONNECTIONS} conn)`,
      value: Math.round(sides.accepting.requests / sides.accepting.seconds),
      unit: 'req/s',
      higher: true,
      reference: Math.round(sides.identity.requests / sides.identity.seconds),
    },
    {
      figure: 'compression: lookup load errors (target 0)',
      value: sides.identity.errors + sides.accepting.errors,
      unit: '',
      target: 0,
    },
  ];
}
