import { describe, expect, it } from 'vitest';
import type { TLogicRule, TQuestion, TRulesInUseReply } from '@crm/shared';
import { createCampaign, useTestApp, type Caller } from '../../test/harness.ts';
import { addQuestions, addSurvey, newQuestion, setRules } from '../../test/questions-support.ts';

const t = useTestApp();

const admin = (): Promise<Caller> => t.callerFor('admin');

function edit(q: TQuestion, changes: Record<string, unknown> = {}) {
  return {
    id: q.id,
    title: q.title,
    type: q.type,
    options: q.options,
    optionalValue: q.optionalValue,
    instruction: q.instruction,
    status: q.status,
    ...changes,
  };
}

async function rulesOf(questionId: number) {
  return t.db
    .selectFrom('logicRules')
    .select(['optionTitle', 'questionNoToShow', 'isCompletedCall'])
    .where('questionId', '=', questionId)
    .orderBy('id')
    .execute();
}

describe('PUT /questions/updateQuestion', () => {
  it('changes title, type, options, optional value, instruction and status, keeping qno and campaign', async () => {
    const api = await admin();
    const c = await createCampaign(t.db, { campaignName: 'Edit Survey' });
    const [q] = await addSurvey(api, c.campaignName, 1);
    if (!q) throw new Error('no question');
    const r = await api.put('/questions/updateQuestion', {
      ...edit(q, {
        title: 'Which brand do you smoke?',
        type: 'Multi Select Option',
        options: 'Gold Leaf, Benson, Derby',
        optionalValue: 'Brand',
        instruction: 'Do not read the options',
        status: 'false',
      }),
      qno: 'Q9',
      campaignId: 'Another Campaign',
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({
      ...q,
      title: 'Which brand do you smoke?',
      type: 'Multi Select Option',
      options: 'Gold Leaf, Benson, Derby',
      optionalValue: 'Brand',
      instruction: 'Do not read the options',
      status: false,
    });
    expect((await api.get(`/questions/getQuestion/${q.id}`)).body).toEqual(r.body);
  });

  it('refuses invalid fields naming them, and answers 404 for an unknown id', async () => {
    const api = await admin();
    const c = await createCampaign(t.db);
    const [q] = await addSurvey(api, c.campaignName, 1);
    if (!q) throw new Error('no question');
    const noOptions = await api.put('/questions/updateQuestion', edit(q, { options: 'Only' }));
    expect(noOptions.status).toBe(400);
    expect(noOptions.json<{ message: string }>().message).toBe('body.options: options need at least two choices');
    const noTitle = await api.put('/questions/updateQuestion', edit(q, { title: '' }));
    expect(noTitle.json<{ message: string }>().message).toBe('body.title: title is required');
    const badType = await api.put('/questions/updateQuestion', edit(q, { type: 'Date' }));
    expect(badType.status).toBe(400);
    expect(badType.json<{ message: string }>().message).toMatch(/^body\.type: type must be one of/);
    const missing = await api.put('/questions/updateQuestion', edit(q, { id: 999999 }));
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Question 999999 does not exist' });
  });

  it('refuses to drop an option that rules use, listing those rules, and deletes them with the edit once confirmed', async () => {
    const api = await admin();
    const c = await createCampaign(t.db);
    const [q1, q2, q3] = await addSurvey(api, c.campaignName, 3);
    if (!q1 || !q2 || !q3) throw new Error('no questions');
    const rules = await setRules(api, [
      { questionId: q1.id, optionTitle: 'Yes', questionNoToShow: q3.id, isCompletedCall: null },
      { questionId: q1.id, optionTitle: 'No', questionNoToShow: null, isCompletedCall: 0 },
      { questionId: q1.id, optionTitle: 'Maybe', questionNoToShow: q2.id, isCompletedCall: null },
    ]);
    const change = edit(q1, { options: 'Yes, Not sure' });

    const refused = await api.put('/questions/updateQuestion', change);
    expect(refused.status).toBe(409);
    const reply = refused.json<TRulesInUseReply>();
    expect(reply.message).toBe('These rules use options you removed: No, Maybe');
    expect(reply.rules).toEqual([rules[1], rules[2]]);
    expect((await api.get(`/questions/getQuestion/${q1.id}`)).json<TQuestion>().options).toBe('Yes, No, Maybe');
    expect(await rulesOf(q1.id)).toHaveLength(3);

    const confirmed = await api.put('/questions/updateQuestion', { ...change, confirm: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json<TQuestion>().options).toBe('Yes, Not sure');
    expect(await rulesOf(q1.id)).toEqual([{ optionTitle: 'Yes', questionNoToShow: q3.id, isCompletedCall: null }]);
  });

  it('lets options change freely when no rule uses the ones removed', async () => {
    const api = await admin();
    const c = await createCampaign(t.db);
    const [q1, q2] = await addSurvey(api, c.campaignName, 2);
    if (!q1 || !q2) throw new Error('no questions');
    await setRules(api, [{ questionId: q1.id, optionTitle: 'Yes', questionNoToShow: q2.id, isCompletedCall: null }]);
    const r = await api.put('/questions/updateQuestion', edit(q1, { options: 'Yes, No, Later' }));
    expect(r.status).toBe(200);
    expect(await rulesOf(q1.id)).toHaveLength(1);
  });

  it('counts a whole-question rule as unfit once the question gets options', async () => {
    const api = await admin();
    const c = await createCampaign(t.db);
    const [text, next] = await addQuestions(api, [
      newQuestion(c.campaignName, { type: 'Text Input', options: '' }),
      newQuestion(c.campaignName),
    ]);
    if (!text || !next) throw new Error('no questions');
    const [rule] = await setRules(api, [
      { questionId: text.id, optionTitle: null, questionNoToShow: next.id, isCompletedCall: null },
    ]);
    const r = await api.put('/questions/updateQuestion', edit(text, { type: 'Select Option', options: 'Yes, No' }));
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ message: 'These rules use options you removed: Any answer', rules: [rule] });
  });
});

describe('deleting a question', () => {
  it('says how many rules go with it, then deletes its rules and the rules jumping to it, and keeps lead answers', async () => {
    const api = await admin();
    const c = await createCampaign(t.db);
    const [q1, q2, q3] = await addSurvey(api, c.campaignName, 3);
    if (!q1 || !q2 || !q3) throw new Error('no questions');
    await setRules(api, [
      { questionId: q1.id, optionTitle: 'Yes', questionNoToShow: q2.id, isCompletedCall: null },
      { questionId: q1.id, optionTitle: 'No', questionNoToShow: q3.id, isCompletedCall: null },
    ]);
    await setRules(api, [
      { questionId: q2.id, optionTitle: 'Yes', questionNoToShow: q3.id, isCompletedCall: null },
      { questionId: q2.id, optionTitle: 'No', questionNoToShow: null, isCompletedCall: 1 },
    ]);
    const keep = await setRules(api, [
      { questionId: q3.id, optionTitle: 'Yes', questionNoToShow: q1.id, isCompletedCall: null },
    ]);
    await t.db
      .insertInto('leads')
      .values({ campaignId: c.id, cellNumber: '01711000001', dataDate: '2025-03-01', answers: { Q1: 'Yes', Q2: 'No' } })
      .execute();

    expect((await api.get(`/questions/deleteImpact/${q2.id}`)).body).toEqual({ rules: 3, conditions: [] });
    const r = await api.delete(`/questions/deleteQuestion/${q2.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ deletedRules: 3 });

    expect(await rulesOf(q1.id)).toEqual([{ optionTitle: 'No', questionNoToShow: q3.id, isCompletedCall: null }]);
    expect((await api.get(`/api/logic?questionId=${q3.id}`)).json<TLogicRule[]>()).toEqual(keep);
    expect((await api.get(`/questions/getQuestion/${q2.id}`)).status).toBe(404);
    const lead = await t.db
      .selectFrom('leads')
      .select('answers')
      .where('campaignId', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(lead.answers).toEqual({ Q1: 'Yes', Q2: 'No' });
  });

  it('answers 404 for an unknown question', async () => {
    const api = await admin();
    expect((await api.get('/questions/deleteImpact/999999')).status).toBe(404);
    const r = await api.delete('/questions/deleteQuestion/999999');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ message: 'Question 999999 does not exist' });
  });
});

describe('deleting a campaign that has questions', () => {
  it('is refused with the number of questions, and allowed once they are gone', async () => {
    const api = await admin();
    const c = await createCampaign(t.db, { campaignName: 'Surveyed Campaign' });
    const questions = await addSurvey(api, c.campaignName, 12);
    const refused = await api.delete(`/cc/delete/${c.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: 'Campaign "Surveyed Campaign" still has 12 questions. Delete them first.',
    });
    for (const q of questions) expect((await api.delete(`/questions/deleteQuestion/${q.id}`)).status).toBe(200);
    expect((await api.delete(`/cc/delete/${c.id}`)).status).toBe(204);
  });

  it('names questions together with a data table', async () => {
    const api = await admin();
    const c = await createCampaign(t.db, { campaignName: 'Table And Questions' });
    await addSurvey(api, c.campaignName, 1);
    await t.db
      .insertInto('dataTables')
      .values({ campaignId: c.id, name: c.campaignName, columns: ['Outlet'] })
      .execute();
    const r = await api.delete(`/cc/delete/${c.id}`);
    expect(r.body).toEqual({
      message: 'Campaign "Table And Questions" still has a data table and 1 question. Delete those first.',
    });
  });
});
