// The QC record a comment or an acknowledgement is about, and who may read or write on it (docs/qc-records.md, Who).
import { QC_RECORDS_MESSAGES, type TTokenPayload } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { assertCanSeeRecord } from '../../auth/access.ts';
import { assertCanChangeRecord } from '../qc/access.ts';

export type TRecordRef = {
  id: number;
  kind: 'in-house' | 'client';
  qcInspectorId: number | null;
  agentUserId: number | null;
  duration: number | null;
  scorecardId: number;
};

/** The record (404 when there is none); `forUpdate` locks it for the caller's transaction. */
export async function findRecordRef(db: Db, id: number, forUpdate = false): Promise<TRecordRef> {
  const row = await db
    .selectFrom('qcRecords')
    .select(['id', 'kind', 'qcInspectorId', 'agentUserId', 'duration', 'scorecardId'])
    .where('id', '=', id)
    .$if(forUpdate, (q) => q.forUpdate())
    .executeTakeFirst();
  if (!row) throw notFound(QC_RECORDS_MESSAGES.noRecord(id));
  return row;
}

/** Reads: the record's inspector, its agent (in-house only), an admin: as the record itself (auth/access.ts). */
export function assertCanReadComments(user: TTokenPayload, record: TRecordRef): void {
  assertCanSeeRecord(user, record);
}

/** Writes: the record's inspector or an admin (qc/access.ts); an agent never. */
export function assertCanWriteComments(user: TTokenPayload, record: TRecordRef): void {
  assertCanChangeRecord(user, record);
}
