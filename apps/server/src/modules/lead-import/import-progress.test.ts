import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { ZImportProgress, leadUploadMessage, type TImportProgress } from '@crm/shared';
import { type Caller, tokenForRole, useTestApp } from '../../test/harness.ts';
import { INTERRUPTED_MESSAGE } from './lead-import.ts';
import { ABANDONED_MESSAGE, failAbandonedImports } from './import-progress.ts';
import { campaignWithColumns, countLeads, nextPhone, uploadLeads } from '../../test/lead-upload-support.ts';

const t = useTestApp();
let token: string;
let api: Caller;
let campaignName: string;

beforeAll(async () => {
  token = await tokenForRole(t.app, 'admin');
  api = await t.callerFor('admin');
  campaignName = (await campaignWithColumns(t.db)).campaignName;
});

async function progressOf(importId: string): Promise<TImportProgress> {
  const r = await api.get(`/api/file/uploadStatus/${importId}`);
  expect(r.status, r.text).toBe(200);
  return ZImportProgress.parse(r.body);
}

const BOUNDARY = '----lead-upload-test';

/** An upload whose file the test writes piece by piece: the multipart head is sent, the CSV is up to the test. */
function startUpload(importId: string, fileName: string) {
  const body = new PassThrough();
  const reply = t.app.inject({
    method: 'POST',
    url: `/api/file/uploadCsv?tableName=${encodeURIComponent(campaignName)}&importId=${importId}`,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, authorization: `Bearer ${token}` },
    payload: body,
  });
  body.write(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  return { body, reply };
}

const rows = (n: number) => Array.from({ length: n }, () => `${nextPhone().local},2024-05-01`).join('\n');

describe('GET /api/file/uploadStatus/{importId}', () => {
  it('reports a finished upload with its figures', async () => {
    const importId = randomUUID();
    const p = nextPhone();
    const csv = `cell_number,data_date\n${p.local},2024-05-01\n88${p.local},2024-05-01\n${rows(3)}\n`;
    const r = await uploadLeads(t.app, token, csv, {
      tableName: campaignName.toLowerCase(),
      importId,
      fileName: 'may.csv',
    });
    expect(r.status, r.text).toBe(200);
    expect(await progressOf(importId)).toMatchObject({
      importId,
      campaignName,
      fileName: 'may.csv',
      status: 'done',
      phase: 'finished',
      rowsProcessed: 5,
      leadsAdded: 4,
      duplicatesSkipped: 1,
      errorCount: 0,
      message: leadUploadMessage(4, 1),
      finishedAt: expect.any(String),
    });
  });

  it('reports a rejected upload with its problem count', async () => {
    const importId = randomUUID();
    const r = await uploadLeads(t.app, token, `cell_number,data_date\nnope,2024-05-01\n${rows(2)}\n`, {
      tableName: campaignName,
      importId,
    });
    expect(r.status).toBe(400);
    expect(await progressOf(importId)).toMatchObject({
      status: 'rejected',
      phase: 'finished',
      rowsProcessed: 3,
      errorCount: 1,
      leadsAdded: null,
    });
  });

  it('shows the rows read while the file is still arriving, before anything is stored', async () => {
    const importId = randomUUID();
    const before = await countLeads(t.db);
    const { body, reply } = startUpload(importId, 'slow.csv');
    body.write(`cell_number,data_date\n${rows(2000)}\n`);
    // The multipart parser holds back the last bytes until it sees whether the part ends there.
    await expect
      .poll(async () => (await progressOf(importId)).rowsProcessed, { timeout: 5000, interval: 100 })
      .toBeGreaterThanOrEqual(1990);
    expect(await progressOf(importId)).toMatchObject({ status: 'running', phase: 'reading', finishedAt: null });
    expect(await countLeads(t.db)).toBe(before);
    body.end(`${rows(10)}\n\r\n--${BOUNDARY}--\r\n`);
    const res = await reply;
    expect(res.statusCode, res.body).toBe(200);
    expect(await progressOf(importId)).toMatchObject({ status: 'done', rowsProcessed: 2010, leadsAdded: 2010 });
  });

  it('refuses an importId used before with 409, leaving the first record alone', async () => {
    const importId = randomUUID();
    await uploadLeads(t.app, token, `cell_number,data_date\n${rows(1)}\n`, { tableName: campaignName, importId });
    const again = await uploadLeads(t.app, token, `cell_number,data_date\n${rows(1)}\n`, {
      tableName: campaignName,
      importId,
    });
    expect(again.status).toBe(409);
    expect(again.json<{ message: string }>().message).toMatch(/already exists/);
    expect(await progressOf(importId)).toMatchObject({ status: 'done', leadsAdded: 1 });
  });

  it('answers 404 for an id no upload used, and 400 for one that is not a UUID', async () => {
    expect((await api.get(`/api/file/uploadStatus/${randomUUID()}`)).status).toBe(404);
    const r = await api.get('/api/file/uploadStatus/12');
    expect(r.status).toBe(400);
    expect(r.json<{ message: string }>().message).toMatch(/importId must be a UUID/);
  });
});

describe('an upload cut off by the client', () => {
  it('stores nothing and is recorded as failed', async () => {
    const importId = randomUUID();
    const before = await countLeads(t.db);
    const { body, reply } = startUpload(importId, 'cut.csv');
    body.write(`cell_number,data_date\n${rows(500)}\n`);
    await expect
      .poll(async () => (await api.get(`/api/file/uploadStatus/${importId}`)).status, { timeout: 5000, interval: 50 })
      .toBe(200);
    body.destroy(new Error('the client went away'));
    await reply.catch(() => undefined);
    await expect.poll(async () => (await progressOf(importId)).status, { timeout: 5000, interval: 50 }).toBe('failed');
    expect(await progressOf(importId)).toMatchObject({ phase: 'finished', message: INTERRUPTED_MESSAGE });
    expect(await countLeads(t.db)).toBe(before);
  });
});

describe('the sweep of uploads nobody holds (at start-up, every 15 s and on a status read)', () => {
  async function record(): Promise<string> {
    const id = randomUUID();
    const campaign = await t.db
      .selectFrom('campaigns')
      .select('id')
      .where('campaignName', '=', campaignName)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('leadImports')
      .values({ id, campaignId: campaign.id, userId: null, fileName: 'lost.csv' })
      .execute();
    return id;
  }

  it('marks a running upload that no transaction claims as failed, however new; leaves a live one alone', async () => {
    const lost = await record();
    const { body, reply } = startUpload(randomUUID(), 'alive.csv');
    body.write(`cell_number,data_date\n${rows(200)}\n`);
    const aliveRecord = () =>
      t.db.selectFrom('leadImports').select('id').where('fileName', '=', 'alive.csv').executeTakeFirst();
    await expect.poll(async () => (await aliveRecord()) !== undefined, { timeout: 5000 }).toBe(true);
    const aliveId = (await aliveRecord())!.id;

    // The app's own sweep may have run already: what counts is each record's state afterwards.
    await failAbandonedImports(t.db);
    expect(
      await t.db
        .selectFrom('leadImports')
        .select(['status', 'message'])
        .where('id', '=', lost)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'failed', message: ABANDONED_MESSAGE });
    expect(await progressOf(aliveId)).toMatchObject({ status: 'running' });

    body.end(`\r\n--${BOUNDARY}--\r\n`);
    expect((await reply).statusCode).toBe(200);
    expect(await progressOf(aliveId)).toMatchObject({ status: 'done', leadsAdded: 200 });
  });

  it('a status read of an upload nobody holds answers failed at once, without waiting for the sweep', async () => {
    const lost = await record();
    expect(await progressOf(lost)).toMatchObject({ status: 'failed', phase: 'finished', message: ABANDONED_MESSAGE });
  });
});
