// Kysely table types of the sends to VICIdial (migration 0020); spread into DB by db/schema.ts.
import type { ColumnType, Generated } from 'kysely';
import type { TDuplicateCheck, TSendState } from '@crm/shared';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export type CampaignDialerSettingsTable = {
  campaignId: number;
  listId: string;
  duplicateCheck: TDuplicateCheck;
  dncCheck: boolean;
  campaignDncCheck: boolean;
  vicidialCampaignId: string | null;
  rate: number;
  /** The VICIdial status a full quota's sent, not yet called leads get (migration 0025). */
  quotaStatus: Generated<string>;
  updatedBy: string;
  updatedAt: ColumnType<Date, Date | undefined, Date>;
};

export type DialerSendsTable = {
  id: Generated<number>;
  campaignId: number;
  /** 'yyyy-MM-dd' (DATE parsed as text). */
  dataDate: string;
  state: Generated<TSendState>;
  listId: string;
  duplicateCheck: TDuplicateCheck;
  dncCheck: boolean;
  campaignDncCheck: boolean;
  vicidialCampaignId: string | null;
  rate: number;
  total: number;
  added: Generated<number>;
  duplicate: Generated<number>;
  dnc: Generated<number>;
  refused: Generated<number>;
  failed: Generated<number>;
  message: string | null;
  startedBy: string;
  createdAt: CreatedAt;
  updatedAt: ColumnType<Date, Date | undefined, Date>;
  finishedAt: Date | null;
};

/** The outcome column also holds 'pending' (not tried) and 'sending' (handed to the dialer, answer not stored). */
export type TSendLeadOutcome = 'pending' | 'sending' | 'added' | 'duplicate' | 'dnc' | 'refused' | 'failed';

export type DialerSendLeadsTable = {
  sendId: number;
  /** bigint as text, like leads.id. */
  leadId: string;
  phoneNumber: string;
  outcome: Generated<TSendLeadOutcome>;
  message: Generated<string>;
  attempts: Generated<number>;
  vicidialLeadId: string | null;
  sentAt: Date | null;
  /** When a process last claimed it for the dialer (pending → sending); null when a resume reopened it. */
  claimedAt: Date | null;
};

export type DialerSendTables = {
  campaignDialerSettings: CampaignDialerSettingsTable;
  dialerSends: DialerSendsTable;
  dialerSendLeads: DialerSendLeadsTable;
};
