// QC records on a scorecard of the campaign's own (docs/scorecards.md, Saving a record): the server scores the marks on
// the campaign's version, refuses marks the version does not allow naming the criterion, and a record keeps its version.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  ZScorecardDefinition,
  type TQcClientRecord,
  type TQcRecord,
  type TScorecardDefinitionInput,
} from '@crm/shared';
import { useTestApp, type TestContext } from '../../test/harness.ts';
import { addRecord, qcWorld, scorecard, type QcWorld } from '../../test/qc-support.ts';

const t = useTestApp();

const CLIENT_CARD: TScorecardDefinitionInput = {
  name: 'Client A',
  scoringMode: 'weighted',
  passMark: 75,
  gradeBands: [
    { name: 'Pass', from: 75 },
    { name: 'Fail', from: 0 },
  ],
  sections: [
    {
      name: 'Opening',
      weight: 20,
      criteria: [
        {
          key: 'greet',
          name: 'Greet',
          question: 'Greeted?',
          choices: [
            { label: 'Yes', marks: 10 },
            { label: 'No', marks: 0 },
          ],
        },
        {
          key: 'verify',
          name: 'Verify',
          question: 'Verified?',
          choices: [
            { label: 'Yes', marks: 10 },
            { label: 'No', marks: 0 },
          ],
          allowNa: true,
        },
      ],
    },
    {
      name: 'Survey',
      weight: 80,
      criteria: [
        {
          key: 'probe',
          name: 'Probe',
          question: 'Probed?',
          choices: [
            { label: 'Yes', marks: 30 },
            { label: 'No', marks: 0 },
          ],
          commentRequired: true,
        },
        {
          key: 'consent',
          name: 'Consent',
          question: 'Consent?',
          choices: [
            { label: 'Yes', marks: 10 },
            { label: 'Breach', marks: 0 },
          ],
          autoFailChoice: 'Breach',
        },
      ],
    },
  ],
};

/**
 * A published version of CLIENT_CARD, the campaign's choice for in-house QC (client QC stays on "Standard" unless
 * `forClient`).
 */
async function useClientCard(t: TestContext, w: QcWorld, forClient = false): Promise<number> {
  const definition = JSON.stringify(ZScorecardDefinition.parse(CLIENT_CARD));
  const { rows } = await sql<{ id: number }>`
    with v as (select nextval('scorecards_id_seq') as id)
    insert into scorecards (id, scorecard_id, version, name, state, definition, created_by, published_at)
    select v.id, v.id, 1, 'Client A', 'published', ${definition}::jsonb, 'admin', now() from v
    returning id`.execute(t.db);
  const id = rows[0]!.id;
  await sql`insert into campaign_scorecards (campaign_id, in_house_id, client_id, updated_by)
            select id, ${id}, ${forClient ? id : 1}, 'admin' from campaigns where campaign_name = ${w.campaign}`.execute(
    t.db,
  );
  return id;
}

const CARD_MARKS = [
  { key: 'greet', choice: 'Yes' },
  { key: 'verify', choice: 'Yes' },
  { key: 'probe', choice: 'Yes' },
  { key: 'consent', choice: 'Yes' },
];

function call(w: QcWorld) {
  const { callDate, agentId, campaignName, consumerNumber, duration } = scorecard(w);
  return { callDate, agentId, campaignName, consumerNumber, duration, suggestion: 'Slow down' };
}

describe("a QC record on a scorecard of the campaign's own", () => {
  it("is scored by the server on the version, answers its block with comments, and leaves the spec's fields null", async () => {
    const w = await qcWorld(t);
    const id = await useClientCard(t, w);
    const r = await addRecord(w.qcA, {
      ...call(w),
      total: 100,
      scorecard: {
        id,
        marks: [
          { key: 'greet', choice: 'Yes' },
          { key: 'verify', choice: null },
          { key: 'probe', choice: 'No', comment: 'Did not ask why' },
          { key: 'consent', choice: 'Yes' },
        ],
      },
    } as never);
    // Opening 10/10 × 20 = 20; Survey 10/40 × 80 = 20 → 40.
    expect(r).toMatchObject({ total: 40, agentGrade: 'Fail', scorecardId: id, greetings: null, fatal: null });
    const read = await w.qcA.get(`/api/qcReport/getqc/${r.id}`);
    expect(read.status).toBe(200);
    const block = read.json<TQcRecord>().scorecard!;
    expect(block).toMatchObject({ id, name: 'Client A', version: 1, total: 40, grade: 'Fail', passed: false });
    expect(block.criteria.map((c) => [c.key, c.choice, c.marks, c.comment])).toEqual([
      ['greet', 'Yes', 10, ''],
      ['verify', null, null, ''],
      ['probe', 'No', 0, 'Did not ask why'],
      ['consent', 'Yes', 10, ''],
    ]);
  });

  it("refuses whole, naming the criterion: a missing required comment, N/A where not allowed, the spec's fields", async () => {
    const w = await qcWorld(t);
    const id = await useClientCard(t, w);
    const count = async () =>
      Number((await sql<{ n: string }>`select count(*) as n from qc_records`.execute(t.db)).rows[0]!.n);
    const before = await count();
    const marks = (probe: string, greet: string | null = 'Yes') => [
      { key: 'greet', choice: greet },
      { key: 'verify', choice: 'Yes' },
      { key: 'probe', choice: probe },
      { key: 'consent', choice: 'Yes' },
    ];
    const noComment = await w.qcA.post('/api/qcReport/add', { ...call(w), scorecard: { id, marks: marks('No') } });
    expect([noComment.status, noComment.json<{ message: string }>().message]).toEqual([
      400,
      'Probe needs a comment when it is not at its best mark',
    ]);
    const na = await w.qcA.post('/api/qcReport/add', { ...call(w), scorecard: { id, marks: marks('Yes', null) } });
    expect(na.json<{ message: string; field: string }>()).toMatchObject({
      message: 'Greet cannot be N/A',
      field: 'scorecard.marks.greet',
    });
    const spec = await w.qcA.post('/api/qcReport/add', scorecard(w));
    expect(spec.status).toBe(400);
    expect(spec.json<{ message: string }>().message).toMatch(
      /scored on "Client A" version 1: send its marks as scorecard/,
    );
    const wrong = await w.qcA.post('/api/qcReport/add', { ...call(w), scorecard: { id: 1, marks: marks('Yes') } });
    expect(wrong.json<{ message: string }>().message).toBe(
      `Scorecard version 1 is not the one campaign "${w.campaign}" uses for in-house QC (version ${id})`,
    );
    expect(await count()).toBe(before);
  });

  it('an auto-fail choice makes the total 0; an old record keeps its version, total and grade when the campaign moves', async () => {
    const w = await qcWorld(t);
    const old = await addRecord(w.qcA, scorecard(w, { liveliness: 5 }));
    expect([old.total, old.scorecardId]).toEqual([95, 1]);
    const id = await useClientCard(t, w);
    const failed = await addRecord(w.qcA, {
      ...call(w),
      scorecard: {
        id,
        marks: [
          { key: 'greet', choice: 'Yes' },
          { key: 'verify', choice: 'Yes' },
          { key: 'probe', choice: 'Yes' },
          { key: 'consent', choice: 'Breach' },
        ],
      },
    } as never);
    expect([failed.total, failed.agentGrade]).toEqual([0, 'Fail']);
    // The old record, edited after the campaign moved, is still on "Standard" and scored by it.
    const edited = await w.qcA.put('/api/qcReport/editqc', { ...old, liveliness: 10 });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json<TQcRecord>()).toMatchObject({ total: 100, agentGrade: 'Exceed Expectation', scorecardId: 1 });
    const moved = await w.qcA.put('/api/qcReport/editqc', { id: old.id, scorecard: { id, marks: [] } });
    expect(moved.json<{ message: string }>().message).toBe(
      `This record was scored on scorecard version 1, not ${id}: an edit keeps the record's version`,
    );
  });

  it('an edit with the scorecard block saves the fatal reason, the EAS answer and the suggestion, in-house and client', async () => {
    const w = await qcWorld(t);
    const id = await useClientCard(t, w, true);
    const inHouse = await addRecord(w.qcA, { ...call(w), scorecard: { id, marks: CARD_MARKS } } as never);
    const edited = await w.qcA.put('/api/qcReport/editqc', {
      id: inHouse.id,
      version: inHouse.version,
      scorecard: { id, marks: CARD_MARKS.map((m) => (m.key === 'consent' ? { ...m, choice: 'Breach' } : m)) },
      fatalReason: 'Misled the customer on the price',
      easVoiceMatchedWithReport: 'No',
      suggestion: 'Read the price from the script',
    });
    expect(edited.status, edited.text).toBe(200);
    const readInHouse = (await w.qcA.get(`/api/qcReport/getqc/${inHouse.id}`)).json<TQcRecord>();
    expect(readInHouse).toMatchObject({
      total: 0,
      scorecardId: id,
      fatalReason: 'Misled the customer on the price',
      easVoiceMatchedWithReport: 'No',
      suggestion: 'Read the price from the script',
    });

    const added = await w.qcA.post('/api/qcReport/addforclient', {
      ...call(w),
      scorecard: { id, marks: CARD_MARKS },
    });
    expect(added.status, added.text).toBe(200);
    const client = added.json<TQcClientRecord>();
    const clientEdit = await w.qcA.put('/api/qcReport/edit-Client-Qc', {
      id: client.id,
      version: client.version,
      scorecard: { id, marks: CARD_MARKS },
      fatalReasonMarks: 'Promised a refund',
      easVoiceMatchedWithReportMarks: 'Yes',
      suggestionMarks: 'Check the refund rules',
    });
    expect(clientEdit.status, clientEdit.text).toBe(200);
    const readClient = (await w.qcA.get(`/api/qcReport/getClientQc/${client.id}`)).json<TQcClientRecord>();
    expect(readClient).toMatchObject({
      scorecardId: id,
      fatalReasonMarks: 'Promised a refund',
      easVoiceMatchedWithReportMarks: 'Yes',
      suggestionMarks: 'Check the refund rules',
    });
  });
});
