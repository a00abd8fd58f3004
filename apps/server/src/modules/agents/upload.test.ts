import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  AGENT_CSV_COLUMNS,
  MAX_AGENT_CSV_ROWS,
  MAX_REPORTED_UPLOAD_ERRORS,
  ZAgentUploadRejection,
  agentIdTakenMessage,
  type TAgent,
  type TAgentUploadRejection,
} from '@crm/shared';
import { type Caller, createCampaign, tokenForRole, useTestApp } from '../../test/harness.ts';
import { addAgent, countRows, expectNoSecrets, nextAgentId, upload } from '../../test/agents-support.ts';

const t = useTestApp();
let token: string;
let api: Caller;

beforeAll(async () => {
  token = await tokenForRole(t.app, 'admin');
  api = await t.callerFor('admin');
});

const HEADER = AGENT_CSV_COLUMNS.join(',');

function rejection(body: unknown): TAgentUploadRejection {
  return ZAgentUploadRejection.parse(body);
}

async function findByAgentId(agentId: string): Promise<TAgent | undefined> {
  return (await api.get(`/api/ac/search?agentId=${encodeURIComponent(agentId)}`))
    .json<TAgent[]>()
    .find((a) => a.agentId === agentId);
}

describe('POST /api/ac/upload: a good file', () => {
  it('stores every agent with its sign-in and replies with the count as a bare integer', async () => {
    const [a, b, c] = [nextAgentId('UP'), nextAgentId('UP'), nextAgentId('UP')];
    // A real file on disk, written the way spreadsheet programs save CSV: BOM, CRLF, quoted fields.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'agents-csv-'));
    onTestFinished(() => fs.rm(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'agents.csv');
    await fs.writeFile(
      file,
      '\uFEFF' +
        [
          HEADER,
          `Physical,"Hossain, Rafiq",${a},2024-03-05,01711000010,1234,01711000010,01711000010,first-pass-1`,
          '',
          `virtual,Mitu Akter,${b},5/3/2024,,,,,second-pass-2`,
          `Virtual,"Shahana ""Shanu"" Parvin",${c},,01911000012,,,,third-pass-3`,
        ].join('\r\n') +
        '\r\n',
    );
    const before = await countRows(t.db);
    const r = await upload(t.app, token, await fs.readFile(file));
    expect(r.status, r.text).toBe(200);
    expect(r.text).toBe('3');
    expect(await countRows(t.db)).toEqual({ agents: before.agents + 3, users: before.users + 3 });

    expect(await findByAgentId(a)).toMatchObject({
      name: 'Hossain, Rafiq',
      type: 'Physical',
      joiningDate: '2024-03-05',
      cellNumber: '01711000010',
      status: true,
    });
    // Day-first dates are read day first; the type is matched whatever its case.
    expect(await findByAgentId(b)).toMatchObject({
      name: 'Mitu Akter',
      type: 'Virtual',
      joiningDate: '2024-03-05',
      cellNumber: null,
    });
    expect(await findByAgentId(c)).toMatchObject({ name: 'Shahana "Shanu" Parvin', joiningDate: null });

    const campaign = await createCampaign(t.db);
    const signIn = await t.anonymous.post('/api/auth/signInAgent', {
      username: b,
      password: 'second-pass-2',
      shift: 'Evening',
      campaign: campaign.campaignName,
    });
    expect(signIn.status).toBe(200);
  });

  it('maps headers by name, in any order and case, and ignores unknown columns', async () => {
    const agentId = nextAgentId('UP');
    const csv = `Password,AGENTID,Name,Remarks,Type\nlong-enough-1,${agentId},Kamal Pasha,ignored,Physical\n`;
    const r = await upload(t.app, token, csv);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toBe(1);
    expect(await findByAgentId(agentId)).toMatchObject({ name: 'Kamal Pasha', type: 'Physical' });
  });
});

describe('POST /api/ac/upload: a bad file', () => {
  it('reports every bad row by its spreadsheet row number, and stores nothing at all', async () => {
    const existing = await addAgent(api);
    const good = nextAgentId('UP');
    const repeated = nextAgentId('UP');
    const csv = [
      HEADER,
      `Physical,Good Row,${good},2024-01-01,,,,,quiet-river-7`, // row 2: fine on its own
      `Physical,,${nextAgentId('UP')},,,,,,quiet-river-7`, // row 3: no name
      `Remote,Bad Type,${nextAgentId('UP')},,,,,,quiet-river-7`, // row 4
      `Virtual,Bad Date,${nextAgentId('UP')},2024-13-01,,,,,quiet-river-7`, // row 5
      `Virtual,Short Pass,${nextAgentId('UP')},,,,,,short`, // row 6
      `Virtual,First Copy,${repeated},,,,,,quiet-river-7`, // row 7
      `Virtual,Second Copy,${repeated.toLowerCase()},,,,,,quiet-river-7`, // row 8: repeated in the file
      `Physical,Stored Already,${existing.agentId},,,,,,quiet-river-7`, // row 9
      `,No Type,${nextAgentId('UP')},,,,,,`, // row 10: no type, no password
    ].join('\n');
    const before = await countRows(t.db);
    const r = await upload(t.app, token, csv);
    expect(r.status).toBe(400);
    expectNoSecrets(r.text, 'quiet-river-7');
    const body = rejection(r.body);
    expect(body.message).toMatch(/nothing was stored/);
    expect(body.errorCount).toBe(8);
    expect(body.errors).toEqual([
      { row: 3, column: 'name', reason: 'name is required' },
      { row: 4, column: 'type', reason: 'type must be Physical or Virtual' },
      { row: 5, column: 'joiningDate', reason: '"2024-13-01" is not a date: write yyyy-MM-dd or d/M/yyyy' },
      { row: 6, column: 'password', reason: 'password must be at least 8 characters' },
      { row: 8, column: 'agentId', reason: `agentId "${repeated.toLowerCase()}" is repeated (first on row 7)` },
      { row: 9, column: 'agentId', reason: agentIdTakenMessage(existing.agentId) },
      { row: 10, column: 'type', reason: 'type is required' },
      { row: 10, column: 'password', reason: 'password is required' },
    ]);
    expect(await countRows(t.db)).toEqual(before);
    expect(await findByAgentId(good)).toBeUndefined();
  });

  it('reports each row whose password breaks a password rule, naming the rule, and stores nothing', async () => {
    const [common, withId, withName, repeated, fine] = [
      nextAgentId('UP'),
      nextAgentId('UP'),
      nextAgentId('UP'),
      nextAgentId('UP'),
      nextAgentId('UP'),
    ];
    const csv = [
      HEADER,
      `Physical,Rina Das,${common},,,,,,password1`, // row 2: among the most used
      `Physical,Rina Das,${withId},,,,,,zz-${withId.toLowerCase()}-zz`, // row 3: the agent ID inside
      `Physical,Rina Das,${withName},,,,,,RINA-quiet-7`, // row 4: a word of the name inside
      `Physical,Rina Das,${repeated},,,,,,zzzzzzzzzz`, // row 5: one character repeated
      `Physical,Rina Das,${fine},,,,,,quiet-river-7`, // row 6: fine
    ].join('\n');
    const before = await countRows(t.db);
    const r = await upload(t.app, token, csv);
    expect(r.status).toBe(400);
    expect(rejection(r.body).errors).toEqual([
      {
        row: 2,
        column: 'password',
        reason: 'password is too common: it is in the list of the 100,000 most used passwords',
      },
      { row: 3, column: 'password', reason: 'password must not contain the agent ID' },
      { row: 4, column: 'password', reason: 'password must not contain a part of the name ("Rina")' },
      { row: 5, column: 'password', reason: 'password must not be one character repeated' },
    ]);
    expect(await countRows(t.db)).toEqual(before);
  });

  it('refuses a header without a required column, naming it on row 1', async () => {
    const before = await countRows(t.db);
    const r = await upload(t.app, token, `type,name,agentId\nPhysical,No Password,${nextAgentId('UP')}\n`);
    expect(r.status).toBe(400);
    expect(rejection(r.body).errors).toEqual([
      { row: 1, column: 'password', reason: 'the header has no password column' },
    ]);
    expect(await countRows(t.db)).toEqual(before);
  });

  it('refuses a file that is not valid CSV, saying where', async () => {
    const r = await upload(t.app, token, `${HEADER}\nPhysical,"Unclosed,${nextAgentId('UP')},,,,,,,quiet-river-7\n`);
    expect(r.status).toBe(400);
    const body = rejection(r.body);
    expect(body.message).toBe('The file is not valid CSV.');
    expect(body.errors[0]?.reason).toMatch(/quote/i);
  });

  it('refuses an empty file and one with only a header', async () => {
    for (const content of ['', `${HEADER}\n\n`]) {
      const r = await upload(t.app, token, content);
      expect(r.status).toBe(400);
      expect(rejection(r.body).message).toMatch(/empty|no agents/);
    }
  });

  it(`lists at most ${MAX_REPORTED_UPLOAD_ERRORS} errors, with the full count`, async () => {
    const rows = Array.from({ length: MAX_AGENT_CSV_ROWS }, (_, i) => `Physical,,${nextAgentId('UP')}-${i},,,,,,short`);
    const r = await upload(t.app, token, [HEADER, ...rows].join('\n'));
    expect(r.status).toBe(400);
    const body = rejection(r.body);
    expect(body.errorCount).toBe(2 * MAX_AGENT_CSV_ROWS);
    expect(body.errors).toHaveLength(MAX_REPORTED_UPLOAD_ERRORS);
    expect(body.errors[0]).toEqual({ row: 2, column: 'name', reason: 'name is required' });
  });

  it(`refuses more than ${MAX_AGENT_CSV_ROWS} agents in one file`, async () => {
    const rows = Array.from(
      { length: MAX_AGENT_CSV_ROWS + 1 },
      (_, i) => `Physical,Agent ${i},${nextAgentId('UP')},,,,,,quiet-river-7`,
    );
    const before = await countRows(t.db);
    const r = await upload(t.app, token, [HEADER, ...rows].join('\n'));
    expect(r.status).toBe(400);
    expect(rejection(r.body).message).toMatch(/at most 1000/);
    expect(await countRows(t.db)).toEqual(before);
  });

  it('accepts only a .csv file in the field "file", and nothing but multipart', async () => {
    const csv = `${HEADER}\nPhysical,Some One,${nextAgentId('UP')},,,,,,quiet-river-7\n`;
    const before = await countRows(t.db);
    const xlsx = await upload(t.app, token, csv, 'agents.xlsx');
    expect(xlsx.status).toBe(400);
    expect(xlsx.body).toEqual({ message: 'Only CSV files (.csv) can be uploaded.' });
    const wrongField = await upload(t.app, token, csv, 'agents.csv', 'upload');
    expect(wrongField.status).toBe(400);
    expect(wrongField.json<{ message: string }>().message).toMatch(/No file was sent/);
    const json = await api.post('/api/ac/upload', { file: csv });
    expect(json.status).toBe(400);
    expect(json.json<{ message: string }>().message).toMatch(/multipart\/form-data/);
    expect(await countRows(t.db)).toEqual(before);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const big = `${HEADER}\n${'x'.repeat(5 * 1024 * 1024 + 10)}\n`;
    const r = await upload(t.app, token, big);
    expect(r.status).toBe(413);
    expect(r.body).toEqual({ message: 'The file is larger than 5 MB.' });
  });
});

describe('GET /api/file/download/csv', () => {
  it('downloads the template: the header, two example rows, as an attachment, and it uploads as is', async () => {
    const r = await api.get('/api/file/download/csv');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/csv/);
    expect(r.headers['content-disposition']).toBe('attachment; filename="agents_template.csv"');
    const lines = r.text.trimEnd().split(/\r?\n/);
    expect(lines[0]).toBe('type,name,agentId,joiningDate,cellNumber,bankAcNumber,nagadAcNumber,bkashAcNumber,password');
    expect(lines).toHaveLength(3);
    // The examples follow the rules the upload checks (their agentIds are free in a fresh database).
    const uploaded = await upload(t.app, token, r.text);
    expect(uploaded.status, uploaded.text).toBe(200);
    expect(uploaded.body).toBe(2);
  });
});
