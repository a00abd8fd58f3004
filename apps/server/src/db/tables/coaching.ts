// The tables of coaching sessions, their linked QC records and the per-campaign settings (migration 0036, docs/coaching.md).
import type { ColumnType, Generated } from 'kysely';
import type { TCoachingActionItem, TCoachingResult, TCoachingState } from '@crm/shared';

export type CoachingSessionsTable = {
  id: Generated<number>;
  agentUserId: number;
  campaignId: number;
  /** The campaign's in-house scorecard version when the session was created: the focus keys are its criteria. */
  scorecardId: number;
  state: Generated<TCoachingState>;
  /** Criterion keys of that version. */
  focus: ColumnType<string[], string, string>;
  notes: Generated<string>;
  privateNotes: Generated<string>;
  actionItems: ColumnType<TCoachingActionItem[], string | undefined, string>;
  meetingDate: ColumnType<string | null, string | null | undefined, string | null>;
  autoOpened: Generated<boolean>;
  coachId: number | null;
  coach: string;
  createdAt: ColumnType<Date, Date | undefined, never>;
  heldAt: Date | null;
  acknowledgeDueAt: Date | null;
  acknowledgedAt: Date | null;
  acknowledgement: string | null;
  closedAt: Date | null;
  closedBy: string | null;
  result: ColumnType<TCoachingResult | null, string | null | undefined, string | null>;
};

export type CoachingRecordsTable = {
  sessionId: number;
  qcRecordId: number;
};

/** A campaign's own coaching settings; a campaign without a row uses COACHING_DEFAULTS. */
export type CoachingSettingsTable = {
  campaignId: number;
  /** numeric: read as text by node-postgres. */
  samplingFactor: ColumnType<string, number, number>;
  compareCount: number;
  acknowledgeDays: number;
  updatedAt: ColumnType<Date, Date | undefined, Date>;
  updatedBy: string | null;
};

export type CoachingTables = {
  coachingSessions: CoachingSessionsTable;
  coachingRecords: CoachingRecordsTable;
  coachingSettings: CoachingSettingsTable;
};
