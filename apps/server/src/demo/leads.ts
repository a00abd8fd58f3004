// Demo leads: a few thousand per demo campaign over four data dates, partly generated (two batches), partly
// called, with survey answers that follow each campaign's questions and logic rules through the survey engine.
import { sql } from 'kysely';
import { firstQuestion, nextStep, parseOptions, type TSurveyQuestion, type TSurveyRule } from '@crm/shared';
import type { Db } from '../db/schema.ts';
import { DEMO_DATA_TABLES } from './campaigns.ts';

const NAMES = [
  'Abdul Karim',
  'Fatema Begum',
  'Rafiqul Islam',
  'Nasrin Akter',
  'Shahidul Alam',
  'Taslima Khatun',
  'Mizanur Rahman',
  'Sharmin Sultana',
  'Jahangir Hossain',
  'Rokeya Parvin',
  'Anwar Hossain',
  'Shirin Akter',
  'মোঃ রফিক',
  'সালমা খাতুন',
];
const AREAS = [
  { region: 'Dhaka', territory: 'Mirpur', area: 'Mirpur-10' },
  { region: 'Dhaka', territory: 'Uttara', area: 'Sector 7' },
  { region: 'Chattogram', territory: 'Agrabad', area: 'Double Mooring' },
  { region: 'Rajshahi', territory: 'Boalia', area: 'Shaheb Bazar' },
  { region: 'Khulna', territory: 'Sonadanga', area: 'Moylapota' },
  { region: 'Sylhet', territory: 'Zindabazar', area: 'Amberkhana' },
];
const SELECTORS = ['Retailer', 'Consumer', 'Wholesaler'];
const TEXT_ANSWERS = ['Mirpur 10 bazar', 'Rahman Store', 'Not sure', 'From the local shop', 'Through a friend'];
const LONG_ANSWERS = [
  'Happy with the service.',
  'The delivery was late by two days.',
  'Asked for a call back in the evening.',
  'No further comments.',
];

/** Per campaign: the brand, and per data date how many leads, how many generated (then regenerated), how many of those called. */
export const DEMO_LEAD_PLAN = [
  {
    campaignName: 'Spring Survey',
    brand: 'Radiant Tea',
    dates: [
      { date: '2026-11-17', leads: 900, generated: 600, regenerated: 120, called: 540 },
      { date: '2026-11-18', leads: 900, generated: 600, regenerated: 0, called: 420 },
      { date: '2026-11-19', leads: 800, generated: 480, regenerated: 0, called: 90 },
      { date: '2026-11-20', leads: 800, generated: 0, regenerated: 0, called: 0 },
    ],
  },
  {
    campaignName: 'Customer Care',
    brand: 'Shapla Electronics',
    dates: [
      { date: '2026-11-18', leads: 1000, generated: 700, regenerated: 0, called: 500 },
      { date: '2026-11-19', leads: 1000, generated: 500, regenerated: 0, called: 120 },
      { date: '2026-11-20', leads: 900, generated: 0, regenerated: 0, called: 0 },
    ],
  },
  {
    campaignName: 'Eid Offer Callback',
    brand: 'Grameen Connect',
    dates: [
      { date: '2026-11-19', leads: 1200, generated: 800, regenerated: 100, called: 600 },
      { date: '2026-11-20', leads: 1200, generated: 0, regenerated: 0, called: 0 },
    ],
  },
] as const;

/** A small deterministic generator, so every run makes the same leads. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function pick<T>(items: readonly T[], r: () => number): T {
  return items[Math.floor(r() * items.length)] as T;
}

export type SurveyQuestion = TSurveyQuestion & { qno: string; options: string };

/** A plausible answer of the question's type (a list for a multi-select; '' for Plain Text, which takes none). */
function answerFor(question: SurveyQuestion, r: () => number): string | string[] {
  const options = parseOptions(question.options);
  switch (question.type) {
    case 'Select Option':
      return pick(options, r);
    case 'Multi Select Option': {
      const chosen = options.filter(() => r() < 0.35).slice(0, 3);
      return chosen.length > 0 ? chosen : [pick(options, r)];
    }
    case 'Text Input':
      return pick(TEXT_ANSWERS, r);
    case 'Textarea':
      return pick(LONG_ANSWERS, r);
    case 'Number':
      return String(1 + Math.floor(r() * 6));
    case 'Email':
      return `customer${Math.floor(r() * 900 + 100)}@example.com`;
    case 'Plain Text':
      return '';
  }
}

/** Walks the survey as an agent would, answering at random; returns the answers and whether the call completed. */
export function walkSurvey(
  questions: readonly SurveyQuestion[],
  rules: readonly TSurveyRule[],
  r: () => number,
  partial: boolean,
): { answers: Record<string, string>; isCalled: 0 | 1 } {
  const answers: Record<string, string> = {};
  let current = firstQuestion(questions);
  for (let steps = 0; current && steps < 50; steps += 1) {
    const answer = answerFor(current, r);
    if (partial && steps >= 2) {
      answers[current.qno] = 'Partial Call';
      return { answers, isCalled: 0 };
    }
    if (current.type !== 'Plain Text') answers[current.qno] = Array.isArray(answer) ? answer.join(', ') : answer;
    const step = nextStep(questions, rules, current.id, answer);
    if (step.kind === 'end') return { answers, isCalled: step.isCalled };
    current = questions.find((q) => q.id === step.questionId);
  }
  // Only a survey whose rules loop forever gets here: stop as a call not completed.
  return { answers, isCalled: 0 };
}

export async function loadSurvey(
  db: Db,
  campaignId: number,
): Promise<{ questions: SurveyQuestion[]; rules: TSurveyRule[] }> {
  const [questions, rules] = await Promise.all([
    db
      .selectFrom('questions')
      .select(['id', 'qno', 'type', 'options', 'status'])
      .where('campaignId', '=', campaignId)
      .execute(),
    db
      .selectFrom('logicRules')
      .select(['questionId', 'optionTitle', 'questionNoToShow', 'isCompletedCall'])
      .where('campaignId', '=', campaignId)
      .execute(),
  ]);
  return {
    questions: questions.map((q) => ({
      id: q.id,
      qno: `Q${q.qno}`,
      type: q.type,
      options: q.options.join(', '),
      status: q.status,
    })),
    rules: rules.map((r) => ({
      ...r,
      isCompletedCall: r.isCompletedCall === 0 || r.isCompletedCall === 1 ? r.isCompletedCall : null,
    })),
  };
}

function customValue(column: string, i: number, r: () => number): string {
  if (/no$/i.test(column)) return `T-${String(10_000 + i)}`;
  if (/time/i.test(column)) return pick(['Morning', 'Afternoon', 'Evening'], r);
  if (/recharge/i.test(column)) return `${pick([49, 99, 199, 299], r)} BDT`;
  return `${column} ${1 + Math.floor(r() * 40)}`;
}

/** Idempotent: a campaign that already has leads on a demo date keeps them as they are. */
export async function seedLeads(db: Db): Promise<void> {
  for (const [p, plan] of DEMO_LEAD_PLAN.entries()) {
    await db.transaction().execute(async (trx) => {
      const campaign = await trx
        .selectFrom('campaigns')
        .select('id')
        .where(sql<string>`lower(campaign_name)`, '=', plan.campaignName.toLowerCase())
        .executeTakeFirst();
      if (!campaign) return; // seedDemo makes the campaigns; without them there is nothing to attach leads to
      const survey = await loadSurvey(trx, campaign.id);
      const agents = await trx
        .selectFrom('users')
        .innerJoin('agents', 'agents.userId', 'users.id')
        .select('users.id')
        .where('users.active', '=', true)
        .orderBy('users.id')
        .execute();
      const columns = DEMO_DATA_TABLES.find((t) => t.campaignName === plan.campaignName)?.columns ?? [];
      for (const [d, day] of plan.dates.entries()) {
        const taken = await trx
          .selectFrom('leads')
          .select('id')
          .where('campaignId', '=', campaign.id)
          .where('dataDate', '=', day.date)
          .executeTakeFirst();
        if (taken) continue;
        const r = random(1000 * (p + 1) + d);
        const rows = Array.from({ length: day.leads }, (_, i) => {
          const generated = i < day.generated + day.regenerated;
          const called = generated && i < day.called;
          const walk = called
            ? walkSurvey(survey.questions, survey.rules, r, i % 17 === 0)
            : { answers: {}, isCalled: 0 as const };
          const agent = agents.length > 0 ? agents[i % agents.length]?.id : undefined;
          return {
            campaignId: campaign.id,
            did: `D${p + 1}${d}${String(i + 1).padStart(5, '0')}`,
            dataStatus: i % 11 === 5 ? 'invalid' : 'valid',
            brId: `BR-${(Math.floor(i / 3) % 6) + 1}`,
            ...AREAS[(i + d) % AREAS.length]!,
            respondentName: NAMES[(i * 5 + d) % NAMES.length]!,
            // Unique per campaign and date: +8801[3-9]xxxxxxxx.
            cellNumber: `+8801${3 + ((i + p) % 7)}${String(10_000_000 + p * 3_000_000 + d * 200_000 + i * 97).slice(-8)}`,
            dataDate: day.date,
            brand: plan.brand,
            targetSelector: SELECTORS[i % SELECTORS.length]!,
            forD: generated ? 'd' : '',
            generateStatus: !generated ? 0 : i < day.generated ? 1 : 2,
            isCalled: walk.isCalled,
            calledBy: called ? (agent ?? null) : null,
            calledAt: called
              ? new Date(
                  `${day.date}T${String(10 + (i % 8)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00+06:00`,
                )
              : null,
            fields: JSON.stringify(Object.fromEntries(columns.map((c) => [c, customValue(c, i, r)]))),
            answers: JSON.stringify(walk.answers),
          };
        });
        for (let start = 0; start < rows.length; start += 500) {
          await trx
            .insertInto('leads')
            .values(rows.slice(start, start + 500))
            .onConflict((oc) => oc.columns(['campaignId', 'dataDate', 'cellNumber']).doNothing())
            .execute();
        }
      }
    });
  }
}
