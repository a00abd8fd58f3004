// Malformed and hostile CSV files on both uploads (leads: POST /api/file/uploadCsv, agents: POST /api/ac/upload).
// A refused file is a 4xx whose message says what and where, and every table is checksum-identical afterwards.
// Accepted files (formula cells, SQL as text) are stored exactly as written, and the lead report neutralises formulas.
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { AGENT_CSV_COLUMNS, MAX_LEAD_VALUE_LENGTH, type TAgent } from '@crm/shared';
import { type Caller, tokenForRole, type Reply, useTestApp } from '../test/harness.ts';
import { checksumTables, changedTables } from '../test/table-checksums.ts';
import { AGENT_CSV_NOT_UTF8 } from '../modules/agents/csv-rows.ts';
import { upload as uploadAgents } from '../test/agents-support.ts';
import { CSV_PROBLEMS } from '../modules/lead-import/csv-reader.ts';
import { NOT_UTF8_MESSAGE } from '../modules/lead-import/lead-import.ts';
import { fileTooLargeMessage } from '../modules/lead-import/lead-upload.ts';
import { campaignWithColumns, nextPhone, storedLeads, uploadLeads } from '../test/lead-upload-support.ts';

/** Small, so an over-size file is quick to send; above the 10 MB field, so that one meets the reader's row limit. */
const MAX_MB = 12;
const t = useTestApp({ leadUploadMaxMb: MAX_MB });

const MB = 1024 * 1024;
const SQL = "'; drop table leads; --";
const FORMULAS = [
  "=cmd|' /C calc'!A0",
  "+SUM(1+1)*cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  '@SUM(1+1)',
  '=HYPERLINK("http://evil.example","Click")',
];

let token: string;
let admin: Caller;
let campaign: { id: number; campaignName: string };

beforeAll(async () => {
  token = await tokenForRole(t.app, 'admin');
  admin = await t.callerFor('admin');
  campaign = await campaignWithColumns(t.db, ['shop']);
  // Something stored in every table a refused upload could touch, so "unchanged" means something.
  const r = await uploadLeads(t.app, token, `cell_number,data_date,shop\n${nextPhone().local},2024-05-01,Kept\n`, {
    tableName: campaign.campaignName,
  });
  expect(r.status, r.text).toBe(200);
  expect(
    (await uploadAgents(t.app, token, 'type,name,agentId,password\nPhysical,Kept Agent,kept-agent-1,long-enough-1\n'))
      .status,
  ).toBe(200);
});

/** Sends a file and proves that no table changed; returns the reply. */
async function refused(send: () => Promise<Reply>): Promise<Reply> {
  const before = await checksumTables(t.db);
  const r = await send();
  expect(r.status, r.text.slice(0, 300)).toBeGreaterThanOrEqual(400);
  expect(r.status, r.text.slice(0, 300)).toBeLessThan(500);
  expect(changedTables(before, await checksumTables(t.db))).toEqual([]);
  return r;
}

type Rejection = { message: string; errors?: { row: number; column: string; reason: string }[] };
const rejection = (r: Reply) => r.json<Rejection>();
const leads = (content: string | Buffer) => () =>
  uploadLeads(t.app, token, content, { tableName: campaign.campaignName });
const agents = (content: string | Buffer) => () => uploadAgents(t.app, token, content);

const good = () => `${nextPhone().local},2024-05-01`;
const AGENT_HEADER = 'type,name,agentId,password';

describe('the lead upload refuses a malformed or hostile file whole, naming the problem, and changes nothing', () => {
  it('an unterminated quote: 400 naming its row', async () => {
    const r = await refused(
      leads(`cell_number,data_date,respondent_name\n${good()},Fine\n${good()},"Open\n${good()},Next\n`),
    );
    expect(rejection(r).message).toMatch(/^The file is not valid CSV: row 3: /);
    expect(rejection(r).errors).toEqual([{ row: 3, column: '', reason: CSV_PROBLEMS.quoteNotClosed }]);
  });

  it('a row with too few or too many fields: 400 naming each row and both counts', async () => {
    const r = await refused(
      leads(`cell_number,data_date,respondent_name\n${good()},Ok\n${good()}\n${good()},One,Two\n`),
    );
    expect(rejection(r).errors).toEqual([
      { row: 3, column: '', reason: 'the row has 2 fields; the header has 3' },
      { row: 4, column: '', reason: 'the row has 4 fields; the header has 3' },
    ]);
  });

  it('a single 10 MB field: 400 naming row 2 as too long (the value, or the whole row when it arrives in pieces)', async () => {
    const r = await refused(leads(`cell_number,data_date,respondent_name\n${good()},"${'x'.repeat(10 * MB)}"\n`));
    expect(r.status).toBe(400);
    const [first] = rejection(r).errors ?? [];
    expect(first?.row).toBe(2);
    expect([`the value is longer than ${MAX_LEAD_VALUE_LENGTH} characters`, CSV_PROBLEMS.tooLong(1 << 20)]).toContain(
      first?.reason,
    );
  });

  it('bytes that are not UTF-8: 400 saying to save it as CSV UTF-8', async () => {
    const latin1 = Buffer.concat([
      Buffer.from(`cell_number,data_date,respondent_name\n${good()},Jos`),
      Buffer.from([0xe9, 0xff, 0xfe]),
      Buffer.from('\n'),
    ]);
    expect(rejection(await refused(leads(latin1))).message).toBe(NOT_UTF8_MESSAGE);
  });

  it("SQL as a column name: 400 naming the column as not one of the campaign's", async () => {
    const r = await refused(leads(`cell_number,data_date,"${SQL.replace(/"/g, '""')}"\n${good()},x\n`));
    expect(rejection(r).errors).toEqual([
      {
        row: 1,
        column: SQL,
        reason: `"${SQL}" is not a column of this campaign's leads (download the template to see them)`,
      },
    ]);
  });

  it('a NUL character in a value: 400 naming row and column', async () => {
    const r = await refused(leads(`cell_number,data_date,respondent_name\n${good()},a\u0000b\n`));
    expect(rejection(r).errors).toEqual([
      { row: 2, column: 'respondent_name', reason: 'the value holds a NUL character' },
    ]);
  });

  it(`a file over LEAD_UPLOAD_MAX_MB (${MAX_MB} MB here): 413 saying the limit`, async () => {
    // Rows of 263 bytes: few enough to be quick, each a good lead (so only the size refuses the file).
    const name = 'r'.repeat(240);
    const rows = Array.from({ length: Math.ceil((MAX_MB * MB) / 263) + 2000 }, () => `${good()},${name}`);
    const csv = `cell_number,data_date,respondent_name\n${rows.join('\n')}\n`;
    expect(csv.length).toBeGreaterThan(MAX_MB * MB);
    const r = await refused(leads(csv));
    expect(r.status).toBe(413);
    expect(rejection(r).message).toBe(fileTooLargeMessage(MAX_MB));
  });
});

describe('the lead upload accepts formula cells and SQL as data (accepted, 200): stored exactly, neutralised on export', () => {
  it('stores each value as the text it is, and the full report CSV writes formulas with a leading quote', async () => {
    const c = await campaignWithColumns(t.db, ['shop']);
    const values = [...FORMULAS, SQL, 'বাংলা দোকান 🛒', 'שלום'];
    const quoted = (v: string) => `"${v.replace(/"/g, '""')}"`;
    const csv = [
      'cell_number,data_date,respondent_name,shop',
      ...values.map((v) => `${nextPhone().local},2024-05-01,${quoted(v)},${quoted(v)}`),
    ].join('\n');
    const r = await uploadLeads(t.app, token, csv, { tableName: c.campaignName });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ leadsAdded: values.length });
    const stored = await storedLeads(t.db, c.id);
    expect(stored.map((l) => l.respondentName)).toEqual(values);
    expect(stored.map((l) => l.fields)).toEqual(values.map((v) => ({ shop: v })));
    // The leads table is still there and whole.
    expect(
      await t.db
        .selectFrom('leads')
        .select((e) => e.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual({ n: values.length + 1 });

    const report = await admin.get(
      `/api/file/generateFullReportCsv?${new URLSearchParams({ tableName: c.campaignName, startDate: '2024-05-01', endDate: '2024-05-01' }).toString()}`,
    );
    expect(report.status, report.text).toBe(200);
    const [header = [], ...records] = parse(report.text, { bom: true }) as string[][];
    const column = (name: string) => records.map((cells) => cells[header.indexOf(name)]);
    const exported = values.map((v) => (/^[=+\-@]/.test(v) ? `'${v}` : v));
    expect(column('respondent_name')).toEqual(exported);
    expect(column('shop')).toEqual(exported);
  });
});

describe('the agent upload refuses a malformed or hostile file whole, naming the problem, and changes nothing', () => {
  it('an unterminated quote: 400 "not valid CSV", naming the row', async () => {
    const r = await refused(agents(`${AGENT_HEADER}\nPhysical,"Open,agent-q-1,long-enough-1\n`));
    expect(rejection(r).message).toBe('The file is not valid CSV.');
    expect(rejection(r).errors).toEqual([{ row: 2, column: '', reason: expect.stringMatching(/Quote Not Closed/) }]);
  });

  it('a row with too few or too many fields: 400 naming each row and both counts (was: short rows read as blanks, long rows stored)', async () => {
    const r = await refused(
      agents(`${AGENT_HEADER}\nPhysical,Few Fields,agent-w-1\nPhysical,Many Fields,agent-w-2,long-enough-1,extra\n`),
    );
    expect(rejection(r).errors).toEqual([
      { row: 2, column: '', reason: 'the row has 3 fields; the header has 4' },
      { row: 3, column: '', reason: 'the row has 5 fields; the header has 4' },
    ]);
  });

  it('a single 10 MB field: 413, over the 5 MB agent file limit', async () => {
    const r = await refused(agents(`${AGENT_HEADER}\nPhysical,"${'x'.repeat(10 * MB)}",agent-big-1,long-enough-1\n`));
    expect(r.status).toBe(413);
    expect(rejection(r).message).toBe('The file is larger than 5 MB.');
  });

  it('bytes that are not UTF-8: 400 saying to save it as CSV UTF-8 (was: stored with U+FFFD in place of the letters)', async () => {
    const latin1 = Buffer.concat([
      Buffer.from(`${AGENT_HEADER}\nPhysical,Jos`),
      Buffer.from([0xe9]),
      Buffer.from(',agent-u-1,long-enough-1\n'),
    ]);
    expect(rejection(await refused(agents(latin1))).message).toBe(AGENT_CSV_NOT_UTF8);
  });

  it('a NUL character in a value: 400 naming row and column (was: 500)', async () => {
    const r = await refused(agents(`${AGENT_HEADER}\nPhysical,a\u0000b,agent-n-1,long-enough-1\n`));
    expect(rejection(r).errors).toEqual([{ row: 2, column: 'name', reason: 'the value holds a NUL character' }]);
  });

  it('a name longer than its column (1,000 characters): 400 naming row and column', async () => {
    const r = await refused(agents(`${AGENT_HEADER}\nPhysical,${'n'.repeat(1000)},agent-l-1,long-enough-1\n`));
    expect(rejection(r).errors).toEqual([{ row: 2, column: 'name', reason: 'name must be at most 100 characters' }]);
  });

  it('SQL in place of an agentId: 400, an agentId has no spaces', async () => {
    const r = await refused(agents(`${AGENT_HEADER}\nPhysical,Rahim,"${SQL}",long-enough-1\n`));
    expect(rejection(r).errors).toEqual([{ row: 2, column: 'agentId', reason: 'agentId must not contain spaces' }]);
  });
});

describe('the agent upload accepts formula cells, SQL and Unicode as names (accepted, 200): stored exactly', () => {
  it('stores each name as written; an unknown column named with SQL is ignored', async () => {
    const names = [...FORMULAS, SQL, 'রহিম উদ্দিন 🎧', 'דוד כהן'];
    const quoted = (v: string) => `"${v.replace(/"/g, '""')}"`;
    const header = `${AGENT_CSV_COLUMNS.join(',')},${quoted(SQL)}`;
    const rows = names.map((name, i) => `Physical,${quoted(name)},agent-f-${i},,,,,,long-enough-1,${quoted(SQL)}`);
    const r = await uploadAgents(t.app, token, [header, ...rows].join('\n'));
    expect(r.status, r.text).toBe(200);
    expect(r.body).toBe(names.length);
    const all = (await admin.get('/api/ac/getAgentList')).json<TAgent[]>();
    expect(names.map((_, i) => all.find((a) => a.agentId === `agent-f-${i}`)?.name)).toEqual(names);
  });
});
