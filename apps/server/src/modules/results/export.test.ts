// The results export (docs/guide/results.md, "The export"): the xlsx read back with exceljs (a sheet per question, the
// cross-tab, the answers as rows with the lead fields chosen, Bengali intact) and the CSV with its BOM.
import { beforeAll, describe, expect, it } from 'vitest';
import { caller, sessionTokenFor, createUser, useTestApp } from '../../test/harness.ts';
import type ExcelJS from 'exceljs';
import { download, openXlsxReply } from '../../test/qc-reports-support.ts';
import { RESULTS_ZONE, resultsQuery, seedResults, type ResultsWorld } from '../../test/results-support.ts';

const t = useTestApp({ timeZone: RESULTS_ZONE });
let w: ResultsWorld;
let token: string;
const RANGE = { from: '2026-11-20', to: '2026-11-21' };

beforeAll(async () => {
  w = await seedResults(t);
  token = await sessionTokenFor(t.app, await createUser(t.db, { role: 'admin' }));
});

/** A sheet's rows as plain values, each as long as its own last cell (empty cells null). */
function worksheetRows(book: ExcelJS.Workbook, name: string): unknown[][] {
  const ws = book.getWorksheet(name);
  if (ws === undefined) throw new Error(`no sheet ${name}`);
  const rows: unknown[][] = [];
  ws.eachRow({ includeEmpty: true }, (row) =>
    rows.push(Array.from({ length: row.cellCount }, (_, i) => row.getCell(i + 1).value ?? null)),
  );
  return rows;
}

const exportUrl = (params: Record<string, string>) =>
  `/api/results/export?${resultsQuery({ campaignName: w.x.name, ...RANGE, ...params })}`;
const fileName = (ext: string) => `results-${w.x.name.replace(/[^A-Za-z0-9_-]+/g, '_')}-2026-11-20-2026-11-21.${ext}`;

describe('GET /api/results/export', () => {
  it('writes a sheet per question, the cross-tab, and the answers as rows with the chosen fields', async () => {
    const book = await openXlsxReply(
      await download(t, exportUrl({ row: 'Q1', col: 'region', fields: 'region,shop' }), token),
      fileName('xlsx'),
    );
    expect(book.worksheets.map((s) => s.name)).toEqual(['Q1', 'Q2', 'Q3', 'Q4', 'Q5', 'Cross-tab', 'Answers']);
    expect(worksheetRows(book, 'Q5').slice(0, 4)).toEqual([
      ['Q5', 'আবার কিনবেন?'],
      ['Option', 'Count', 'Percent'],
      ['হ্যাঁ', 2, 50],
      ['না', 2, 50],
    ]);
    expect(worksheetRows(book, 'Q3').slice(1, 5)).toEqual([
      ['Mean', 6],
      ['Median', 5],
      ['Min', 3],
      ['Max', 10],
    ]);
    const crosstab = worksheetRows(book, 'Cross-tab');
    expect(crosstab.slice(1, 5).map((r) => r.slice(0, 4))).toEqual([
      ['Q1 \\ region', 'Chittagong', 'Dhaka', 'Total'],
      ['Yes', 1, 3, 4],
      ['No', 1, 1, 2],
      ['Total', 2, 4, 6],
    ]);
    const answers = worksheetRows(book, 'Answers');
    expect(answers[0]).toEqual([
      'Lead Id',
      'Call Date',
      'Agent Id',
      'Disposition',
      'Completed',
      'region',
      'shop',
      'Q1',
      'Q2',
      'Q3',
      'Q4',
      'Q5',
    ]);
    expect(answers).toHaveLength(8);
    expect(answers.find((r) => r[0] === w.leads.L1)).toEqual([
      w.leads.L1,
      '2026-11-20',
      'AG-1',
      'COMPLETE',
      'Yes',
      'Dhaka',
      'Shop A',
      'Yes',
      'Alpha, Beta',
      '3',
      'ভালো পণ্য',
      'হ্যাঁ',
    ]);
    // No phone number anywhere in the answers.
    expect(answers.flat().some((v) => String(v).includes('+880'))).toBe(false);
  });

  it('writes the answers as CSV in UTF-8 with a BOM, Bengali intact', async () => {
    const r = await download(t, exportUrl({ format: 'csv', fields: 'shop', completedOnly: 'true' }), token);
    expect(r.status, r.text.slice(0, 300)).toBe(200);
    expect(r.headers['content-disposition']).toBe(`attachment; filename="${fileName('csv')}"`);
    expect([...r.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = r.bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Lead Id,Call Date,Agent Id,Disposition,Completed,shop,Q1,Q2,Q3,Q4,Q5');
    // L9 and L2 (11-21), then L3 and L1 (11-20).
    expect(lines.slice(1)).toEqual([
      `${w.leads.L9},2026-11-21,AG-2,COMPLETE,Yes,Shop B,No,,10,ভালো সার্ভিস,হ্যাঁ`,
      `${w.leads.L2},2026-11-21,AG-1,COMPLETE,Yes,Shop B,Yes,Beta,5,Too expensive,না`,
      `${w.leads.L3},2026-11-20,AG-2,COMPLETE,Yes,Shop A,No,,,Not interested,না`,
      `${w.leads.L1},2026-11-20,AG-1,COMPLETE,Yes,Shop A,Yes,"Alpha, Beta",3,ভালো পণ্য,হ্যাঁ`,
    ]);
  });

  it('takes a media token in ?token= (a plain download link), not a session token', async () => {
    const media = (await caller(t.app, token).get('/api/auth/media-token')).json<{ token: string }>().token;
    expect((await download(t, exportUrl({ format: 'csv', token }))).status).toBe(401);
    const r = await download(t, exportUrl({ format: 'csv', token: media }));
    expect(r.status, r.text.slice(0, 300)).toBe(200);
    expect(r.bytes.toString('utf8').split('\r\n')).toHaveLength(1 + 7 + 1);
  });

  it('refuses a field that is not a lead field, a phone number above all, and a cross-tab with one side', async () => {
    const phone = await download(t, exportUrl({ fields: 'cell_number' }), token);
    expect(phone.status).toBe(400);
    expect((JSON.parse(phone.text) as { message: string }).message).toMatch(/"cell_number" is not a lead field/);
    const half = await download(t, exportUrl({ row: 'Q1' }), token);
    expect(half.status).toBe(400);
    expect((JSON.parse(half.text) as { message: string }).message).toMatch(/needs both row and col/);
  });
});
