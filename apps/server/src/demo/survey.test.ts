import { describe, expect, it } from 'vitest';
import { findEndlessLoops, nextStep, optionsProblem, QUESTION_TYPES, type TLogicRule, type TQuestion } from '@crm/shared';
import { useTestApp } from '../test/harness.ts';
import { seedDemo } from './seed.ts';
import { DEMO_SURVEYS } from './survey-content.ts';
import { seedSurvey } from './survey.ts';

const t = useTestApp();

describe('demo surveys', () => {
  it('gives each demo campaign a valid 8–12 question survey with working rules, and loads twice without duplicating', async () => {
    await seedDemo(t.db);
    await seedSurvey(t.db);
    const count = async () =>
      Promise.all([
        t.db.selectFrom('questions').select((e) => e.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        t.db.selectFrom('logicRules').select((e) => e.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
    const before = await count();
    await seedSurvey(t.db);
    expect(await count()).toEqual(before);

    const api = await t.callerFor('admin');
    const typesSeen = new Set<string>();
    for (const campaignName of Object.keys(DEMO_SURVEYS)) {
      const name = encodeURIComponent(campaignName);
      const questions = (await api.get(`/questions/getToSetLogic/${name}`)).json<TQuestion[]>();
      const rules = (await api.get(`/api/logic/getAllCampaignLogic?campaignName=${name}`)).json<TLogicRule[]>();
      expect(questions.length, campaignName).toBeGreaterThanOrEqual(8);
      expect(questions.length, campaignName).toBeLessThanOrEqual(12);
      expect(new Set(questions.map((q) => q.type)).size, campaignName).toBeGreaterThanOrEqual(4);
      questions.forEach((q) => typesSeen.add(q.type));
      for (const q of questions) expect(optionsProblem(q.type, q.options), `${campaignName} ${q.qno}`).toBeUndefined();
      expect(rules.some((r) => r.isCompletedCall === 1), campaignName).toBe(true);
      expect(rules.some((r) => r.questionNoToShow !== null), campaignName).toBe(true);
      expect(findEndlessLoops(questions, rules), campaignName).toEqual([]);
      // The server's own checks accept every question's rules as they are.
      for (const q of questions) {
        const own = rules.filter((r) => r.questionId === q.id);
        if (own.length === 0) continue;
        const r = await api.put('/api/logic/updateLogic', { questionId: q.id, rules: own });
        expect(r.status, `${campaignName} ${q.qno}: ${r.text}`).toBe(200);
      }
      // The next qno follows the demo's questions.
      const [added] = (await api.post('/questions/add', [{ campaignId: campaignName, title: 'Extra', type: 'Number' }])).json<TQuestion[]>();
      expect(added?.qno).toBe(`Q${questions.length + 1}`);
      await api.delete(`/questions/deleteQuestion/${added?.id}`);
    }
    expect([...typesSeen].sort()).toEqual([...QUESTION_TYPES].sort());
  });

  it('ends the Spring Survey, not completed, when the respondent did not receive the product', async () => {
    await seedDemo(t.db);
    await seedSurvey(t.db);
    const api = await t.callerFor('admin');
    const questions = (await api.get('/questions/getToSetLogic/Spring%20Survey')).json<TQuestion[]>();
    const rules = (await api.get('/api/logic/getAllCampaignLogic?campaignName=Spring%20Survey')).json<TLogicRule[]>();
    const received = questions.find((q) => q.title.startsWith('Did you receive'));
    if (!received) throw new Error('no product question');
    expect(nextStep(questions, rules, received.id, 'No')).toEqual({ kind: 'end', isCalled: 0 });
    const following = questions.find((q) => q.qno === `Q${Number(received.qno.slice(1)) + 1}`);
    expect(nextStep(questions, rules, received.id, 'Yes')).toEqual({ kind: 'question', questionId: following?.id });
    const last = questions.at(-1);
    if (!last) throw new Error('no questions');
    expect(nextStep(questions, rules, last.id, 'Thank you')).toEqual({ kind: 'end', isCalled: 1 });
  });
});
