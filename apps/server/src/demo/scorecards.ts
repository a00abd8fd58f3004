// Demo scorecards (docs/scorecards.md): Customer Care scored on the client's own form, a published 3-section weighted
// scorecard with an N/A and an auto-fail criterion, three weeks of its scored calls, and a draft next version to try
// what-if on. Runs once: nothing is added when a scorecard other than the built-in exists.
import { sql } from 'kysely';
import {
  ZScorecardDefinition,
  addDays,
  localDayText,
  machineTimeZone,
  scoreMarks,
  storedMarksOf,
  type TScorecardMark,
} from '@crm/shared';
import type { Db } from '../db/schema.ts';
import { DEMO_AGENTS, DEMO_QC_INSPECTORS } from './agents.ts';
import { DEMO_CAMPAIGNS, DEMO_USERS } from './base.ts';

const DAYS = 21;

const yesNo = (yes: number) => [
  { label: 'Yes', marks: yes },
  { label: 'No', marks: 0 },
];

/** The client's form: Opening 20 %, Survey 60 %, Compliance 20 %; Verify may be N/A; a consent breach fails the call. */
export const DEMO_SCORECARD = ZScorecardDefinition.parse({
  name: 'Customer Care client form',
  description: "The client's own evaluation form for Customer Care calls.",
  scoringMode: 'weighted',
  passMark: 80,
  autoFailResult: 'zeroTotal',
  gradeBands: [
    { name: 'Excellent', from: 90 },
    { name: 'Good', from: 80 },
    { name: 'Needs coaching', from: 0 },
  ],
  sections: [
    {
      name: 'Opening',
      weight: 20,
      criteria: [
        { key: 'greeting', name: 'Greeting', question: 'Did the agent greet with the brand line?', choices: yesNo(10) },
        {
          key: 'verifyIdentity',
          name: 'Verify identity',
          question: 'Did the agent verify the caller (account holders only)?',
          guidance: 'N/A when the caller is not an account holder.',
          choices: yesNo(10),
          allowNa: true,
        },
      ],
    },
    {
      name: 'Survey',
      weight: 60,
      criteria: [
        {
          key: 'questionOrder',
          name: 'Question order',
          question: 'Were the questions asked in order, as written?',
          choices: [
            { label: 'Yes', marks: 20 },
            { label: 'Partly', marks: 10 },
            { label: 'No', marks: 0 },
          ],
          commentRequired: true,
        },
        { key: 'probing', name: 'Probing', question: 'Did the agent probe open answers?', choices: yesNo(20) },
        {
          key: 'hold',
          name: 'Hold etiquette',
          question: 'Was every hold under 30 seconds and announced?',
          choices: yesNo(10),
          tags: ['hold'],
        },
      ],
    },
    {
      name: 'Compliance',
      weight: 20,
      criteria: [
        {
          key: 'consent',
          name: 'Recording consent',
          question: 'Did the agent say the call is recorded before the survey?',
          choices: [
            { label: 'Yes', marks: 10 },
            { label: 'Breach', marks: 0 },
          ],
          autoFailChoice: 'Breach',
        },
      ],
    },
  ],
});
const COMMENTS = ['Did not read the reference back', 'Talked over the caller', 'Left the caller waiting'];

export async function seedScorecardsDemo(db: Db, timeZone = machineTimeZone()): Promise<{ records: number } | null> {
  if (await db.selectFrom('scorecards').select('id').where('builtIn', '=', false).limit(1).executeTakeFirst())
    return null;
  const campaign = await db
    .selectFrom('campaigns')
    .select(['id', 'campaignName'])
    .where('campaignName', '=', DEMO_CAMPAIGNS[1].campaignName)
    .executeTakeFirst();
  const inspectors = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('username', 'in', [
      ...DEMO_USERS.filter((u) => u.role === 'qc').map((u) => u.username),
      ...DEMO_QC_INSPECTORS.map((u) => u.username),
    ])
    .orderBy('id')
    .execute();
  const agents = await db
    .selectFrom('users')
    .innerJoin('agents', 'agents.userId', 'users.id')
    .select(['users.id', 'users.username', 'users.name'])
    .where(
      'users.username',
      'in',
      DEMO_AGENTS.map((a) => a.agentId),
    )
    .orderBy('users.id')
    .limit(4)
    .execute();
  if (!campaign || inspectors.length === 0 || agents.length === 0) return null;

  const today = localDayText(new Date(), timeZone);
  let records = 0;
  await db.transaction().execute(async (trx) => {
    const definition = JSON.stringify(DEMO_SCORECARD);
    const publishedAt = new Date(Date.now() - (DAYS + 2) * 86_400_000);
    const { rows } = await sql<{ id: number }>`
      insert into scorecards (id, scorecard_id, version, name, state, definition, created_by, published_at)
      select v.id, v.id, 1, ${DEMO_SCORECARD.name}, 'published', ${definition}::jsonb, 'admin', ${publishedAt}
      from (select nextval('scorecards_id_seq')::integer as id) v
      returning id`.execute(trx);
    const v1 = rows[0]!;
    // The next version, a draft: Consent's weight raised, what an admin checks with what-if before publishing.
    const next = structuredClone(DEMO_SCORECARD);
    next.sections = next.sections.map((s) => ({
      ...s,
      weight: s.name === 'Compliance' ? 30 : s.name === 'Survey' ? 50 : s.weight,
    }));
    await trx
      .insertInto('scorecards')
      .values({
        scorecardId: v1.id,
        version: 2,
        name: DEMO_SCORECARD.name,
        state: 'draft',
        definition: JSON.stringify(next),
        createdBy: 'admin',
      })
      .execute();
    await trx
      .insertInto('campaignScorecards')
      .values({ campaignId: campaign.id, inHouseId: v1.id, clientId: v1.id, updatedBy: 'admin' })
      .execute();

    let seed = 36;
    const random = () => (seed = (seed * 16807) % 2_147_483_647) / 2_147_483_647;
    for (let day = DAYS; day >= 1; day -= 1) {
      for (let i = 0; i < 2; i += 1) {
        const agent = agents[(day + i) % agents.length]!;
        const inspector = inspectors[(day * 2 + i) % inspectors.length]!;
        const marks: TScorecardMark[] = DEMO_SCORECARD.sections.flatMap((s) =>
          s.criteria.map((c) => {
            const ordered = [...c.choices].sort((a, b) => b.marks - a.marks);
            const slip = c.autoFailChoice ? random() < 0.04 : random() < 0.25;
            const failed = c.autoFailChoice ? ordered.find((o) => o.label === c.autoFailChoice) : undefined;
            const choice =
              c.allowNa && random() < 0.2 ? null : slip ? (failed ?? ordered[ordered.length - 1]!) : ordered[0]!;
            const comment = choice && choice.marks < ordered[0]!.marks ? COMMENTS[(day + i) % COMMENTS.length]! : '';
            return { key: c.key, choice: choice?.label ?? null, comment };
          }),
        );
        const result = scoreMarks(DEMO_SCORECARD, marks);
        const scoredAt = new Date(Date.now() - (day - 1) * 86_400_000);
        await trx
          .insertInto('qcRecords')
          .values({
            kind: i === 0 ? 'in-house' : 'client',
            callDate: addDays(today, -day),
            agentUserId: agent.id,
            agentId: agent.username,
            agentName: agent.name,
            campaignId: campaign.id,
            campaignName: campaign.campaignName,
            consumerNumber: `+88017${String(55_000_000 + day * 10 + i).padStart(8, '0')}`,
            duration: 120 + day * 7,
            qcInspectorId: inspector.id,
            qcInspector: inspector.username,
            scorecardId: v1.id,
            marks: JSON.stringify(storedMarksOf(result)),
            total: result.total,
            agentGrade: result.grade,
            fatalReason: '',
            easVoiceMatchedWithReport: 'yes',
            suggestion: result.passed ? 'Good call' : 'Listen to the call again with your team lead',
            createdAt: scoredAt,
            updatedAt: scoredAt,
          })
          .execute();
        records += 1;
      }
    }
  });
  return { records };
}
