// Data tables: one per campaign, its own lead column names stored as data (never SQL identifiers), guarded deletes.
import { sql, type Selectable } from 'kysely';
import {
  columnNameProblems,
  MAX_DATA_TABLE_COLUMNS,
  type TAddColumnsQuery,
  type TCreateDataTableRequest,
  type TDataTable,
  type TDataTableSearchQuery,
  type TPaged,
  type TPageParams,
} from '@crm/shared';
import type { DataTablesTable, Db } from '../../db/schema.ts';
import { badRequest, conflict, duplicate, invalidValue, notFound, onUniqueViolation } from '../../http/errors.ts';
import { pageWindow, toPaged } from '../../http/pagination.ts';
import { countLeads, leadCount } from '../campaigns/attachments.ts';
import { findCampaignByName } from '../campaigns/service.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';
import { MAX_INT4, MAX_SEARCH_RESULTS, containsText } from '../../db/search.ts';

type Row = Selectable<DataTablesTable> & { campaignName: string };

function toDataTable(r: Row): TDataTable {
  return {
    id: r.id,
    name: r.name,
    campaignName: r.campaignName,
    numberOfField: r.columns.length,
    columns: r.columns,
    createAt: r.createdAt.toISOString(),
  };
}

function selectDataTables(db: Db) {
  return db
    .selectFrom('dataTables')
    .innerJoin('campaigns', 'campaigns.id', 'dataTables.campaignId')
    .selectAll('dataTables')
    .select('campaigns.campaignName');
}

const alreadyHasTable = (campaignName: string) => () =>
  duplicate(`Campaign "${campaignName}" already has a data table`, 'campaignName');

/** Newest first, so a table just created shows at the top of the first page. */
export async function findDataTablesPage(db: Db, params: TPageParams): Promise<TPaged<TDataTable>> {
  const { limit, offset } = pageWindow(params);
  const [rows, total] = await Promise.all([
    selectDataTables(db).orderBy('dataTables.id', 'desc').limit(limit).offset(offset).execute(),
    countDataTables(db),
  ]);
  return toPaged(rows.map(toDataTable), total, params);
}

export async function findAllDataTables(db: Db): Promise<TDataTable[]> {
  const rows = await selectDataTables(db).orderBy('dataTables.name').execute();
  return rows.map(toDataTable);
}

export async function searchDataTables(db: Db, query: TDataTableSearchQuery): Promise<TDataTable[]> {
  const name = query.name?.trim() ?? '';
  const campaignName = query.campaignName?.trim() ?? '';
  const fields = query.numberOfField?.trim() ?? '';
  const fieldCount = /^\d+$/.test(fields) && Number(fields) <= MAX_INT4 ? Number(fields) : undefined;
  const rows = await selectDataTables(db)
    .where((eb) => {
      const any = [];
      if (name) any.push(containsText(eb.ref('dataTables.name'), name));
      if (campaignName) any.push(containsText(eb.ref('campaigns.campaignName'), campaignName));
      if (fieldCount !== undefined) any.push(eb(sql<number>`cardinality(data_tables.columns)`, '=', fieldCount));
      return any.length === 0 ? eb.val(false) : eb.or(any);
    })
    .orderBy('dataTables.id', 'desc')
    .limit(MAX_SEARCH_RESULTS)
    .execute();
  return rows.map(toDataTable);
}

export async function countDataTables(db: Db): Promise<number> {
  const row = await db
    .selectFrom('dataTables')
    .select((e) => e.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The first refused name (reserved, taken, repeated, …): 400 INVALID_VALUE under its field, `columns.2`. */
function checkColumns(names: readonly string[], existing: readonly string[] = []): string[] {
  const problems = columnNameProblems(names, existing);
  const index = problems.findIndex((p) => p !== undefined);
  const problem = problems[index];
  if (problem !== undefined) throw invalidValue(problem, `columns.${index}`);
  return names.map((n) => n.trim());
}

/** POST /dt/addDataTables: the campaign's one data table, named after it, with its columns in the same insert. */
export async function createDataTable(db: Db, input: TCreateDataTableRequest, actor: TAuditActor): Promise<TDataTable> {
  const campaign = await findCampaignByName(db, input.campaignName);
  let columns: string[] = [];
  if (input.columns !== undefined) {
    if (input.columns.length !== input.numberOfField) {
      throw badRequest(`numberOfField is ${input.numberOfField} but ${input.columns.length} column names were given`);
    }
    columns = checkColumns(input.columns);
  }
  const row = await db
    .transaction()
    .execute(async (trx) => {
      const created = await trx
        .insertInto('dataTables')
        .values({ campaignId: campaign.id, name: campaign.campaignName, columns })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, {
        action: 'create',
        objectType: 'dataTable',
        objectId: created.id,
        changes: { after: { name: created.name, columns } },
      });
      return created;
    })
    .catch(onUniqueViolation('data_tables_campaign_id_key', alreadyHasTable(campaign.campaignName)));
  return toDataTable({ ...row, campaignName: campaign.campaignName });
}

const sameNames = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((n, i) => n.trim() === b[i]?.trim());

/**
 * POST /dynamic/create: adds columns to the campaign's data table (creating it when it has none), all or
 * nothing: one name that exists already or repeats refuses the whole request and nothing changes. Sending
 * exactly the stored columns again is a no-op, so the web's addDataTables-then-create flow succeeds.
 */
export async function addDataTableColumns(db: Db, query: TAddColumnsQuery, actor: TAuditActor): Promise<TDataTable> {
  const campaign = await findCampaignByName(db, query.tableName);
  const row = await db
    .transaction()
    .execute(async (trx) => {
      // Locked, so two admins adding columns at once cannot both pass the check against the old list.
      const current = await trx
        .selectFrom('dataTables')
        .selectAll()
        .where('campaignId', '=', campaign.id)
        .forUpdate()
        .executeTakeFirst();
      if (!current) {
        const columns = checkColumns(query.columns);
        const created = await trx
          .insertInto('dataTables')
          .values({ campaignId: campaign.id, name: campaign.campaignName, columns })
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action: 'create',
          objectType: 'dataTable',
          objectId: created.id,
          changes: { after: { name: created.name, columns } },
        });
        return created;
      }
      if (sameNames(query.columns, current.columns)) return current;
      const added = checkColumns(query.columns, current.columns);
      const columns = [...current.columns, ...added];
      if (columns.length > MAX_DATA_TABLE_COLUMNS)
        throw badRequest(`A data table has at most ${MAX_DATA_TABLE_COLUMNS} columns`);
      const updated = await trx
        .updateTable('dataTables')
        .set({ columns })
        .where('id', '=', current.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, {
        action: 'update',
        objectType: 'dataTable',
        objectId: current.id,
        changes: { before: { columns: current.columns }, after: { columns } },
      });
      return updated;
    })
    .catch(onUniqueViolation('data_tables_campaign_id_key', alreadyHasTable(campaign.campaignName)));
  return toDataTable({ ...row, campaignName: campaign.campaignName });
}

/** Leads are filed under the data table's columns: it goes only once they are gone. */
async function deleteUnlessLeads(
  db: Db,
  table: { id: number; campaignId: number; name: string; columns: string[] },
  actor: TAuditActor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Lock the campaign: a lead upload (its foreign key locks the same row) waits until this delete is done.
    await trx.selectFrom('campaigns').select('id').where('id', '=', table.campaignId).forUpdate().executeTakeFirst();
    const leads = await countLeads(trx, table.campaignId);
    if (leads > 0) throw conflict(`Data table "${table.name}" still has ${leadCount(leads)}. Delete them first.`);
    await trx.deleteFrom('dataTables').where('id', '=', table.id).execute();
    await recordAudit(trx, actor, {
      action: 'delete',
      objectType: 'dataTable',
      objectId: table.id,
      changes: { before: { name: table.name, columns: table.columns } },
    });
  });
}

export async function deleteDataTable(db: Db, id: number, actor: TAuditActor): Promise<void> {
  const table = await db
    .selectFrom('dataTables')
    .select(['id', 'campaignId', 'name', 'columns'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!table) throw notFound(`Data table ${id} does not exist`);
  await deleteUnlessLeads(db, table, actor);
}

/** DELETE /dynamic/deleteCampaignTable: removes the campaign's data table (registry and columns are one row). */
export async function deleteCampaignDataTable(db: Db, campaignName: string, actor: TAuditActor): Promise<void> {
  const campaign = await findCampaignByName(db, campaignName);
  const table = await db
    .selectFrom('dataTables')
    .select(['id', 'campaignId', 'name', 'columns'])
    .where('campaignId', '=', campaign.id)
    .executeTakeFirst();
  if (!table) throw notFound(`Campaign "${campaign.campaignName}" has no data table`);
  await deleteUnlessLeads(db, table, actor);
}

/** GET /dynamic/countNumberOfDataAvailable: the number of leads of the campaign. */
export async function countCampaignLeads(db: Db, campaignName: string): Promise<number> {
  const campaign = await findCampaignByName(db, campaignName);
  return countLeads(db, campaign.id);
}
