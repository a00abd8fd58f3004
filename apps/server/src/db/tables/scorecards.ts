// Kysely table types of scorecards and each campaign's choice of them (migration 0031); spread into DB by db/schema.ts.
import type { ColumnType, Generated } from 'kysely';
import type { TScorecardDefinition, TScorecardState } from '@crm/shared';

/** One version of a scorecard. */
export type ScorecardsTable = {
  id: Generated<number>;
  /** The id of the scorecard's first version. */
  scorecardId: number;
  version: number;
  name: string;
  state: TScorecardState;
  definition: ColumnType<TScorecardDefinition, string, string>;
  builtIn: Generated<boolean>;
  createdById: number | null;
  createdBy: string;
  createdAt: ColumnType<Date, Date | undefined, never>;
  updatedAt: ColumnType<Date, Date | undefined, Date>;
  publishedAt: Date | null;
  retiredAt: Date | null;
};

/** A campaign's scorecard versions for in-house and client QC; no row: "Standard" (id 1) for both. */
export type CampaignScorecardsTable = {
  campaignId: number;
  inHouseId: number;
  clientId: number;
  updatedBy: string;
  updatedAt: ColumnType<Date, Date | undefined, Date>;
};

export type ScorecardTables = {
  scorecards: ScorecardsTable;
  campaignScorecards: CampaignScorecardsTable;
};
