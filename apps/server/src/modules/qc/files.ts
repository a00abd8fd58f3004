// Recordings linked to QC records (docs/product.md §3 Report file; §7 add-qc-report-file, all-qc-report-file).
import { QC_MESSAGES, type TQcRecordFile, type TQcRecordFileCreate, type TTokenPayload } from '@crm/shared';
import type { CountryCode } from 'libphonenumber-js';
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { capList, type TCappedList } from '../../http/capped-list.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { VoiceLogSource } from '../voicelog/media.ts';
import { parseRecordingName, phoneKey } from '../voicelog/names.ts';
import { isAdmin, isAgent, userIdOf } from '../../auth/access.ts';
import { assertCanChangeRecord } from './access.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';
import { consumeQcQueueClaims } from '../qc-queue/claims.ts';

export type TQcFileDeps = { db: Db; voiceLog: VoiceLogSource; country: CountryCode };

/** Refuses (400) a file that is not a recording of the record's consumer number in the voice log of its call date. */
async function assertRecordingOfCall(
  deps: TQcFileDeps,
  record: { callDate: string; consumerNumber: string },
  fileName: string,
): Promise<void> {
  const { phoneNumber } = parseRecordingName(fileName, deps.country);
  if (phoneNumber === '' || phoneKey(phoneNumber, deps.country) !== phoneKey(record.consumerNumber, deps.country)) {
    throw badRequest(QC_MESSAGES.recordingOfOtherNumber(fileName, record.consumerNumber));
  }
  if (!(await deps.voiceLog.has({ date: record.callDate, name: fileName }, record.consumerNumber))) {
    throw badRequest(QC_MESSAGES.recordingNotInVoiceLog(fileName, record.callDate));
  }
}

/**
 * Links a recording to the record: a file of the voice log of the record's call date whose name names the record's
 * consumer number (else 400, nothing stored). Linking the same file again changes nothing.
 */
export async function addQcRecordFile(
  deps: TQcFileDeps,
  user: TTokenPayload,
  input: TQcRecordFileCreate,
  actor: TAuditActor,
): Promise<TQcRecordFile> {
  const { db } = deps;
  const record = await db
    .selectFrom('qcRecords')
    .select(['id', 'qcInspectorId', 'callDate', 'consumerNumber'])
    .where('id', '=', input.qcReport.id)
    .executeTakeFirst();
  if (!record) throw notFound(`No QC record with id ${input.qcReport.id}`);
  assertCanChangeRecord(user, record);
  const linked = db
    .selectFrom('qcRecordFiles')
    .select(['id', 'fileName'])
    .where('qcRecordId', '=', record.id)
    .where('fileName', '=', input.fileName);
  if ((await linked.executeTakeFirst()) === undefined) {
    await assertRecordingOfCall(deps, record, input.fileName);
    await db.transaction().execute(async (trx) => {
      const added = await trx
        .insertInto('qcRecordFiles')
        .values({ qcRecordId: record.id, fileName: input.fileName })
        .onConflict((oc) => oc.constraint('qc_record_files_unique').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (added)
        await recordAudit(trx, actor, {
          action: 'link',
          objectType: 'qcRecord',
          objectId: record.id,
          changes: { after: { fileName: input.fileName } },
        });
      // The call is scored: whoever held it in the QC queue is done with it.
      if (added) await consumeQcQueueClaims(trx, record.callDate, input.fileName);
    });
  }
  const link = await linked.executeTakeFirstOrThrow();
  return { id: link.id, fileName: link.fileName, qcReport: { id: record.id }, callDate: record.callDate };
}

/** The most links all-qc-report-file answers (the newest); the older client reads it whole (docs/older-client.md). */
export const QC_RECORD_FILES_CAP = 1000;

/** The links the caller may see: an admin all, an inspector those of its records, an agent those of its in-house records. */
export async function listQcRecordFiles(db: Db, user: TTokenPayload): Promise<TCappedList<TQcRecordFile>> {
  let q = db
    .selectFrom('qcRecordFiles')
    .innerJoin('qcRecords', 'qcRecords.id', 'qcRecordFiles.qcRecordId')
    .select(['qcRecordFiles.id', 'qcRecordFiles.fileName', 'qcRecords.id as qcRecordId', 'qcRecords.callDate']);
  if (isAgent(user)) q = q.where('qcRecords.agentUserId', '=', userIdOf(user)).where('qcRecords.kind', '=', 'in-house');
  else if (!isAdmin(user)) q = q.where('qcRecords.qcInspectorId', '=', userIdOf(user));
  // The newest QC_RECORD_FILES_CAP links, answered oldest first as before.
  const cap = QC_RECORD_FILES_CAP;
  const fetched = await q
    .orderBy('qcRecordFiles.id', 'desc')
    .limit(cap + 1)
    .execute();
  const { kept, total } = await capList(
    fetched,
    cap,
    async () =>
      (
        await q
          .clearSelect()
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
  );
  return {
    items: kept
      .reverse()
      .map((r) => ({ id: r.id, fileName: r.fileName, qcReport: { id: r.qcRecordId }, callDate: r.callDate })),
    total,
    cap,
  };
}
