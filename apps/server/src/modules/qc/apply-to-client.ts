// An in-house edit applied to the client record of the same call (docs/qc-records.md, Applying an edit to the client
// record): exactly the criteria and texts the edit changed, in the edit's transaction, audited on the client record;
// refused whole when that record changed since it was read or cannot take a change.
import { sql } from 'kysely';
import {
  QC_MESSAGES,
  REFUSAL_CODES,
  changeTimeText,
  marksFromStored,
  type TQcClientRecord,
  type TTokenPayload,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { AppError, invalidValue } from '../../http/errors.ts';
import { changedFields, recordAudit, type TAuditActor } from '../audit/record.ts';
import { assertCanChangeRecord } from './access.ts';
import { selectQcRecords, type QcRow } from './rows.ts';
import { editVersionWords, scoreSave } from './scoring.ts';

export const APPLIED_TEXTS = ['fatalReason', 'easVoiceMatchedWithReport', 'suggestion'] as const;
type TText = (typeof APPLIED_TEXTS)[number];

/** The call a record scores, as the QC panel's Submit saves both kinds: the pair is found by it. */
type TCall = Pick<
  QcRow,
  'id' | 'campaignId' | 'agentUserId' | 'consumerNumber' | 'callDate' | 'qcInspectorId' | 'createdAt'
>;

/**
 * The client record of an in-house record's call: same campaign, agent, number, day and inspector; of several, the one
 * scored nearest in time to it. Locked for the caller's transaction with `forUpdate`.
 */
export async function findClientRecordOf(db: Db, call: TCall, forUpdate = false): Promise<QcRow | null> {
  const row = await selectQcRecords(db)
    .where('qcRecords.kind', '=', 'client')
    .where('qcRecords.callDate', '=', call.callDate)
    .where('qcRecords.consumerNumber', '=', call.consumerNumber)
    .where('qcRecords.campaignId', 'is not distinct from', call.campaignId)
    .where('qcRecords.agentUserId', 'is not distinct from', call.agentUserId)
    .where('qcRecords.qcInspectorId', 'is not distinct from', call.qcInspectorId)
    .orderBy(sql`abs(extract(epoch from (qc_records.created_at - ${call.createdAt})))`)
    .orderBy('qcRecords.id', 'asc')
    .$if(forUpdate, (q) => q.forUpdate())
    .executeTakeFirst();
  return row ?? null;
}

/** A criterion's change: its new choice and/or comment (only what the edit changed). */
type TCriterionChange = { key: string; choice?: string | null; comment?: string };

/** The same EAS answer spelt 'yes' or 'Yes' is not a change. */
const sameText = (field: TText, a: string, b: string) =>
  field === 'easVoiceMatchedWithReport' ? a.trim().toLowerCase() === b.trim().toLowerCase() : a === b;

/** What an edit changed on a record: each criterion's choice or comment, and the texts. */
export function editChanges(before: QcRow, after: QcRow): { criteria: TCriterionChange[]; texts: TText[] } {
  const criteria: TCriterionChange[] = [];
  for (const [key, now] of Object.entries(after.marks)) {
    const was = before.marks[key];
    const change: TCriterionChange = { key };
    if (was?.choice !== now.choice) change.choice = now.choice;
    if ((was?.comment ?? '') !== (now.comment ?? '')) change.comment = now.comment ?? '';
    if ('choice' in change || 'comment' in change) criteria.push(change);
  }
  const texts = APPLIED_TEXTS.filter((f) => !sameText(f, before[f], after[f]));
  return { criteria, texts };
}

/** The 409 for a client record changed since it was read: who changed it last and when (the audit log; in the zone). */
async function staleClient(db: Db, client: QcRow, timeZone: string): Promise<AppError> {
  const last = await db
    .selectFrom('auditLog')
    .select(['actorUsername', 'at'])
    .where('objectType', '=', 'qcRecord')
    .where('objectId', '=', String(client.id))
    .where('action', 'in', ['create', 'update'])
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return new AppError(
    'CONFLICT',
    QC_MESSAGES.staleClientRecord(
      last?.actorUsername ?? 'another inspector',
      changeTimeText(last?.at ?? client.updatedAt, timeZone),
    ),
    REFUSAL_CODES.clientRecordChanged,
  );
}

export type TApplyToClient = {
  user: TTokenPayload;
  actor: TAuditActor;
  timeZone: string;
  /** The client record's version the editor read. */
  clientVersion: number;
};

/**
 * Locks the in-house record's client record and checks it is still the one read (409 CLIENT_RECORD_CHANGED, also when
 * it is gone) and the caller may change it (403): before anything is written.
 */
export async function lockClientRecord(trx: Db, inHouse: TCall, ask: TApplyToClient): Promise<QcRow> {
  const client = await findClientRecordOf(trx, inHouse, true);
  if (!client) throw new AppError('CONFLICT', QC_MESSAGES.noClientRecord, REFUSAL_CODES.clientRecordChanged);
  assertCanChangeRecord(ask.user, client);
  if (client.version !== ask.clientVersion) throw await staleClient(trx, client, ask.timeZone);
  return client;
}

/**
 * Writes the in-house edit's changes (before → after) on the locked client record: each changed criterion's choice
 * and/or comment, then scored on the client record's own version; the changed texts. A criterion the client record's
 * scorecard does not have, or a choice it does not allow, refuses it all (400 INVALID_VALUE `applyToClient`).
 */
export async function applyEditToClient(
  trx: Db,
  client: QcRow,
  before: QcRow,
  after: QcRow,
  actor: TAuditActor,
  toShape: (row: QcRow) => Promise<TQcClientRecord>,
): Promise<{ criteria: string[]; texts: TText[]; record: TQcClientRecord }> {
  const { criteria, texts } = editChanges(before, after);
  if (criteria.length === 0 && texts.length === 0) return { criteria: [], texts: [], record: await toShape(client) };
  const missing = criteria.filter((c) => client.marks[c.key] === undefined).map((c) => c.key);
  if (missing.length > 0)
    throw invalidValue(
      `The client record is scored on another scorecard, without ${missing.map((k) => `"${k}"`).join(', ')}: edit it on its own page`,
      'applyToClient',
    );
  const changes = new Map(criteria.map((c) => [c.key, c]));
  const marks = marksFromStored(client.marks).map((m) => {
    const c = changes.get(m.key);
    return c === undefined ? m : { ...m, ...c };
  });
  const scored = await scoreSave(
    trx,
    client.scorecardId,
    { scores: null, scorecard: { id: client.scorecardId, marks } },
    editVersionWords(client.scorecardId),
  ).catch((error: unknown) => {
    if (!(error instanceof AppError)) throw error;
    throw invalidValue(`The client record cannot take this change: ${error.message}`, 'applyToClient');
  });
  const textValues = Object.fromEntries(texts.map((f) => [f, after[f]]));
  await trx
    .updateTable('qcRecords')
    .set((eb) => ({ ...textValues, ...scored, updatedAt: new Date(), version: eb('version', '+', 1) }))
    .where('id', '=', client.id)
    .execute();
  const clientBefore = await toShape(client);
  const clientAfter = await toShape(
    await selectQcRecords(trx).where('qcRecords.id', '=', client.id).executeTakeFirstOrThrow(),
  );
  await recordAudit(trx, actor, {
    action: 'update',
    objectType: 'qcRecord',
    objectId: client.id,
    changes: { ...changedFields(clientBefore, clientAfter), note: `Applied from in-house QC record #${after.id}` },
  });
  return { criteria: criteria.map((c) => c.key), texts, record: clientAfter };
}
