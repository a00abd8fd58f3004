// Kysely table types of disputes and QC settings (migration 0018); spread into DB by db/schema.ts.
import type { ColumnType, Generated } from 'kysely';

export type TDisputeStatus = 'open' | 'answered' | 'escalated' | 'decided';
export type TDisputeOutcome = 'kept' | 'accepted' | 'changed';

/** One row (id is always true): the dispute and answer windows. */
export type QcSettingsTable = {
  id: Generated<boolean>;
  /** An agent may dispute until the record's created_at + N days. */
  disputeWindowDays: Generated<number>;
  /** An inspector should answer within N hours of raising. */
  answerWindowHours: Generated<number>;
  updatedAt: Date | null;
  updatedBy: string | null;
};

/** One per agent review that raised a concern with criteria. */
export type DisputesTable = {
  id: Generated<number>;
  qcRecordId: number;
  reviewId: number;
  agentUserId: number | null;
  /** The record's inspector when raised. */
  inspectorId: number | null;
  status: TDisputeStatus;
  raisedAt: ColumnType<Date, Date | undefined, never>;
  answerDueAt: Date;
  answeredAt: Date | null;
  answeredById: number | null;
  answeredBy: string | null;
  escalatedAt: Date | null;
  escalationReason: string | null;
  decidedAt: Date | null;
  decidedById: number | null;
  decidedBy: string | null;
};

/** One per disputed criterion. */
export type DisputeCriteriaTable = {
  id: Generated<number>;
  disputeId: number;
  /** A criterion key of the record's scorecard version (of qc-scoring.ts on "Standard"). */
  criterion: string;
  /** The criterion's name on that version (migration 0032; null on earlier rows: a "Standard" criterion). */
  criterionName: ColumnType<string | null, string | null | undefined, never>;
  /** The choices (labels) as scored (null: N/A, or an earlier row), proposed, answered and decided (migration 0032). */
  originalChoice: ColumnType<string | null, string | null | undefined, never>;
  proposedChoice: ColumnType<string | null, string | null | undefined, never>;
  answeredChoice: string | null;
  decidedChoice: string | null;
  /** The record's mark when raised. */
  originalMark: number;
  /** The mark the agent believes is right. */
  proposedMark: number;
  reason: string;
  /** The inspector's answer (null while open). */
  outcome: TDisputeOutcome | null;
  answeredMark: number | null;
  answerReason: string | null;
  /** The admin's final decision after escalation. */
  decision: TDisputeOutcome | null;
  decidedMark: number | null;
  decisionReason: string | null;
};

export type DisputeTables = {
  qcSettings: QcSettingsTable;
  disputes: DisputesTable;
  disputeCriteria: DisputeCriteriaTable;
};
