// The server survives its database: pg_terminate_backend of the one connection doing a job, the database
// itself staying up. An upload's COPY cut off, and a delete cut off inside its transaction (held on the campaign's
// lead lock by the test): the process stays up, the reply is 503 "not answering", nothing is changed, a retry works.
import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { ZImportProgress, ZLeadUploadResult } from '@crm/shared';
import { CONNECTION_LOST_MESSAGE } from '../modules/lead-import/lead-import.ts';
import {
  addCampaign,
  createInstallation,
  leadNumber,
  query,
  runningStatement,
  signIn,
  waitFor,
  type Api,
  type Installation,
} from './crash-support.ts';
import { UNAVAILABLE, openCsvUpload, sleep, timedCall } from './fault-support.ts';
import type { RunningServer } from './process.ts';

const DATA_DATE = '2024-07-01';
/** The campaign lead lock's class (modules/leads/lock.ts): the campaign id is its key. */
const LEAD_LOCK_CLASS = 4242;

let installation: Installation;
let url: string;
const servers: RunningServer[] = [];
// Each case has a server of its own: one left in a bad state by the other case cannot fail it.
let server: RunningServer;
let api: Api;

beforeAll(async () => {
  installation = await createInstallation('postgres');
  url = await installation.databaseUrl();
});

beforeEach(async () => {
  server = await installation.start();
  servers.push(server);
  api = await signIn(server);
});

afterAll(async () => {
  for (const s of servers) await s.kill();
  await installation?.remove();
});

async function countLeads(campaignId: number): Promise<number> {
  return (
    (await query<{ n: number }>(url, 'select count(*)::int as n from leads where campaign_id = $1', [campaignId]))[0]
      ?.n ?? -1
  );
}

/** Every lead of the campaign, in id order, as one checksum. */
async function fingerprint(campaignId: number): Promise<string | null> {
  const [row] = await query<{ f: string | null }>(
    url,
    `select md5(string_agg(l::text, ',' order by id)) as f from leads l where campaign_id = $1`,
    [campaignId],
  );
  return row?.f ?? null;
}

async function terminate(pid: number): Promise<void> {
  const [row] = await query<{ done: boolean }>(url, 'select pg_terminate_backend($1) as done', [pid]);
  expect(row?.done, `backend ${pid} terminated`).toBe(true);
}

function expectAlive() {
  expect(server.child.exitCode, 'the server process is still running').toBeNull();
  expect(server.child.signalCode).toBeNull();
}

describe('pg_terminate_backend of the connection doing the job', () => {
  it(
    'during a lead upload (its COPY): 503 or a broken reply, the record says the connection was lost, nothing stored; the same file uploads again',
    { timeout: 60_000 },
    async () => {
      const campaignName = 'Terminated upload';
      const campaignId = await addCampaign(api, campaignName, 'FAULT-TERM-UP');
      const ROWS = 20_000;
      const rows = Array.from({ length: ROWS }, (_, i) => `${leadNumber(i)},${DATA_DATE}\n`);
      const header = 'cell_number,data_date\n';

      // One keep-alive connection, as a browser that sends the next upload on the connection of the last one.
      const browser = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const upload = openCsvUpload(server, api.token, campaignName, 'terminated.csv', browser);
      upload.write(header + rows.slice(0, ROWS / 2).join(''));
      // Half the file read and copied (uncommitted): the COPY is the upload's backend.
      await waitFor(
        async () => {
          const r = await api.call<{ rowsProcessed: number }>('GET', `/api/file/uploadStatus/${upload.importId}`);
          return r.status === 200 && r.body.rowsProcessed >= ROWS / 4;
        },
        20_000,
        'rows read',
        50,
      );
      const copy = await runningStatement(url, 'copy leads%');
      expect(copy, "the upload's COPY runs").toBeDefined();
      await terminate(copy!);
      // The rest of the file: the server may have answered (and hung up) already.
      upload.write(rows.slice(ROWS / 2).join(''));
      upload.end();
      const reply = await upload.reply;
      expectAlive();

      let record = ZImportProgress.parse((await api.call('GET', `/api/file/uploadStatus/${upload.importId}`)).body);
      await waitFor(
        async () => {
          record = ZImportProgress.parse((await api.call('GET', `/api/file/uploadStatus/${upload.importId}`)).body);
          return record.status !== 'running';
        },
        5_000,
        'the upload record to end',
        100,
      );
      console.log(
        `terminated COPY ${copy}: reply ${reply.status} ${reply.body.slice(0, 200)}; record ${record.status}: ${record.message}`,
      );

      expect([503, 0], `the reply: ${reply.status} ${reply.body}`).toContain(reply.status);
      if (reply.status === 503) expect(JSON.parse(reply.body)).toEqual({ message: UNAVAILABLE });
      expect(record).toMatchObject({
        status: 'failed',
        phase: 'finished',
        leadsAdded: null,
        message: CONNECTION_LOST_MESSAGE,
        finishedAt: expect.any(String),
      });
      expect(await countLeads(campaignId)).toBe(0);

      // The same file again, under a new importId: all of it is stored.
      const again = openCsvUpload(server, api.token, campaignName, 'terminated.csv', browser, 10_000);
      again.write(header + rows.join(''));
      again.end();
      const second = await again.reply;
      browser.destroy();
      // -1: the server answered the cut-off upload early yet kept its connection open without reading the rest of
      // its body, so the next request on that connection is never read.
      expect(second.status, `the same file again, on the same connection: ${second.body}`).toBe(200);
      expect(ZLeadUploadResult.parse(JSON.parse(second.body))).toMatchObject({
        rowsRead: ROWS,
        leadsAdded: ROWS,
        duplicatesSkipped: 0,
      });
      expect(
        ZImportProgress.parse((await api.call('GET', `/api/file/uploadStatus/${again.importId}`)).body),
      ).toMatchObject({ status: 'done', leadsAdded: ROWS });
      expect(await countLeads(campaignId)).toBe(ROWS);
      expect((await timedCall(server, 'GET', '/healthz', undefined)).status).toBe(200);
      // Nothing of the cut-off upload is left hanging: the server stops cleanly (in-flight requests done, connections closed).
      expect(await server.stop(), server.output().slice(-1500)).toBe(0);
    },
  );

  it(
    'during a delete, waiting inside its transaction for the campaign lead lock: 503, leads untouched; a retry deletes them',
    { timeout: 60_000 },
    async () => {
      const campaignName = 'Terminated delete';
      const campaignId = await addCampaign(api, campaignName, 'FAULT-TERM-DEL');
      const LEADS = 500;
      await query(
        url,
        `insert into leads (campaign_id, data_status, region, respondent_name, cell_number, data_date)
       select $1, 'valid', 'Dhaka', 'Respondent ' || g, '+88017' || lpad(g::text, 8, '0'), $2::date from generate_series(1, $3::int) as g`,
        [campaignId, DATA_DATE, LEADS],
      );
      const before = await fingerprint(campaignId);
      const deleteUrl = `/dynamic/deleteLead?${new URLSearchParams({ tableName: campaignName, dataDate: DATA_DATE }).toString()}`;

      // The test holds the campaign's lead lock, as a running upload or generate would.
      const holder = new pg.Client({ connectionString: url });
      await holder.connect();
      try {
        await holder.query('select pg_advisory_lock($1, $2)', [LEAD_LOCK_CLASS, campaignId]);
        const cut = timedCall(server, 'DELETE', deleteUrl, api.token);
        let waiting: number | undefined;
        await waitFor(
          async () => (waiting = await runningStatement(url, '%pg_advisory_xact_lock%')) !== undefined,
          10_000,
          'the delete to wait for the lead lock',
          20,
        );
        const [state] = await query<{ wait_event_type: string | null; xact: boolean }>(
          url,
          'select wait_event_type, xact_start is not null as xact from pg_stat_activity where pid = $1',
          [waiting],
        );
        expect(state, 'the delete waits for a lock inside its transaction').toEqual({
          wait_event_type: 'Lock',
          xact: true,
        });
        await sleep(200);
        await terminate(waiting!);
        const reply = await cut;
        console.log(
          `terminated delete ${waiting}: ${reply.status} ${JSON.stringify(reply.body)} after ${reply.end - reply.start} ms`,
        );

        expectAlive();
        expect(reply.status, JSON.stringify(reply.body)).toBe(503);
        expect(reply.body).toEqual({ message: UNAVAILABLE });
        expect(await countLeads(campaignId)).toBe(LEADS);
        expect(await fingerprint(campaignId)).toBe(before);
      } finally {
        await holder.query('select pg_advisory_unlock_all()').catch(() => undefined);
        await holder.end();
      }

      const retry = await timedCall(server, 'DELETE', deleteUrl, api.token);
      expect(retry.status, JSON.stringify(retry.body)).toBe(200);
      expect(retry.body).toMatchObject({ rowsDeleted: LEADS });
      expect(await countLeads(campaignId)).toBe(0);
      expect(await server.stop(), server.output().slice(-1500)).toBe(0);
    },
  );
});
