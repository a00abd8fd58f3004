// QC records (docs/product.md §7 QC add, addforclient, getqc, getClientQc, editqc, edit-Client-Qc, deleteQc, deleteClientQc):
// the server computes total and grade, fills the agent's name and records the signed-in inspector.
import { sql } from 'kysely';
import {
  QC_MESSAGES,
  changeTimeText,
  normalisePhone,
  type TQcClientRecordCreate,
  type TQcClientRecordEdit,
  type TQcKind,
  type TQcRecord,
  type TQcRecordCreate,
  type TQcRecordEdit,
  type TQcRecordEditReply,
  type TTokenPayload,
} from '@crm/shared';
import type { CountryCode } from 'libphonenumber-js';
import type { Db } from '../../db/schema.ts';
import { badRequest, notFound, staleVersion } from '../../http/errors.ts';
import { changedFields, recordAudit, snapshot, type TAuditActor } from '../audit/record.ts';
import { assertCanSeeRecord, userIdOf } from '../../auth/access.ts';
import { assertCanChangeRecord } from './access.ts';
import { selectQcRecords, toShape, type QcRow, type QcShape } from './rows.ts';
import { reopenQueueDay } from '../voicelog/catalog/attribution.ts';
import { openCoachingOnFatal } from '../coaching/create.ts';
import { tellRecordScored } from './notices.ts';
import { applyEditToClient, findClientRecordOf, lockClientRecord } from './apply-to-client.ts';
import {
  editVersionWords,
  newRecordVersion,
  scoreSave,
  scorecardBlockOf,
  specScores,
  type TSaveMarks,
} from './scoring.ts';

type Texts = { fatalReason: string; easVoiceMatchedWithReport: string; suggestion: string };

const kindName = (kind: TQcKind) => (kind === 'in-house' ? 'QC record' : 'client QC record');
const noSuchRecord = (kind: TQcKind, id: number) => notFound(`No ${kindName(kind)} with id ${id}`);

/** The in-house or client body as its marks (the spec's 14, or `scorecard`) and texts. */
function partsOf(
  kind: TQcKind,
  body: TQcRecordCreate | TQcClientRecordCreate | TQcRecordEdit | TQcClientRecordEdit,
): { save: TSaveMarks; texts: Texts } {
  if (kind === 'in-house') {
    const b = body as TQcRecordCreate | TQcRecordEdit;
    return {
      save: { scores: specScores(b, ''), scorecard: b.scorecard },
      texts: {
        fatalReason: b.fatalReason,
        easVoiceMatchedWithReport: b.easVoiceMatchedWithReport,
        suggestion: b.suggestion,
      },
    };
  }
  const b = body as TQcClientRecordCreate | TQcClientRecordEdit;
  return {
    save: { scores: specScores(b, 'Marks'), scorecard: b.scorecard },
    texts: {
      fatalReason: b.fatalReasonMarks,
      easVoiceMatchedWithReport: b.easVoiceMatchedWithReportMarks,
      suggestion: b.suggestionMarks,
    },
  };
}

/** A record's shape with its `scorecard` block (one record's reads). */
async function withBlock<K extends TQcKind>(db: Db, kind: K, row: QcRow): Promise<QcShape<K>> {
  return { ...toShape(kind, row), scorecard: await scorecardBlockOf(db, row) };
}

async function findRow(db: Db, kind: TQcKind, id: number): Promise<QcRow> {
  const row = await selectQcRecords(db)
    .where('qcRecords.id', '=', id)
    .where('qcRecords.kind', '=', kind)
    .executeTakeFirst();
  if (!row) throw noSuchRecord(kind, id);
  return row;
}

/** POST add / addforclient: the agent by agentId (400 when there is none), the campaign by name, the number normalised. */
export async function createQcRecord<K extends TQcKind>(
  db: Db,
  user: TTokenPayload,
  kind: K,
  body: TQcRecordCreate | TQcClientRecordCreate,
  country: CountryCode,
  actor: TAuditActor,
): Promise<QcShape<K>> {
  const consumerNumber = normalisePhone(body.consumerNumber, country);
  if (consumerNumber === null) throw badRequest(`"${body.consumerNumber}" is not a phone number`);
  const [agent, campaign] = await Promise.all([
    db
      .selectFrom('agents')
      .innerJoin('users', 'users.id', 'agents.userId')
      .select(['users.id', 'users.username', 'users.name'])
      .where(sql<string>`lower(users.username)`, '=', body.agentId.toLowerCase())
      .executeTakeFirst(),
    db
      .selectFrom('campaigns')
      .select(['id', 'campaignName'])
      .where(sql<string>`lower(campaign_name)`, '=', body.campaignName.toLowerCase())
      .executeTakeFirst(),
  ]);
  if (!agent) throw badRequest(`No agent with agentId "${body.agentId}"`);
  if (!campaign) throw badRequest(`No campaign named "${body.campaignName}"`);
  const { save, texts } = partsOf(kind, body);
  const { versionId, wrongVersion } = await newRecordVersion(db, campaign, kind);
  const scored = await scoreSave(db, versionId, save, wrongVersion);
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('qcRecords')
      .values({
        kind,
        callDate: body.callDate,
        agentUserId: agent.id,
        agentId: agent.username,
        agentName: agent.name,
        campaignId: campaign.id,
        campaignName: campaign.campaignName,
        consumerNumber,
        duration: body.duration,
        qcInspectorId: userIdOf(user),
        qcInspector: user.userName,
        ...texts,
        ...scored,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const created = await withBlock(trx, kind, await findRow(trx, kind, id));
    await recordAudit(trx, actor, {
      action: 'create',
      objectType: 'qcRecord',
      objectId: id,
      changes: { after: { kind, ...snapshot(created) } },
    });
    // A fatal (auto-fail) in-house record opens a coaching session, or joins the agent's open one (docs/coaching.md).
    if (kind === 'in-house') await openCoachingOnFatal(trx, id, actor);
    if (kind === 'in-house') await tellRecordScored(trx, agent.id, created as TQcRecord, user.name);
    return created;
  });
}

/** GET getqc/{id} / getClientQc/{id}. */
export async function findQcRecord<K extends TQcKind>(
  db: Db,
  user: TTokenPayload,
  kind: K,
  id: number,
): Promise<QcShape<K>> {
  const row = await findRow(db, kind, id);
  assertCanSeeRecord(user, row);
  const shape = await withBlock(db, kind, row);
  if (kind !== 'in-house') return shape;
  // The edit page offers to apply an edit to the client record of the same call (docs/qc-records.md).
  const client = await findClientRecordOf(db, row);
  return { ...shape, clientRecord: client && { id: client.id, version: client.version } };
}

/** PUT editqc / edit-Client-Qc: the scores and texts; total and grade recomputed. The call, agent and inspector stay. */
/** The 409 for an edit made on an older version: who made the current one and when (from the audit log; in the zone). */
async function staleEdit(db: Db, id: number, updatedAt: Date, timeZone: string): Promise<Error> {
  const last = await db
    .selectFrom('auditLog')
    .select(['actorUsername', 'at'])
    .where('objectType', '=', 'qcRecord')
    .where('objectId', '=', String(id))
    .where('action', 'in', ['create', 'update'])
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return staleVersion(
    QC_MESSAGES.staleRecord(
      last?.actorUsername ?? 'another inspector',
      changeTimeText(last?.at ?? updatedAt, timeZone),
    ),
  );
}

/**
 * PUT editqc / edit-Client-Qc: the scores and texts; total and grade recomputed. The call, agent and inspector stay.
 * With the version the editor read, an edit made on an older one is refused (409) and changes nothing. An in-house
 * edit with `applyToClient` also writes the fields it changed on the client record of the call, or nothing at all.
 */
export async function editQcRecord<K extends TQcKind>(
  db: Db,
  user: TTokenPayload,
  kind: K,
  body: TQcRecordEdit | TQcClientRecordEdit,
  actor: TAuditActor,
  timeZone: string,
): Promise<QcShape<K> & Pick<TQcRecordEditReply, 'appliedToClient'>> {
  const { save, texts } = partsOf(kind, body);
  const toClient = kind === 'in-house' && 'applyToClient' in body && body.applyToClient === true;
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('qcRecords')
      .select(['qcInspectorId', 'version', 'updatedAt', 'scorecardId'])
      .where('id', '=', body.id)
      .where('kind', '=', kind)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw noSuchRecord(kind, body.id);
    assertCanChangeRecord(user, current);
    if (body.version !== undefined && body.version !== current.version)
      throw await staleEdit(trx, body.id, current.updatedAt, timeZone);
    const scored = await scoreSave(trx, current.scorecardId, save, editVersionWords(current.scorecardId));
    const beforeRow = await findRow(trx, kind, body.id);
    const clientVersion = 'clientVersion' in body ? body.clientVersion : undefined;
    const client =
      toClient && clientVersion !== undefined
        ? await lockClientRecord(trx, beforeRow, { user, actor, timeZone, clientVersion })
        : null;
    const before = await withBlock(trx, kind, beforeRow);
    await trx
      .updateTable('qcRecords')
      .set((eb) => ({ ...texts, ...scored, updatedAt: new Date(), version: eb('version', '+', 1) }))
      .where('id', '=', body.id)
      .execute();
    const afterRow = await findRow(trx, kind, body.id);
    const after = await withBlock(trx, kind, afterRow);
    const applied =
      client &&
      (await applyEditToClient(trx, client, beforeRow, afterRow, actor, (row) => withBlock(trx, 'client', row)));
    const changes = changedFields(before, after);
    await recordAudit(trx, actor, {
      action: 'update',
      objectType: 'qcRecord',
      objectId: body.id,
      changes: applied ? { ...changes, note: `Also applied to client QC record #${applied.record.id}` } : changes,
    });
    if (kind === 'in-house') await openCoachingOnFatal(trx, body.id, actor);
    return Object.assign(after, { appliedToClient: applied ?? undefined });
  });
}

/** DELETE deleteQc/{id} / deleteClientQc/{id}: the record with its recording links and review, in one statement. */
export async function deleteQcRecord(
  db: Db,
  user: TTokenPayload,
  kind: TQcKind,
  id: number,
  actor: TAuditActor,
): Promise<{ message: string }> {
  await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('qcRecords')
      .select(['qcInspectorId', 'agentName', 'agentUserId', 'campaignId', 'callDate'])
      .where('id', '=', id)
      .where('kind', '=', kind)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw noSuchRecord(kind, id);
    assertCanChangeRecord(user, current);
    const before = toShape(kind, await findRow(trx, kind, id));
    // Links and reviews go with it (ON DELETE CASCADE).
    await trx.deleteFrom('qcRecords').where('id', '=', id).execute();
    // One scoring fewer: the agent-day may be below its QC queue target again.
    if (kind === 'in-house') await reopenQueueDay(trx, current);
    await recordAudit(trx, actor, {
      action: 'delete',
      objectType: 'qcRecord',
      objectId: id,
      changes: { before: { kind, ...snapshot(before) } },
    });
  });
  return { message: `The ${kindName(kind)} was deleted` };
}
