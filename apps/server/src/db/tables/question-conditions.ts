// Kysely table type of the questions' "show only if" conditions (migration 0022); spread into DB by db/schema.ts.
import type { ColumnType } from 'kysely';
import type { TShowIf } from '@crm/shared';

export type QuestionConditionsTable = {
  questionId: number;
  showIf: ColumnType<TShowIf, string, string>;
  updatedBy: string;
  updatedAt: ColumnType<Date, Date | undefined, Date>;
};

export type QuestionConditionTables = {
  questionConditions: QuestionConditionsTable;
};
