// The server survives its database: agents keep working while the test stops its PostgreSQL for 2 s and
// later kills it with kill -9. The process stays up, every failure is a 503 saying the database is not answering,
// every save answered 2xx is stored whole, and the server serves again within 2 s of the database answering. And a
// lead upload the stop cuts off: nothing stored, its record says the connection was lost, the file uploads again.
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZImportProgress, ZLeadUploadResult, type TImportProgress } from '@crm/shared';
import { ensureDatabase } from '../db/database.ts';
import { CONNECTION_LOST_MESSAGE } from '../modules/lead-import/lead-import.ts';
import { ADMIN_PASSWORD, addCampaign, leadNumber, query, signIn, waitFor } from './crash-support.ts';
import {
  ANSWERING_AGAIN,
  LEVEL,
  NOT_ANSWERING,
  STACK,
  UNAVAILABLE,
  isOutageReply,
  lastAnsweredVersions,
  mixedRows,
  ok,
  openCsvUpload,
  outcomes,
  pollHealth,
  readLog,
  runFloor,
  setUpFloor,
  sleep,
  storedAnswers,
  type Call,
} from './fault-support.ts';
import { startOwnPostgres, type OwnPostgres } from './fault-postgres.ts';
import { startServer, type RunningServer } from './process.ts';

const AGENTS = 12;
const LEADS_PER_AGENT = 10;
const THINK_MS = 100;
/** How long the database stays down; and the most the first save after it answers again may take. */
const DOWN_MS = 2000;
const BACK_WITHIN_MS = 2000;

let postgres: OwnPostgres;
let dataDir: string;
let databaseUrl: string;
const servers: RunningServer[] = [];

beforeAll(async () => {
  postgres = await startOwnPostgres('outage');
  dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'crm-fault-outage-data-'));
  databaseUrl = await ensureDatabase(postgres.adminUrl, 'crm');
});

afterAll(async () => {
  for (const s of servers) await s.kill();
  await postgres?.remove();
  if (dataDir) await fsp.rm(dataDir, { recursive: true, force: true });
});

/** The product on the test's PostgreSQL; each case starts its own. */
async function start(): Promise<RunningServer> {
  const server = await startServer({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    CRM_ADMIN_PASSWORD: ADMIN_PASSWORD,
    LOG_LEVEL: 'info',
  });
  servers.push(server);
  return server;
}

/** One outage: from the moment the test stopped or killed the database to the moment it accepted connections again. */
type Outage = { how: string; downAt: number; backAt: number };

describe('PostgreSQL stopped, and killed with kill -9, under the running server', () => {
  it(
    'under agent load: keeps the server up, answers 503 "not answering" meanwhile, stores every answered save whole, and serves again within 2 s',
    { timeout: 180_000 },
    async () => {
      const server = await start();
      const log = readLog(server);
      const admin = await signIn(server);
      const floor = await setUpFloor(server, admin, databaseUrl, {
        label: 'outage',
        agents: AGENTS,
        leadsPerAgent: LEADS_PER_AGENT,
      });

      const health = pollHealth(server);
      const work = runFloor(server, floor, { thinkMs: THINK_MS });
      const outages: Outage[] = [];
      await sleep(1500);

      // A clean stop (fast shutdown: sessions ended), 2 s down, then the same cluster on the same port.
      let downAt = Date.now();
      await postgres.stop();
      await sleep(DOWN_MS);
      outages.push({ how: 'stopped', downAt, backAt: await postgres.start() });
      await sleep(3000);

      // kill -9 of the postmaster: no shutdown of any kind; PostgreSQL recovers from its WAL on the next start.
      downAt = Date.now();
      await postgres.kill();
      await sleep(DOWN_MS);
      outages.push({ how: 'killed', downAt, backAt: await postgres.start() });
      await sleep(3000);
      await work.everyLeadSaved(60_000);

      const calls = await work.stop();
      const samples = await health.stop();
      // The log is written asynchronously: the last lines may still be on their way.
      await sleep(500);

      const alive = server.child.exitCode === null && server.child.signalCode === null;
      const stored = await storedAnswers(databaseUrl, floor);
      const last = lastAnsweredVersions(calls);
      const failed = calls.filter((c) => !ok(c));
      const inOutage = (c: Call, o: Outage) => c.end >= o.downAt && c.start <= o.backAt + BACK_WITHIN_MS;
      const firstSaveBack = outages.map((o) => {
        const first = calls
          .filter((c) => c.kind === 'save' && ok(c) && c.end >= o.backAt)
          .sort((a, b) => a.end - b.end)[0];
        return first === undefined ? Infinity : first.end - o.backAt;
      });
      console.log(
        `database outage: ${calls.length} calls by ${AGENTS} agents; ${outages.map((o, i) => `${o.how} for ${o.backAt - o.downAt} ms, first save ${firstSaveBack[i]} ms after it answered`).join('; ')}; outcomes ${JSON.stringify(outcomes(calls))}; /healthz slowest ${Math.max(...samples.map((s) => s.end - s.start))} ms`,
      );

      expect(alive, 'the server process is still running').toBe(true);
      // The HTTP server itself never stopped answering: no broken connection, no call without an answer.
      expect(calls.filter((c) => c.status === 0).map((c) => `${c.kind} ${c.error}`)).toEqual([]);
      // Every failure is a 503 saying the database is not answering, and came while it did not.
      expect(failed.filter((c) => !isOutageReply(c)).map((c) => `${c.kind} ${c.status} ${c.message}`)).toEqual([]);
      expect(
        failed
          .filter((c) => !outages.some((o) => inOutage(c, o)))
          .map((c) => `${c.kind} at ${c.start}: ${c.status} ${c.message}`),
      ).toEqual([]);
      for (const o of outages)
        expect(
          failed.filter((c) => inOutage(c, o)).length,
          `saves and lookups failed while the database was ${o.how}`,
        ).toBeGreaterThan(0);
      // Each answered lookup showed the agent's own lead.
      expect(
        calls
          .filter((c) => c.kind === 'lookup' && ok(c) && (c.body as { id?: unknown }).id !== c.leadId)
          .map((c) => `lead ${c.leadId}: ${JSON.stringify(c.body).slice(0, 200)}`),
      ).toEqual([]);

      // Every save answered 2xx is stored: the lead carries that version or a later one (a save answered 503 may or
      // may not have been committed), and each row is one save's whole answer set, written by its agent.
      expect(mixedRows(floor, stored)).toEqual([]);
      const lost = [...last].filter(([leadId, version]) => (stored.get(leadId)?.version ?? 0) < version);
      expect(
        lost.map(([leadId, version]) => `lead ${leadId}: answered v${version}, stored v${stored.get(leadId)?.version}`),
      ).toEqual([]);
      // A stored version is one a save sent to that very lead (one answered 503 may be it: committed, then cut off).
      const sent = new Set(calls.filter((c) => c.kind === 'save').map((c) => `${c.leadId}:${c.version}`));
      expect(
        [...stored.values()].filter((s) => s.version !== undefined && !sent.has(`${s.leadId}:${s.version}`)),
      ).toEqual([]);
      expect(last.size, 'every lead was saved after the outages').toBe(AGENTS * LEADS_PER_AGENT);

      // Back by itself, without a restart: the first save answered 2xx within 2 s of the database accepting connections.
      for (const [i, o] of outages.entries())
        expect(firstSaveBack[i], `first save after the database was ${o.how}`).toBeLessThanOrEqual(BACK_WITHIN_MS);

      // /healthz: always within 1 s; 503 "not answering" while the database was down, 200 otherwise.
      expect(samples.filter((s) => s.end - s.start > 1000).map((s) => `${s.status} in ${s.end - s.start} ms`)).toEqual(
        [],
      );
      expect(
        samples
          .filter((s) => s.status !== 200 && !(s.status === 503 && s.message === UNAVAILABLE))
          .map((s) => `${s.status} ${JSON.stringify(s.body)}`),
      ).toEqual([]);
      for (const o of outages) {
        expect(
          samples.some((s) => s.status === 503 && s.start >= o.downAt && s.end <= o.backAt),
          `/healthz said 503 while the database was ${o.how}`,
        ).toBe(true);
        expect(
          samples.some((s) => s.status === 200 && s.start >= o.backAt && s.start <= o.backAt + BACK_WITHIN_MS),
          `/healthz said 200 within 2 s after the database was ${o.how}`,
        ).toBe(true);
      }

      // The log: one line per request, with its status; one error line when the database goes away, one line when it
      // is back, per outage, in that order; no stack traces.
      const requestLines = log.matching(/^request$/);
      // Before the floor: the admin's sign-in, the campaign, its questions, and each agent added and signed in.
      const setUp = 3 + 2 * AGENTS;
      expect(requestLines.length, 'one request line per request').toBe(setUp + calls.length + samples.length);
      expect(requestLines.filter((l) => l.status === 503).length).toBe(
        calls.filter((c) => c.status === 503).length + samples.filter((s) => s.status === 503).length,
      );
      const gone = log.matching(NOT_ANSWERING);
      const back = log.matching(ANSWERING_AGAIN);
      expect(
        gone.map((l) => l.level),
        'one error line per outage',
      ).toEqual(outages.map(() => LEVEL.error));
      expect(back.length, 'one "answering again" line per outage').toBe(outages.length);
      for (const [i, o] of outages.entries()) {
        expect(gone[i]!.time, `"not answering" after the database was ${o.how}`).toBeGreaterThanOrEqual(o.downAt);
        expect(gone[i]!.time).toBeLessThanOrEqual(o.backAt + BACK_WITHIN_MS);
        expect(back[i]!.time, `"answering again" after the database was ${o.how}`).toBeGreaterThanOrEqual(o.backAt);
        expect(back[i]!.time).toBeLessThanOrEqual(o.backAt + BACK_WITHIN_MS);
      }
      expect(
        log
          .lines()
          .filter((l) => STACK.test(l.raw))
          .map((l) => l.raw.slice(0, 300)),
      ).toEqual([]);

      expect(await server.stop(), server.output().slice(-1500)).toBe(0);
    },
  );

  it(
    'a lead upload cut off by the stop: 503, its record says the connection was lost within seconds of the database answering, nothing stored; the file uploads again',
    { timeout: 120_000 },
    async () => {
      const server = await start();
      const api = await signIn(server);
      const campaignName = 'Outage upload';
      const campaignId = await addCampaign(api, campaignName, 'FAULT-OUT-UP');
      const ROWS = 20_000;
      const rows = Array.from({ length: ROWS }, (_, i) => `${leadNumber(i)},2024-06-15\n`);
      const header = 'cell_number,data_date\n';
      const status = async (importId: string) => {
        const r = await api.call('GET', `/api/file/uploadStatus/${importId}`);
        return r.status === 200 ? ZImportProgress.parse(r.body) : undefined;
      };

      // A connection of its own for each upload (a connection the server leaves unread is another test's business).
      const upload = openCsvUpload(server, api.token, campaignName, 'outage.csv', false);
      upload.write(header + rows.slice(0, ROWS / 2).join(''));
      await waitFor(
        async () => ((await status(upload.importId))?.rowsProcessed ?? 0) >= ROWS / 4,
        20_000,
        'rows read',
        50,
      );
      await postgres.stop();
      await sleep(1000);
      upload.write(rows.slice(ROWS / 2).join(''));
      upload.end();
      const reply = await upload.reply;
      const backAt = await postgres.start();
      expect(server.child.exitCode, 'the server process is still running').toBeNull();
      let record: TImportProgress | undefined;
      await waitFor(
        async () => (record = await status(upload.importId).catch(() => undefined))?.status === 'failed',
        10_000,
        'the upload record to say failed',
        100,
      );
      const failedAfter = Date.now() - backAt;
      console.log(
        `upload cut off by the stop: reply ${reply.status} ${reply.body.slice(0, 120)}; record failed ${failedAfter} ms after the database answered: ${record?.message}`,
      );

      expect([503, 0], `the reply: ${reply.status} ${reply.body}`).toContain(reply.status);
      if (reply.status === 503) expect(JSON.parse(reply.body)).toEqual({ message: UNAVAILABLE });
      expect(record).toMatchObject({
        status: 'failed',
        phase: 'finished',
        leadsAdded: null,
        message: CONNECTION_LOST_MESSAGE,
      });
      expect(failedAfter, 'the record said failed within a few seconds of the database answering').toBeLessThanOrEqual(
        3000,
      );
      const count = async () =>
        (
          await query<{ n: number }>(databaseUrl, 'select count(*)::int as n from leads where campaign_id = $1', [
            campaignId,
          ])
        )[0]?.n;
      expect(await count()).toBe(0);

      const again = openCsvUpload(server, api.token, campaignName, 'outage.csv', false);
      again.write(header + rows.join(''));
      again.end();
      const second = await again.reply;
      expect(second.status, second.body).toBe(200);
      expect(ZLeadUploadResult.parse(JSON.parse(second.body))).toMatchObject({
        leadsAdded: ROWS,
        duplicatesSkipped: 0,
      });
      expect(await count()).toBe(ROWS);
      expect(await server.stop(), server.output().slice(-1500)).toBe(0);
    },
  );
});
