// Comments on a QC record (docs/qc-records.md, Comments): on a moment of the recording, on a criterion of the record's
// scorecard version, both or neither; written and removed by the record's inspector or an admin, read also by its agent.
import {
  QC_RECORDS_MESSAGES,
  type TQcRecordComment,
  type TQcRecordCommentCreate,
  type TTokenPayload,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { invalidValue, notFound } from '../../http/errors.ts';
import { userIdOf } from '../../auth/access.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';
import { findScorecardVersion } from '../scorecards/lookup.ts';
import { commentsByRecord, criterionNames, versionsOf } from '../qc/review-details.ts';
import { assertCanReadComments, assertCanWriteComments, findRecordRef, type TRecordRef } from './record.ts';

async function commentsOf(db: Db, record: TRecordRef): Promise<TQcRecordComment[]> {
  const versions = await versionsOf(db, [record]);
  return (await commentsByRecord(db, [record], versions)).get(record.id) ?? [];
}

/** GET comments: the timeline's first (by moment), then the others, each oldest first. */
export async function listQcRecordComments(db: Db, user: TTokenPayload, id: number): Promise<TQcRecordComment[]> {
  const record = await findRecordRef(db, id);
  assertCanReadComments(user, record);
  return commentsOf(db, record);
}

/**
 * POST comments: a moment within the recording (when its duration is known) and a criterion of the record's version
 * (Standard's included), else 400 INVALID_VALUE under the field; audited under the record's history.
 */
export async function addQcRecordComment(
  db: Db,
  user: TTokenPayload,
  id: number,
  body: TQcRecordCommentCreate,
  actor: TAuditActor,
): Promise<TQcRecordComment> {
  const record = await findRecordRef(db, id);
  assertCanWriteComments(user, record);
  if (body.atSeconds !== null && record.duration !== null && body.atSeconds > record.duration)
    throw invalidValue(QC_RECORDS_MESSAGES.pastRecording(record.duration), 'atSeconds');
  const version = await findScorecardVersion(db, record.scorecardId);
  if (body.criterionKey !== null && !criterionNames(version).has(body.criterionKey))
    throw invalidValue(QC_RECORDS_MESSAGES.unknownCriterion(body.criterionKey, version.name), 'criterionKey');
  const commentId = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('qcRecordComments')
      .values({
        qcRecordId: record.id,
        atSeconds: body.atSeconds,
        criterionKey: body.criterionKey,
        text: body.text,
        authorId: userIdOf(user),
        authorName: user.name || user.userName,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: 'create',
      objectType: 'review',
      objectId: record.id,
      changes: { after: { ...body }, note: `comment ${row.id}` },
    });
    return row.id;
  });
  const added = (await commentsOf(db, record)).find((c) => c.id === commentId);
  if (!added) throw notFound(QC_RECORDS_MESSAGES.noComment(commentId));
  return added;
}

/** DELETE a comment: the record's inspector or an admin, whoever wrote it; audited with what it said. */
export async function deleteQcRecordComment(
  db: Db,
  user: TTokenPayload,
  id: number,
  commentId: number,
  actor: TAuditActor,
): Promise<{ message: string }> {
  const record = await findRecordRef(db, id);
  assertCanWriteComments(user, record);
  await db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('qcRecordComments')
      .where('id', '=', commentId)
      .where('qcRecordId', '=', record.id)
      .returning(['atSeconds', 'criterionKey', 'text', 'authorName'])
      .executeTakeFirst();
    if (!removed) throw notFound(QC_RECORDS_MESSAGES.noComment(commentId));
    await recordAudit(trx, actor, {
      action: 'delete',
      objectType: 'review',
      objectId: record.id,
      changes: { before: { ...removed }, note: `comment ${commentId}` },
    });
  });
  return { message: 'Comment deleted' };
}
