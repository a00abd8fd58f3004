// Opening coaching sessions (docs/coaching.md): by hand (an inspector or an admin, on the focus criteria of the
// campaign's in-house scorecard and the agent's own in-house records), and automatically, as planned, when an in-house
// QC record is saved with an auto-fail (fatal) choice. Audited; the agent is told.
import { COACHING_MESSAGES, type TCoachingCreate, type TCoachingSession, type TTokenPayload } from '@crm/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { userIdOf } from '../../auth/access.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';
import { notifyUsers } from '../notifications/notify.ts';
import { campaignScorecardId, findScorecardVersion } from '../scorecards/lookup.ts';
import { criteriaByKey, failedCriteria } from './focus.ts';
import { findCoachingSession } from './rows.ts';

/** Who coaches: the inspector (or admin) who opens the session. */
export type TCoach = { id: number | null; username: string };

export const sessionLink = (id: number) => `/coaching/${id}`;

/** Serialises the openings of one agent's sessions in one campaign, so two fatal saves at once open one session. */
async function lockAgentCampaign(db: Db, agentUserId: number, campaignId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`coaching:${campaignId}`}), ${agentUserId})`.execute(db);
}

async function insertSession(
  db: Db,
  values: {
    agentUserId: number;
    campaignId: number;
    scorecardId: number;
    focus: string[];
    notes: string;
    privateNotes: string;
    actionItems: TCoachingCreate['actionItems'];
    meetingDate: string | null;
    autoOpened: boolean;
    coach: TCoach;
  },
  qcRecordIds: number[],
  campaignName: string,
  actor: TAuditActor,
): Promise<number> {
  const { coach, focus, actionItems, ...rest } = values;
  const { id } = await db
    .insertInto('coachingSessions')
    .values({
      ...rest,
      focus: JSON.stringify(focus),
      actionItems: JSON.stringify(actionItems),
      coachId: coach.id,
      coach: coach.username,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (qcRecordIds.length > 0)
    await db
      .insertInto('coachingRecords')
      .values(qcRecordIds.map((qcRecordId) => ({ sessionId: id, qcRecordId })))
      .execute();
  await recordAudit(db, actor, {
    action: 'create',
    objectType: 'coachingSession',
    objectId: id,
    changes: {
      after: { state: 'planned', ...values, coach: coach.username, qcRecordIds },
      ...(values.autoOpened ? { note: `opened by fatal QC record ${qcRecordIds.join(', ')}` } : {}),
    },
  });
  await notifyUsers(db, [
    {
      userId: values.agentUserId,
      kind: 'coaching',
      title: COACHING_MESSAGES.planned(campaignName),
      body: values.meetingDate ? `Meeting on ${values.meetingDate}` : '',
      link: sessionLink(id),
    },
  ]);
  return id;
}

/** POST /api/coaching: inspectors and admins. 400 naming an unknown agent, campaign, focus criterion or record. */
export async function createCoachingSession(
  db: Db,
  user: TTokenPayload,
  body: TCoachingCreate,
  actor: TAuditActor,
): Promise<TCoachingSession> {
  const [agent, campaign] = await Promise.all([
    db
      .selectFrom('agents')
      .innerJoin('users', 'users.id', 'agents.userId')
      .select(['users.id'])
      .where(sql<string>`lower(users.username)`, '=', body.agentId.toLowerCase())
      .executeTakeFirst(),
    db
      .selectFrom('campaigns')
      .select(['id', 'campaignName'])
      .where(sql<string>`lower(campaign_name)`, '=', body.campaignName.toLowerCase())
      .executeTakeFirst(),
  ]);
  if (!agent) throw badRequest(COACHING_MESSAGES.noAgent(body.agentId));
  if (!campaign) throw badRequest(COACHING_MESSAGES.noCampaign(body.campaignName));
  const version = await findScorecardVersion(db, await campaignScorecardId(db, campaign.id, 'in-house'));
  const criteria = criteriaByKey(version);
  const focus = [...new Set(body.focus)];
  const unknown = focus.filter((k) => !criteria.has(k));
  if (unknown.length > 0) throw badRequest(COACHING_MESSAGES.unknownFocus(unknown, version.name, [...criteria.keys()]));
  const recordIds = [...new Set(body.qcRecordIds)];
  if (recordIds.length > 0) {
    const own = await db
      .selectFrom('qcRecords')
      .select('id')
      .where('id', 'in', recordIds)
      .where('kind', '=', 'in-house')
      .where('agentUserId', '=', agent.id)
      .execute();
    const owned = new Set(own.map((r) => r.id));
    const others = recordIds.filter((id) => !owned.has(id));
    if (others.length > 0) throw badRequest(COACHING_MESSAGES.notAgentsRecords(others));
  }
  const id = await db.transaction().execute(async (trx) =>
    insertSession(
      trx,
      {
        agentUserId: agent.id,
        campaignId: campaign.id,
        scorecardId: version.id,
        focus,
        notes: body.notes,
        privateNotes: body.privateNotes ?? '',
        actionItems: body.actionItems,
        meetingDate: body.meetingDate ?? null,
        autoOpened: false,
        coach: { id: userIdOf(user), username: user.userName },
      },
      recordIds,
      campaign.campaignName,
      actor,
    ),
  );
  return findCoachingSession(db, user, id);
}

/**
 * Called by QC where it saves an in-house record (inside its transaction): when the record fails on an auto-fail
 * choice and is not linked to a session yet, links it to the open session of its agent and campaign (adding the failed
 * criteria to its focus when they belong to its version), or opens a planned one for the inspector who scored it with
 * the record linked and the failed criteria as focus. Returns the session's id, or null when nothing was done.
 */
export async function openCoachingOnFatal(db: Db, qcRecordId: number, actor: TAuditActor): Promise<number | null> {
  const record = await db
    .selectFrom('qcRecords')
    .select([
      'id',
      'kind',
      'agentUserId',
      'campaignId',
      'campaignName',
      'scorecardId',
      'marks',
      'qcInspectorId',
      'qcInspector',
    ])
    .where('id', '=', qcRecordId)
    .executeTakeFirst();
  if (!record || record.kind !== 'in-house' || record.agentUserId === null || record.campaignId === null) return null;
  const failed = failedCriteria(await findScorecardVersion(db, record.scorecardId), record.marks);
  if (failed.length === 0) return null;
  const { agentUserId, campaignId } = record;
  await lockAgentCampaign(db, agentUserId, campaignId);
  const linked = await db
    .selectFrom('coachingRecords')
    .select('sessionId')
    .where('qcRecordId', '=', record.id)
    .executeTakeFirst();
  if (linked) return null;
  const open = await db
    .selectFrom('coachingSessions')
    .select(['id', 'focus', 'scorecardId'])
    .where('agentUserId', '=', agentUserId)
    .where('campaignId', '=', campaignId)
    .where('state', '<>', 'closed')
    .orderBy('id')
    .executeTakeFirst();
  if (open) {
    const focus = open.scorecardId === record.scorecardId ? [...new Set([...open.focus, ...failed])] : open.focus;
    await db.insertInto('coachingRecords').values({ sessionId: open.id, qcRecordId: record.id }).execute();
    if (focus.length !== open.focus.length)
      await db
        .updateTable('coachingSessions')
        .set({ focus: JSON.stringify(focus) })
        .where('id', '=', open.id)
        .execute();
    await recordAudit(db, actor, {
      action: 'link',
      objectType: 'coachingSession',
      objectId: open.id,
      changes: {
        before: { focus: open.focus },
        after: { focus, qcRecordId: record.id },
        note: `fatal QC record ${record.id} linked`,
      },
    });
    return open.id;
  }
  return insertSession(
    db,
    {
      agentUserId,
      campaignId,
      scorecardId: record.scorecardId,
      focus: failed,
      notes: '',
      privateNotes: '',
      actionItems: [],
      meetingDate: null,
      autoOpened: true,
      coach: { id: record.qcInspectorId, username: record.qcInspector },
    },
    [record.id],
    record.campaignName,
    actor,
  );
}
