// Demo QC data: a month of in-house records (and client scorings of some calls) for the active demo agents by both
// demo inspectors, the demo recordings scored and linked, and reviews: concerns open, resolved, and agreements.
// Runs once: nothing is added when the database holds any QC record.
import {
  QC_CRITERIA,
  addDays,
  localDayText,
  machineTimeZone,
  qcTotal,
  startOfLocalDay,
  type TQcCriterionKey,
  type TQcScores,
} from '@crm/shared';
import type { Db } from '../db/schema.ts';
import { standardValues } from '../modules/qc/scoring.ts';
import { DEMO_AGENTS, DEMO_QC_INSPECTORS } from './agents.ts';
import { DEMO_CAMPAIGNS, DEMO_USERS } from './base.ts';

/** A recording the demo wrote, to be scored and linked (demo/recordings.ts). */
export type DemoRecording = {
  date: string;
  fileName: string;
  phoneNumber: string;
  agentId: string;
  durationSeconds: number;
};

const DAYS = 30;
const SUGGESTIONS = [
  'Good energy, keep it up',
  'Slow down when reading the questions',
  'Confirm the name before the survey',
  'Use the standard closing',
  'Ask permission before booking time',
  '',
];
const CONCERNS = [
  'The customer cut me off; I did greet them',
  'The hold was the system, not me',
  'I followed the survey order',
];

/** A small deterministic generator, so every demo database looks the same. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Mostly the best choice; agents differ in how often they slip (skill 0…1). */
function scoresFor(next: () => number, skill: number): TQcScores {
  const scores = {} as Record<TQcCriterionKey, number>;
  for (const c of QC_CRITERIA) {
    const ordered = [...c.scale].sort((a, b) => b.marks - a.marks);
    const slip = c.key === 'fatal' ? next() < 0.02 : next() > skill;
    const choice = slip ? (ordered[1 + Math.floor(next() * (ordered.length - 1))] ?? ordered[0]) : ordered[0];
    scores[c.key] = choice?.marks ?? 0;
  }
  return scores;
}

export async function seedQcDemo(
  db: Db,
  recordings: readonly DemoRecording[] = [],
  timeZone = machineTimeZone(),
): Promise<{ records: number; reviews: number } | null> {
  const today = localDayText(new Date(), timeZone);
  const any = await db.selectFrom('qcRecords').select('id').limit(1).executeTakeFirst();
  if (any) return null;
  const campaign = await db
    .selectFrom('campaigns')
    .select(['id', 'campaignName'])
    .where('campaignName', '=', DEMO_CAMPAIGNS[0].campaignName)
    .executeTakeFirst();
  const inspectorNames = [
    ...DEMO_USERS.filter((u) => u.role === 'qc').map((u) => u.username),
    ...DEMO_QC_INSPECTORS.map((u) => u.username),
  ];
  const inspectors = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('username', 'in', inspectorNames)
    .orderBy('username')
    .execute();
  const agents = await db
    .selectFrom('users')
    .select(['id', 'username', 'name'])
    .where(
      'username',
      'in',
      DEMO_AGENTS.filter((a) => a.active).map((a) => a.agentId),
    )
    .orderBy('username')
    .execute();
  const numbers = campaign
    ? (
        await db
          .selectFrom('leads')
          .select('cellNumber')
          .where('campaignId', '=', campaign.id)
          .orderBy('id')
          .limit(200)
          .execute()
      ).map((l) => l.cellNumber)
    : [];
  if (!campaign || inspectors.length === 0 || agents.length === 0 || numbers.length === 0) return null;

  const next = random(20_261_123);
  const skill = new Map(agents.map((a, i) => [a.username, [0.92, 0.8, 0.7, 0.86, 0.75][i % 5] ?? 0.8]));
  type Call = { date: string; agentIndex: number; number: string; duration: number; fileName: string | null };
  const calls: Call[] = [];
  for (let day = DAYS; day >= 1; day -= 1) {
    const perDay = 2 + Math.floor(next() * 3);
    for (let i = 0; i < perDay; i += 1) {
      calls.push({
        date: addDays(today, -day),
        agentIndex: Math.floor(next() * agents.length),
        number: numbers[calls.length % numbers.length] ?? '',
        duration: 60 + Math.floor(next() * 240),
        fileName: null,
      });
    }
  }
  for (const r of recordings) {
    const agentIndex = agents.findIndex((a) => a.username.toLowerCase() === r.agentId.toLowerCase());
    calls.push({
      date: r.date,
      agentIndex: agentIndex < 0 ? 0 : agentIndex,
      number: r.phoneNumber,
      duration: r.durationSeconds,
      fileName: r.fileName,
    });
  }

  let records = 0;
  let reviews = 0;
  await db.transaction().execute(async (trx) => {
    for (const [index, call] of calls.entries()) {
      const agent = agents[call.agentIndex] ?? agents[0];
      const inspector = inspectors[index % inspectors.length] ?? inspectors[0];
      if (!agent || !inspector) continue;
      const base = {
        callDate: call.date,
        agentUserId: agent.id,
        agentId: agent.username,
        agentName: agent.name,
        campaignId: campaign.id,
        campaignName: campaign.campaignName,
        consumerNumber: call.number,
        duration: call.duration,
        qcInspectorId: inspector.id,
        qcInspector: inspector.username,
      };
      // Scored the morning after the call (never later than now), as an inspector's day goes: the queue's progress
      // and the insights then count each inspector's records on the days they were made.
      const scoredAt = new Date(
        Math.min(
          Date.now(),
          startOfLocalDay(addDays(call.date, 1), timeZone).getTime() + (9 * 60 + (index % 420)) * 60_000,
        ),
      );
      const kinds = index % 3 === 0 ? (['in-house', 'client'] as const) : (['in-house'] as const);
      for (const kind of kinds) {
        const scores = scoresFor(next, skill.get(agent.username) ?? 0.8);
        const total = qcTotal(scores);
        const suggestion = SUGGESTIONS[Math.floor(next() * SUGGESTIONS.length)] ?? '';
        const { id } = await trx
          .insertInto('qcRecords')
          .values({
            ...base,
            kind,
            ...standardValues(scores),
            suggestion,
            createdAt: scoredAt,
            updatedAt: scoredAt,
            fatalReason: scores.fatal < 0 ? "Shared the customer's data on the call" : '',
            easVoiceMatchedWithReport: next() < 0.9 ? 'yes' : 'no',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        records += 1;
        if (call.fileName !== null)
          await trx.insertInto('qcRecordFiles').values({ qcRecordId: id, fileName: call.fileName }).execute();
        if (kind !== 'in-house') continue;
        // About one in four in-house records is reviewed: low marks draw concerns, some of them already resolved.
        const reviewed = total < 80 ? next() < 0.6 : next() < 0.15;
        if (!reviewed) continue;
        const concern = total < 80;
        const resolved = concern && next() < 0.4;
        await trx
          .insertInto('agentReviews')
          .values({
            qcId: id,
            agentUserId: agent.id,
            agreed: concern ? 'No' : 'Yes',
            raiseConcern: concern,
            comment: concern ? (CONCERNS[Math.floor(next() * CONCERNS.length)] ?? '') : 'Agreed, thank you',
            isResolved: resolved,
            resolvedMessage: resolved ? 'Listened again with the agent; the marks stand' : null,
            resolvedBy: resolved ? inspector.username : null,
            resolvedAt: resolved ? new Date() : null,
          })
          .execute();
        reviews += 1;
      }
    }
  });
  return { records, reviews };
}
