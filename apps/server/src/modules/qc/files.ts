// Recordings linked to QC records (spec §3 Report file; §7 add-qc-report-file, all-qc-report-file).
import type { TQcReportFile, TQcReportFileCreate, TTokenPayload } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { assertCanChangeRecord, isAdmin, isAgent, userIdOf } from './access.ts';

/** Links a recording of the record's call-date folder to the record; linking the same file again changes nothing. */
export async function addQcReportFile(db: Db, user: TTokenPayload, input: TQcReportFileCreate): Promise<TQcReportFile> {
  const record = await db.selectFrom('qcReports').select(['id', 'qcInspectorId', 'callDate']).where('id', '=', input.qcReport.id).executeTakeFirst();
  if (!record) throw notFound(`No QC record with id ${input.qcReport.id}`);
  assertCanChangeRecord(user, record);
  await db.insertInto('qcReportFiles').values({ qcReportId: record.id, fileName: input.fileName }).onConflict((oc) => oc.constraint('qc_report_files_unique').doNothing()).execute();
  const link = await db.selectFrom('qcReportFiles').select(['id', 'fileName']).where('qcReportId', '=', record.id).where('fileName', '=', input.fileName).executeTakeFirstOrThrow();
  return { id: link.id, fileName: link.fileName, qcReport: { id: record.id }, callDate: record.callDate };
}

/** The links the caller may see: an admin all, an inspector those of its records, an agent those of its in-house records. */
export async function listQcReportFiles(db: Db, user: TTokenPayload): Promise<TQcReportFile[]> {
  let q = db
    .selectFrom('qcReportFiles')
    .innerJoin('qcReports', 'qcReports.id', 'qcReportFiles.qcReportId')
    .select(['qcReportFiles.id', 'qcReportFiles.fileName', 'qcReports.id as qcReportId', 'qcReports.callDate']);
  if (isAgent(user)) q = q.where('qcReports.agentUserId', '=', userIdOf(user)).where('qcReports.kind', '=', 'in-house');
  else if (!isAdmin(user)) q = q.where('qcReports.qcInspectorId', '=', userIdOf(user));
  const rows = await q.orderBy('qcReportFiles.id').execute();
  return rows.map((r) => ({ id: r.id, fileName: r.fileName, qcReport: { id: r.qcReportId }, callDate: r.callDate }));
}
