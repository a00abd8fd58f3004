// The automatic checks under way (docs/architecture.md, Automatic checks): the agents' lookup (GET /api/ap/getByNumber
// on 1M leads) idle, then while a backlog of 500 five-minute recordings is analysed by the same server process
// (ANALYSIS_CONCURRENCY at its default, cores − 1), on the production build. Target: the p99 under the backlog at
// most twice the idle p99. Also how fast the backlog drains.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildServerForTests } from '@crm/server/test/built-server';
import { createSeededDatabase } from '@crm/server/test/seeded-database';
import { startServer } from '@crm/server/process';
import { encodeMp3 } from '@crm/server/test/audio-writers-support';
import { BENCH_ADMIN_PASSWORD, type BenchServer } from './server.ts';
import { loadLookups, lookupTargets } from './survey-lookup.ts';
import { createAgents, createSurvey, seedSurveyLeads } from './survey-setup.ts';
import type { Figure } from './table.ts';

const RECORDINGS = Number(process.env.BENCH_BACKLOG_RECORDINGS ?? 500);
const RECORDING_SECONDS = 300;
const RATE = 8000;
const DAY = '2026-11-17';
const WINDOWS = 3;
const WINDOW_SECONDS = 10;
const TARGET_RATIO = 2;
/** How long the drain rate is measured once the load has stopped. */
const DRAIN_SECONDS = 60;

/** A five-minute 8 kHz mono call as VICIdial records it (MP3, 32 kbit/s): speech-like bursts, pauses, one long hold. */
function callAudio(): Buffer {
  const samples = new Float32Array(RECORDING_SECONDS * RATE);
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
  for (let i = 0; i < samples.length; i += 1) {
    const t = i / RATE;
    const inHold = t >= 120 && t < 160;
    const syllable = Math.sin(Math.PI * ((t * 4) % 1)) ** 2;
    const talking = !inHold && Math.floor(t / 3) % 4 !== 3;
    samples[i] = talking ? random() * 0.25 * syllable : random() * 0.001;
  }
  return encodeMp3([samples], RATE, 32);
}

async function pendingCount(databaseUrl: string): Promise<{ pending: number; done: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pending: string; done: string }>(
      "select count(*) filter (where analysis_status = 'pending') as pending, count(*) filter (where analysis_status <> 'pending') as done from recordings",
    );
    return { pending: Number(rows[0]?.pending ?? 0), done: Number(rows[0]?.done ?? 0) };
  } finally {
    await client.end();
  }
}

async function lookupP99(url: string, token: string): Promise<number> {
  const targets = lookupTargets();
  const p99s: number[] = [];
  for (let w = 0; w < WINDOWS; w += 1) p99s.push((await loadLookups(url, token, targets, WINDOW_SECONDS)).latency.p99);
  return [...p99s].sort((a, b) => a - b)[Math.floor(p99s.length / 2)] ?? Number.NaN;
}

export async function benchChecksBacklog(): Promise<Figure[]> {
  const log = (line: string) => console.log(`[checks-backlog] ${line}`);
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-bench-backlog-'));
  const built = await buildServerForTests();
  const database = await createSeededDatabase(`crm_bench_backlog_${process.pid}`, BENCH_ADMIN_PASSWORD, work);
  const recordings = path.join(work, 'recordings');
  const staged = path.join(work, 'staged.mp3');
  await fs.mkdir(path.join(recordings, DAY), { recursive: true });
  await fs.writeFile(staged, callAudio());
  const running = await startServer(
    {
      DATABASE_URL: database.url,
      DATA_DIR: path.join(work, 'data'),
      RECORDINGS_DIR: recordings,
      RECORDINGS_SCAN_SECONDS: '2',
      LOGIN_RATE_LIMIT: '1000000',
    },
    60_000,
    built.entry,
  );
  const server: BenchServer = { ...running, databaseUrl: database.url };
  try {
    const { adminToken } = await createSurvey(server);
    await seedSurveyLeads(database.url);
    const [agent] = await createAgents(server, adminToken, 1);
    if (!agent) throw new Error('no agent signed in');
    await loadLookups(server.url, agent.token, lookupTargets(), 5);
    const idle = await lookupP99(server.url, agent.token);
    log(`idle lookup p99 ${idle} ms`);

    // The backlog: the same five-minute call under 500 names (hard links: the analysis reads each in full).
    for (let i = 0; i < RECORDINGS; i += 1) {
      await fs.link(
        staged,
        path.join(
          recordings,
          DAY,
          `20261117-${String(80000 + i).padStart(6, '0')}_0171${String(i).padStart(7, '0')}_AG-${1000 + (i % 20)}-all.mp3`,
        ),
      );
    }
    const queuedAt = performance.now();
    const until = Date.now() + 60_000;
    while ((await pendingCount(database.url)).pending < RECORDINGS / 2 && Date.now() < until)
      await new Promise((r) => setTimeout(r, 200));
    const busy = await lookupP99(server.url, agent.token);
    const after = await pendingCount(database.url);
    log(
      `lookup p99 under the backlog ${busy} ms; ${after.done} analysed, ${after.pending} still waiting at the end of the measurement`,
    );
    if (after.pending === 0)
      console.error('[checks-backlog] PROBLEM: the backlog ran out before the measurement ended');
    // The drain rate without the load: the backlog analysed over DRAIN_SECONDS (or until it is gone).
    const drainFrom = { at: performance.now(), done: (await pendingCount(database.url)).done };
    const drainUntil = Date.now() + DRAIN_SECONDS * 1000;
    while ((await pendingCount(database.url)).pending > 0 && Date.now() < drainUntil)
      await new Promise((r) => setTimeout(r, 1000));
    const drained = (await pendingCount(database.url)).done - drainFrom.done;
    const minutes = (performance.now() - drainFrom.at) / 60_000;
    const perMinute = drained / minutes;
    log(
      `without the load: ${drained} recordings (${((drained * RECORDING_SECONDS) / 3600).toFixed(1)} h of audio) analysed in ${minutes.toFixed(1)} min; ${Math.round((performance.now() - queuedAt) / 1000)} s since the backlog arrived`,
    );
    return [
      { figure: 'checks: lookup p99, idle (100 conn)', value: idle, unit: 'ms' },
      {
        figure: `checks: lookup p99 while ${RECORDINGS} recordings are analysed`,
        value: busy,
        unit: 'ms',
        target: idle * TARGET_RATIO,
        reference: idle,
      },
      {
        figure: 'checks: backlog drained (5-min calls)',
        value: Math.round(perMinute),
        unit: 'calls/min',
        higher: true,
      },
      {
        figure: 'checks: backlog drained (audio)',
        value: Math.round((perMinute * RECORDING_SECONDS) / 60),
        unit: 'min/min',
        higher: true,
      },
    ];
  } finally {
    await running.stop();
    await database.drop();
    await built.remove();
    await fs.rm(work, { recursive: true, force: true });
  }
}
