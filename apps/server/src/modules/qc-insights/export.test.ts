// GET /api/qcInsights/export: who may download it, its sheets read back with exceljs (a few cells against the
// figures of routes.test.ts), one section alone, an inspector's own lines, and the range checks.
import { beforeAll, describe, expect, it } from 'vitest';
import type ExcelJS from 'exceljs';
import { createUser, sessionTokenFor, useTestApp, type TestUser } from '../../test/harness.ts';
import { insertRecord } from '../../test/qc-insights-records.ts';
import { download as downloadFile, openXlsxReply } from '../../test/qc-reports-support.ts';

const t = useTestApp();
const RINA = { agentId: 'rina', agentName: 'Rina Akter' };
const BABUL = { agentId: 'babul', agentName: 'Babul Mia' };
const RANGE = { startDate: '2026-03-02', endDate: '2026-03-15' };
let qA: TestUser;
let qB: TestUser;
let tokens: { admin: string; qA: string; agent: string };

const exportUrl = (params: Record<string, string>) =>
  `/api/qcInsights/export?${new URLSearchParams(params).toString()}`;
const download = (params: Record<string, string>, token?: string) => downloadFile(t, exportUrl(params), token);
const openBook = async (params: Record<string, string>, token: string, fileName: string) =>
  openXlsxReply(await download(params, token), fileName);

/** A sheet's rows as plain values (row 1 the header), empty cells null. */
function rowsOf(book: ExcelJS.Workbook, name: string): unknown[][] {
  const sheet = book.getWorksheet(name);
  if (!sheet) throw new Error(`no sheet ${name}`);
  const width = sheet.getRow(1).cellCount;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push(Array.from({ length: width }, (_, i) => row.getCell(i + 1).value ?? null)));
  return rows;
}

beforeAll(async () => {
  qA = await createUser(t.db, { role: 'qc', username: 'inspector-a', name: 'Anika Rahman' });
  qB = await createUser(t.db, { role: 'qc', username: 'inspector-b', name: 'Bashir Uddin' });
  const adminUser = await createUser(t.db, { role: 'admin' });
  const agentUser = await createUser(t.db, { role: 'agent' });
  tokens = {
    admin: await sessionTokenFor(t.app, adminUser),
    qA: await sessionTokenFor(t.app, qA),
    agent: await sessionTokenFor(t.app, agentUser),
  };
  await insertRecord(t.db, { agent: RINA, inspector: qA, callDate: '2026-03-02', marks: { crm: 10, liveliness: 5 } }); // 85
  await insertRecord(t.db, { agent: RINA, inspector: qA, callDate: '2026-03-04', marks: { crm: 0, greetings: -5 } }); // 75
  await insertRecord(t.db, { agent: RINA, inspector: qA, callDate: '2026-03-10', marks: { pace: 5 } }); // 95
  await insertRecord(t.db, {
    agent: RINA,
    inspector: qB,
    callDate: '2026-03-11',
    marks: { crm: 0, pace: 0, fatal: -100 },
  }); // -30
  await insertRecord(t.db, { agent: BABUL, inspector: qB, callDate: '2026-03-03' }); // 100
  await insertRecord(t.db, {
    agent: BABUL,
    inspector: qB,
    callDate: '2026-03-12',
    marks: { closing: -5, greetings: -5 },
  }); // 90
  await insertRecord(t.db, {
    agent: BABUL,
    inspector: qA,
    callDate: '2026-03-05',
    marks: { liveliness: 0 },
    campaignName: 'Beta',
  }); // 90
});

describe('GET /api/qcInsights/export', () => {
  it('answers 401 without a session and 403 to an agent', async () => {
    expect((await download(RANGE)).status).toBe(401);
    expect((await download(RANGE, tokens.agent)).status).toBe(403);
  });

  it('writes one sheet per section with the figures of the JSON reply', async () => {
    const book = await openBook(RANGE, tokens.admin, 'QC_Insights_2026-03-02_to_2026-03-15.xlsx');
    expect(book.worksheets.map((s) => s.name)).toEqual(['Agents', 'Criteria', 'Inspectors']);

    const agents = rowsOf(book, 'Agents');
    expect(agents[0]).toEqual([
      'Agent Name',
      'Agent Id',
      'Records',
      'Mean Total',
      'Grade',
      'Unacknowledged',
      'Overdue',
      'Weakest 1',
      'Lost 1',
      'Weakest 2',
      'Lost 2',
      'Weakest 3',
      'Lost 3',
      'Week of 2026-03-02',
      'Week of 2026-03-09',
    ]);
    expect(agents.slice(1)).toEqual([
      [
        'Babul Mia',
        'babul',
        3,
        93.33,
        'Exceed Expectation',
        0,
        0,
        'Liveliness',
        3.33,
        'Greetings',
        1.67,
        'Closing',
        1.67,
        95,
        90,
      ],
      ['Rina Akter', 'rina', 4, 56.25, 'Below Expectation', 0, 0, 'Fatal', 25, 'CRM', 12.5, 'Pace', 3.75, 80, 32.5],
    ]);

    const criteria = rowsOf(book, 'Criteria');
    expect(criteria[0]).toEqual([
      'Criterion',
      'Best Mark',
      'Marks Lost',
      'Mean Lost per Record',
      'Records Losing Marks',
    ]);
    expect(criteria).toHaveLength(15);
    expect(criteria.find((r) => r[0] === 'CRM')).toEqual(['CRM', 20, 50, 7.14, 3]);
    expect(criteria.find((r) => r[0] === 'Fatal')).toEqual(['Fatal', 0, 100, 14.29, 1]);

    const inspectors = rowsOf(book, 'Inspectors');
    expect(inspectors[0]?.slice(0, 8)).toEqual([
      'Inspector',
      'Username',
      'Records',
      'Mean Total',
      'Floor Mean',
      'Difference',
      'Indicator',
      'Disputes Raised',
    ]);
    expect(inspectors.slice(1).map((r) => r.slice(0, 8))).toEqual([
      ['Anika Rahman', 'inspector-a', 4, 86.25, 72.14, 14.11, 'too few records', 0],
      ['Bashir Uddin', 'inspector-b', 3, 53.33, 72.14, -18.81, 'too few records', 0],
    ]);
  });

  it('writes the one section asked for, of one campaign', async () => {
    const book = await openBook(
      { ...RANGE, campaignName: 'Alpha', section: 'criteria' },
      tokens.admin,
      'QC_Insights_criteria_2026-03-02_to_2026-03-15.xlsx',
    );
    expect(book.worksheets.map((s) => s.name)).toEqual(['Criteria']);
    expect(rowsOf(book, 'Criteria').find((r) => r[0] === 'Liveliness')).toEqual(['Liveliness', 10, 5, 0.83, 1]);
  });

  it('gives an inspector its own lines only', async () => {
    const book = await openBook(RANGE, tokens.qA, 'QC_Insights_2026-03-02_to_2026-03-15.xlsx');
    expect(
      rowsOf(book, 'Inspectors')
        .slice(1)
        .map((r) => r[1]),
    ).toEqual(['inspector-a']);
    expect(
      rowsOf(book, 'Agents')
        .slice(1)
        .map((r) => [r[1], r[2]]),
    ).toEqual([
      ['babul', 1],
      ['rina', 3],
    ]);
  });

  it('refuses a reversed or too long range and an unknown section with 400', async () => {
    const reversed = await download({ startDate: '2026-03-15', endDate: '2026-03-02' }, tokens.admin);
    expect([reversed.status, JSON.parse(reversed.text).message]).toEqual([
      400,
      'querystring.endDate: The end date must be on or after the start date',
    ]);
    const long = await download({ startDate: '2024-01-01', endDate: '2025-01-01' }, tokens.admin);
    expect([long.status, JSON.parse(long.text).message]).toEqual([
      400,
      'querystring.endDate: The range can be at most 366 days',
    ]);
    const section = await download({ ...RANGE, section: 'weeks' }, tokens.admin);
    expect([section.status, JSON.parse(section.text).message]).toEqual([
      400,
      'querystring.section: section must be one of agents, criteria, inspectors',
    ]);
  });
});
