// A stored QC record in its two API shapes: in-house (docs/product.md §3 QC report) and client (the Marks-suffixed names).
import { sql, type Selectable } from 'kysely';
import {
  QC_CRITERION_KEYS,
  STANDARD_SCORECARD_ID,
  qcGrade,
  type TQcClientRecord,
  type TQcKind,
  type TQcRecord,
  type TQcScores,
} from '@crm/shared';
import type { Db, QcRecordsTable } from '../../db/schema.ts';

export type QcRow = Selectable<QcRecordsTable> & { fileName: string | null };

/** QC records with the name of their newest linked recording (for one record or a few; a list's page uses withFileNames). */
export function selectQcRecords(db: Db) {
  return db
    .selectFrom('qcRecords')
    .selectAll('qcRecords')
    .select(
      sql<
        string | null
      >`(select f.file_name from qc_record_files f where f.qc_record_id = qc_records.id order by f.id desc limit 1)`.as(
        'fileName',
      ),
    );
}

/**
 * Stored records with the name of each one's newest linked recording, looked up for these rows only (a list's page):
 * one query over qc_record_files' (qc_record_id, …) index, whatever the size of the table.
 */
export async function withFileNames(db: Db, rows: Selectable<QcRecordsTable>[]): Promise<QcRow[]> {
  if (rows.length === 0) return [];
  const files = await db
    .selectFrom('qcRecordFiles')
    .distinctOn('qcRecordFiles.qcRecordId')
    .select(['qcRecordFiles.qcRecordId', 'qcRecordFiles.fileName'])
    .where(
      'qcRecordFiles.qcRecordId',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('qcRecordFiles.qcRecordId')
    .orderBy('qcRecordFiles.id', 'desc')
    .execute();
  const newest = new Map(files.map((f) => [f.qcRecordId, f.fileName]));
  return rows.map((r) => ({ ...r, fileName: newest.get(r.id) ?? null }));
}

function common(row: QcRow) {
  return {
    id: row.id,
    callDate: row.callDate,
    agentName: row.agentName,
    agentId: row.agentId,
    campaignName: row.campaignName,
    consumerNumber: row.consumerNumber,
    duration: row.duration,
    qcInspector: row.qcInspector,
    total: row.total,
    // On "Standard" read through qcGrade again so the reply always holds one of the four grades; others' bands as stored.
    agentGrade: row.scorecardId === STANDARD_SCORECARD_ID ? qcGrade(row.total) : row.agentGrade,
    scorecardId: row.scorecardId,
    fileName: row.fileName,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}

/** The spec's 14 marks; each null on a record of another scorecard. */
const scoresOf = (row: QcRow) =>
  Object.fromEntries(QC_CRITERION_KEYS.map((k) => [k, row[k]])) as { [K in keyof TQcScores]: number | null };

export function toInHouse(row: QcRow): TQcRecord {
  return {
    ...common(row),
    ...scoresOf(row),
    fatalReason: row.fatalReason,
    easVoiceMatchedWithReport: row.easVoiceMatchedWithReport,
    suggestion: row.suggestion,
  };
}

export function toClient(row: QcRow): TQcClientRecord {
  return {
    ...common(row),
    ...(Object.fromEntries(QC_CRITERION_KEYS.map((k) => [`${k}Marks`, row[k]])) as {
      [K in keyof TQcScores as `${K}Marks`]: number | null;
    }),
    fatalReasonMarks: row.fatalReason,
    easVoiceMatchedWithReportMarks: row.easVoiceMatchedWithReport,
    suggestionMarks: row.suggestion,
  };
}

export type QcShape<K extends TQcKind> = K extends 'in-house' ? TQcRecord : TQcClientRecord;

export function toShape<K extends TQcKind>(kind: K, row: QcRow): QcShape<K> {
  return (kind === 'in-house' ? toInHouse(row) : toClient(row)) as QcShape<K>;
}
