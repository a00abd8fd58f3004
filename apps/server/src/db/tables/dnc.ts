// Kysely table types of the do-not-call lists (migration 0019); spread into DB by db/schema.ts.
import type { ColumnType, Generated } from 'kysely';

/** One number on the system list (campaignId null) or a campaign's list; phoneNumber in E.164. */
export type DncNumbersTable = {
  id: Generated<number>;
  campaignId: number | null;
  phoneNumber: string;
  reason: Generated<string>;
  addedById: number | null;
  addedBy: string;
  createdAt: ColumnType<Date, Date | undefined, never>;
};

export type DncTables = {
  dncNumbers: DncNumbersTable;
};
