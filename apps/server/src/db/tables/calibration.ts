// Kysely table types of calibration sessions (migrations 0017, 0033); spread into DB by db/schema.ts.
import type { ColumnType, Generated } from 'kysely';
import type { TQcScores, TStoredMarks } from '@crm/shared';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
/** The 14 marks by criterion key, as jsonb; null on calls of another scorecard than "Standard". */
type ScoresColumn = ColumnType<TQcScores | null, string | null | undefined, string | null>;
/** Marks on the call's version ({key: {choice, marks|null, comment}}); null on rows stored before migration 0033. */
type MarksColumn = ColumnType<TStoredMarks | null, string | null | undefined, string | null>;

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
  expert: ScoresColumn;
  /** The scorecard version the call is scored on (migration 0033; 1 = "Standard"). */
  scorecardId: ColumnType<number, number | undefined, number>;
  expertMarks: MarksColumn;
  expertBy: string | null;
  expertAt: Date | null;
};

export type CalibrationScoringsTable = {
  id: Generated<number>;
  callId: number;
  inspectorId: number;
  scores: ScoresColumn;
  marks: MarksColumn;
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
