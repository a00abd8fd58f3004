// Kysely table types of the quotas (migration 0021); spread into DB by db/schema.ts.
import type { ColumnType, Generated } from 'kysely';

/** A limit on a campaign's completed calls with a lead field's value (field) or an answer (questionId): exactly one. */
export type QuotasTable = {
  id: Generated<number>;
  campaignId: number;
  field: string | null;
  questionId: number | null;
  value: string;
  limit: number;
  /** The completed calls in the quota; raised only by the save that completes one, never past the limit. */
  count: Generated<number>;
  createdBy: string;
  createdAt: ColumnType<Date, Date | undefined, never>;
  updatedAt: ColumnType<Date, Date | undefined, Date>;
};

export type QuotaTables = {
  quotas: QuotasTable;
};
