// Kysely table types of the dialer kept in step (migration 0025); spread into DB by db/schema.ts.
import type { ColumnType, Generated } from 'kysely';
import type { TDialerSyncAction } from '@crm/shared';

export type TDialerSyncState = 'waiting' | 'done' | 'refused';

export type DialerSyncItemsTable = {
  id: ColumnType<string, never, never>;
  action: TDialerSyncAction;
  dncId: number | null;
  quotaId: number | null;
  /** bigint as text. */
  callbackId: string | null;
  campaignId: number | null;
  phoneNumber: string;
  /** bigint as text, like leads.id. */
  leadId: string | null;
  sendId: number | null;
  /** The request's parameters besides function, source, user and pass. */
  params: ColumnType<Record<string, string>, string, string>;
  state: Generated<TDialerSyncState>;
  message: Generated<string>;
  attempts: Generated<number>;
  nextAt: ColumnType<Date, Date | undefined, Date>;
  claimedAt: Date | null;
  createdAt: ColumnType<Date, Date | undefined, never>;
  doneAt: Date | null;
};

export type DialerSyncTables = {
  dialerSyncItems: DialerSyncItemsTable;
};
