// kill -9 of the real product in the middle of a 1M-row lead upload and in the middle of a regenerate, on
// PostgreSQL (DATABASE_URL) and on the server's own embedded PostgreSQL (DATA_DIR): after a restart the upload is
// stored whole or not at all (and its record says which), and the regenerate happened whole or not at all.
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZImportProgress, ZLeadUploadResult, ZRegenerateResult } from '@crm/shared';
import { ABANDONED_MESSAGE } from '../modules/lead-import/import-progress.ts';
import {
  addCampaign,
  apiFor,
  backendAlive,
  createInstallation,
  isAlive,
  leadNumber,
  openUpload,
  query,
  runningStatement,
  signIn,
  uploadFile,
  waitFor,
  writeLeadCsv,
  type Api,
  type Installation,
  type Mode,
} from './crash-support.ts';
import type { RunningServer } from './process.ts';

const ROWS = 1_000_000;
/** The server is killed once the upload's progress shows this many rows read (and copied into leads, uncommitted). */
const KILL_AT_ROWS = 400_000;
const DATA_DATE = '2024-05-01';
/**
 * The regenerate's statement in pg_stat_activity, by its opening words: PostgreSQL keeps only the first
 * track_activity_query_size (1 KB) of a statement's text, and its update comes after the picking subqueries.
 */
const REGENERATE_STATEMENT = '%with uncalled as%';

/** Regenerate: 200k leads of one date in 50 branches × 4 selectors; 400 a group generated, a third of them called. */
const LEADS = 200_000;
const BRANCHES = 50;
const SELECTORS = ['Smoker', 'Non-smoker', 'Trial', 'Loyal'];
/** Per group min(uncalled, 300) = 266 (400 generated, 134 of them called) more become batch 2. */
const REGENERATED = BRANCHES * SELECTORS.length * 266;
const targets = (n: number) => Object.fromEntries(SELECTORS.map((s) => [s, n]));

let work: string;
let csv: { file: string; size: number };
const installations: Installation[] = [];
const servers: RunningServer[] = [];

beforeAll(async () => {
  work = await fsp.mkdtemp(path.join(os.tmpdir(), 'crm-crash-csv-'));
  const file = path.join(work, 'leads-1m.csv');
  const started = performance.now();
  csv = { file, size: await writeLeadCsv(file, ROWS, DATA_DATE) };
  console.log(
    `crash safety: wrote ${ROWS.toLocaleString('en-US')} leads (${Math.round(csv.size / 2 ** 20)} MB) in ${Math.round(performance.now() - started)} ms`,
  );
});

afterAll(async () => {
  for (const s of servers) await s.kill();
  for (const i of installations) await i.remove();
  await fsp.rm(work, { recursive: true, force: true });
});

async function install(mode: Mode): Promise<Installation> {
  const installation = await createInstallation(mode);
  installations.push(installation);
  return installation;
}

async function start(installation: Installation): Promise<RunningServer> {
  const server = await installation.start();
  servers.push(server);
  return server;
}

/**
 * kill -9, then a start on the same data. On the embedded PostgreSQL the database outlives the killed server
 * (its own process, now orphaned): the start must cope with it.
 */
async function crashAndRestart(server: RunningServer, installation: Installation): Promise<RunningServer> {
  await server.kill();
  return start(installation);
}

async function countLeads(url: string, campaignId: number): Promise<number> {
  const [row] = await query<{ n: number }>(url, 'select count(*)::int as n from leads where campaign_id = $1', [
    campaignId,
  ]);
  return row?.n ?? -1;
}

async function progressOf(api: Api, importId: string) {
  const r = await api.call('GET', `/api/file/uploadStatus/${importId}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return ZImportProgress.parse(r.body);
}

describe.each<Mode>(['postgres', 'embedded'])('kill -9 of the server on %s PostgreSQL', (mode) => {
  // One installation for both cases (the embedded one's initdb costs seconds); each case uses its own campaigns.
  let installation: Installation;
  beforeAll(async () => {
    installation = await install(mode);
  });

  it(
    'in the middle of a 1M-row upload: after a restart the upload is stored whole or not at all, and its record says so',
    { timeout: 240_000 },
    async () => {
      let server = await start(installation);
      let api = await signIn(server);
      const campaignName = `Crash upload ${mode}`;
      const campaignId = await addCampaign(api, campaignName, `CRASH-UP-${mode}`);
      let url = await installation.databaseUrl();
      const tableSize = async () =>
        (await query<{ size: number }>(url, "select pg_relation_size('leads')::float8 as size"))[0]?.size ?? 0;
      const sizeBefore = await tableSize();

      const started = performance.now();
      const upload = uploadFile(server, api, campaignName, csv.file, csv.size);
      await waitFor(
        async () => {
          const r = await api.call<{ rowsProcessed: number }>('GET', `/api/file/uploadStatus/${upload.importId}`);
          // 404 until the upload's record is made (the file's first bytes are on their way).
          return r.status === 200 && r.body.rowsProcessed >= KILL_AT_ROWS;
        },
        120_000,
        `${KILL_AT_ROWS} rows read`,
        100,
      );

      // The rows read so far are in leads, uncommitted: COPY is running and the table has grown.
      const copying = await runningStatement(url, 'copy leads%');
      expect(copying, "the upload's COPY is running").toBeDefined();
      expect((await tableSize()) - sizeBefore).toBeGreaterThan(10 * 2 ** 20);
      const atKill = await progressOf(api, upload.importId);
      expect(atKill).toMatchObject({ status: 'running' });
      const killedAfter = Math.round(performance.now() - started);

      server = await crashAndRestart(server, installation);
      const reply = await upload.reply;
      expect(reply.status, 'the killed server answered nothing').toBe(0);
      api = apiFor(server, api.token);
      url = await installation.databaseUrl();
      // The killed server's connection ends (on the embedded PostgreSQL too): its transaction is rolled back.
      await waitFor(
        async () => !(await backendAlive(url, copying!)),
        30_000,
        "the upload's database connection to end",
      );

      const stored = await countLeads(url, campaignId);
      const record = await progressOf(api, upload.importId);
      console.log(
        `crash safety (${mode}): killed the upload after ${killedAfter} ms at ${atKill.rowsProcessed.toLocaleString('en-US')} rows read (${atKill.phase}); after the restart ${stored} leads stored, record ${record.status}/${record.phase}: ${record.message}`,
      );
      expect([0, ROWS]).toContain(stored);
      if (stored === 0) {
        expect(record).toMatchObject({
          status: 'failed',
          phase: 'finished',
          leadsAdded: null,
          message: ABANDONED_MESSAGE,
          finishedAt: expect.any(String),
        });
        expect((await api.call('GET', `/dynamic/unique_data_dates/${encodeURIComponent(campaignName)}`)).body).toEqual(
          [],
        );
      } else {
        expect(record).toMatchObject({ status: 'done', leadsAdded: ROWS });
      }

      // Nothing half-stored is left behind: the first leads of the file upload again as new ones.
      const again = path.join(work, `again-${mode}.csv`);
      await fsp.writeFile(
        again,
        `cell_number,data_date\n${Array.from({ length: 1000 }, (_, i) => `${leadNumber(i)},${DATA_DATE}`).join('\n')}\n`,
      );
      const second = uploadFile(server, api, campaignName, again, (await fsp.stat(again)).size);
      const secondReply = await second.reply;
      expect(secondReply.status, secondReply.body).toBe(200);
      const result = ZLeadUploadResult.parse(JSON.parse(secondReply.body));
      expect(result).toMatchObject(
        stored === 0 ? { leadsAdded: 1000, duplicatesSkipped: 0 } : { leadsAdded: 0, duplicatesSkipped: 1000 },
      );
      expect(await countLeads(url, campaignId)).toBe(stored + result.leadsAdded);
      expect(await progressOf(api, second.importId)).toMatchObject({ status: 'done' });
      expect(await server.stop()).toBe(0);
    },
  );

  // Several servers on one PostgreSQL: one starting up must not take another's running upload for a dead one.
  // Each mode has one test of its own: only the other server's lock matters on a shared PostgreSQL, only the
  // embedded database can be killed together with the server.
  if (mode === 'postgres')
    it('a server starting while another one uploads leaves that upload running', { timeout: 120_000 }, async () => {
      const first = await start(installation);
      const api = await signIn(first);
      const campaignName = `Two servers ${mode}`;
      const campaignId = await addCampaign(api, campaignName, `CRASH-TWO-${mode}`);
      const rows = (from: number, to: number) =>
        Array.from({ length: to - from }, (_, i) => `${leadNumber(from + i)},${DATA_DATE}\n`).join('');
      const upload = openUpload(first, api, campaignName, 'two-servers.csv');
      upload.write(`cell_number,data_date\n${rows(0, 5000)}`);
      // Rows are read: the upload's transaction, which holds its record, is open.
      await waitFor(
        async () => {
          const r = await api.call<{ rowsProcessed: number }>('GET', `/api/file/uploadStatus/${upload.importId}`);
          return r.status === 200 && r.body.rowsProcessed >= 4000;
        },
        30_000,
        'rows read',
        100,
      );

      const second = await start(installation);
      expect(second.output()).not.toMatch(/cut off when the server stopped/);
      const onSecond = apiFor(second, api.token);
      expect(await progressOf(onSecond, upload.importId)).toMatchObject({ status: 'running', finishedAt: null });

      upload.write(rows(5000, 6000));
      upload.end();
      const reply = await upload.reply;
      expect(reply.status, reply.body).toBe(200);
      expect(await progressOf(onSecond, upload.importId)).toMatchObject({ status: 'done', leadsAdded: 6000 });
      expect(await countLeads(await installation.databaseUrl(), campaignId)).toBe(6000);
      expect(await second.stop()).toBe(0);
      expect(await first.stop()).toBe(0);
    });

  // A power cut, or the OOM killer taking the lot: nothing shuts down, the pid file stays, PostgreSQL recovers.
  if (mode === 'embedded')
    it(
      'kill -9 of the server and its PostgreSQL together: a restart recovers, committed leads kept',
      { timeout: 120_000 },
      async () => {
        let server = await start(installation);
        const api = await signIn(server);
        const campaignName = `Power cut ${mode}`;
        const campaignId = await addCampaign(api, campaignName, `CRASH-PWR-${mode}`);
        const upload = openUpload(server, api, campaignName, 'kept.csv');
        upload.write(
          `cell_number,data_date\n${Array.from({ length: 100 }, (_, i) => `${leadNumber(900_000 + i)},${DATA_DATE}\n`).join('')}`,
        );
        upload.end();
        expect((await upload.reply).status).toBe(200);
        const postgres = await installation.postgresPid();
        expect(postgres).toBeDefined();
        await server.kill();
        process.kill(postgres!, 'SIGKILL');
        await waitFor(() => !isAlive(postgres!), 10_000, 'PostgreSQL to die');

        server = await start(installation);
        expect(await countLeads(await installation.databaseUrl(), campaignId)).toBe(100);
        expect(await server.stop()).toBe(0);
      },
    );

  it(
    'in the middle of a regenerate: after a restart the regenerate happened whole or not at all',
    { timeout: 240_000 },
    async () => {
      let server = await start(installation);
      let api = await signIn(server);
      const campaign = {
        name: `Crash regenerate ${mode}`,
        id: await addCampaign(api, `Crash regenerate ${mode}`, `CRASH-RG-${mode}`),
      };
      let url = await installation.databaseUrl();
      await seedLeads(url, campaign.id);
      /** Every lead's state, in upload order. */
      const fingerprint = async () =>
        (
          await query<{ f: string }>(
            url,
            `select md5(string_agg(generate_status || ':' || for_d || ':' || is_called, ',' order by id)) as f from leads where campaign_id = $1`,
            [campaign.id],
          )
        )[0]?.f;
      const before = await fingerprint();
      // Kept to put the leads back as they were: see the end.
      await query(
        url,
        'create table crash_test_before as select id, for_d, generate_status, is_called from leads where campaign_id = $1',
        [campaign.id],
      );

      const regenerate = () =>
        api.call(
          'POST',
          `/dynamic/reGenerateData?${new URLSearchParams({ tableName: campaign.name, dataDate: DATA_DATE }).toString()}`,
          targets(300),
        );
      // The regenerate's update is held at its start by a SHARE lock on leads (its earlier reads pass): it is surely
      // under way when the server dies, however fast the statement has become (about 0.3 s on 200k leads).
      const holder = new pg.Client({ connectionString: url });
      holder.on('error', () => undefined);
      await holder.connect();
      await holder.query('begin');
      await holder.query('lock table leads in share mode');
      const started = performance.now();
      const cut = regenerate().then(
        (r) => r,
        (e: unknown) => ({ status: 0, body: String(e) }),
      );
      let statement: number | undefined;
      await waitFor(
        async () => (statement = await runningStatement(url, REGENERATE_STATEMENT)) !== undefined,
        30_000,
        'the regenerate statement to run',
        5,
      );
      await server.kill();
      const killedAfter = Math.round(performance.now() - started);
      // Still running after the kill: the server died while the statement ran.
      expect(
        await runningStatement(url, REGENERATE_STATEMENT),
        'the regenerate statement still runs after the kill',
      ).toBe(statement);
      expect((await cut).status, 'the killed server answered nothing').toBe(0);
      // Let it go on: it runs to its end inside a transaction whose client is gone, which can then only roll back.
      await holder.query('rollback').catch(() => undefined);
      await holder.end().catch(() => undefined);

      server = await start(installation);
      api = apiFor(server, api.token);
      url = await installation.databaseUrl();
      await waitFor(
        async () => !(await backendAlive(url, statement!)),
        60_000,
        "the killed regenerate's connection to end",
      );
      const now = await fingerprint();
      console.log(
        `crash safety (${mode}): killed the regenerate ${killedAfter} ms after it was asked for; after the restart it ${now === before ? 'had not happened' : 'had changed the leads'}`,
      );

      // The regenerate, asked for again on the leads as they were before, is the whole of what the cut-off call
      // could have done: the leads now are that (it happened whole) or as before (not at all). The call also shows
      // the campaign is not left locked.
      if (now !== before) {
        await query(
          url,
          `update leads l set for_d = b.for_d, generate_status = b.generate_status, is_called = b.is_called from crash_test_before b where l.id = b.id`,
        );
        expect(await fingerprint()).toBe(before);
      }
      const again = await regenerate();
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      const whole = ZRegenerateResult.parse(again.body);
      expect(whole).toMatchObject({ batch: 2, rowsRegenerated: REGENERATED });
      const after = await fingerprint();
      expect(after).not.toBe(before);
      expect([before, after]).toContain(now);
      expect(await server.stop()).toBe(0);
    },
  );
});

/**
 * LEADS leads of one date, each (br_id, selector) group of 1,000 with 400 generated (batch 1), a third of those
 * called, and 600 fresh: regenerate has uncalled leads to top up in every group.
 */
async function seedLeads(url: string, campaignId: number): Promise<void> {
  // g = branch + BRANCHES × (selectors × m + selector): m counts 0…999 within each group.
  await query(
    url,
    `insert into leads (campaign_id, data_status, br_id, region, respondent_name, cell_number, data_date, target_selector, for_d, generate_status, is_called)
     select $1, case when g % 10 < 7 then 'valid' else 'invalid' end, 'BR' || (g % $2), 'Dhaka', 'Respondent ' || g,
            '+88017' || lpad(g::text, 8, '0'), $3::date, ($4::text[])[1 + (g / $2) % cardinality($4::text[])],
            case when m % 5 < 2 then 'd' else '' end, case when m % 5 < 2 then 1 else 0 end, case when m % 5 < 2 and m % 3 = 0 then 1 else 0 end
       from generate_series(0, $5 - 1) as g, lateral (select g / ($2 * cardinality($4::text[])) as m) as x`,
    [campaignId, BRANCHES, DATA_DATE, SELECTORS, LEADS],
  );
  await query(url, 'analyze leads');
}
