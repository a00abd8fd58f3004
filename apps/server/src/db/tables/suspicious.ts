// Kysely table types of suspicious completes (migration 0040); spread into DB by db/schema.ts.
import type { ColumnType } from 'kysely';

/** Per campaign: the shortest complete not flagged, the completes an agent may make in an hour, the queue's order. */
export type SuspiciousSettingsTable = {
  campaignId: number;
  minHandleSeconds: number;
  hourlyLimit: number;
  flaggedFirst: boolean;
  updatedAt: ColumnType<Date, Date | undefined, Date>;
};

export type SuspiciousTables = {
  suspiciousSettings: SuspiciousSettingsTable;
};
