// A campaign's lead dates, target selectors and per-date figures, and deleting one date's leads.
import { sql } from 'kysely';
import {
  LEAD_MESSAGES,
  NO_SELECTOR,
  type TDeleteLeadsResult,
  type TLeadCounts,
  type TLeadDateSummary,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { findCampaignByName } from '../campaigns/service.ts';
import { lockCampaignLeads } from './lock.ts';
import { findCountedDates, findCountedSelectors } from '../campaigns/lead-counts.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';

/** The campaign's data dates that hold leads, 'yyyy-MM-dd', newest first (from the lead counters). */
export async function findDataDates(db: Db, campaignName: string): Promise<string[]> {
  const campaign = await findCampaignByName(db, campaignName);
  return findCountedDates(db, campaign.id);
}

/** The campaign's target selectors, sorted; NO_SELECTOR ('') when some leads have none (from the lead counters). */
export async function findTargetSelectors(db: Db, campaignName: string): Promise<string[]> {
  const campaign = await findCampaignByName(db, campaignName);
  return findCountedSelectors(db, campaign.id);
}

type SelectorCountsRow = TLeadCounts & { targetSelector: string; groups: number };

/**
 * The figures of one date, in total and per selector. A group is one br_id (leads without one are one group),
 * the unit a generate target applies to.
 */
export async function findLeadSummary(db: Db, campaignName: string, dataDate: string): Promise<TLeadDateSummary> {
  const campaign = await findCampaignByName(db, campaignName);
  const { rows } = await sql<SelectorCountsRow>`
    select coalesce(target_selector, ${NO_SELECTOR}) as target_selector,
           count(*)::int as total,
           count(*) filter (where generate_status = 0)::int as fresh,
           count(*) filter (where generate_status > 0)::int as generated,
           count(*) filter (where generate_status > 0 and is_called = 0)::int as uncalled,
           count(*) filter (where is_called = 1)::int as called,
           count(*) filter (where answers <> '{}'::jsonb)::int as with_answers,
           count(distinct coalesce(br_id, ''))::int as groups
      from leads
     where campaign_id = ${campaign.id} and data_date = ${dataDate}
     group by 1
     order by 1`.execute(db);
  const sum = (key: keyof TLeadCounts) => rows.reduce((n, r) => n + r[key], 0);
  return {
    dataDate,
    total: sum('total'),
    fresh: sum('fresh'),
    generated: sum('generated'),
    uncalled: sum('uncalled'),
    called: sum('called'),
    withAnswers: sum('withAnswers'),
    selectors: rows,
  };
}

/** Removes one date's leads of one campaign, and nothing else. */
export async function deleteLeads(
  db: Db,
  campaignName: string,
  dataDate: string,
  actor: TAuditActor,
): Promise<TDeleteLeadsResult> {
  const campaign = await findCampaignByName(db, campaignName);
  const rowsDeleted = await db.transaction().execute(async (trx) => {
    await lockCampaignLeads(trx, campaign.id);
    const result = await trx
      .deleteFrom('leads')
      .where('campaignId', '=', campaign.id)
      .where('dataDate', '=', dataDate)
      .executeTakeFirst();
    const n = Number(result.numDeletedRows);
    await recordAudit(trx, actor, {
      action: 'delete',
      objectType: 'leads',
      objectId: campaign.campaignName,
      changes: { before: { dataDate }, counts: { leadsDeleted: n } },
    });
    return n;
  });
  return { rowsDeleted, message: LEAD_MESSAGES.deleted };
}
