// The demo's "show only if" conditions: listed by the API in words, accepted by the engine's own checks, seeded once,
// true on every path the demo's called leads took (their answers stay consistent), and hiding questions on new calls.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LEAD_COLUMNS,
  conditionHolds,
  conditionProblems,
  type TQuestion,
  type TQuestionCondition,
} from '@crm/shared';
import { useTestApp } from '../test/harness.ts';
import { DEMO_CONDITIONS, SAMPLE_REGIONS, seedConditionsDemo } from './conditions.ts';
import { seedDemo } from './seed.ts';
import { allowDemoSeedTime } from '../test/demo-timeout.ts';

allowDemoSeedTime();

const t = useTestApp();

async function campaignConditions(campaignName: string) {
  const api = await t.callerFor('admin');
  const name = encodeURIComponent(campaignName);
  const [questions, conditions] = await Promise.all([
    api.get(`/questions/getToSetLogic/${name}`).then((r) => r.json<TQuestion[]>()),
    api.get(`/api/logic/conditions?campaignName=${name}`).then((r) => r.json<TQuestionCondition[]>()),
  ]);
  return { questions, conditions };
}

describe('demo conditions', () => {
  it('puts a follow-up on a Yes, a region condition and an AND/OR group on the demo surveys, valid, once', async () => {
    await seedDemo(t.db);
    expect((await seedConditionsDemo(t.db)).added).toBe(0);
    const stored = await t.db
      .selectFrom('questionConditions')
      .select((e) => e.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(4);

    const words: string[] = [];
    for (const [campaignName, demo] of Object.entries(DEMO_CONDITIONS)) {
      const { questions, conditions } = await campaignConditions(campaignName);
      expect(
        conditions.map((c) => c.qno),
        campaignName,
      ).toEqual(demo.map((d) => `Q${d.qno}`));
      const table = await t.db
        .selectFrom('dataTables')
        .innerJoin('campaigns', 'campaigns.id', 'dataTables.campaignId')
        .select('columns')
        .where('campaigns.campaignName', '=', campaignName)
        .executeTakeFirst();
      const columns = [...DEFAULT_LEAD_COLUMNS, ...(table?.columns ?? [])];
      for (const c of conditions) {
        const owner = questions.find((q) => q.id === c.questionId);
        if (owner === undefined) throw new Error(`${campaignName}: no question ${c.questionId}`);
        expect(conditionProblems(owner, c.showIf, questions, columns), `${campaignName} ${c.qno}`).toEqual([]);
        words.push(`${campaignName} ${c.qno}: ${c.words}`);
      }
    }
    expect(words).toEqual([
      `Spring Survey Q3: region is any of ${SAMPLE_REGIONS.map((r) => `"${r}"`).join(', ')}`,
      'Spring Survey Q4: Q3 is "Yes"',
      'Customer Care Q5: Q3 is any of "Complaint", "Warranty claim"',
      'Eid Offer Callback Q9: Q2 is "Yes" and (Q7 is answered or Q8 is answered)',
    ]);
  });

  it("holds on every demo lead's answers, and hides the questions on new calls that do not meet it", async () => {
    await seedDemo(t.db);
    let checked = 0;
    for (const campaignName of Object.keys(DEMO_CONDITIONS)) {
      const { questions, conditions } = await campaignConditions(campaignName);
      const qnoOf = new Map(questions.map((q) => [q.id, q.qno]));
      const leads = await t.db
        .selectFrom('leads')
        .innerJoin('campaigns', 'campaigns.id', 'leads.campaignId')
        .select(['leads.id', 'leads.region', 'leads.answers'])
        .where('campaigns.campaignName', '=', campaignName)
        .where('leads.calledAt', 'is not', null)
        .execute();
      expect(leads.length, campaignName).toBeGreaterThan(0);
      for (const lead of leads) {
        const ctx = {
          answerOf: (id: number) => lead.answers[qnoOf.get(id) ?? ''],
          fieldOf: (name: string) => (name === 'region' ? (lead.region ?? undefined) : undefined),
        };
        for (const c of conditions) {
          if ((lead.answers[c.qno] ?? '') === '') continue;
          expect(conditionHolds(c.showIf, ctx), `${campaignName} lead ${lead.id} answered ${c.qno}`).toBe(true);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(20);

    // A new call: a lead of a region the sample packs did not reach skips Q3; a "No" to Q3 skips the follow-up Q4.
    const spring = await campaignConditions('Spring Survey');
    const q3 = spring.questions.find((q) => q.qno === 'Q3');
    const of = (qno: string) => spring.conditions.find((c) => c.qno === qno)?.showIf;
    const ctx = (region: string, q3Answer: string) => ({
      answerOf: (id: number) => (id === q3?.id ? q3Answer : undefined),
      fieldOf: (name: string) => (name === 'region' ? region : undefined),
    });
    expect(conditionHolds(of('Q3'), ctx('Barishal', ''))).toBe(false);
    expect(conditionHolds(of('Q3'), ctx('Dhaka', ''))).toBe(true);
    expect(conditionHolds(of('Q4'), ctx('Dhaka', 'No'))).toBe(false);
    expect(conditionHolds(of('Q4'), ctx('Dhaka', 'Yes'))).toBe(true);
  });
});
