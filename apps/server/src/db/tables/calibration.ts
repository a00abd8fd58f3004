// Kysely table types of calibration sessions (migration 0017); spread into DB by db/schema.ts.
import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { TQcScores } from '@crm/shared';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
/** The 14 marks by criterion key, as jsonb. */
type ScoresColumn = JSONColumnType<TQcScores, string, string>;

export type CalibrationSessionsTable = {
  id: Generated<number>;
  name: string;
  /** The last day of scoring, 'yyyy-MM-dd'. */
  deadline: string;
  /** The start of the day after the deadline in the server's time zone: scoring closes then. */
  closesAt: Date;
  /** When an admin closed it early. */
  closedAt: Date | null;
  closedBy: string | null;
  createdById: number | null;
  createdBy: string;
  createdAt: CreatedAt;
};

export type CalibrationInspectorsTable = {
  sessionId: number;
  userId: number;
};

export type CalibrationCallsTable = {
  id: Generated<number>;
  sessionId: number;
  position: number;
  campaignId: number | null;
  campaignName: string;
  consumerNumber: string;
  /** 'yyyy-MM-dd'. */
  callDate: string;
  fileName: string | null;
  expert: ColumnType<TQcScores | null, string | null | undefined, string | null>;
  expertBy: string | null;
  expertAt: Date | null;
};

export type CalibrationScoringsTable = {
  id: Generated<number>;
  callId: number;
  inspectorId: number;
  scores: ScoresColumn;
  total: number;
  grade: string;
  comment: Generated<string>;
  submittedAt: Generated<Date>;
};

export type CalibrationTables = {
  calibrationSessions: CalibrationSessionsTable;
  calibrationInspectors: CalibrationInspectorsTable;
  calibrationCalls: CalibrationCallsTable;
  calibrationScorings: CalibrationScoringsTable;
};
