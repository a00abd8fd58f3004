// Demo data of the QC loop's two ends (issue 37; docs/qc-records.md, docs/coaching.md, docs/notifications.md):
// AG-1001's scored calls with their inspectors' comments on the recording's timeline and on criteria, one acknowledged
// by the agent with a comment; the calls scored before the acknowledgement window signed off as agents would have,
// but for two per inspector left overdue (AG-1001's first); a closed coaching session of AG-1001 with its before/after
// figure and an open (planned) one by qc.rahman; and every user told of what the demo's data holds (records scored,
// disputes raised, answered and escalated, sessions, overdue acknowledgements), the older notices read.
//
// Made through the modules' own services (comments, acknowledgement, coaching steps, notifications' producers), so
// the rows are what the product writes; only times are moved into the past (a session opened weeks ago, a notice told
// when its event happened), and the past sign-offs are written in one statement. Seeded last, after the demo trail
// (demo/audit.ts), which adds nothing once the log holds an entry: the services' own audit entries come after it.
// Runs once: nothing is added when the database holds any QC record comment or coaching session.
import { sql } from 'kysely';
import {
  DB_ROLES,
  QC_CRITERIA,
  ROLE_DESCRIPTIONS,
  STANDARD_SCORECARD_ID,
  ZCoachingCreate,
  ZQcRecordAcknowledge,
  ZQcRecordCommentCreate,
  addDays,
  bestMarks,
  localDayText,
  machineTimeZone,
  type TDbRole,
  type TQcCriterionKey,
  type TQcRecord,
  type TTokenPayload,
} from '@crm/shared';
import type { Db } from '../db/schema.ts';
import type { TAuditActor } from '../auth/actor.ts';
import { addQcRecordComment } from '../modules/qc-records/comments.ts';
import {
  acknowledgeQcRecord,
  listUnacknowledged,
  notifyOverdueAcknowledgements,
} from '../modules/qc-records/acknowledgements.ts';
import { createCoachingSession } from '../modules/coaching/create.ts';
import { acknowledgeCoachingSession, closeCoachingSession, holdCoachingSession } from '../modules/coaching/steps.ts';
import { findQcRecord } from '../modules/qc/records.ts';
import { tellRecordScored } from '../modules/qc/notices.ts';
import { tellDisputeEscalated, tellDisputeRaised, tellDisputeSettled } from '../modules/disputes/notices.ts';
import { markNotificationsRead } from '../modules/notifications/service.ts';
import { DEMO_CAMPAIGNS, DEMO_USERS } from './base.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The agent whose loop the demo shows end to end, and their inspector. */
const AGENT = DEMO_USERS.find((u) => u.role === 'agent')?.username ?? 'AG-1001';
const INSPECTOR = DEMO_USERS.find((u) => u.role === 'qc')?.username ?? 'qc.rahman';
/** Overdue records left per inspector, so each inspector's overdue list shows some. */
const LEFT_OVERDUE = 2;
/** Scored calls the agents are told of: those of the last days (older notices would long be read). */
const TOLD_DAYS = 7;

/** What the inspector says at a moment of the recording, by the criterion where marks were lost. */
const ON_TIMELINE: Partial<Record<TQcCriterionKey, string>> = {
  greetings: 'Greet with the brand line before anything else',
  liveliness: 'Your energy drops here: smile while you speak',
  pronunciation: 'Say the brand name slowly and clearly',
  mumbling: 'This part is hard to hear: speak up',
  pace: 'Too fast here: give the customer time to answer',
  pitch: 'Keep an even tone when the customer pushes back',
  courtesy: 'Thank the customer for their time here',
  holdProcess: 'Ask before putting the customer on hold, and come back within 30 seconds',
  takingPermission: 'Ask permission before the survey starts',
  acknowledgementAndFollowUp: 'Acknowledge the answer before the next question',
  poorObjectionAndNegotiationSkill: 'Here the customer hesitated: offer to call back instead',
  crm: 'The answer given here was not what was recorded in the CRM',
  closing: 'Use the standard closing',
};

type TUserRow = { id: number; username: string; name: string; role: TDbRole };

function payloadOf(user: TUserRow, agentOf?: { campaign: string }): TTokenPayload {
  const roleName = DB_ROLES[user.role];
  return {
    sub: String(user.id),
    userName: user.username,
    name: user.name,
    roles: [{ roleName, roleDescription: ROLE_DESCRIPTIONS[roleName] }],
    ...(agentOf ? { agentId: user.username, campaign: agentOf.campaign } : {}),
  };
}

function actorOf(user: TUserRow): TAuditActor {
  return { userId: user.id, username: user.username, role: DB_ROLES[user.role], ip: '127.0.0.1' };
}

/** An administrator's view, to read every inspector's overdue records as the product lists them. */
const READER: TTokenPayload = {
  sub: '0',
  userName: 'demo',
  name: 'Demo',
  roles: [{ roleName: 'ADMIN', roleDescription: ROLE_DESCRIPTIONS.ADMIN }],
};

/** The id of the newest notification: those made after it are the ones an event just told of. */
async function lastNotificationId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.max('id').as('last'))
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

/** Runs `tell` (which tells users of an event through the product) and dates its notices at the event's time. */
async function toldAt(db: Db, at: Date, tell: () => Promise<unknown>): Promise<{ id: number; userId: number }[]> {
  const before = await lastNotificationId(db);
  await tell();
  const moved = await sql<{ id: number; userId: number }>`
    update notifications set created_at = ${at} where id > ${before} returning id, user_id as "userId"`.execute(db);
  return moved.rows;
}

/** Marks notices read, each for its own user (the product's read marks). */
async function markRead(db: Db, notices: readonly { id: number; userId: number }[]): Promise<void> {
  const byUser = new Map<number, number[]>();
  for (const n of notices) byUser.set(n.userId, [...(byUser.get(n.userId) ?? []), n.id]);
  for (const [userId, ids] of byUser) await markNotificationsRead(db, userId, { ids });
}

type TScores = Record<TQcCriterionKey, number | null>;

/** The criteria (fatal aside) where the record lost marks, in the scorecard's order. */
function lostOn(record: TScores): TQcCriterionKey[] {
  return QC_CRITERIA.filter((c) => c.key !== 'fatal' && record[c.key] !== null && record[c.key] !== bestMarks(c)).map(
    (c) => c.key,
  );
}

/** The two criteria marks were lost on most often over the records (ties in the scorecard's order). */
function weakest(records: readonly TScores[]): TQcCriterionKey[] {
  const lost = new Map<TQcCriterionKey, number>();
  for (const r of records) for (const k of lostOn(r)) lost.set(k, (lost.get(k) ?? 0) + 1);
  const ranked = QC_CRITERIA.filter((c) => c.key !== 'fatal').sort(
    (a, b) => (lost.get(b.key) ?? 0) - (lost.get(a.key) ?? 0),
  );
  return ranked.slice(0, 2).map((c) => c.key);
}

export type TQcLoopDemo = { comments: number; sessions: number; notifications: number };

export async function seedQcLoopDemo(db: Db, timeZone = machineTimeZone()): Promise<TQcLoopDemo | null> {
  const [comment, session] = await Promise.all([
    db.selectFrom('qcRecordComments').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('coachingSessions').select('id').limit(1).executeTakeFirst(),
  ]);
  if (comment || session) return null;
  const users = await db
    .selectFrom('users')
    .select(['id', 'username', 'name', 'role'])
    .where('username', 'in', [AGENT, INSPECTOR])
    .execute();
  const agent = users.find((u) => u.username === AGENT);
  const coach = users.find((u) => u.username === INSPECTOR);
  const campaignName = DEMO_CAMPAIGNS[0].campaignName;
  if (!agent || !coach) return null;
  const records = await db
    .selectFrom('qcRecords')
    .selectAll('qcRecords')
    .select((eb) => [
      eb
        .exists(eb.selectFrom('qcRecordFiles as f').select('f.id').whereRef('f.qcRecordId', '=', 'qcRecords.id'))
        .as('hasRecording'),
      eb
        .exists(eb.selectFrom('disputes as d').select('d.id').whereRef('d.qcRecordId', '=', 'qcRecords.id'))
        .as('disputed'),
      eb
        .exists(eb.selectFrom('agentReviews as v').select('v.id').whereRef('v.qcId', '=', 'qcRecords.id'))
        .as('reviewed'),
    ])
    .where('kind', '=', 'in-house')
    .where('agentUserId', '=', agent.id)
    .where('campaignName', '=', campaignName)
    .where('scorecardId', '=', STANDARD_SCORECARD_ID)
    .where('qcInspectorId', 'is not', null)
    .orderBy('createdAt', 'asc')
    .orderBy('id', 'asc')
    .execute();
  if (records.length === 0) return null;
  const inspectors = new Map(
    (
      await db
        .selectFrom('users')
        .select(['id', 'username', 'name', 'role'])
        .where(
          'id',
          'in',
          records.map((r) => r.qcInspectorId!),
        )
        .execute()
    ).map((u) => [u.id, u]),
  );
  const agentPayload = payloadOf(agent, { campaign: campaignName });
  const today = localDayText(new Date(), timeZone);
  let notified = 0;

  // Comments on the newest calls with a recording, qc.rahman's first, each by the record's inspector: two on the
  // timeline (one of them on the criterion where most was lost) and one on a criterion alone.
  const commented = [...records]
    .sort(
      (a, b) =>
        Number(b.hasRecording) - Number(a.hasRecording) ||
        Number(b.qcInspectorId === coach.id) - Number(a.qcInspectorId === coach.id) ||
        b.createdAt.getTime() - a.createdAt.getTime() ||
        b.id - a.id,
    )
    .slice(0, 3);
  let comments = 0;
  for (const record of commented) {
    const writer = inspectors.get(record.qcInspectorId!);
    if (!writer) continue;
    const lost = lostOn(record);
    const duration = record.duration ?? 0;
    const at = (share: number) => (duration > 0 ? Math.max(0, Math.round(duration * share)) : null);
    const first = lost[0];
    const second = lost[1];
    const bodies = [
      { atSeconds: at(0.2), text: 'Good opening: clear and friendly' },
      first
        ? { atSeconds: at(0.6), criterionKey: first, text: ON_TIMELINE[first] ?? 'Marks were lost here' }
        : { atSeconds: at(0.6), criterionKey: 'courtesy', text: 'Full marks here: warm and polite throughout' },
      ...(second ? [{ criterionKey: second, text: ON_TIMELINE[second] ?? 'Marks were lost on this' }] : []),
    ];
    for (const body of bodies) {
      await addQcRecordComment(db, payloadOf(writer), record.id, ZQcRecordCommentCreate.parse(body), actorOf(writer));
      comments += 1;
    }
  }

  // AG-1001 signs one of the commented calls off (not one they disputed or reviewed).
  const signed = [...commented, ...[...records].reverse()].find((r) => !r.disputed && !r.reviewed);
  if (signed)
    await acknowledgeQcRecord(
      db,
      agentPayload,
      signed.id,
      ZQcRecordAcknowledge.parse({ comment: 'Thanks: I will confirm the name before the survey from now on' }),
      actorOf(agent),
      timeZone,
    );

  // The calls scored before the window: signed off by their agents within a day, as they would have been, but for
  // LEFT_OVERDUE per inspector (AG-1001's first, newest first) left for the inspector's overdue list.
  const overdue: { qcRecordId: number; agentId: string; scoredAt: string; inspector: string }[] = [];
  for (let page = 0; ; page += 1) {
    const listed = await listUnacknowledged(db, READER, { page, size: 500 });
    overdue.push(
      ...listed.response.content.map((r) => ({
        qcRecordId: r.qcRecordId,
        agentId: r.agentId,
        scoredAt: r.scoredAt,
        inspector: r.qcInspector,
      })),
    );
    if (page + 1 >= listed.response.totalPages) break;
  }
  const left = new Set<number>();
  for (const name of new Set(overdue.map((r) => r.inspector))) {
    const own = overdue
      .filter((r) => r.inspector === name)
      .sort((a, b) => Number(b.agentId === AGENT) - Number(a.agentId === AGENT) || b.qcRecordId - a.qcRecordId);
    for (const r of own.slice(0, LEFT_OVERDUE)) left.add(r.qcRecordId);
  }
  const signedOff = overdue.filter((r) => !left.has(r.qcRecordId));
  if (signedOff.length > 0)
    await sql`insert into qc_record_acknowledgements (qc_record_id, agent_user_id, comment, acknowledged_at)
      select r.id, r.agent_user_id, '', r.created_at + make_interval(hours => 2 + r.id % 20)
        from qc_records r
       where r.id = any(${signedOff.map((r) => r.qcRecordId)}::int[])
      on conflict do nothing`.execute(db);
  // The server's overdue check tells each inspector of theirs (once per record); here at once, so it finds none left.
  const overdueTold = await toldAt(db, new Date(), () => notifyOverdueAcknowledgements(db));
  notified += overdueTold.length;

  // Every agent told of their calls scored in the last days; read once answered (signed off, reviewed, disputed).
  const scored = await db
    .selectFrom('qcRecords')
    .innerJoin('users as inspector', 'inspector.id', 'qcRecords.qcInspectorId')
    .select(['qcRecords.id', 'qcRecords.agentUserId', 'qcRecords.createdAt'])
    .select(['inspector.id as inspectorId', 'inspector.username', 'inspector.name', 'inspector.role'])
    .select((eb) =>
      eb
        .or([
          eb.exists(
            eb
              .selectFrom('qcRecordAcknowledgements as a')
              .select('a.qcRecordId')
              .whereRef('a.qcRecordId', '=', 'qcRecords.id'),
          ),
          eb.exists(eb.selectFrom('agentReviews as v').select('v.id').whereRef('v.qcId', '=', 'qcRecords.id')),
          eb.exists(eb.selectFrom('disputes as d').select('d.id').whereRef('d.qcRecordId', '=', 'qcRecords.id')),
        ])
        .as('answered'),
    )
    .where('qcRecords.kind', '=', 'in-house')
    .where('qcRecords.agentUserId', 'is not', null)
    .where('qcRecords.createdAt', '>', new Date(Date.now() - TOLD_DAYS * DAY))
    .orderBy('qcRecords.createdAt')
    .orderBy('qcRecords.id')
    .execute();
  for (const r of scored) {
    const inspector = { id: r.inspectorId, username: r.username, name: r.name, role: r.role };
    const shown = (await findQcRecord(db, payloadOf(inspector), 'in-house', r.id)) as TQcRecord;
    const told = await toldAt(db, r.createdAt, () => tellRecordScored(db, r.agentUserId!, shown, inspector.name));
    notified += told.length;
    if (r.answered) await markRead(db, told);
  }

  // The demo's disputes as they were told: the inspector of each one raised (read once answered), the agent of each
  // answer (unread), the inspector and the admins of each escalation (unread).
  const disputes = await db
    .selectFrom('disputes')
    .innerJoin('qcRecords', 'qcRecords.id', 'disputes.qcRecordId')
    .innerJoin('agentReviews', 'agentReviews.id', 'disputes.reviewId')
    .select([
      'disputes.id',
      'disputes.status',
      'disputes.raisedAt',
      'disputes.answeredAt',
      'disputes.escalatedAt',
      'disputes.escalationReason',
      'disputes.inspectorId',
      'disputes.agentUserId',
      'disputes.qcRecordId',
      'qcRecords.agentName',
      'qcRecords.callDate',
      'qcRecords.qcInspectorId',
      'agentReviews.resolvedMessage',
    ])
    .select((eb) =>
      eb
        .selectFrom('disputeCriteria')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('disputeCriteria.disputeId', '=', 'disputes.id')
        .as('criteria'),
    )
    .orderBy('disputes.raisedAt')
    .orderBy('disputes.id')
    .execute();
  for (const d of disputes) {
    const raised = await toldAt(db, d.raisedAt, () =>
      tellDisputeRaised(db, {
        id: d.id,
        inspectorId: d.inspectorId,
        agentName: d.agentName,
        callDate: d.callDate,
        criteria: Number(d.criteria ?? 0),
      }),
    );
    notified += raised.length;
    if (d.status !== 'open') await markRead(db, raised);
    if (d.answeredAt && d.resolvedMessage)
      notified += (await toldAt(db, d.answeredAt, () => tellDisputeSettled(db, d, 'answered', d.resolvedMessage ?? '')))
        .length;
    if (d.escalatedAt && d.escalationReason)
      notified += (
        await toldAt(db, d.escalatedAt, () =>
          tellDisputeEscalated(db, { id: d.id, qcInspectorId: d.qcInspectorId }, d.agentName, d.escalationReason ?? ''),
        )
      ).length;
  }

  // A closed session: opened by qc.rahman halfway through AG-1001's month on the two criteria lost most often before
  // it, held, acknowledged by the agent and closed now, its before/after figure over the calls on either side.
  const coachPayload = payloadOf(coach);
  const coachActor = actorOf(coach);
  let sessions = 0;
  const half = Math.floor(records.length / 2);
  const lastBefore = records[half - 1];
  const firstAfter = records[half];
  if (half >= 2 && lastBefore && firstAfter) {
    const openedAt = new Date((lastBefore.createdAt.getTime() + firstAfter.createdAt.getTime()) / 2);
    const before = records.slice(0, half);
    const focus = weakest(before);
    const day = localDayText(openedAt, timeZone);
    const linked = [...before]
      .reverse()
      .filter((r) => lostOn(r).some((k) => focus.includes(k)))
      .slice(0, 2)
      .map((r) => r.id);
    const planned = await lastNotificationId(db);
    const created = await createCoachingSession(
      db,
      coachPayload,
      ZCoachingCreate.parse({
        agentId: AGENT,
        campaignName,
        focus,
        qcRecordIds: linked,
        notes: 'We listened to two calls together: the focus criteria cost you the most marks this month.',
        privateNotes: 'Steady agent; the slips are habits, not knowledge. Listen to the next calls in full.',
        actionItems: [
          { text: 'Listen to the two calls again with the scorecard open', due: addDays(day, 3) },
          { text: 'Practise the opening and the closing with a team mate', due: addDays(day, 7) },
        ],
        meetingDate: addDays(day, 1),
      }),
      coachActor,
    );
    await sql`update coaching_sessions set created_at = ${openedAt} where id = ${created.id}`.execute(db);
    await sql`update notifications set created_at = ${openedAt} where id > ${planned}`.execute(db);
    const heldAt = new Date(openedAt.getTime() + DAY);
    await toldAt(db, heldAt, () => holdCoachingSession(db, coachPayload, created.id, coachActor));
    await acknowledgeCoachingSession(
      db,
      agentPayload,
      created.id,
      { comment: 'Understood: I will greet with the brand line and use the standard closing.' },
      actorOf(agent),
    );
    await closeCoachingSession(db, coachPayload, created.id, coachActor);
    await sql`update coaching_sessions
                 set held_at = ${heldAt},
                     acknowledge_due_at = ${heldAt}::timestamptz + (acknowledge_due_at - held_at),
                     acknowledged_at = ${new Date(heldAt.getTime() + 5 * HOUR)}
               where id = ${created.id}`.execute(db);
    const session = await db
      .selectFrom('notifications')
      .select(['id', 'userId'])
      .where('id', '>', planned)
      .where('kind', '=', 'coaching')
      .where('userId', '=', agent.id)
      .execute();
    await markRead(db, session);
    notified += session.length;
    sessions += 1;
  }

  // The open session: planned by qc.rahman for the day after tomorrow, on the criteria lost most often since, with
  // the commented calls linked, private notes and action items; AG-1001 is told (unread).
  const since = records.slice(half);
  const told = await toldAt(db, new Date(), () =>
    createCoachingSession(
      db,
      coachPayload,
      ZCoachingCreate.parse({
        agentId: AGENT,
        campaignName,
        focus: weakest(since.length > 0 ? since : records),
        qcRecordIds: commented.map((r) => r.id),
        notes: 'Your latest calls, with my comments on the recordings: listen to the marked moments before we meet.',
        privateNotes: 'Check whether the hold prompts were followed since the last session.',
        actionItems: [
          { text: 'Play each comment on the timeline of the three calls', due: addDays(today, 2) },
          { text: 'Write down one change for each focus criterion', due: addDays(today, 5) },
        ],
        meetingDate: addDays(today, 2),
      }),
      coachActor,
    ),
  );
  notified += told.length;
  sessions += 1;
  return { comments, sessions, notifications: notified };
}
