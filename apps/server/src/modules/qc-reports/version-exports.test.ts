// The day's records files and print JSON when a day mixes "Standard" with scorecards an admin built (docs/scorecards.md,
// Exports): a sheet per version, a column per criterion with marks or N/A, comment columns; summaries on stored grades.
import { beforeAll, describe, expect, it } from 'vitest';
import { QC_EXPORTS, type TQcRecord, type TScorecard } from '@crm/shared';
import { createCampaign, useTestApp, type TestUser } from '../../test/harness.ts';
import {
  addRecord,
  createAgentUser,
  download,
  openXlsxReply,
  query,
  reportWorldWithAgents,
  worksheetRows,
  type ReportWorld,
} from '../../test/qc-reports-support.ts';
import { chooseScorecards, createPublished, publish, smallDefinition } from '../../test/scorecards-support.ts';

const t = useTestApp();
const DAY = '2026-04-14';
const BANDS = [
  { name: 'Gold', from: 90 },
  { name: 'Silver', from: 60 },
  { name: 'Bronze', from: 0 },
];

let w: ReportWorld;
let rina: TestUser;
let abul: TestUser;
let karim: TestUser;
let campaign2: string;
let v1: TScorecard;
let v2: TScorecard;

const SPEC_LEAD = ['Call Date', 'Agent Name', 'Id', 'Campaign Name', 'Consumer Number', 'Duration'];
const IN_HOUSE_TAIL = ['Fatal Reason', 'EAS voice matched with report?', 'Total', 'Agent Grade', 'Suggestion', 'QC By'];
const CLIENT_TAIL = ['Fatal Reason', 'EAS voice matched with report?', 'Total', 'Agent Grade', 'Remarks', 'QC By'];

type Marks = { key: string; choice: string | null; comment?: string }[];

async function addOnScorecard(
  agent: TestUser,
  id: number,
  marks: Marks,
  extra: Record<string, unknown> = {},
  kind: 'in-house' | 'client' = 'in-house',
): Promise<TQcRecord> {
  const body = {
    callDate: DAY,
    agentId: agent.username,
    campaignName: campaign2,
    consumerNumber: '+8801812345678',
    duration: 95,
    ...extra,
    scorecard: { id, marks },
  };
  const r = await w.qcA.post(kind === 'in-house' ? '/api/qcReport/add' : '/api/qcReport/addforclient', body);
  expect(r.status, r.text).toBe(200);
  return r.json<TQcRecord>();
}

beforeAll(async () => {
  ({ w, rina, abul } = await reportWorldWithAgents(t));
  karim = await createAgentUser(t, 'Karim Uddin');
  campaign2 = (await createCampaign(t.db)).campaignName;
  const definition = smallDefinition({ gradeBands: BANDS });
  v1 = await createPublished(w.admin, definition);
  await chooseScorecards(w.admin, campaign2, v1.id, v1.id);

  await addRecord(w, w.qcA, { agent: rina, total: 85, callDate: DAY, suggestion: 'Slow down' });
  const partly = await addOnScorecard(
    abul,
    v1.id,
    [
      { key: 'greeting', choice: null },
      { key: 'resolved', choice: 'Partly', comment: 'Promised a callback' },
      { key: 'summary', choice: 'Yes' },
    ],
    { suggestion: 'Call back' },
  );
  expect([partly.total, partly.agentGrade]).toEqual([66.67, 'Silver']);
  await addOnScorecard(abul, v1.id, [
    { key: 'greeting', choice: 'Yes' },
    { key: 'resolved', choice: 'Yes' },
    { key: 'summary', choice: 'Yes' },
  ]);

  // Version 2 (a higher pass mark): the campaign moves to it on publish.
  const draft = await w.admin.post('/api/scorecards', { ...definition, copyOf: v1.id, passMark: 80 });
  expect(draft.status, draft.text).toBe(200);
  v2 = await publish(w.admin, draft.json<TScorecard>().id);
  const failed = await addOnScorecard(karim, v2.id, [
    { key: 'greeting', choice: 'Yes' },
    { key: 'resolved', choice: 'Yes' },
    { key: 'summary', choice: 'No' },
  ]);
  expect([failed.total, failed.agentGrade]).toEqual([0, 'Bronze']);
  await addOnScorecard(
    karim,
    v2.id,
    [
      { key: 'greeting', choice: 'No' },
      { key: 'resolved', choice: 'Yes' },
      { key: 'summary', choice: 'Yes' },
    ],
    { suggestionMarks: 'Greet by name' },
    'client',
  );
});

describe('GET export/in-house on a day mixing scorecard versions', () => {
  it('has one sheet per version: "Standard" in the 26 spec columns, the others in their own criteria', async () => {
    const book = await openXlsxReply(
      await download(t, `${QC_EXPORTS.inHouse.path}?${query({ date: DAY })}`, w.tokens.admin),
      `QC_Records_In-House_${DAY}.xlsx`,
    );
    expect(book.worksheets.map((s) => s.name)).toEqual(['Standard v1', `${v1.name} v1`, `${v2.name} v2`]);

    const [specHeader, ...specRows] = worksheetRows(book, 'Standard v1');
    expect(specHeader).toHaveLength(26);
    expect(specHeader?.[6]).toBe('Greetings ( শুভেচ্ছা ) [Yes(0)/No(-5)]');
    expect(specRows).toHaveLength(1);
    expect(specRows[0]?.slice(20)).toEqual([null, 'Yes', 85, 'Meet Expectation', 'Slow down', w.inspectorA.username]);

    const [header1, ...rows1] = worksheetRows(book, `${v1.name} v1`);
    expect(header1).toEqual([...SPEC_LEAD, 'Greeting', 'Resolved', 'Summary', 'Comment: Resolved', ...IN_HOUSE_TAIL]);
    expect(rows1).toEqual([
      [DAY, 'Abul Kalam', abul.username, campaign2, '+8801812345678', 95, 'N/A', 10, 10, 'Promised a callback'].concat([
        null,
        null,
        66.67,
        'Silver',
        'Call back',
        w.inspectorA.username,
      ] as never[]),
      [DAY, 'Abul Kalam', abul.username, campaign2, '+8801812345678', 95, 10, 20, 10, null].concat([
        null,
        null,
        100,
        'Gold',
        null,
        w.inspectorA.username,
      ] as never[]),
    ]);

    // No comment that day on version 2: no comment column.
    const [header2, ...rows2] = worksheetRows(book, `${v2.name} v2`);
    expect(header2).toEqual([...SPEC_LEAD, 'Greeting', 'Resolved', 'Summary', ...IN_HOUSE_TAIL]);
    expect(rows2.map((r) => r.slice(6))).toEqual([[10, 20, 0, null, null, 0, 'Bronze', null, w.inspectorA.username]]);
  });

  it("gives an inspector without records that day the spec's empty file", async () => {
    const book = await openXlsxReply(
      await download(t, `${QC_EXPORTS.inHouse.path}?${query({ date: DAY })}`, w.tokens.qcB),
      `QC_Records_In-House_${DAY}.xlsx`,
    );
    expect(book.worksheets.map((s) => s.name)).toEqual(['QC Records']);
    expect(worksheetRows(book, 'QC Records')).toHaveLength(1);
  });
});

describe('GET export/client on a day of another scorecard only', () => {
  it("heads the criteria with their questions and the suggestion Remarks, on the version's sheet", async () => {
    const book = await openXlsxReply(
      await download(t, `${QC_EXPORTS.client.path}?${query({ date: DAY })}`, w.tokens.admin),
      `QC_Records_Client_${DAY}.xlsx`,
    );
    expect(book.worksheets.map((s) => s.name)).toEqual([`${v2.name} v2`]);
    const [header, ...rows] = worksheetRows(book, `${v2.name} v2`);
    expect(header).toEqual([
      ...SPEC_LEAD,
      'Did the agent greet the customer by name?',
      "Was the customer's question resolved?",
      'Did the agent sum up the call?',
      ...CLIENT_TAIL,
    ]);
    expect(rows.map((r) => r.slice(1, 2).concat(r.slice(6)))).toEqual([
      ['Karim Uddin', 0, 20, 10, null, null, 75, 'Silver', 'Greet by name', w.inspectorA.username],
    ]);
  });
});

describe('GET get-all-qc-records-in-house-for-excel-print on a mixed day', () => {
  it('keeps the 26 keys; a record of another scorecard has the 14 null and its criteria in `scorecard`', async () => {
    const r = await w.admin.get(`/api/qcReport/get-all-qc-records-in-house-for-excel-print?${query({ date: DAY })}`);
    expect(r.status, r.text).toBe(200);
    const items = r.json<Record<string, unknown>[]>();
    expect(items.map((i) => [i.agentName, i.total, i.agentGrade])).toEqual([
      ['Abul Kalam', 66.67, 'Silver'],
      ['Abul Kalam', 100, 'Gold'],
      ['Karim Uddin', 0, 'Bronze'],
      ['Rina Akter', 85, 'Meet Expectation'],
    ]);
    const standard = items[3]!;
    expect(Object.keys(standard)).toHaveLength(26);
    expect(standard).not.toHaveProperty('scorecard');
    const partly = items[0]!;
    expect(Object.keys(partly).slice(0, 26)).toEqual(Object.keys(standard));
    expect(partly['Greetings ( শুভেচ্ছা ) [Yes(0)/No(-5)]']).toBeNull();
    expect(partly.scorecard).toEqual({
      id: v1.id,
      scorecardId: v1.scorecardId,
      name: v1.name,
      version: 1,
      grade: 'Silver',
      criteria: [
        {
          key: 'greeting',
          section: 'Opening',
          name: 'Greeting',
          question: 'Did the agent greet the customer by name?',
          choice: null,
          marks: null,
          comment: '',
        },
        {
          key: 'resolved',
          section: 'Close',
          name: 'Resolved',
          question: "Was the customer's question resolved?",
          choice: 'Partly',
          marks: 10,
          comment: 'Promised a callback',
        },
        {
          key: 'summary',
          section: 'Close',
          name: 'Summary',
          question: 'Did the agent sum up the call?',
          choice: 'Yes',
          marks: 10,
          comment: '',
        },
      ],
    });
    expect((items[2]!.scorecard as { id: number; version: number }).version).toBe(2);
  });
});

describe('the summaries on a mixed day', () => {
  it("count grades as each record stored them: the spec's four, then other scorecards' grades by name", async () => {
    const r = await w.admin.get(`/api/qcReport/grade-distribution?${query({ date: DAY })}`);
    expect(r.status, r.text).toBe(200);
    expect(r.json()).toEqual([
      { grade: 'Exceed Expectation', count: 0 },
      { grade: 'Meet Expectation', count: 1 },
      { grade: 'Average Expectation', count: 0 },
      // 66.67 and 0 would be Below Expectation by the spec's bands: their own scorecard says Silver and Bronze.
      { grade: 'Below Expectation', count: 0 },
      { grade: 'Bronze', count: 1 },
      { grade: 'Gold', count: 1 },
      { grade: 'Silver', count: 1 },
    ]);
  });

  it("average each agent's stored totals, whatever the scorecard", async () => {
    const r = await w.admin.get(`/api/qcReport/qc-report/summary?${query({ callDate: DAY })}`);
    expect(r.status, r.text).toBe(200);
    expect(r.json()).toEqual([
      {
        agentName: 'Abul Kalam',
        agentId: abul.username,
        red: '',
        yellow: '',
        blue: '83.34',
        green: '',
        suggestions: 'Call back',
      },
      {
        agentName: 'Karim Uddin',
        agentId: karim.username,
        red: '0.0',
        yellow: '',
        blue: '',
        green: '',
        suggestions: '',
      },
      {
        agentName: 'Rina Akter',
        agentId: rina.username,
        red: '',
        yellow: '',
        blue: '85.0',
        green: '',
        suggestions: 'Slow down',
      },
    ]);
    const range = await w.admin.get(`/api/qcReport/date-range-summary?${query({ startDate: DAY, endDate: DAY })}`);
    expect(range.json<{ agentId: string; average: number }[]>().map((a) => a.average)).toEqual([83.34, 0, 85]);
  });
});
