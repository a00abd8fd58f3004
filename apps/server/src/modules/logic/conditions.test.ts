// "Show only if" conditions over the API (issue 22): set, read in words by the campaign's readers, refused whole with
// every problem named (later, foreign or deleted questions, unknown fields, numbers on non-Number answers, options not
// offered), removed, audited.
import { describe, expect, it } from 'vitest';
import type { TQuestion, TQuestionCondition, TShowIf } from '@crm/shared';
import { createCampaign, useTestApp, type Caller } from '../../test/harness.ts';
import { addQuestions, newQuestion } from '../../test/questions-support.ts';

const t = useTestApp();

/** A campaign with Q1 (Yes/No), Q2 (Number), Q3 (Text Input). */
async function survey(admin: Caller): Promise<{ campaignName: string; q: [TQuestion, TQuestion, TQuestion] }> {
  const c = await createCampaign(t.db);
  const q = await addQuestions(admin, [
    newQuestion(c.campaignName, { title: 'Do you smoke?', options: 'Yes, No' }),
    newQuestion(c.campaignName, { title: 'How many a day?', type: 'Number', options: '' }),
    newQuestion(c.campaignName, { title: 'Which brand?', type: 'Text Input', options: '' }),
  ]);
  return { campaignName: c.campaignName, q: q as [TQuestion, TQuestion, TQuestion] };
}

const answer = (q: TQuestion) => ({ kind: 'answer' as const, questionId: q.id });
const message = (r: { json: <T>() => T }) => r.json<{ message: string }>().message;

describe('question conditions', () => {
  it("are set, read in words by the campaign's readers, replaced and removed, each change audited", async () => {
    const admin = await t.callerFor('admin');
    const { campaignName, q } = await survey(admin);
    const [q1, q2, q3] = q;
    const showIf: TShowIf = {
      join: 'and',
      items: [
        { subject: answer(q1), operator: 'is', value: 'Yes' },
        {
          join: 'or',
          items: [
            { subject: { kind: 'field', name: 'region' }, operator: 'is', value: 'Dhaka' },
            { subject: answer(q2), operator: 'gt', number: 5 },
          ],
        },
      ],
    };
    const set = await admin.put(`/api/logic/conditions/${q3.id}`, { showIf });
    expect(set.status, set.text).toBe(200);
    expect(set.json<TQuestionCondition[]>()).toMatchObject([
      {
        questionId: q3.id,
        qno: q3.qno,
        showIf,
        words: `${q1.qno} is "Yes" and (region is "Dhaka" or ${q2.qno} is greater than 5)`,
      },
    ]);

    const url = `/api/logic/conditions?campaignName=${encodeURIComponent(campaignName)}`;
    const agent = await t.callerFor('agent', { campaign: campaignName });
    expect((await agent.get(url)).json<TQuestionCondition[]>().map((c) => c.questionId)).toEqual([q3.id]);
    expect((await (await t.callerFor('qc')).get(url)).status).toBe(200);
    const other = await createCampaign(t.db);
    expect((await (await t.callerFor('agent', { campaign: other.campaignName })).get(url)).status).toBe(403);
    expect((await agent.put(`/api/logic/conditions/${q3.id}`, { showIf: null })).status).toBe(403);

    const replaced = await admin.put(`/api/logic/conditions/${q2.id}`, {
      showIf: { join: 'and', items: [{ subject: answer(q1), operator: 'notAnswered' }] },
    });
    expect(replaced.json<TQuestionCondition[]>().map((c) => c.qno)).toEqual([q2.qno, q3.qno]);
    const removed = await admin.put(`/api/logic/conditions/${q3.id}`, { showIf: null });
    expect(removed.json<TQuestionCondition[]>().map((c) => c.qno)).toEqual([q2.qno]);

    const audit = await t.db
      .selectFrom('auditLog')
      .select(['objectId', 'changes'])
      .where('objectType', '=', 'question')
      .where('objectId', '=', String(q3.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.changes).filter((c) => c?.note === 'show only if')).toEqual([
      { before: { showIf: null }, after: { showIf }, note: 'show only if' },
      { before: { showIf }, after: { showIf: null }, note: 'show only if' },
    ]);
  });

  it('refuses a condition whole, naming every problem, and keeps the one stored', async () => {
    const admin = await t.callerFor('admin');
    const { q } = await survey(admin);
    const [q1, q2, q3] = q;
    const foreign = (await survey(admin)).q[0];
    const good: TShowIf = { join: 'and', items: [{ subject: answer(q1), operator: 'is', value: 'No' }] };
    expect((await admin.put(`/api/logic/conditions/${q2.id}`, { showIf: good })).status).toBe(200);

    const bad: TShowIf = {
      join: 'or',
      items: [
        { subject: answer(q3), operator: 'answered' },
        { subject: answer(foreign), operator: 'is', value: 'Yes' },
        { subject: { kind: 'field', name: 'shop' }, operator: 'is', value: 'A' },
        { subject: answer(q1), operator: 'gt', number: 2 },
        { subject: answer(q1), operator: 'anyOf', values: ['Maybe'] },
      ],
    };
    const r = await admin.put(`/api/logic/conditions/${q2.id}`, { showIf: bad });
    expect(r.status).toBe(400);
    expect(message(r)).toBe(
      `The condition of ${q2.qno} cannot be saved: ${q3.qno} does not come before ${q2.qno}: a condition can only use earlier answers. ` +
        "The condition refers to a question that is not in this campaign (another campaign's, or deleted). " +
        `"shop" is not a lead field of this campaign. ${q1.qno} is not a Number question: it cannot be greater or less than a number. "Maybe" is not an option of ${q1.qno}.`,
    );
    const kept = await t.db
      .selectFrom('questionConditions')
      .select('showIf')
      .where('questionId', '=', q2.id)
      .executeTakeFirstOrThrow();
    expect(kept.showIf).toEqual(good);

    // A campaign's own data-table columns are lead fields too.
    const campaign = await t.db
      .selectFrom('questions')
      .select('campaignId')
      .where('id', '=', q1.id)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('dataTables')
      .values({ campaignId: campaign.campaignId, name: 'Outlets', columns: ['Outlet name'] })
      .execute();
    const byColumn = await admin.put(`/api/logic/conditions/${q2.id}`, {
      showIf: { join: 'and', items: [{ subject: { kind: 'field', name: 'outlet name' }, operator: 'answered' }] },
    });
    expect(byColumn.status, byColumn.text).toBe(200);
    const malformed = await admin.put(`/api/logic/conditions/${q2.id}`, { showIf: { join: 'and', items: [] } });
    expect(malformed.status).toBe(400);
    expect((await admin.put('/api/logic/conditions/999999', { showIf: good })).status).toBe(404);
  });
});

describe('a question a condition uses', () => {
  it('is not deleted while the condition names it; the impact lists the conditions; once removed it goes', async () => {
    const admin = await t.callerFor('admin');
    const { q } = await survey(admin);
    const [q1, q2, q3] = q;
    await admin.put(`/api/logic/conditions/${q2.id}`, {
      showIf: { join: 'and', items: [{ subject: answer(q1), operator: 'is', value: 'Yes' }] },
    });
    await admin.put(`/api/logic/conditions/${q3.id}`, {
      showIf: {
        join: 'or',
        items: [
          { subject: answer(q2), operator: 'answered' },
          { join: 'and', items: [{ subject: answer(q1), operator: 'notAnswered' }] },
        ],
      },
    });

    const impact = await admin.get(`/questions/deleteImpact/${q1.id}`);
    expect(impact.json<{ conditions: string[] }>().conditions).toEqual([
      `${q2.qno} (show only if ${q1.qno} is "Yes")`,
      `${q3.qno} (show only if ${q2.qno} is answered or ${q1.qno} is not answered)`,
    ]);
    const refused = await admin.delete(`/questions/deleteQuestion/${q1.id}`);
    expect(refused.status).toBe(409);
    expect(message(refused)).toBe(
      `${q1.qno} is used by the condition of ${q2.qno} (show only if ${q1.qno} is "Yes"); ${q3.qno} (show only if ${q2.qno} is answered or ${q1.qno} is not answered): change or remove those conditions first.`,
    );
    expect(await t.db.selectFrom('questions').select('id').where('id', '=', q1.id).executeTakeFirst()).toBeDefined();

    // The question's own condition goes with it; a question no condition names is deleted as before.
    expect((await admin.delete(`/questions/deleteQuestion/${q3.id}`)).status).toBe(200);
    expect(
      await t.db
        .selectFrom('questionConditions')
        .select('questionId')
        .where('questionId', '=', q3.id)
        .executeTakeFirst(),
    ).toBeUndefined();
    await admin.put(`/api/logic/conditions/${q2.id}`, { showIf: null });
    expect((await admin.get(`/questions/deleteImpact/${q1.id}`)).json<{ conditions: string[] }>().conditions).toEqual(
      [],
    );
    expect((await admin.delete(`/questions/deleteQuestion/${q1.id}`)).status).toBe(200);
  });
});
