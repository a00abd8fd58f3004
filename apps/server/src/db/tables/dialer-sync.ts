// Kysely table types of the dialer kept in step (migration 0025); spread into DB by db/schema.ts.
import type { ColumnType, Generated } from 'kysely';
import type { TDialerSyncAction } from '@crm/shared';

export type TDialerSyncState = 'waiting' | 'done' | 'refused';

/** The requests, and quota_full: a quota that filled, whose leads the worker has yet to add as lead_quota rows. */
export type TDialerSyncItemAction = TDialerSyncAction | 'quota_full';

export type DialerSyncItemsTable = {
  id: ColumnType<string, never, never>;
  action: TDialerSyncItemAction;
  dncId: number | null;
  quotaId: number | null;
  /** bigint as text. */
  callbackId: string | null;
  campaignId: number | null;
  phoneNumber: Generated<string>;
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
