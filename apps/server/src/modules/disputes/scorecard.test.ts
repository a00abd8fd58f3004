// Disputes on a record of a scorecard of the campaign's own (issue 36, docs/scorecards.md "Disputes"): the agent
// proposes choices of the record's version, the inspector's answer and the admin's decision rewrite those criteria's
// marks and score the record again on its version; messages name criteria by their names there.
import { describe, expect, it } from 'vitest';
import {
  DISPUTE_MESSAGES,
  marksFromStored,
  scoreMarks,
  type TDisputableCriteria,
  type TDispute,
  type TQcRecord,
  type TScorecardDefinition,
  type TStoredMarks,
} from '@crm/shared';
import { useTestApp } from '../../test/harness.ts';
import { qcWorld, type QcWorld } from '../../test/qc-support.ts';
import { answer, raise, threeSectionRecord, useThreeSectionCard } from '../../test/disputes-support.ts';

const t = useTestApp();
let seq = 0;

async function world(): Promise<{ w: QcWorld; versionId: number; record: TQcRecord }> {
  const w = await qcWorld(t);
  seq += 1;
  const versionId = await useThreeSectionCard(w, `Dispute card ${process.pid}-${seq}`);
  return { w, versionId, record: await threeSectionRecord(w, versionId) };
}

/** The record as stored: its marks, total and grade; and what scoreMarks makes of those marks on its version. */
async function stored(id: number) {
  const row = await t.db
    .selectFrom('qcRecords')
    .innerJoin('scorecards', 'scorecards.id', 'qcRecords.scorecardId')
    .select([
      'qcRecords.marks',
      'qcRecords.total',
      'qcRecords.agentGrade',
      'qcRecords.version',
      'scorecards.definition',
    ])
    .where('qcRecords.id', '=', id)
    .executeTakeFirstOrThrow();
  const marks: TStoredMarks = row.marks;
  const scored = scoreMarks(row.definition as TScorecardDefinition, marksFromStored(marks));
  return { marks, total: row.total, grade: row.agentGrade, version: row.version, scored };
}

const greetAndListen = (qcId: number) => ({
  qcId,
  comment: 'Two choices are wrong',
  criteria: [
    { criterion: 'listen', proposedChoice: 'Good', reason: 'I let the customer finish every time' },
    { criterion: 'greet', proposedChoice: 'Yes', reason: 'I greeted at 0:02' },
  ],
});

describe("disputes on a record of the campaign's own 3-section scorecard", () => {
  it("lists the record's criteria with their scales to whoever may see the record", async () => {
    const { w, versionId, record } = await world();
    const r = await w.agentApi.get(`/api/disputes/criteria/${record.id}`);
    expect(r.status, r.text).toBe(200);
    const body = r.json<TDisputableCriteria>();
    expect(body.scorecard).toMatchObject({ id: versionId, version: 1 });
    expect(body.criteria.map((c) => [c.key, c.section, c.choice])).toEqual([
      ['greet', 'Opening', 'No'],
      ['listen', 'Handling', 'Fair'],
      ['solve', 'Handling', 'Yes'],
      ['compliance', 'Close', 'Yes'],
      ['wrapup', 'Close', 'Yes'],
    ]);
    expect(body.criteria[1]).toMatchObject({
      name: 'Active listening',
      marks: 5,
      choices: [
        { label: 'Good', marks: 10 },
        { label: 'Fair', marks: 5 },
        { label: 'Poor', marks: 0 },
      ],
    });
    expect((await w.otherAgentApi.get(`/api/disputes/criteria/${record.id}`)).status).toBe(403);
    expect((await w.qcB.get(`/api/disputes/criteria/${record.id}`)).status).toBe(403);
    expect((await w.qcA.get(`/api/disputes/criteria/${record.id}`)).status).toBe(200);
  });

  it('raises on choices, answers, escalates and decides: marks rewritten, total and grade as scoreMarks says', async () => {
    const { w, record } = await world();
    // Opening 0 of 10 → 0; Handling 15 of 20 → 30; Close 15 of 15 → 30.
    const before = await stored(record.id);
    expect([record.total, before.total, before.scored.total]).toEqual([60, 60, 60]);

    const dispute = await raise(w.agentApi, greetAndListen(record.id));
    expect(dispute.scorecardId).toBe(record.scorecardId);
    // In the version's order, named as on it, with the choices and their marks.
    expect(dispute.criteria).toEqual([
      expect.objectContaining({
        criterion: 'greet',
        name: 'Greeting',
        originalChoice: 'No',
        originalMark: 0,
        proposedChoice: 'Yes',
        proposedMark: 10,
      }),
      expect.objectContaining({
        criterion: 'listen',
        name: 'Active listening',
        originalChoice: 'Fair',
        originalMark: 5,
        proposedChoice: 'Good',
        proposedMark: 10,
      }),
    ]);

    const answered: TDispute = await answer(w.qcA, dispute.id, {
      criteria: [
        { criterion: 'greet', outcome: 'accepted' },
        { criterion: 'listen', outcome: 'kept', reason: 'Interrupted at 1:10' },
      ],
    });
    const afterAnswer = await stored(record.id);
    // Opening 10 of 10 → 30; Handling 15 of 20 → 30; Close → 30.
    expect(afterAnswer.total).toBe(90);
    expect([afterAnswer.total, afterAnswer.grade]).toEqual([afterAnswer.scored.total, afterAnswer.scored.grade]);
    expect(afterAnswer.version).toBe(before.version + 1);
    expect(afterAnswer.marks.greet).toEqual({ choice: 'Yes', marks: 10, comment: '' });
    // The other criteria and every comment are kept.
    expect(afterAnswer.marks.listen).toEqual({ choice: 'Fair', marks: 5, comment: 'Paused twice' });
    expect(afterAnswer.marks.compliance).toEqual(before.marks.compliance);
    expect(answered).toMatchObject({ status: 'answered', total: 90, agentGrade: afterAnswer.grade, canEscalate: true });
    expect(answered.criteria.map((c) => [c.outcome, c.answeredChoice, c.finalChoice])).toEqual([
      ['accepted', 'Yes', 'Yes'],
      ['kept', 'Fair', 'Fair'],
    ]);

    // The record's read answers the new choice, and the agent reads the resolution by criterion name and choice.
    const read = (await w.qcA.get(`/api/qcReport/getqc/${record.id}`)).json<TQcRecord>();
    expect(read.scorecard?.criteria.find((c) => c.key === 'greet')).toMatchObject({ choice: 'Yes', marks: 10 });
    const review = await t.db
      .selectFrom('agentReviews')
      .select('resolvedMessage')
      .where('id', '=', dispute.reviewId)
      .executeTakeFirstOrThrow();
    expect(review.resolvedMessage).toContain('Greeting accepted: No (0) → Yes (10)');
    expect(review.resolvedMessage).toContain('Active listening kept at Fair (5) (Interrupted at 1:10)');
    expect(review.resolvedMessage).toContain(`New total 90 (${afterAnswer.grade})`);

    const escalated = await w.agentApi.post(`/api/disputes/${dispute.id}/escalate`, { reason: 'Listen at 1:10 again' });
    expect(escalated.status, escalated.text).toBe(200);
    const decided = await w.admin.put(`/api/disputes/${dispute.id}/decision`, {
      criteria: [{ criterion: 'listen', outcome: 'accepted', reason: 'No interruption heard' }],
    });
    expect(decided.status, decided.text).toBe(200);
    const final = await stored(record.id);
    expect(final.total).toBe(100);
    expect([final.total, final.grade]).toEqual([final.scored.total, final.scored.grade]);
    expect(final.marks.listen).toEqual({ choice: 'Good', marks: 10, comment: 'Paused twice' });
    expect(decided.json<TDispute>().criteria[1]).toMatchObject({
      decision: 'accepted',
      decidedChoice: 'Good',
      decidedMark: 10,
      finalChoice: 'Good',
    });
    // The record's history names the choices that changed.
    const edit = await t.db
      .selectFrom('auditLog')
      .select('changes')
      .where('objectType', '=', 'qcRecord')
      .where('objectId', '=', String(record.id))
      .where('action', '=', 'update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(edit.changes).toMatchObject({
      before: { total: 90, marks: { listen: 'Fair' } },
      after: { total: 100, marks: { listen: 'Good' } },
      note: `dispute ${dispute.id} decided`,
    });
  });

  it('sets another choice of the scale (changed); an auto-fail choice disputed away scores the record again', async () => {
    const { w, record } = await world();
    const dispute = await raise(w.agentApi, {
      qcId: record.id,
      comment: '',
      criteria: [{ criterion: 'listen', proposedChoice: 'Good', reason: 'Listened well' }],
    });
    await answer(w.qcA, dispute.id, {
      criteria: [{ criterion: 'listen', outcome: 'changed', choice: 'Poor', reason: 'Talked over the customer' }],
    });
    const after = await stored(record.id);
    // Handling 10 of 20 → 20; Opening 0; Close 30.
    expect([after.total, after.marks.listen?.choice]).toEqual([50, 'Poor']);
    expect([after.total, after.grade]).toEqual([after.scored.total, after.scored.grade]);

    // An auto-fail choice disputed away: the record is scored again, no longer failed.
    const failed = await threeSectionRecord(w, record.scorecardId, { compliance: 'Breach' });
    expect(failed.total).toBe(0);
    const d2 = await raise(w.agentApi, {
      qcId: failed.id,
      comment: '',
      criteria: [{ criterion: 'compliance', proposedChoice: 'Yes', reason: 'The script was read in full' }],
    });
    expect(d2.criteria[0]).toMatchObject({ name: 'Compliance', originalChoice: 'Breach', proposedChoice: 'Yes' });
    await answer(w.qcA, d2.id, { criteria: [{ criterion: 'compliance', outcome: 'accepted' }] });
    const cleared = await stored(failed.id);
    expect([cleared.total, cleared.scored.autoFailed]).toEqual([60, false]);
  });

  it('refuses, naming criteria as the version names them; nothing is stored', async () => {
    const { w, record } = await world();
    const refused = async (criteria: unknown, message: string | RegExp) => {
      const r = await w.agentApi.post('/api/disputes', { qcId: record.id, comment: 'x', criteria });
      expect(r.status, r.text).toBe(400);
      expect(r.json<{ message: string }>().message).toMatch(message);
    };
    await refused(
      [{ criterion: 'greetings', proposedChoice: 'Yes', reason: 'r' }],
      DISPUTE_MESSAGES.unknownCriterion(['greet', 'listen', 'solve', 'compliance', 'wrapup']),
    );
    await refused(
      [{ criterion: 'listen', proposedChoice: 'Great', reason: 'r' }],
      'Active listening must be one of Good (10), Fair (5), Poor (0)',
    );
    await refused(
      [{ criterion: 'listen', proposedChoice: 'Fair', reason: 'r' }],
      DISPUTE_MESSAGES.sameChoice('Active listening', 'Fair'),
    );
    await refused(
      [{ criterion: 'listen', proposedMark: 10, reason: 'r' }],
      DISPUTE_MESSAGES.standardMarkOnly('Active listening'),
    );
    await refused(
      [
        { criterion: 'greet', proposedChoice: 'Yes', reason: 'a' },
        { criterion: 'greet', proposedChoice: 'Yes', reason: 'b' },
      ],
      DISPUTE_MESSAGES.namedTwice('Greeting'),
    );
    await refused([{ criterion: 'greet', reason: 'r' }], DISPUTE_MESSAGES.chooseMark);
    expect(await t.db.selectFrom('agentReviews').select('id').where('qcId', '=', record.id).execute()).toEqual([]);

    const dispute = await raise(w.agentApi, greetAndListen(record.id));
    const wrong = async (criteria: unknown, message: string) => {
      const r = await w.qcA.put(`/api/disputes/${dispute.id}/answer`, { criteria });
      expect(r.status, r.text).toBe(400);
      expect(r.json<{ message: string }>().message).toBe(message);
    };
    const acceptGreet = { criterion: 'greet', outcome: 'accepted' };
    await wrong([acceptGreet], DISPUTE_MESSAGES.missingAnswer('Active listening'));
    await wrong([acceptGreet, { criterion: 'listen', outcome: 'kept' }], DISPUTE_MESSAGES.sayWhy('Active listening'));
    await wrong(
      [acceptGreet, { criterion: 'listen', outcome: 'changed', reason: 'x' }],
      DISPUTE_MESSAGES.chooseToSet('Active listening'),
    );
    await wrong(
      [acceptGreet, { criterion: 'listen', outcome: 'changed', choice: 'Fair', reason: 'x' }],
      'Active listening: "Fair" is the mark as scored; choose Keep',
    );
    await wrong(
      [acceptGreet, { criterion: 'listen', outcome: 'changed', choice: 'Good', reason: 'x' }],
      'Active listening: "Good" is the proposed mark; choose Accept',
    );
    await wrong(
      [acceptGreet, { criterion: 'solve', outcome: 'kept', reason: 'x' }],
      DISPUTE_MESSAGES.notDisputed('Resolution'),
    );
    const unchanged = await stored(record.id);
    expect([unchanged.total, unchanged.marks.greet?.choice]).toEqual([60, 'No']);
  });
});
