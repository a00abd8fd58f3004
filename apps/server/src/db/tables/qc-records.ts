// The tables of comments on a QC record's recording and criteria, and the agent's acknowledgement (issue 37, docs/qc-records.md).
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export type QcRecordCommentsTable = {
  id: Generated<number>;
  qcRecordId: number;
  /** Seconds into the recording; null: not on the timeline. */
  atSeconds: number | null;
  /** A criterion key of the record's scorecard version; null: on no criterion. */
  criterionKey: string | null;
  text: string;
  authorId: number | null;
  authorName: string;
  createdAt: CreatedAt;
};

export type QcRecordAcknowledgementsTable = {
  qcRecordId: number;
  agentUserId: number | null;
  comment: ColumnType<string, string | undefined, string>;
  acknowledgedAt: ColumnType<Date, Date | undefined, never>;
};

export type QcAcknowledgementOverdueNoticesTable = {
  qcRecordId: number;
  notifiedAt: ColumnType<Date, Date | undefined, never>;
};

export type QcAcknowledgementWindowsTable = {
  campaignId: number;
  windowDays: number;
  updatedAt: ColumnType<Date, Date | undefined, Date>;
  updatedBy: string;
};

export type QcRecordTables = {
  qcRecordComments: QcRecordCommentsTable;
  qcRecordAcknowledgements: QcRecordAcknowledgementsTable;
  qcAcknowledgementOverdueNotices: QcAcknowledgementOverdueNoticesTable;
  qcAcknowledgementWindows: QcAcknowledgementWindowsTable;
};
