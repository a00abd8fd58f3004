// Demo data: "show only if" conditions on the demo surveys (issue 22; the rules are in domain/survey-conditions.ts):
// a follow-up on a Yes, one on the lead's region, one with an AND/OR group. Each holds on every path the demo's called
// leads took (they are walked without conditions), so their answers stay consistent; a condition only hides a question
// on a new call. Idempotent: a question that has a condition keeps it.
import { sql } from 'kysely';
import {
  DEFAULT_LEAD_COLUMNS,
  conditionProblems,
  formatQno,
  joinOptions,
  type TComparison,
  type TConditionGroup,
  type TShowIf,
} from '@crm/shared';
import type { Db } from '../db/schema.ts';

/** A condition written with Q numbers; the seeder turns them into the campaign's question ids. */
type DemoShowIf = (idOf: (qno: number) => number) => TShowIf;
export type DemoCondition = { qno: number; showIf: DemoShowIf; why: string };

const answer = (questionId: number) => ({ kind: 'answer' as const, questionId });
const is = (questionId: number, value: string): TComparison => ({ subject: answer(questionId), operator: 'is', value });
const answered = (questionId: number): TComparison => ({ subject: answer(questionId), operator: 'answered' });
const or = (...items: TComparison[]): TConditionGroup => ({ join: 'or', items });

/** The regions the demo's sample packs went out in: every demo lead's region (demo/leads.ts AREAS). */
export const SAMPLE_REGIONS = ['Dhaka', 'Chattogram', 'Rajshahi', 'Khulna', 'Sylhet'] as const;

export const DEMO_CONDITIONS: Readonly<Record<string, readonly DemoCondition[]>> = {
  'Spring Survey': [
    {
      qno: 3,
      why: 'the sample packs went out in five regions: a lead of another region is not asked about one',
      showIf: () => ({
        join: 'and',
        items: [{ subject: { kind: 'field', name: 'region' }, operator: 'anyOf', values: [...SAMPLE_REGIONS] }],
      }),
    },
    {
      qno: 4,
      why: 'a follow-up: who tried the tea, only when the sample pack came',
      showIf: (q) => ({ join: 'and', items: [is(q(3), 'Yes')] }),
    },
  ],
  'Customer Care': [
    {
      qno: 5,
      why: 'the warranty matters for a complaint or a claim only',
      showIf: (q) => ({
        join: 'and',
        items: [{ subject: answer(q(3)), operator: 'anyOf', values: ['Complaint', 'Warranty claim'] }],
      }),
    },
  ],
  'Eid Offer Callback': [
    {
      qno: 9,
      why: 'the SMS goes to a customer who talked now and answered the offer (chose a payment or said why not)',
      showIf: (q) => ({ join: 'and', items: [is(q(2), 'Yes'), or(answered(q(7)), answered(q(8)))] }),
    },
  ],
};

async function seedCampaignConditions(
  db: Db,
  campaignName: string,
  conditions: readonly DemoCondition[],
  by: string,
): Promise<number> {
  const campaign = await db
    .selectFrom('campaigns')
    .select('id')
    .where(sql<string>`lower(campaign_name)`, '=', campaignName.toLowerCase())
    .executeTakeFirst();
  if (campaign === undefined) return 0;
  const [rows, table] = await Promise.all([
    db.selectFrom('questions').select(['id', 'qno', 'type', 'options']).where('campaignId', '=', campaign.id).execute(),
    db.selectFrom('dataTables').select('columns').where('campaignId', '=', campaign.id).executeTakeFirst(),
  ]);
  const questions = rows.map((r) => ({
    id: r.id,
    qno: formatQno(r.qno),
    type: r.type,
    options: joinOptions(r.options),
  }));
  const columns = [...DEFAULT_LEAD_COLUMNS, ...(table?.columns ?? [])];
  let added = 0;
  for (const c of conditions) {
    const owner = questions.find((q) => q.qno === formatQno(c.qno));
    const idOf = (qno: number) => questions.find((q) => q.qno === formatQno(qno))?.id ?? 0;
    if (owner === undefined) continue;
    const showIf = c.showIf(idOf);
    // An admin's own survey under a demo campaign's name: a condition that does not fit it is left out.
    if (conditionProblems(owner, showIf, questions, columns).length > 0) continue;
    const inserted = await db
      .insertInto('questionConditions')
      .values({ questionId: owner.id, showIf: JSON.stringify(showIf), updatedBy: by })
      .onConflict((oc) => oc.column('questionId').doNothing())
      .executeTakeFirst();
    added += Number(inserted.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

/** After the surveys: each demo question of DEMO_CONDITIONS gets its condition unless it has one. */
export async function seedConditionsDemo(db: Db): Promise<{ added: number }> {
  const admin = await db
    .selectFrom('users')
    .select('username')
    .where('role', '=', 'admin')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  let added = 0;
  for (const [campaignName, conditions] of Object.entries(DEMO_CONDITIONS))
    added += await seedCampaignConditions(db, campaignName, conditions, admin?.username ?? 'admin');
  return { added };
}
