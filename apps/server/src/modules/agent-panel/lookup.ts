// GET /api/ap/getByNumber: the generated lead of a campaign with a number, in the flat shape.
// Agents look numbers up all day, so the reads of one event-loop turn share one query per table (db/batch.ts).
import { sql } from 'kysely';
import { DEFAULT_LEAD_COLUMNS, GENERATED_FOR_D, LEAD_NOT_GENERATED, type TLeadLookupResult, type TTokenPayload } from '@crm/shared';
import type { CountryCode } from 'libphonenumber-js';
import { createBatchLoader, type BatchLoader } from '../../db/batch.ts';
import type { Db } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { toFlatLead, type LeadLayout, type LeadRow } from '../leads/layout.ts';
import { assertCanWorkOnCampaign, storedPhone } from './access.ts';

type Loaders = {
  layouts: BatchLoader<string, LeadLayout>;
  leads: BatchLoader<{ campaignId: number; phone: string }, LeadRow>;
};

/** Layouts by lower-case campaign name, read together with the campaign (one query for every name in the batch). */
async function fetchLayouts(db: Db, names: string[]): Promise<Map<string, LeadLayout>> {
  const rows = await db
    .selectFrom('campaigns')
    .leftJoin('dataTables', 'dataTables.campaignId', 'campaigns.id')
    .select(['campaigns.id', 'campaigns.campaignName', 'campaigns.nextQno', 'dataTables.columns'])
    .where(sql<string>`lower(campaigns.campaign_name)`, '=', sql<string>`any(${names}::text[])`)
    .execute();
  return new Map(
    rows.map((r) => {
      const custom = r.columns ?? [];
      const answers = Array.from({ length: Math.max(0, r.nextQno - 1) }, (_, i) => `Q${i + 1}`);
      const layout: LeadLayout = { campaignId: r.id, campaignName: r.campaignName, custom, answers, columns: [...DEFAULT_LEAD_COLUMNS, ...custom, ...answers] };
      return [r.campaignName.toLowerCase(), layout];
    }),
  );
}

/**
 * The generated lead of each (campaign, number): a number generated on several dates gives the newest date's
 * lead, the same one the save writes when it is not given a lead id.
 */
async function fetchLeads(db: Db, keys: { campaignId: number; phone: string }[]): Promise<Map<string, LeadRow>> {
  const byCampaign = new Map<number, string[]>();
  for (const k of keys) byCampaign.set(k.campaignId, [...(byCampaign.get(k.campaignId) ?? []), k.phone]);
  const found = new Map<string, LeadRow>();
  await Promise.all(
    [...byCampaign].map(async ([campaignId, phones]) => {
      const rows = await db
        .selectFrom('leads')
        .selectAll()
        .distinctOn('cellNumber')
        .where('campaignId', '=', campaignId)
        .where('cellNumber', '=', sql<string>`any(${phones}::text[])`)
        .where('forD', '=', GENERATED_FOR_D)
        .orderBy('cellNumber')
        .orderBy('dataDate', 'desc')
        .orderBy('id', 'desc')
        .execute();
      for (const row of rows) found.set(`${campaignId}|${row.cellNumber}`, row);
    }),
  );
  return found;
}

const loadersByDb = new WeakMap<Db, Loaders>();

function loadersFor(db: Db): Loaders {
  let loaders = loadersByDb.get(db);
  if (loaders === undefined) {
    loaders = {
      layouts: createBatchLoader((names) => fetchLayouts(db, names), (name) => name),
      leads: createBatchLoader((keys) => fetchLeads(db, keys), (k) => `${k.campaignId}|${k.phone}`),
    };
    loadersByDb.set(db, loaders);
  }
  return loaders;
}

/** The lead of that number in the flat shape, or the older system's not-generated message (spec §7 Agent panel). */
export async function findLeadByNumber(db: Db, user: TTokenPayload, campaignName: string, cellNumber: string, country: CountryCode): Promise<TLeadLookupResult> {
  assertCanWorkOnCampaign(user, campaignName);
  const phone = storedPhone(cellNumber, country);
  const { layouts, leads } = loadersFor(db);
  const layout = await layouts.load(campaignName.trim().toLowerCase());
  if (layout === undefined) throw notFound(`Campaign "${campaignName.trim()}" does not exist`);
  const row = await leads.load({ campaignId: layout.campaignId, phone });
  return row === undefined ? { message: LEAD_NOT_GENERATED } : toFlatLead(row, layout);
}
