// Kysely table types of the survey results' summaries (migration 0041); spread into DB by db/schema.ts. Only the
// trigger on leads writes them: the application reads them.
import type { ColumnType } from 'kysely';

type TriggerKept<T> = ColumnType<T, never, never>;

/** A lead saved with an answer or completed: what its call's figures need. */
export type ResultLeadsTable = {
  /** bigint as text, like leads.id. */
  leadId: TriggerKept<string>;
  campaignId: TriggerKept<number>;
  isCalled: TriggerKept<number>;
  /** The cell number's digits. */
  phoneKey: TriggerKept<string>;
  /** The highest question number holding a value ('Partial Call' included). */
  lastQno: TriggerKept<number | null>;
  /** The highest question number holding 'Partial Call'. */
  partialQno: TriggerKept<number | null>;
};

/** One stored answer (not blank) of a lead. */
export type ResultAnswersTable = {
  leadId: TriggerKept<string>;
  qno: TriggerKept<number>;
  value: TriggerKept<string>;
};

/** How many QC records of a campaign, call date and number (its digits) passed (migration 0044). */
export type ResultQcPassedTable = {
  campaignId: TriggerKept<number>;
  callDate: TriggerKept<string>;
  phoneKey: TriggerKept<string>;
  n: TriggerKept<number>;
};

export type ResultTables = {
  resultLeads: ResultLeadsTable;
  resultAnswers: ResultAnswersTable;
  resultQcPassed: ResultQcPassedTable;
};
