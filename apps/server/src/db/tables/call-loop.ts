// Kysely table types of the agent's call loop (migration 0024); spread into DB by db/schema.ts.
import type { ColumnType, Generated } from 'kysely';
import type { TDispositionKind } from '@crm/shared';

export type CampaignDispositionsTable = {
  campaignId: number;
  /** The order on the agent's screen (keys 1–9 choose the first nine). */
  position: number;
  code: string;
  name: string;
  kind: TDispositionKind;
  vicidialStatus: string;
};

export type CallStartsTable = {
  userId: number;
  /** bigint as text, like leads.id. */
  leadId: string;
  startedAt: ColumnType<Date, Date | undefined, Date>;
  sessionId: number | null;
  dialerCallId: string | null;
};

export type CallAttemptsTable = {
  id: ColumnType<string, never, never>;
  leadId: string;
  campaignId: number;
  userId: number;
  agentId: string;
  sessionId: number | null;
  startedAt: Date;
  endedAt: ColumnType<Date, Date | undefined, never>;
  handleSeconds: number;
  dispositionCode: string;
  dispositionName: string;
  dispositionKind: TDispositionKind;
  vicidialStatus: string | null;
  completed: boolean;
  dialerCallId: string | null;
  dialerStatus: string | null;
};

export type CallbacksTable = {
  id: ColumnType<string, never, never>;
  leadId: string;
  campaignId: number;
  userId: number;
  agentId: string;
  attemptId: string | null;
  dueAt: Date;
  mineOnly: boolean;
  note: Generated<string>;
  state: Generated<'open' | 'done' | 'cancelled'>;
  blockedReason: string | null;
  checkedAt: Date | null;
  createdAt: ColumnType<Date, Date | undefined, never>;
  closedAt: Date | null;
};

/** The admins were told the callback was missed: once per callback (migration 0037). */
export type CallbackMissedNoticesTable = {
  callbackId: string;
  notifiedAt: ColumnType<Date, Date | undefined, never>;
};

export type CallLoopTables = {
  campaignDispositions: CampaignDispositionsTable;
  callStarts: CallStartsTable;
  callAttempts: CallAttemptsTable;
  callbacks: CallbacksTable;
  callbackMissedNotices: CallbackMissedNoticesTable;
};
