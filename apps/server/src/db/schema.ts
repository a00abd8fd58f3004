// Kysely table types (camelCase here, snake_case in PostgreSQL through CamelCasePlugin).
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { TDbRole, TStoredMarks } from '@crm/shared';
import type { QcQueueTables } from './tables/qc-queue.ts';
import type { CalibrationTables } from './tables/calibration.ts';
import type { DisputeTables } from './tables/disputes.ts';
import type { DncTables } from './tables/dnc.ts';
import type { DialerSendTables } from './tables/dialer-sends.ts';
import type { QuotaTables } from './tables/quotas.ts';
import type { QuestionConditionTables } from './tables/question-conditions.ts';
import type { CallLoopTables } from './tables/call-loop.ts';
import type { DialerSyncTables } from './tables/dialer-sync.ts';
import type { ScorecardTables } from './tables/scorecards.ts';
import type { MfaTables } from './tables/mfa.ts';
import type { SignInLimitTables } from './tables/sign-in-limits.ts';
import type { QcRecordTables } from './tables/qc-records.ts';
import type { NotificationTables } from './tables/notifications.ts';
import type { CoachingTables } from './tables/coaching.ts';
import type { ClientTables } from './tables/clients.ts';
import type { ResultTables } from './tables/results.ts';
import type { ProductivityTables } from './tables/productivity.ts';
import type { SuspiciousTables } from './tables/suspicious.ts';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export type UsersTable = {
  id: Generated<number>;
  username: string;
  name: string;
  passwordHash: string;
  role: TDbRole;
  active: Generated<boolean>;
  /** Raised to end every token made before (db/migrations/0007); tokens carry it as `tv`. */
  tokenVersion: Generated<number>;
  /** The enrolled TOTP secret (base32), null while none (migration 0027). */
  mfaSecret: Generated<string | null>;
  mfaEnrolledAt: Generated<Date | null>;
  /** The time step of the last code accepted: a code works once. bigint as a number. */
  mfaLastStep: Generated<number | null>;
  /** Enrolments put off (MFA_GRACE_SIGNINS). */
  mfaSkips: Generated<number>;
  /** A client account may play its campaigns' recordings (migration 0038). */
  clientRecordings: Generated<boolean>;
  createdAt: CreatedAt;
  updatedAt: ColumnType<Date, Date | undefined, Date>;
};

export type CampaignsTable = {
  id: Generated<number>;
  campaignId: string;
  campaignName: string;
  campaignType: 'Inbound' | 'Outbound';
  callTarget: number | null;
  status: Generated<boolean>;
  /** The next question number; it only grows (migration 0003). */
  nextQno: Generated<number>;
  /** Past due by more than this many minutes, a callback is missed (migration 0024). */
  callbackGraceMinutes: Generated<number>;
  /** Changes with every edit of the campaign's questions, logic rules or conditions (migration 0030). */
  surveyVersion: Generated<number>;
  createdAt: CreatedAt;
};

export type AgentsTable = {
  id: Generated<number>;
  userId: number;
  type: 'Physical' | 'Virtual';
  cellNumber: string | null;
  /** 'yyyy-MM-dd' (DATE parsed as text). */
  joiningDate: string | null;
  bankAcNumber: string | null;
  nagadAcNumber: string | null;
  bkashAcNumber: string | null;
  email: string | null;
  fatherName: string | null;
  motherName: string | null;
  dob: string | null;
  sex: string | null;
  bloodGroup: string | null;
  presentAddress: string | null;
  permanentAddress: string | null;
  homeDistrict: string | null;
  emergencyContactNumber: string | null;
  emergencyContactPerson: string | null;
  religion: string | null;
  maritalStatus: string | null;
  highestEducation: string | null;
  institute: string | null;
  previousCompany: string | null;
  photo: string | null;
  /** The agent's VICIdial user when it is not their agent ID (migration 0026). */
  vicidialUser: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: CreatedAt;
};

export type DataTablesTable = {
  id: Generated<number>;
  campaignId: number;
  name: string;
  columns: ColumnType<string[], string[] | undefined, string[]>;
  createdAt: CreatedAt;
};

export type LeadsTable = {
  id: Generated<string>;
  campaignId: number;
  did: string | null;
  dataStatus: string | null;
  brId: string | null;
  region: string | null;
  territory: string | null;
  area: string | null;
  respondentName: string | null;
  cellNumber: string;
  /** 'yyyy-MM-dd'. */
  dataDate: string;
  brand: string | null;
  targetSelector: string | null;
  forD: Generated<string>;
  generateStatus: Generated<number>;
  isCalled: Generated<number>;
  calledBy: number | null;
  calledAt: Date | null;
  createdAt: CreatedAt;
  fields: ColumnType<
    Record<string, string>,
    Record<string, string> | string | undefined,
    Record<string, string> | string
  >;
  answers: ColumnType<
    Record<string, string>,
    Record<string, string> | string | undefined,
    Record<string, string> | string
  >;
  /** Raised by every survey save; a save naming an older one is refused (migration 0009). */
  version: Generated<number>;
};

/** A column only the triggers write: the application reads it and cannot insert or update it. */
type TriggerKept<T> = ColumnType<T, never, never>;

/**
 * The lead figures per campaign, data date, target selector ('' for none) and slot (lead id % 8), kept by triggers on
 * leads in the same transaction as every change (migration 0012); readers sum the slots. Read through
 * modules/campaigns/lead-counts.ts.
 */
export type LeadCountsTable = {
  campaignId: TriggerKept<number>;
  /** 'yyyy-MM-dd'. */
  dataDate: TriggerKept<string>;
  targetSelector: TriggerKept<string>;
  slot: TriggerKept<number>;
  total: TriggerKept<number>;
  /** generate_status = 0. */
  fresh: TriggerKept<number>;
  /** for_d = 'd'. */
  generated: TriggerKept<number>;
  /** generate_status > 0 and is_called = 0. */
  uncalled: TriggerKept<number>;
  /** is_called = 1. */
  called: TriggerKept<number>;
  /** called_at is set: called at least once, with a call attempt (migration 0024). */
  attempted: TriggerKept<number>;
};

export type AgentSessionsTable = {
  id: Generated<number>;
  userId: number;
  agentId: string;
  agentName: string;
  shift: 'Morning' | 'Evening';
  campaignId: number | null;
  campaignName: string;
  signedInAt: ColumnType<Date, Date | undefined, never>;
  expiresAt: ColumnType<Date, Date, never>;
  signedOutAt: ColumnType<Date | null, never, Date>;
};

export const QUESTION_TYPES_DB = [
  'Select Option',
  'Multi Select Option',
  'Plain Text',
  'Text Input',
  'Number',
  'Email',
  'Textarea',
] as const;

export type QuestionsTable = {
  id: Generated<number>;
  campaignId: number;
  /** The number of Q<qno>. */
  qno: number;
  title: string;
  type: (typeof QUESTION_TYPES_DB)[number];
  options: ColumnType<string[], string[] | undefined, string[]>;
  optionalValue: 'Respondent' | 'Territory' | 'Agent' | 'Brand' | 'Data Date' | null;
  instruction: string | null;
  status: Generated<boolean>;
  createdAt: CreatedAt;
};

export type LogicRulesTable = {
  id: Generated<number>;
  questionId: number;
  campaignId: number;
  optionTitle: string | null;
  questionNoToShow: number | null;
  isCompletedCall: 0 | 1 | null;
  createdAt: CreatedAt;
};

export type LeadImportsTable = {
  /** A UUID the browser chose (?importId=). */
  id: string;
  campaignId: number;
  userId: number | null;
  fileName: string;
  status: Generated<'running' | 'done' | 'rejected' | 'failed'>;
  phase: Generated<'reading' | 'storing' | 'finished'>;
  rowsProcessed: Generated<number>;
  leadsAdded: number | null;
  duplicatesSkipped: number | null;
  errorCount: number | null;
  message: string | null;
  startedAt: CreatedAt;
  finishedAt: Date | null;
};

type Marks = ColumnType<number | null, never, never>;
export type QcRecordsTable = {
  id: Generated<number>;
  kind: 'in-house' | 'client';
  /** 'yyyy-MM-dd'. */
  callDate: string;
  agentUserId: number | null;
  agentId: string;
  agentName: string;
  campaignId: number | null;
  campaignName: string;
  consumerNumber: string;
  duration: number | null;
  qcInspectorId: number | null;
  qcInspector: string;
  /** The scorecard version the record was scored on (migration 0031); 1 is the built-in "Standard". */
  scorecardId: ColumnType<number, number | undefined, number>;
  /** Every criterion's choice, marks and comment by key (TStoredMarks). */
  marks: ColumnType<TStoredMarks, string, string>;
  // The spec's 14 marks: generated from `marks` for records on "Standard", null on any other version.
  greetings: Marks;
  liveliness: Marks;
  pronunciation: Marks;
  mumbling: Marks;
  pace: Marks;
  pitch: Marks;
  courtesy: Marks;
  holdProcess: Marks;
  takingPermission: Marks;
  acknowledgementAndFollowUp: Marks;
  poorObjectionAndNegotiationSkill: Marks;
  crm: Marks;
  closing: Marks;
  fatal: Marks;
  fatalReason: string;
  easVoiceMatchedWithReport: string;
  suggestion: string;
  total: number;
  agentGrade: string;
  /** Raised by every edit; an edit naming an older one is refused (migration 0009). */
  version: Generated<number>;
  createdAt: CreatedAt;
  updatedAt: ColumnType<Date, Date | undefined, Date>;
};

export type QcRecordFilesTable = {
  id: Generated<number>;
  qcRecordId: number;
  fileName: string;
  createdAt: CreatedAt;
};

export type AgentReviewsTable = {
  id: Generated<number>;
  qcId: number;
  agentUserId: number | null;
  agreed: 'Yes' | 'No' | null;
  raiseConcern: boolean;
  comment: string;
  isResolved: Generated<boolean>;
  resolvedMessage: string | null;
  resolvedBy: string | null;
  resolvedAt: Date | null;
  createdAt: CreatedAt;
};

/** Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE): who changed what, when, from where. */
export type AuditLogTable = {
  id: ColumnType<string, never, never>;
  at: ColumnType<Date, never, never>;
  actorId: number | null;
  actorUsername: string;
  actorRole: string;
  action: string;
  objectType: string;
  objectId: string;
  changes: ColumnType<Record<string, unknown>, string, never>;
  ip: string | null;
};

/** Every survey save of a lead: who, when, and the answers as they stood after it. */
export type LeadAnswerHistoryTable = {
  id: ColumnType<string, never, never>;
  leadId: string;
  version: number;
  userId: number | null;
  agentId: string;
  savedAt: ColumnType<Date, never, never>;
  answers: ColumnType<Record<string, string>, string, never>;
  isCalled: number;
};

/** The caller's call in progress of a lead (migration 0010): the questions shown (the last is on screen) and the answers so far. */
export type CallDraftsTable = {
  userId: number;
  leadId: string;
  campaignId: number;
  path: string[];
  currentQno: string;
  answers: ColumnType<Record<string, string>, string, string>;
  /** The lead's version when the call looked it up: the save sends it, so a save made meanwhile is not overwritten. */
  leadVersion: number | null;
  updatedAt: ColumnType<Date, Date | undefined, Date>;
};

/** The recordings index (migration 0015): one recording file and its automatic checks (docs/architecture.md, Automatic checks). */
export type RecordingsTable = {
  id: Generated<number>;
  callDate: string;
  fileName: string;
  source: Generated<'local' | 'remote'>;
  phoneNumber: string;
  phoneKey: string;
  agentId: Generated<string>;
  callTime: string | null;
  durationSec: number | null;
  sizeBytes: Generated<number>;
  modifiedAt: Date | null;
  indexedAt: Generated<Date>;
  goneAt: Date | null;
  analysisStatus: Generated<'pending' | 'done' | 'unreadable'>;
  analysisReason: string | null;
  /** The whole TAudioAnalysis of a done recording. */
  analysis: ColumnType<unknown, string | null, string | null>;
  analysedAt: Date | null;
  holdSeconds: number | null;
  longestSilenceSec: number | null;
  deadAirSec: number | null;
  holdCount: number | null;
  talkRatio: number | null;
  overtalkCount: number | null;
  /**
   * The agent (users.id) and campaign the recording is attributed to (migration 0016,
   * modules/voicelog/catalog/attribution.ts).
   */
  campaignId: ColumnType<number | null, number | null | undefined, number | null>;
  agentUserId: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the attribution was looked at; null: the catch-up still has to. */
  attributedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
};

/** When the scanner last read each date folder, and the folder's modification time then (migration 0015). */
export type RecordingFoldersTable = {
  callDate: string;
  folderMtimeMs: number;
  scannedAt: Generated<Date>;
};

export type DB = MfaTables &
  ResultTables &
  SuspiciousTables &
  ClientTables &
  ProductivityTables &
  QcRecordTables &
  NotificationTables &
  CoachingTables &
  SignInLimitTables &
  QcQueueTables &
  CalibrationTables &
  DisputeTables &
  DncTables &
  DialerSendTables &
  QuotaTables &
  QuestionConditionTables &
  CallLoopTables &
  DialerSyncTables &
  ScorecardTables & {
    users: UsersTable;
    campaigns: CampaignsTable;
    agents: AgentsTable;
    dataTables: DataTablesTable;
    leads: LeadsTable;
    leadCounts: LeadCountsTable;
    questions: QuestionsTable;
    logicRules: LogicRulesTable;
    leadImports: LeadImportsTable;
    agentSessions: AgentSessionsTable;
    qcRecords: QcRecordsTable;
    qcRecordFiles: QcRecordFilesTable;
    agentReviews: AgentReviewsTable;
    auditLog: AuditLogTable;
    leadAnswerHistory: LeadAnswerHistoryTable;
    callDrafts: CallDraftsTable;
    recordings: RecordingsTable;
    recordingFolders: RecordingFoldersTable;
  };

export type Db = Kysely<DB>;
