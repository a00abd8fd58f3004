// What-if (docs/scorecards.md): a campaign's records of a period scored again under a draft, by hand-computed worked
// example; nothing stored; read a page at a time; the refusals.
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  STANDARD_SCORECARD,
  STANDARD_SCORECARD_ID,
  bestScores,
  scoreMarks,
  standardMarksOf,
  storedMarksOf,
  type TQcScores,
  type TScorecardWhatIf,
} from '@crm/shared';
import { createCampaign, useTestApp } from '../../test/harness.ts';
import { checksumTables } from '../../test/table-checksums.ts';
import { addClientRecord, addRecord, clientScorecard, qcWorld, scorecard } from '../../test/qc-support.ts';
import {
  createDraft,
  createPublished,
  insertScoredRecord,
  smallDefinition,
  uniqueName,
} from '../../test/scorecards-support.ts';
import { WHAT_IF_PAGE } from './what-if.ts';

const t = useTestApp();

/** The marks a save on "Standard" stores for these 14 marks. */
const standardMarks = (overrides: Partial<TQcScores> = {}) =>
  storedMarksOf(scoreMarks(STANDARD_SCORECARD, standardMarksOf({ ...bestScores(), ...overrides })));

/**
 * The version tried: greetings (Yes 10 / No 0) and crm (Yes 20 / Partly 12 / No 0), keys of "Standard" with other
 * scales, and empathy (Yes 10 / No 0, N/A allowed), which no record has. Points mode, pass mark 75.
 */
function triedDefinition() {
  const base = smallDefinition({ name: uniqueName('Tried') });
  const yesNo = (key: string, name: string, allowNa: boolean) => ({
    key,
    name,
    question: `${name}?`,
    choices: [
      { label: 'Yes', marks: 10 },
      { label: 'No', marks: 0 },
    ],
    allowNa,
    autoFailChoice: null,
    commentRequired: false,
  });
  return {
    ...base,
    sections: [
      {
        name: 'Call',
        criteria: [
          yesNo('greetings', 'Greetings', false),
          {
            ...yesNo('crm', 'CRM', false),
            choices: [
              { label: 'Yes', marks: 20 },
              { label: 'Partly', marks: 12 },
              { label: 'No', marks: 0 },
            ],
          },
          yesNo('empathy', 'Empathy', true),
        ],
      },
    ],
  };
}

const url = (id: number) => `/api/scorecards/${id}/what-if`;

describe('/api/scorecards/:id/what-if', () => {
  it('answers 401 to anonymous callers and 403 to agents', async () => {
    const agent = await t.callerFor('agent');
    const body = { campaignName: 'Default', from: '2026-11-01', to: '2026-11-30' };
    expect((await t.anonymous.post(url(STANDARD_SCORECARD_ID), body)).status).toBe(401);
    expect((await agent.post(url(STANDARD_SCORECARD_ID), body)).status).toBe(403);
  });

  it('moves totals, grades and the pass rate as worked by hand, and stores nothing', async () => {
    const admin = await t.callerFor('admin');
    const qc = await t.callerFor('qc');
    // Records on "Standard" saved by the QC record writer, as an inspector saves them.
    const w = await qcWorld(t);
    const campaign = await t.db
      .selectFrom('campaigns')
      .select(['id', 'campaignName'])
      .where('campaignName', '=', w.campaign)
      .executeTakeFirstOrThrow();
    const other = await createCampaign(t.db, { campaignName: uniqueName('Other') });
    // A custom version (pass mark 75) some of the campaign's records were scored on.
    const own = await createPublished(admin);
    // R1: every mark best: 100, Exceed. Under the tried version: Yes 10 + Yes 20 of 30 → 100, Exceed.
    await addRecord(w.qcA, scorecard(w));
    // R2: Greetings No (−5), CRM Need Improvement (10): 85, Meet. Tried: No 0; "Need Improvement" is not on its scale,
    // so the closest in marks to 10: Partly (12). 12 of 30 → 40, Below.
    const r2 = await addRecord(w.qcA, scorecard(w, { greetings: -5, crm: 10 }));
    expect(r2).toMatchObject({ total: 85, agentGrade: 'Meet Expectation' });
    // R3 (client): Fatal Yes (−100): 0, Below. Tried: no Fatal; Yes and Yes → 100, Exceed.
    const r3 = (await addClientRecord(w.qcA, clientScorecard(w, { callDate: '2026-11-30', fatalMarks: -100 }))).id;
    const stored = await t.db
      .selectFrom('qcRecords')
      .select(['total', 'agentGrade'])
      .where('id', '=', r3)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ total: 0, agentGrade: 'Below Expectation' });
    const standard = { campaign, scorecardId: STANDARD_SCORECARD_ID };
    // R4, on the custom version: 72, Average; it fails its own pass mark of 75 (it would pass Standard's 70). Tried: no
    // key of it there, so Greetings and CRM at their best, Empathy N/A → 100, Exceed.
    const r4 = await insertScoredRecord(t.db, {
      campaign,
      scorecardId: own.id,
      agentId: w.agent.username,
      marks: {
        greeting: { choice: 'Yes', marks: 10, comment: '' },
        resolved: { choice: 'Partly', marks: 10, comment: '' },
        summary: { choice: 'Yes', marks: 10, comment: '' },
      },
      total: 72,
      agentGrade: 'Average Expectation',
    });
    // Outside the period, and another campaign's: left out.
    await insertScoredRecord(t.db, {
      ...standard,
      marks: standardMarks(),
      total: 100,
      agentGrade: 'Exceed Expectation',
      callDate: '2026-10-31',
    });
    await insertScoredRecord(t.db, {
      campaign: other,
      scorecardId: 1,
      marks: standardMarks(),
      total: 100,
      agentGrade: 'Exceed Expectation',
    });

    const tried = await createDraft(admin, triedDefinition());
    const before = await checksumTables(t.db);
    const r = await qc.post(url(tried.id), {
      campaignName: campaign.campaignName.toUpperCase(),
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(r.status, r.text).toBe(200);
    expect(await checksumTables(t.db)).toEqual(before);

    const grades = (exceed: number, meet: number, average: number, below: number) => [
      { name: 'Exceed Expectation', count: exceed },
      { name: 'Meet Expectation', count: meet },
      { name: 'Average Expectation', count: average },
      { name: 'Below Expectation', count: below },
    ];
    expect(r.json<TScorecardWhatIf>()).toEqual({
      campaignName: campaign.campaignName,
      from: '2026-11-01',
      to: '2026-11-30',
      records: 4,
      criteria: [
        { key: 'greetings', name: 'Greetings', mapped: 3 },
        { key: 'crm', name: 'CRM', mapped: 3 },
        { key: 'empathy', name: 'Empathy', mapped: 0 },
      ],
      // (100 + 85 + 0 + 72) / 4; R1 and R2 pass.
      before: { averageTotal: 64.25, passRate: 0.5, grades: grades(1, 1, 1, 1) },
      // (100 + 40 + 100 + 100) / 4; all but R2 pass 75.
      after: { averageTotal: 85, passRate: 0.75, grades: grades(3, 0, 0, 1) },
      moves: [
        {
          recordId: r3,
          kind: 'client',
          agentId: w.agent.username,
          callDate: '2026-11-30',
          before: { total: 0, grade: 'Below Expectation' },
          after: { total: 100, grade: 'Exceed Expectation' },
        },
        {
          recordId: r2.id,
          kind: 'in-house',
          agentId: w.agent.username,
          callDate: '2026-11-20',
          before: { total: 85, grade: 'Meet Expectation' },
          after: { total: 40, grade: 'Below Expectation' },
        },
        {
          recordId: r4,
          kind: 'in-house',
          agentId: w.agent.username,
          callDate: '2026-11-20',
          before: { total: 72, grade: 'Average Expectation' },
          after: { total: 100, grade: 'Exceed Expectation' },
        },
      ],
    });
  });

  it('reads every record of a large period, a page at a time', async () => {
    const admin = await t.callerFor('admin');
    const campaign = await createCampaign(t.db, { campaignName: uniqueName('Large') });
    const n = 2 * WHAT_IF_PAGE + 7;
    const marks = JSON.stringify(standardMarks({ greetings: -5 }));
    await sql`insert into qc_records (kind, call_date, agent_id, agent_name, campaign_id, campaign_name, consumer_number,
        qc_inspector, scorecard_id, marks, fatal_reason, eas_voice_matched_with_report, suggestion, total, agent_grade)
      select 'in-house', date '2026-11-01' + (i % 30), 'agent1', 'Rina Akter', ${campaign.id}, ${campaign.campaignName},
        '01712345678', 'qc1', 1, ${marks}::jsonb, '', 'yes', '', 95, 'Exceed Expectation'
      from generate_series(1, ${n}) i`.execute(t.db);
    const tried = await createDraft(admin, triedDefinition());
    const r = await admin.post(url(tried.id), {
      campaignName: campaign.campaignName,
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(r.status, r.text).toBe(200);
    const body = r.json<TScorecardWhatIf>();
    // Greetings No → 0, CRM Yes → 20: 20 of 30 → 66.67, Below; every record moves, the first 50 shown.
    expect(body).toMatchObject({
      records: n,
      before: { averageTotal: 95, passRate: 1 },
      after: { averageTotal: 66.67, passRate: 0 },
    });
    expect(body.after.grades.find((g) => g.name === 'Below Expectation')!.count).toBe(n);
    expect(body.moves).toHaveLength(50);
  });

  it('refuses an unknown campaign (400), an unknown version (404) and a period ending before it starts', async () => {
    const admin = await t.callerFor('admin');
    const r = await admin.post(url(STANDARD_SCORECARD_ID), {
      campaignName: 'Nowhere',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(r.status).toBe(400);
    expect(r.json()).toMatchObject({ message: 'No campaign named "Nowhere"' });
    const period = { campaignName: 'Default', from: '2026-11-01', to: '2026-11-30' };
    expect((await admin.post(url(999999), period)).status).toBe(404);
    const backwards = await admin.post(url(STANDARD_SCORECARD_ID), { ...period, from: '2026-12-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.json<{ message: string }>().message).toMatch(/from must not be after to/);
  });
});
