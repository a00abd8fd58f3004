import { describe, expect, it } from 'vitest';
import {
  findEndlessLoops,
  GENERATED_FOR_D,
  nextStep,
  optionsProblem,
  QUESTION_TYPES,
  textPlaceholders,
  type TLogicRule,
  type TLookedUpLead,
  type TQuestion,
} from '@crm/shared';
import { useTestApp } from '../test/harness.ts';
import { seedDemo } from './seed.ts';
import { DEMO_SURVEYS } from './survey-content.ts';
import { seedSurvey } from './survey.ts';
import { allowDemoSeedTime } from '../test/demo-timeout.ts';

allowDemoSeedTime();

const t = useTestApp();

describe('demo surveys', () => {
  it('gives each demo campaign a valid 8–12 question survey with working rules, and loads twice without duplicating', async () => {
    await seedDemo(t.db);
    await seedSurvey(t.db);
    const count = async () =>
      Promise.all([
        t.db
          .selectFrom('questions')
          .select((e) => e.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
        t.db
          .selectFrom('logicRules')
          .select((e) => e.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
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
      expect(
        rules.some((r) => r.isCompletedCall === 1),
        campaignName,
      ).toBe(true);
      expect(
        rules.some((r) => r.questionNoToShow !== null),
        campaignName,
      ).toBe(true);
      expect(findEndlessLoops(questions, rules), campaignName).toEqual([]);
      // The server's own checks accept every question's rules as they are.
      for (const q of questions) {
        const own = rules.filter((r) => r.questionId === q.id);
        if (own.length === 0) continue;
        const r = await api.put('/api/logic/updateLogic', { questionId: q.id, rules: own });
        expect(r.status, `${campaignName} ${q.qno}: ${r.text}`).toBe(200);
      }
      // The next qno follows the demo's questions.
      const [added] = (
        await api.post('/questions/add', [{ campaignId: campaignName, title: 'Extra', type: 'Number' }])
      ).json<TQuestion[]>();
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

  it("names lead fields and earlier answers the server accepts, and the lookup fills them with the lead's values", async () => {
    await seedDemo(t.db);
    await seedSurvey(t.db);
    const api = await t.callerFor('admin');
    const questions = (await api.get('/questions/getToSetLogic/Spring%20Survey')).json<TQuestion[]>();
    const first = questions.find((q) => q.qno === 'Q1');
    expect(first?.title).toMatch(/May I speak with \{respondent_name\}\?$/);
    // Every demo text with a placeholder is saved again as it is: the server's own check accepts it.
    for (const campaignName of Object.keys(DEMO_SURVEYS)) {
      for (const q of (await api.get(`/questions/getToSetLogic/${encodeURIComponent(campaignName)}`)).json<
        TQuestion[]
      >()) {
        if ([q.title, q.options, q.instruction ?? ''].every((text) => textPlaceholders(text).length === 0)) continue;
        const r = await api.put('/questions/updateQuestion', {
          id: q.id,
          title: q.title,
          type: q.type,
          options: q.options,
          optionalValue: q.optionalValue,
          instruction: q.instruction,
          status: q.status,
        });
        expect(r.status, `${campaignName} ${q.qno}: ${r.text}`).toBe(200);
      }
    }
    const lead = await t.db
      .selectFrom('leads')
      .innerJoin('campaigns', 'campaigns.id', 'leads.campaignId')
      .select(['leads.cellNumber', 'leads.respondentName', 'leads.brand'])
      .where('campaigns.campaignName', '=', 'Spring Survey')
      .where('leads.forD', '=', GENERATED_FOR_D)
      .where('leads.respondentName', 'is not', null)
      .orderBy('leads.id')
      .executeTakeFirstOrThrow();
    const found = (
      await (
        await t.callerFor('qc')
      ).get(`/api/ap/getByNumber?tableName=Spring%20Survey&cellNumber=${encodeURIComponent(lead.cellNumber)}`)
    ).json<TLookedUpLead>();
    const filled = found.survey?.find((q) => q.qno === 'Q1');
    expect(filled?.titleFilled).toBe(
      `Assalamu alaikum. I am calling from CallDesk on behalf of ${lead.brand}. May I speak with ${lead.respondentName}?`,
    );
  });
});
