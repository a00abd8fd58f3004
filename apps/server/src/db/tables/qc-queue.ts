// Kysely table types of the QC work queue (migration 0016); spread into DB by db/schema.ts.
import type { ColumnType, Generated } from 'kysely';

// The columns it adds to `recordings` (the attribution) are in RecordingsTable, db/schema.ts.

/** Per campaign: how many calls of each agent and day to score, and the shortest call worth scoring. */
export type QcQueueSettingsTable = {
  campaignId: number;
  targetPerAgentDay: number;
  minDurationSec: number;
  updatedAt: ColumnType<Date, Date | undefined, Date>;
};

/** Every attributed agent-day; closed once its target is met or nothing is left to score (docs/guide/qc-queue.md). */
export type QcQueueDaysTable = {
  campaignId: number;
  /** 'yyyy-MM-dd'. */
  callDate: string;
  agentUserId: number;
  closed: Generated<boolean>;
};

/** An inspector's hold on one recording until expiresAt; consumed when a QC record is linked to the recording. */
export type QcQueueClaimsTable = {
  id: Generated<number>;
  recordingId: number;
  inspectorId: number;
  claimedAt: Generated<Date>;
  expiresAt: Date;
};

export type QcQueueTables = {
  qcQueueSettings: QcQueueSettingsTable;
  qcQueueDays: QcQueueDaysTable;
  qcQueueClaims: QcQueueClaimsTable;
};
