// kill -9 of a server in the middle of an analysis: the job is not lost with its process. Once it expires
// (ANALYSIS_JOB_TIMEOUT_SECONDS and a margin) another server process on the same database takes it again and
// finishes it, once: one job, completed on its second attempt, and the recording's figures written.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { createDatabaseFromTemplate, dropDatabase, withClient } from '../../../test/databases.ts';
import { startServer, type RunningServer } from '../../../test/process.ts';
import { writeBurstyCall } from '../../../test/audio-writers-support.ts';
import { ANALYSIS_QUEUE } from './queue.ts';

const DAY = '2026-11-17';
const NAME = '20261117-101500_01712345678_AG-1001-all.wav';
/** Long enough that the analysis is still running when the server is killed: 3 minutes of 44.1 kHz stereo. */
const SECONDS = 180;
const RATE = 44_100;

let work: string;
let databaseUrl: string;
const servers: RunningServer[] = [];

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-analysis-crash-'));
  await fs.mkdir(path.join(work, 'recordings', DAY), { recursive: true });
  await writeBurstyCall(path.join(work, 'recordings', DAY, NAME), SECONDS, RATE);
  databaseUrl = await createDatabaseFromTemplate(inject('dbAdminUrl'), inject('dbTemplate'));
}, 60_000);

afterAll(async () => {
  for (const s of servers) await s.kill();
  await dropDatabase(inject('dbAdminUrl'), new URL(databaseUrl).pathname.slice(1));
  await fs.rm(work, { recursive: true, force: true });
});

const env = () => ({
  DATABASE_URL: databaseUrl,
  DATA_DIR: path.join(work, 'data'),
  RECORDINGS_DIR: path.join(work, 'recordings'),
  ANALYSIS_CONCURRENCY: '1',
  ANALYSIS_JOB_TIMEOUT_SECONDS: '8',
  CRM_ADMIN_PASSWORD: 'analysis-crash-chief',
});

type TJobRow = { state: string; retry_count: number };
const jobs = () =>
  withClient(
    databaseUrl,
    async (c) =>
      (
        await c.query<TJobRow>('select state, retry_count from pgboss.job where name = $1 order by created_on', [
          ANALYSIS_QUEUE,
        ])
      ).rows,
  );
const status = () =>
  withClient(
    databaseUrl,
    async (c) =>
      (
        await c.query<{ analysis_status: string; talk_ratio: number | null }>(
          'select analysis_status, talk_ratio from recordings where file_name = $1',
          [NAME],
        )
      ).rows[0],
  );

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe().catch(() => undefined);
    if (found) return found;
    if (Date.now() > until) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it('retries the job of a server killed mid-analysis on another server, and finishes it once', async () => {
  const first = await startServer(env());
  servers.push(first);
  // The start-up scan indexes the recording and queues it; the worker takes it: kill -9 while it works.
  await waitFor('the job to be active', async () => (await jobs()).some((j) => j.state === 'active'), 60_000);
  await first.kill();
  expect((await status())?.analysis_status).toBe('pending');

  const second = await startServer(env());
  servers.push(second);
  await waitFor('the analysis', async () => (await status())?.analysis_status === 'done', 90_000);
  const done = await status();
  expect(done?.talk_ratio).toBeGreaterThan(0.5);
  expect(await jobs()).toEqual([{ state: 'completed', retry_count: 1 }]);
}, 240_000);
