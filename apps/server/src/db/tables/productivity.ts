// Kysely table types of agent productivity (migration 0039); spread into DB by db/schema.ts.
import type { ColumnType } from 'kysely';

/** A column only the triggers write: the application reads it and cannot insert or update it. */
type TriggerKept<T> = ColumnType<T, never, never>;

/**
 * The calls per local day, agent, campaign, shift and disposition, kept by triggers on call_attempts in the same
 * transaction as every change (migration 0039). Read through modules/productivity/reads.ts.
 */
export type AgentDayCallsTable = {
  /** 'yyyy-MM-dd', cut in agentDayCallsZone's zone. */
  day: TriggerKept<string>;
  userId: TriggerKept<number>;
  campaignId: TriggerKept<number>;
  /** The shift of the attempt's sign-in record; '' for none. */
  shift: TriggerKept<string>;
  dispositionCode: TriggerKept<string>;
  calls: TriggerKept<number>;
  completed: TriggerKept<number>;
  /** bigint as text. */
  handleSeconds: TriggerKept<string>;
};

/** The zone agent_day_calls' days are cut in: one row (modules/productivity/summary.ts). */
export type AgentDayCallsZoneTable = {
  onlyRow: ColumnType<boolean, never, never>;
  timeZone: string;
};

export type ProductivityTables = {
  agentDayCalls: AgentDayCallsTable;
  agentDayCallsZone: AgentDayCallsZoneTable;
};
