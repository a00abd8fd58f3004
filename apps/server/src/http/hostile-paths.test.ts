// Path traversal on every parameter that names a file, a folder, a table or a campaign: each attempt is a clear
// 4xx, reads nothing outside (the canary beside the recordings folder never shows) and writes nothing anywhere.
import fs from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QC_EXPORTS, VOICE_LOG_PATHS } from '@crm/shared';
import { type Caller, createCampaign, tokenForRole, type Reply, useTestApp } from '../test/harness.ts';
import { checksumTables, changedTables } from '../test/table-checksums.ts';
import { CONTROL_CHARACTER_NAME_MESSAGE } from '../modules/lead-import/lead-upload.ts';
import { uploadLeads } from '../test/lead-upload-support.ts';
import { addRecord, qcWorld, scorecard } from '../test/qc-support.ts';
import { silentMp3, writeRecordings } from '../test/test-audio.ts';

// base/secret.* are what a way out of recordings/ or web/ would reach; base/data is the server's data folder.
const base = mkdtempSync(path.join(os.tmpdir(), 'crm-hostile-paths-'));
const recordingsDir = path.join(base, 'recordings');
const webDist = path.join(base, 'web');
const CANARY = 'CANARY-outside-the-served-folders';
const t = useTestApp({ recordingsDir, webDist, dataDir: path.join(base, 'data') });
afterAll(() => fs.rm(base, { recursive: true, force: true }));

const DAY = '2026-11-17';
const MP3 = '20261117-101500_01712345678_AG-1001-all.mp3';

/** Ways out of a folder, as a client may spell a file, folder, table or campaign name (the voice-log tests hold the full list with each message). */
const TRAVERSALS = [
  '../secret.mp3',
  '../../../../../../etc/passwd',
  '..\\..\\secret.mp3',
  '/etc/passwd',
  'C:\\Windows\\win.ini',
  '%2e%2e%2fsecret.mp3',
  '..%2F..%2Fetc%2Fpasswd',
  '....//....//etc/passwd',
  'secret.mp3\u0000.csv',
  '..',
  '~/.ssh/id_rsa',
  'file:///etc/passwd',
];

let admin: Caller;
let adminToken: string;
let campaign: string;
let recordId: number;
let qcA: Caller;

/** Every file under base, relative to it: nothing may appear or change outside what a test put there. */
async function filesUnderBase(): Promise<string[]> {
  const entries = await fs.readdir(base, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(base, path.join(e.parentPath, e.name)))
    .sort();
}

beforeAll(async () => {
  await fs.mkdir(path.join(webDist, 'assets'), { recursive: true });
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>CRM</title>');
  await fs.writeFile(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
  for (const name of ['secret.mp3', 'secret.csv', 'secret.txt']) await fs.writeFile(path.join(base, name), CANARY);
  await writeRecordings(recordingsDir, DAY, { [MP3]: silentMp3(1.2) });
  admin = await t.callerFor('admin');
  adminToken = await tokenForRole(t.app, 'admin');
  campaign = (await createCampaign(t.db, { campaignName: 'Spring Survey' })).campaignName;
  const w = await qcWorld(t);
  qcA = w.qcA;
  recordId = (await addRecord(w.qcA, scorecard(w, { callDate: DAY }))).id;
});

const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
/** A name put in a URL path as it is, but for NUL, which no URL can carry raw. */
const unencodedPath = (name: string) => name.split('\u0000').join('%00');
const seg = (value: string) => encodeURIComponent(value);

/** A multipart body with one file part named `fileName` (sent as is: the server sees exactly this name). */
function multipart(field: string, fileName: string, bytes: Buffer | string): { contentType: string; payload: Buffer } {
  const boundary = `----crm-hostile-${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName.replace(/"/g, '%22')}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    typeof bytes === 'string' ? Buffer.from(bytes) : bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { contentType: `multipart/form-data; boundary=${boundary}`, payload };
}

async function raw(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { contentType?: string; payload?: Buffer | string; token?: string } = {},
): Promise<Reply> {
  const res = await t.app.inject({
    method,
    url,
    headers: {
      ...(options.contentType ? { 'content-type': options.contentType } : {}),
      authorization: `Bearer ${options.token ?? adminToken}`,
    },
    ...(options.payload === undefined ? {} : { payload: options.payload }),
  });
  const isJson = String(res.headers['content-type'] ?? '').includes('application/json');
  const parsed: unknown = isJson && res.body ? JSON.parse(res.body) : res.body;
  return { status: res.statusCode, body: parsed, headers: res.headers, text: res.body, json: <T>() => parsed as T };
}

type Probe = [route: string, send: (name: string) => Promise<Reply>];

const probes = (): Probe[] => [
  ['GET download-mp3 ?fileName (as given)', (n) => admin.get(`${VOICE_LOG_PATHS.download}?${q({ fileName: n })}`)],
  [
    'GET download-mp3 ?fileName (in the date folder)',
    (n) => admin.get(`${VOICE_LOG_PATHS.download}?${q({ fileName: `${DAY}/${n}` })}`),
  ],
  ['GET voicelog analysis ?fileName (as given)', (n) => admin.get(`${VOICE_LOG_PATHS.analysis}?${q({ fileName: n })}`)],
  [
    'GET voicelog analysis ?fileName (in the date folder)',
    (n) => admin.get(`${VOICE_LOG_PATHS.analysis}?${q({ fileName: `${DAY}/${n}` })}`),
  ],
  [
    'GET voicelog search ?directory',
    (n) => admin.get(`${VOICE_LOG_PATHS.search}?${q({ directory: n, msisdn: '01712345678' })}`),
  ],
  [
    'POST voicelog upload ?directory',
    (n) => {
      const body = multipart('files', '20261117-120000_01712345678_AG-1001-all.mp3', silentMp3(1.2));
      return raw('POST', `${VOICE_LOG_PATHS.upload}?${q({ directory: n })}`, body);
    },
  ],
  [
    "POST voicelog upload, the file part's name",
    (n) => raw('POST', `${VOICE_LOG_PATHS.upload}?${q({ directory: DAY })}`, multipart('files', n, silentMp3(1.2))),
  ],
  [
    'POST add-qc-report-file fileName',
    (n) => qcA.post('/api/qcReport/add-qc-report-file', { qcReport: { id: recordId }, fileName: n }),
  ],
  [
    'POST uploadCsv ?tableName',
    (n) => uploadLeads(t.app, adminToken, 'cell_number,data_date\n01712345678,2024-05-01\n', { tableName: n }),
  ],
  ['GET download/columns/csv ?tableName', (n) => admin.get(`/api/file/download/columns/csv?${q({ tableName: n })}`)],
  [
    'GET generateCsv ?tableName',
    (n) => admin.get(`/api/file/generateCsv?${q({ tableName: n, dataDate: '2024-05-01' })}`),
  ],
  [
    'GET generateFullReportCsv ?tableName',
    (n) =>
      admin.get(
        `/api/file/generateFullReportCsv?${q({ tableName: n, startDate: '2024-05-01', endDate: '2024-05-02' })}`,
      ),
  ],
  ['GET /dynamic/unique_data_dates/{t}', (n) => admin.get(`/dynamic/unique_data_dates/${seg(n)}`)],
  [
    'GET /dynamic/unique_data_dates/{t} (not encoded)',
    (n) => raw('GET', `/dynamic/unique_data_dates/${unencodedPath(n)}`),
  ],
  ['GET /dynamic/unique_target_selector/{t}', (n) => admin.get(`/dynamic/unique_target_selector/${seg(n)}`)],
  ['GET /dynamic/leadSummary/{t}', (n) => admin.get(`/dynamic/leadSummary/${seg(n)}?dataDate=2024-05-01`)],
  ['GET /dynamic/leads/{t}', (n) => admin.get(`/dynamic/leads/${seg(n)}`)],
  [
    'PUT /dynamic/updateLeadData/{t}/{cell}',
    (n) => admin.put(`/dynamic/updateLeadData/${seg(n)}/01712345678`, { Q1: 'x' }),
  ],
  [
    'PUT /dynamic/updateLeadData/{t}/{cell}: the cell',
    (n) => admin.put(`/dynamic/updateLeadData/${seg(campaign)}/${seg(n)}`, { Q1: 'x' }),
  ],
  [
    'POST /dynamic/updateData ?tableName',
    (n) => admin.post(`/dynamic/updateData?${q({ tableName: n, dataDate: '2024-05-01' })}`, {}),
  ],
  [
    'POST /dynamic/reGenerateData ?tableName',
    (n) => admin.post(`/dynamic/reGenerateData?${q({ tableName: n, dataDate: '2024-05-01' })}`, {}),
  ],
  [
    'DELETE /dynamic/deleteLead ?tableName',
    (n) => admin.delete(`/dynamic/deleteLead?${q({ tableName: n, dataDate: '2024-05-01' })}`),
  ],
  ['POST /dynamic/create ?tableName', (n) => admin.post(`/dynamic/create?${q({ tableName: n, columns: 'shop' })}`)],
  [
    'DELETE /dynamic/deleteCampaignTable ?campaignName',
    (n) => admin.delete(`/dynamic/deleteCampaignTable?${q({ campaignName: n })}`),
  ],
  [
    'GET /dynamic/countNumberOfDataAvailable ?campaignDataTable',
    (n) => admin.get(`/dynamic/countNumberOfDataAvailable?${q({ campaignDataTable: n })}`),
  ],
  ['GET /questions/getToSetLogic/{campaignName}', (n) => admin.get(`/questions/getToSetLogic/${seg(n)}`)],
  [
    'GET /api/logic/getAllCampaignLogic ?campaignName',
    (n) => admin.get(`/api/logic/getAllCampaignLogic?${q({ campaignName: n })}`),
  ],
  [
    'GET /api/ap/getByNumber ?tableName',
    (n) => admin.get(`/api/ap/getByNumber?${q({ tableName: n, cellNumber: '01712345678' })}`),
  ],
  ['GET QC in-house export ?date', (n) => admin.get(`${QC_EXPORTS.inHouse.path}?${q({ date: n })}`)],
  ['GET QC client export ?date', (n) => admin.get(`${QC_EXPORTS.client.path}?${q({ date: n })}`)],
  ['GET QC daily summary ?date', (n) => admin.get(`${QC_EXPORTS.dailySummary.path}?${q({ date: n })}`)],
  [
    'GET QC monthly summary ?startDate',
    (n) => admin.get(`${QC_EXPORTS.monthlySummary.path}?${q({ startDate: n, endDate: DAY })}`),
  ],
  ["GET the web app's files", (n) => raw('GET', `/${unencodedPath(n).replace(/^\/+/, '')}`)],
  ["GET the web app's files (encoded)", (n) => raw('GET', `/assets/${seg(n)}`)],
];

describe('path traversal: every parameter that names a file, folder, table or campaign', () => {
  it.each(probes().map(([route, send]) => [route, send] as const))(
    '%s: every attempt is a 4xx with a message, reads nothing outside, writes nothing',
    async (route, send) => {
      for (const name of TRAVERSALS) {
        const label = `${route} ← ${JSON.stringify(name)}`;
        const files = await filesUnderBase();
        const before = await checksumTables(t.db);
        const r = await send(name);
        expect(r.status, `${label}: ${r.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(r.status, `${label}: ${r.text.slice(0, 200)}`).toBeLessThan(500);
        expect(r.text, label).not.toContain(CANARY);
        expect(r.text, label).not.toMatch(/root:.*:0:0:/);
        if (r.status !== 404 || String(r.headers['content-type']).includes('json')) {
          expect(r.json<{ message?: unknown }>().message, label).toEqual(expect.stringMatching(/\S/));
        }
        expect(changedTables(before, await checksumTables(t.db)), label).toEqual([]);
        expect(await filesUnderBase(), label).toEqual(files);
      }
    },
  );

  it("a CSV upload's file name is only a label: one not ending .csv is refused (400); with folders it is cut to its base name (accepted)", async () => {
    const csv = 'cell_number,data_date\n01799999999,2024-05-01\n';
    const campaignId = (
      await t.db.selectFrom('campaigns').select('id').where('campaignName', '=', campaign).executeTakeFirstOrThrow()
    ).id;
    // The NUL name ends in .csv: it is checked on its own below.
    for (const name of TRAVERSALS.filter((n) => !n.includes('\u0000'))) {
      const files = await filesUnderBase();
      const before = await checksumTables(t.db);
      const agents = await raw(
        'POST',
        '/api/ac/upload',
        multipart('file', name, 'type,name,agentId,password\nPhysical,Path Agent,path-agent-1,long-enough-1\n'),
      );
      const leads = await raw(
        'POST',
        `/api/file/uploadCsv?${q({ tableName: campaign })}`,
        multipart('file', name, csv),
      );
      for (const r of [agents, leads]) {
        expect([r.status, r.json<{ message: string }>().message], name).toEqual([
          400,
          'Only CSV files (.csv) can be uploaded.',
        ]);
      }
      expect(changedTables(before, await checksumTables(t.db)), name).toEqual([]);
      expect(await filesUnderBase(), name).toEqual(files);
    }
    // Accepted (200): the leads are the file's; the name, kept only to show the upload's progress, is its base name.
    const files = await filesUnderBase();
    const importId = '7d0c4b5e-3f7a-4c1e-9a51-2b6f0e8d9c10';
    // A control character in a .csv name: the lead upload keeps the name, so it refuses it (it was a 500 before).
    const before = await checksumTables(t.db);
    const nul = await raw(
      'POST',
      `/api/file/uploadCsv?${q({ tableName: campaign, importId: '7d0c4b5e-3f7a-4c1e-9a51-2b6f0e8d9c11' })}`,
      multipart('file', 'secret.mp3\u0000.csv', csv),
    );
    expect([nul.status, nul.json<{ message: string }>().message]).toEqual([400, CONTROL_CHARACTER_NAME_MESSAGE]);
    expect(changedTables(before, await checksumTables(t.db))).toEqual([]);
    const r = await raw(
      'POST',
      `/api/file/uploadCsv?${q({ tableName: campaign, importId })}`,
      multipart('file', '../../../tmp/evil.csv', csv),
    );
    expect(r.status, r.text).toBe(200);
    const upload = await t.db
      .selectFrom('leadImports')
      .select(['fileName', 'campaignId'])
      .where('id', '=', importId)
      .executeTakeFirstOrThrow();
    expect(upload).toEqual({ fileName: 'evil.csv', campaignId });
    expect(await filesUnderBase()).toEqual(files);
  });
});
