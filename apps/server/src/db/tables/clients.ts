// Kysely table types of client accounts (migration 0038); spread into DB by db/schema.ts.

/** The campaigns a client account may see (docs/guide/clients.md). */
export type ClientCampaignsTable = {
  userId: number;
  campaignId: number;
};

export type ClientTables = {
  clientCampaigns: ClientCampaignsTable;
};
