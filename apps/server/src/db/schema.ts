// Kysely table types (camelCase here, snake_case in PostgreSQL through CamelCasePlugin).
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { TDbRole } from '@crm/shared';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export type UsersTable = {
  id: Generated<number>;
  username: string;
  name: string;
  passwordHash: string;
  role: TDbRole;
  active: Generated<boolean>;
  createdAt: CreatedAt;
  updatedAt: ColumnType<Date, Date | undefined, Date>;
};

export type CampaignsTable = {
  id: Generated<number>;
  campaignId: string;
  campaignName: string;
  campaignType: 'Inbound' | 'Outbound';
  callTarget: number | null;
  status: Generated<boolean>;
  createdAt: CreatedAt;
};

export type DB = {
  users: UsersTable;
  campaigns: CampaignsTable;
};

export type Db = Kysely<DB>;
