// QC insights over records on "Standard" and on a 3-section scorecard of two versions, all saved through the API: marks
// lost per criterion (by key across versions, split per version where the scale changed), weakest criteria, the trend
// from each record's stored total, and the xlsx's criteria sheet naming the scorecard. Figures computed by hand below.
import { beforeAll, describe, expect, it } from 'vitest';
import type ExcelJS from 'exceljs';
import type { TQcInsights, TScorecardDefinitionInput } from '@crm/shared';
import { createUser, sessionTokenFor, useTestApp } from '../../test/harness.ts';
import { addRecord, qcWorld, scorecard, type QcWorld } from '../../test/qc-support.ts';
import { download, openXlsxReply } from '../../test/qc-reports-support.ts';
import { chooseScorecards, createDraft, createPublished, publish } from '../../test/scorecards-support.ts';
import { threeSectionCard } from '../../test/qc-insights-records.ts';

const t = useTestApp();
const DAY = '2026-11-20'; // a Friday: the week of Monday 16 November
let w: QcWorld;
let v1: number;
let v2: number;
let scorecardId: number;
let range: Record<string, string>;

/** A record of the world's call on the scorecard version `id`, choices by key (null: N/A). */
async function addOnCard(id: number, choices: Record<string, string | null>) {
  const { callDate, agentId, campaignName, consumerNumber, duration } = scorecard(w);
  const marks = Object.entries(choices).map(([key, choice]) => ({ key, choice, comment: 'Heard on the call' }));
  const body = { callDate, agentId, campaignName, consumerNumber, duration, suggestion: '', scorecard: { id, marks } };
  return addRecord(w.qcA, body as never);
}

beforeAll(async () => {
  w = await qcWorld(t);
  range = { startDate: DAY, endDate: DAY, campaignName: w.campaign };
  // Standard: CRM Need Improvement (10 of 20): total 90.
  await addRecord(w.qcA, scorecard(w, { crm: 10 }));
  const first = await createPublished(w.admin, threeSectionCard());
  v1 = first.id;
  scorecardId = first.scorecardId;
  await chooseScorecards(w.admin, w.campaign, v1, 1);
  // Version 1, best 10 + 20 + 10 = 40. A: 10 + 10 + 0 = 20 → 50. B: greet N/A, 20 + 10 of 30 → 100.
  expect((await addOnCard(v1, { greet: 'Yes', probe: 'Partly', summary: 'No' })).total).toBe(50);
  expect((await addOnCard(v1, { greet: null, probe: 'Yes', summary: 'Yes' })).total).toBe(100);
  // Version 2: greet renamed (same scale), probe Yes 30 / Partly 15 / No 0; publishing moves the campaign to it.
  const second: TScorecardDefinitionInput = threeSectionCard({ greetName: 'Warm greeting', probeBest: 30 });
  v2 = (await createDraft(w.admin, { ...second, copyOf: v1 })).id;
  await publish(w.admin, v2);
  // C: 0 + 15 + 10 = 25 of 50 → 50.
  expect((await addOnCard(v2, { greet: 'No', probe: 'Partly', summary: 'Yes' })).total).toBe(50);
});

async function insights(): Promise<TQcInsights> {
  const r = await w.admin.get(`/api/qcInsights?${new URLSearchParams(range).toString()}`);
  expect(r.status, r.text).toBe(200);
  return r.json<TQcInsights>();
}

describe('QC insights on any scorecard', () => {
  it('gives marks lost per criterion of both scorecards: by key across versions, N/A left out, the newest name', async () => {
    const { criteria } = await insights();
    const standard = criteria.filter((c) => c.scorecardId === 1);
    expect(standard.map((c) => c.criterion)).toHaveLength(14);
    expect(standard.find((c) => c.criterion === 'crm')).toMatchObject({
      scorecard: 'Standard',
      maxMarks: 20,
      marksLost: 10,
      meanLost: 10,
      recordsLosing: 1,
      records: 1,
      versions: [],
    });
    const own = criteria.filter((c) => c.scorecardId === scorecardId);
    const name = threeSectionCard().name;
    expect(
      own.map((c) => [
        c.criterion,
        c.name,
        c.scorecard,
        c.maxMarks,
        c.records,
        c.marksLost,
        c.meanLost,
        c.recordsLosing,
      ]),
    ).toEqual([
      // A: 0 lost, B: N/A, C: 10 lost → 10 over 2 records.
      ['greet', 'Warm greeting', name, 10, 2, 10, 5, 1],
      // A: 20 − 10 on version 1, B: 0, C: 30 − 15 on version 2 → 25 over 3.
      ['probe', 'Probe', name, 30, 3, 25, 8.33, 2],
      // A: 10 − 0 → 10 over 3.
      ['summary', 'Summary', name, 10, 3, 10, 3.33, 1],
    ]);
    // The same scale on both versions: no split; probe's best changed: one line per version, newest first.
    expect(own[0]!.versions).toEqual([]);
    expect(own[2]!.versions).toEqual([]);
    expect(own[1]!.versions).toEqual([
      {
        versionId: v2,
        version: 2,
        scorecard: name,
        name: 'Probe',
        scale: 'Yes 30 / Partly 15 / No 0',
        maxMarks: 30,
        records: 1,
        marksLost: 15,
        meanLost: 15,
        recordsLosing: 1,
      },
      {
        versionId: v1,
        version: 1,
        scorecard: name,
        name: 'Probe',
        scale: 'Yes 20 / Partly 10 / No 0',
        maxMarks: 20,
        records: 2,
        marksLost: 10,
        meanLost: 5,
        recordsLosing: 1,
      },
    ]);
  });

  it("gives the agent's weakest criteria across scorecards and the trend from each record's stored total", async () => {
    const { agents, floor } = await insights();
    // (90 + 50 + 100 + 50) / 4.
    expect(floor).toEqual({ records: 4, meanTotal: 72.5 });
    expect(agents).toHaveLength(1);
    expect(agents[0]!.weeks).toEqual([
      { weekStart: '2026-11-16', records: 4, meanTotal: 72.5, grade: 'Average Expectation' },
    ]);
    const name = threeSectionCard().name;
    // CRM 10 / 1 on Standard; probe 25 / 3; greet 10 / 2 (summary 10 / 3 fourth).
    expect(agents[0]!.weakest).toEqual([
      { criterion: 'crm', name: 'CRM', meanLost: 10 },
      { criterion: 'probe', name: 'Probe', meanLost: 8.33, scorecardId, scorecard: name },
      { criterion: 'greet', name: 'Warm greeting', meanLost: 5, scorecardId, scorecard: name },
    ]);
  });

  it("writes the scorecard's criteria in the xlsx, named by scorecard, a row per version where the scale changed", async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const token = await sessionTokenFor(t.app, admin);
    const url = `/api/qcInsights/export?${new URLSearchParams({ ...range, section: 'criteria' }).toString()}`;
    const book: ExcelJS.Workbook = await openXlsxReply(
      await download(t, url, token),
      `QC_Insights_criteria_${DAY}_to_${DAY}.xlsx`,
    );
    const sheet = book.getWorksheet('Criteria')!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push(Array.from({ length: 7 }, (_, i) => row.getCell(i + 1).value ?? null)));
    const name = threeSectionCard().name;
    expect(rows[0]).toEqual([
      'Criterion',
      'Best Mark',
      'Marks Lost',
      'Mean Lost per Record',
      'Records Losing Marks',
      'Scorecard',
      'Records Scored',
    ]);
    expect(rows.find((r) => r[0] === 'CRM')).toEqual(['CRM', 20, 10, 10, 1, 'Standard', 1]);
    expect(rows.slice(-4)).toEqual([
      ['Probe', 30, 25, 8.33, 2, name, 3],
      ['Probe, version 2 (Yes 30 / Partly 15 / No 0)', 30, 15, 15, 1, name, 1],
      ['Probe, version 1 (Yes 20 / Partly 10 / No 0)', 20, 10, 5, 1, name, 2],
      ['Summary', 10, 10, 3.33, 1, name, 3],
    ]);
  });
});
