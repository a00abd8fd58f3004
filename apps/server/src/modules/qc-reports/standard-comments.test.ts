// Per-criterion comments of "Standard" records in the day's records files (docs/scorecards.md, Exports): a day with a
// comment gains a "Comment: …" column per commented criterion after the spec's 26; a day without keeps exactly the 26.
import { beforeAll, describe, expect, it } from 'vitest';
import type ExcelJS from 'exceljs';
import { QC_CRITERIA, QC_EXPORTS, type TQcCriterionKey, type TQcRecord } from '@crm/shared';
import { createCampaign, useTestApp, type TestUser } from '../../test/harness.ts';
import {
  CLIENT_HEADER,
  IN_HOUSE_HEADER,
  addRecord,
  download,
  openXlsxReply,
  query,
  reportWorldWithAgents,
  sheetRows,
  worksheetRows,
  type ReportWorld,
} from '../../test/qc-reports-support.ts';
import { chooseScorecards, createPublished } from '../../test/scorecards-support.ts';

const t = useTestApp();
const COMMENTED = '2026-05-05';
const PLAIN = '2026-05-06';
const MIXED = '2026-05-07';

let w: ReportWorld;
let rina: TestUser;
let abul: TestUser;

type Picks = Partial<Record<TQcCriterionKey, { choice: string; comment?: string }>>;

/** A "Standard" record saved as `scorecard: {id: 1, marks}`: every criterion at its best unless picked. */
async function addStandard(
  agent: TestUser,
  callDate: string,
  picks: Picks,
  kind: 'in-house' | 'client' = 'in-house',
  api = w.qcA,
): Promise<TQcRecord> {
  const marks = QC_CRITERIA.map((c) => {
    const best = c.scale.reduce((a, b) => (b.marks > a.marks ? b : a));
    const pick = picks[c.key];
    return { key: c.key, choice: pick?.choice ?? best.label, comment: pick?.comment ?? '' };
  });
  const r = await api.post(kind === 'in-house' ? '/api/qcReport/add' : '/api/qcReport/addforclient', {
    callDate,
    agentId: agent.username,
    campaignName: w.campaign,
    consumerNumber: '01711000009',
    duration: 120,
    scorecard: { id: 1, marks },
  });
  expect(r.status, r.text).toBe(200);
  return r.json<TQcRecord>();
}

/** How many cells the widest row of the sheet holds: no cell beyond the header's columns. */
function widestRow(book: ExcelJS.Workbook, sheet: string): number {
  let widest = 0;
  book.getWorksheet(sheet)?.eachRow({ includeEmpty: true }, (row) => (widest = Math.max(widest, row.cellCount)));
  return widest;
}

beforeAll(async () => {
  ({ w, rina, abul } = await reportWorldWithAgents(t));

  // COMMENTED: CRM commented on Rina's call, Courtesy on Abul's; a call without comments; inspector B's call, none.
  const crm = await addStandard(rina, COMMENTED, {
    crm: { choice: 'Need Improvement', comment: 'Did not update the disposition' },
  });
  expect([crm.total, crm.scorecardId]).toEqual([90, 1]);
  await addRecord(w, w.qcA, { agent: rina, total: 85, callDate: COMMENTED, suggestion: 'Slow down' });
  await addStandard(abul, COMMENTED, { courtesy: { choice: 'No', comment: 'Interrupted the customer twice' } });
  await addStandard(abul, COMMENTED, {}, 'in-house', w.qcB);
  await addStandard(abul, COMMENTED, { greetings: { choice: 'No', comment: '=1+1 said as a greeting' } }, 'client');
  await addRecord(w, w.qcA, { agent: rina, total: 70, callDate: COMMENTED }, 'client');

  // PLAIN: saved both ways, no comment.
  await addStandard(rina, PLAIN, { pace: { choice: 'Need Improvement' } });
  await addRecord(w, w.qcA, { agent: abul, total: 100, callDate: PLAIN });
  await addStandard(rina, PLAIN, {}, 'client');

  // MIXED: a commented "Standard" record beside one on a scorecard of the admin's, uncommented.
  const other = (await createCampaign(t.db)).campaignName;
  const card = await createPublished(w.admin);
  await chooseScorecards(w.admin, other, card.id, card.id);
  await addStandard(rina, MIXED, { closing: { choice: 'No', comment: 'Hung up first' } });
  const r = await w.qcA.post('/api/qcReport/add', {
    callDate: MIXED,
    agentId: abul.username,
    campaignName: other,
    consumerNumber: '01711000010',
    duration: 60,
    scorecard: {
      id: card.id,
      marks: [
        { key: 'greeting', choice: 'Yes' },
        { key: 'resolved', choice: 'Yes' },
        { key: 'summary', choice: 'Yes' },
      ],
    },
  });
  expect(r.status, r.text).toBe(200);
});

describe('GET export/in-house on a day of "Standard" records with criterion comments', () => {
  it("keeps the spec's 26 columns as they are and adds a comment column per commented criterion, in its order", async () => {
    const book = await openXlsxReply(
      await download(t, `${QC_EXPORTS.inHouse.path}?${query({ date: COMMENTED })}`, w.tokens.admin),
      `QC_Records_In-House_${COMMENTED}.xlsx`,
    );
    const [header, ...rows] = sheetRows(book, 'QC Records');
    expect(header).toEqual([...IN_HOUSE_HEADER, 'Comment: Courtesy', 'Comment: CRM']);
    // Abul's two calls (A's commented, B's not), then Rina's two in scoring order.
    expect(rows.map((r) => [r[1], r[12], r[17], r[22], r[25], r[26], r[27]])).toEqual([
      ['Abul Kalam', 0, 20, 90, w.inspectorA.username, 'Interrupted the customer twice', null],
      ['Abul Kalam', 10, 20, 100, w.inspectorB.username, null, null],
      ['Rina Akter', 10, 10, 90, w.inspectorA.username, null, 'Did not update the disposition'],
      ['Rina Akter', 10, 10, 85, w.inspectorA.username, null, null],
    ]);
    expect(rows[3]?.slice(20, 26)).toEqual([null, 'Yes', 85, 'Meet Expectation', 'Slow down', w.inspectorA.username]);
  });

  it("gives an inspector whose own records that day carry no comment exactly the spec's 26 columns", async () => {
    const book = await openXlsxReply(
      await download(t, `${QC_EXPORTS.inHouse.path}?${query({ date: COMMENTED })}`, w.tokens.qcB),
      `QC_Records_In-House_${COMMENTED}.xlsx`,
    );
    const [header, ...rows] = sheetRows(book, 'QC Records');
    expect(header).toEqual(IN_HOUSE_HEADER);
    expect(rows.map((r) => [r[1], r[22], r[25]])).toEqual([['Abul Kalam', 100, w.inspectorB.username]]);
    expect(widestRow(book, 'QC Records')).toBe(26);
  });
});

describe('GET export/client on a day of "Standard" records with criterion comments', () => {
  it("heads the comment column with the criterion's client question; the text is never a formula", async () => {
    const book = await openXlsxReply(
      await download(t, `${QC_EXPORTS.client.path}?${query({ date: COMMENTED })}`, w.tokens.admin),
      `QC_Records_Client_${COMMENTED}.xlsx`,
    );
    const [header, ...rows] = sheetRows(book, 'QC Records');
    expect(header).toEqual([...CLIENT_HEADER, 'Comment: Did agent use standard opening greeting?']);
    expect(rows.map((r) => [r[1], r[6], r[22], r[26]])).toEqual([
      ['Abul Kalam', -5, 95, `'=1+1 said as a greeting`],
      ['Rina Akter', 0, 70, null],
    ]);
  });
});

describe('the records files of a day without criterion comments', () => {
  it("are exactly the spec's 26 columns, in-house and client", async () => {
    const inHouse = await openXlsxReply(
      await download(t, `${QC_EXPORTS.inHouse.path}?${query({ date: PLAIN })}`, w.tokens.admin),
      `QC_Records_In-House_${PLAIN}.xlsx`,
    );
    const [header, ...rows] = sheetRows(inHouse, 'QC Records');
    expect(header).toEqual(IN_HOUSE_HEADER);
    expect(rows.map((r) => [r[1], r[10], r[22]])).toEqual([
      ['Abul Kalam', 10, 100],
      ['Rina Akter', 5, 95],
    ]);
    expect(widestRow(inHouse, 'QC Records')).toBe(26);

    const client = await openXlsxReply(
      await download(t, `${QC_EXPORTS.client.path}?${query({ date: PLAIN })}`, w.tokens.admin),
      `QC_Records_Client_${PLAIN}.xlsx`,
    );
    expect(sheetRows(client, 'QC Records')[0]).toEqual(CLIENT_HEADER);
    expect(widestRow(client, 'QC Records')).toBe(26);
  });
});

describe('GET export/in-house on a day mixing "Standard" with another scorecard', () => {
  it('adds the comment columns to the "Standard v1" sheet after its 26 columns', async () => {
    const book = await openXlsxReply(
      await download(t, `${QC_EXPORTS.inHouse.path}?${query({ date: MIXED })}`, w.tokens.admin),
      `QC_Records_In-House_${MIXED}.xlsx`,
    );
    expect(book.worksheets).toHaveLength(2);
    const [header, ...rows] = worksheetRows(book, 'Standard v1');
    expect(header).toEqual([...IN_HOUSE_HEADER, 'Comment: Closing']);
    expect(rows.map((r) => [r[1], r[18], r[22], r[26]])).toEqual([['Rina Akter', -5, 95, 'Hung up first']]);
    // The other version's sheet: its criteria, no comment column (none commented).
    const other = book.worksheets[1]?.name ?? '';
    expect(worksheetRows(book, other)[0]).toEqual([
      ...IN_HOUSE_HEADER.slice(0, 6),
      'Greeting',
      'Resolved',
      'Summary',
      ...IN_HOUSE_HEADER.slice(20),
    ]);
  });
});
