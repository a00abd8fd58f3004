// Campaigns: the list, search, add, edit and guarded delete of /cc, the totals, and the look-ups other areas need.
import { sql, type Selectable } from 'kysely';
import {
  parseStatusTerm,
  type TCampaign,
  type TCampaignLeadCounts,
  type TCampaignSearchQuery,
  type TCampaignType,
  type TCreateCampaignRequest,
  type TPaged,
  type TPageParams,
  type TUpdateCampaignRequest,
} from '@crm/shared';
import type { CampaignsTable, Db } from '../../db/schema.ts';
import { conflict, duplicate, notFound, onUniqueViolation } from '../../http/errors.ts';
import { pageWindow, toPaged } from '../../http/pagination.ts';
import { describeAttachments, findAttachments, hasAttachments } from './attachments.ts';
import { endCampaignSessions } from '../../auth/end-sessions.ts';
import { changedFields, recordAudit, snapshot, type TAuditActor } from '../audit/record.ts';
import { MAX_INT4, MAX_SEARCH_RESULTS, containsText } from '../../db/search.ts';
import { isForeignKeyViolation } from '../../db/pg-errors.ts';
import { leadFiguresByCampaign } from './lead-counts.ts';

function toCampaign(r: Selectable<CampaignsTable>): TCampaign {
  return {
    id: r.id,
    campaignId: r.campaignId,
    campaignName: r.campaignName,
    campaignType: r.campaignType,
    callTarget: r.callTarget,
    status: r.status,
    createAt: r.createdAt.toISOString(),
    callbackGraceMinutes: r.callbackGraceMinutes,
  };
}

const nameTaken = (name: string) => () => duplicate(`A campaign named "${name}" already exists`, 'campaignName');
const codeTaken = (code: string) => () => duplicate(`A campaign with the code "${code}" already exists`, 'campaignId');

export async function findCampaigns(db: Db): Promise<TCampaign[]> {
  const rows = await db.selectFrom('campaigns').selectAll().orderBy('campaignName').execute();
  return rows.map(toCampaign);
}

/** Newest first, so a campaign just added shows at the top of the first page. */
export async function findCampaignsPage(db: Db, params: TPageParams): Promise<TPaged<TCampaign>> {
  const { limit, offset } = pageWindow(params);
  const [rows, total] = await Promise.all([
    db.selectFrom('campaigns').selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    db
      .selectFrom('campaigns')
      .select((e) => e.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return toPaged(rows.map(toCampaign), Number(total.n), params);
}

export async function searchCampaigns(db: Db, query: TCampaignSearchQuery): Promise<TCampaign[]> {
  const code = query.campaignId?.trim() ?? '';
  const name = query.campaignName?.trim() ?? '';
  const target = query.callTarget?.trim() ?? '';
  const targetValue = /^\d+$/.test(target) ? Number(target) : undefined;
  const status = query.status === undefined ? undefined : parseStatusTerm(query.status);
  const rows = await db
    .selectFrom('campaigns')
    .selectAll()
    .where((eb) => {
      const any = [];
      if (code) any.push(containsText(eb.ref('campaignId'), code));
      if (name) any.push(containsText(eb.ref('campaignName'), name));
      if (targetValue !== undefined && targetValue <= MAX_INT4) any.push(eb('callTarget', '=', targetValue));
      if (status !== undefined) any.push(eb('status', '=', status));
      return any.length === 0 ? eb.val(false) : eb.or(any);
    })
    .orderBy('id', 'desc')
    .limit(MAX_SEARCH_RESULTS)
    .execute();
  return rows.map(toCampaign);
}

export async function findCampaign(db: Db, id: number): Promise<TCampaign> {
  const row = await db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`Campaign ${id} does not exist`);
  return toCampaign(row);
}

/** The campaign of a name, whatever its case (names are unique case-insensitively); 404 when there is none. */
export async function findCampaignByName(db: Db, name: string): Promise<TCampaign> {
  const row = await db
    .selectFrom('campaigns')
    .selectAll()
    .where(sql<string>`lower(campaign_name)`, '=', name.trim().toLowerCase())
    .executeTakeFirst();
  if (!row) throw notFound(`Campaign "${name.trim()}" does not exist`);
  return toCampaign(row);
}

/** An Inbound campaign has no call target, whatever was sent. */
function callTargetFor(type: TCampaignType, callTarget: number | null | undefined): number | null {
  return type === 'Inbound' ? null : (callTarget ?? null);
}

export async function createCampaign(db: Db, input: TCreateCampaignRequest, actor: TAuditActor): Promise<TCampaign> {
  return db
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .insertInto('campaigns')
        .values({
          campaignId: input.campaignId,
          campaignName: input.campaignName,
          campaignType: input.campaignType,
          callTarget: callTargetFor(input.campaignType, input.callTarget),
          status: input.status ?? true,
          // Absent: the column's default (DEFAULT_CALLBACK_GRACE_MINUTES).
          ...(input.callbackGraceMinutes === undefined ? {} : { callbackGraceMinutes: input.callbackGraceMinutes }),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const campaign = toCampaign(row);
      await recordAudit(trx, actor, {
        action: 'create',
        objectType: 'campaign',
        objectId: row.id,
        changes: { after: snapshot(campaign) },
      });
      return campaign;
    })
    .catch(onUniqueViolation('campaigns_campaign_name_key', nameTaken(input.campaignName)))
    .catch(onUniqueViolation('campaigns_campaign_id_key', codeTaken(input.campaignId)));
}

/** Edits an existing campaign only (404 otherwise, never an insert); its data table keeps the campaign's name. */
export async function updateCampaign(db: Db, input: TUpdateCampaignRequest, actor: TAuditActor): Promise<TCampaign> {
  return db
    .transaction()
    .execute(async (trx) => {
      const current = await trx
        .selectFrom('campaigns')
        .selectAll()
        .where('id', '=', input.id)
        .forUpdate()
        .executeTakeFirst();
      if (!current) throw notFound(`Campaign ${input.id} does not exist`);
      const campaignType = input.campaignType ?? current.campaignType;
      const row = await trx
        .updateTable('campaigns')
        .set({
          campaignId: input.campaignId,
          campaignName: input.campaignName,
          campaignType,
          callTarget: callTargetFor(
            campaignType,
            input.callTarget === undefined ? current.callTarget : input.callTarget,
          ),
          status: input.status ?? current.status,
          callbackGraceMinutes: input.callbackGraceMinutes ?? current.callbackGraceMinutes,
        })
        .where('id', '=', input.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('dataTables')
        .set({ name: input.campaignName })
        .where('campaignId', '=', input.id)
        .execute();
      // Made inactive or renamed: the agents signed into it are signed out at once (their sign-in records end their
      // tokens), so no screen goes on under a name the campaign no longer has (docs/trust.md, Sessions and tokens).
      if ((current.status && !row.status) || current.campaignName !== row.campaignName)
        await endCampaignSessions(trx, input.id);
      const campaign = toCampaign(row);
      await recordAudit(trx, actor, {
        action: 'update',
        objectType: 'campaign',
        objectId: row.id,
        changes: changedFields(toCampaign(current), campaign),
      });
      return campaign;
    })
    .catch(onUniqueViolation('campaigns_campaign_name_key', nameTaken(input.campaignName)))
    .catch(onUniqueViolation('campaigns_campaign_id_key', codeTaken(input.campaignId)));
}

/**
 * Deletes a campaign only when nothing hangs on it: a data table, questions or leads refuse the delete with 409 naming
 * them and their counts (the admin deletes those first; nothing is ever cascaded away silently).
 */
export async function deleteCampaign(db: Db, id: number, actor: TAuditActor): Promise<void> {
  let name = '';
  await db
    .transaction()
    .execute(async (trx) => {
      // The row lock makes a lead or data table added meanwhile wait for us (their foreign keys lock it too).
      const row = await trx.selectFrom('campaigns').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) throw notFound(`Campaign ${id} does not exist`);
      name = row.campaignName;
      const attached = await findAttachments(trx, id);
      if (hasAttachments(attached)) throw conflict(describeAttachments(name, attached));
      // Its agents' sign-ins end with it (before the delete, which would unlink them from the campaign).
      await endCampaignSessions(trx, id);
      await trx.deleteFrom('campaigns').where('id', '=', id).execute();
      await recordAudit(trx, actor, {
        action: 'delete',
        objectType: 'campaign',
        objectId: id,
        changes: { before: snapshot(toCampaign(row)) },
      });
    })
    .catch((e: unknown) => {
      // Rows of areas this check does not know yet (their foreign keys restrict) still refuse the delete.
      if (isForeignKeyViolation(e))
        throw conflict(`Campaign "${name}" still has records attached. Delete those first.`);
      throw e;
    });
}

export async function countCampaigns(db: Db, campaignType?: TCampaignType): Promise<number> {
  let query = db.selectFrom('campaigns').select((e) => e.fn.countAll<string>().as('n'));
  if (campaignType) query = query.where('campaignType', '=', campaignType);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** Every campaign's lead count in one query over the lead counters (never the leads), for the campaign list's Leads column. */
export async function countLeadsByCampaign(db: Db): Promise<TCampaignLeadCounts> {
  const rows = await db
    .selectFrom('campaigns')
    .leftJoin(leadFiguresByCampaign(db), 'counts.campaignId', 'campaigns.id')
    .select(['campaigns.campaignName', sql<number>`coalesce(counts.total_leads, 0)`.as('n')])
    .execute();
  return Object.fromEntries(rows.map((r) => [r.campaignName, Number(r.n)]));
}
