// GET /api/ap/getByNumber: the generated lead of a campaign with a number, in the flat shape.
// Agents look numbers up all day, so the lookups of one event-loop turn share one query (db/batch.ts) that reads
// each campaign's layout and all its numbers asked at once.
import { GENERATED_FOR_D, LEAD_NOT_GENERATED, type TLeadLookupResult, type TTokenPayload } from '@crm/shared';
import type { CountryCode } from 'libphonenumber-js';
import { createBatchLoader, type BatchLoader } from '../../db/batch.ts';
import { poolOf } from '../../db/database.ts';
import type { Db } from '../../db/schema.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { dncMessage, findDncEntry } from '../dnc/lookup.ts';
import { LEAD_ROW_PROPERTIES, columnOf, layoutOf, toVersionedLead, type LeadLayout, type LeadRow } from '../leads/layout.ts';
import { assertCanWorkOnCampaign, storedPhone } from './access.ts';

type Key = { campaign: string; phone: string };
/** The campaign's layout, and its lead with that number when there is one. */
type Found = { layout: LeadLayout; lead: LeadRow | undefined };

/** A row of the lookup statement: the campaign's layout, and one generated lead (every property null when none). */
type Row = {
  layout_campaign_id: number;
  layout_campaign_name: string;
  layout_next_qno: number;
  layout_columns: string[] | null;
} & { [P in keyof LeadRow]: LeadRow[P] | null };

/** The lead's columns under their property names, so a row's lead needs no renaming. */
const LEAD_SELECT = LEAD_ROW_PROPERTIES.map((p) => `l.${columnOf(p)} as "${p}"`).join(', ');

/**
 * One statement per campaign name in the batch: the campaign with its data table's columns, joined to the generated
 * lead of each number asked (the newest data date when a number was generated on several, the same lead the save
 * writes when it is given no lead id). No row at all: no such campaign. A named (prepared) statement, so PostgreSQL
 * parses and plans it once per connection instead of on every batch; it runs through pg, not Kysely, for that.
 */
const LOOKUP = {
  name: 'agent-panel-lookup',
  text: `select c.id as layout_campaign_id, c.campaign_name as layout_campaign_name, c.next_qno as layout_next_qno,
                dt.columns as layout_columns, ${LEAD_SELECT}
         from campaigns c
         left join data_tables dt on dt.campaign_id = c.id
         left join lateral (
           select distinct on (cell_number) * from leads
           where campaign_id = c.id and cell_number = any($2::text[]) and for_d = '${GENERATED_FOR_D}'
           order by cell_number, data_date desc, id desc
         ) l on true
         where lower(c.campaign_name) = $1`,
};

/** The row's lead: present when the join found one (its id, number, date and creation time are never null). */
function leadOf(r: Row): LeadRow | undefined {
  const { layout_campaign_id, layout_campaign_name: _name, layout_next_qno: _next, layout_columns: _columns, ...lead } = r;
  const { id, cellNumber, dataDate, createdAt, forD, generateStatus, isCalled, fields, answers, version, campaignId } = lead;
  if (id === null || cellNumber === null || dataDate === null || createdAt === null) return undefined;
  return {
    ...lead,
    id,
    campaignId: campaignId ?? layout_campaign_id,
    cellNumber,
    dataDate,
    createdAt,
    forD: forD ?? '',
    generateStatus: generateStatus ?? 0,
    isCalled: isCalled ?? 0,
    fields: fields ?? {},
    answers: answers ?? {},
    version: version ?? 0,
  };
}

async function fetchLeads(db: Db, keys: Key[]): Promise<Map<string, Found>> {
  const byCampaign = new Map<string, string[]>();
  for (const k of keys) byCampaign.set(k.campaign, [...(byCampaign.get(k.campaign) ?? []), k.phone]);
  const pool = poolOf(db);
  const found = new Map<string, Found>();
  await Promise.all(
    [...byCampaign].map(async ([campaign, phones]) => {
      const { rows } = await pool.query<Row>({ ...LOOKUP, values: [campaign, phones] });
      const first = rows[0];
      if (first === undefined) return;
      const layout = layoutOf(first.layout_campaign_id, first.layout_campaign_name, first.layout_next_qno, first.layout_columns);
      const leads = new Map(rows.flatMap((r) => {
        const lead = leadOf(r);
        return lead === undefined ? [] : [[lead.cellNumber, lead] as const];
      }));
      for (const phone of phones) found.set(`${campaign}|${phone}`, { layout, lead: leads.get(phone) });
    }),
  );
  return found;
}

const loaders = new WeakMap<Db, BatchLoader<Key, Found>>();

function loaderFor(db: Db): BatchLoader<Key, Found> {
  let loader = loaders.get(db);
  if (loader === undefined) {
    loader = createBatchLoader((keys) => fetchLeads(db, keys), (k) => `${k.campaign}|${k.phone}`);
    loaders.set(db, loader);
  }
  return loader;
}

/**
 * The lead of that number in the flat shape with its version (a save sends it back, so a save made meanwhile is not
 * overwritten), or the older system's not-generated message (docs/product.md §7 Agent panel). A number on the system's
 * or the campaign's do-not-call list answers 403 with the list and date (docs/dnc.md), so no survey is offered; QC
 * inspectors (the QC panel's lead card of a past call) still get the lead.
 */
export async function findLeadByNumber(db: Db, user: TTokenPayload, campaignName: string, cellNumber: string, country: CountryCode, timeZone: string): Promise<TLeadLookupResult> {
  assertCanWorkOnCampaign(user, campaignName);
  const phone = storedPhone(cellNumber, country);
  const found = await loaderFor(db).load({ campaign: campaignName.trim().toLowerCase(), phone });
  if (found === undefined) throw notFound(`Campaign "${campaignName.trim()}" does not exist`);
  // Those who call (agents, and admins on /CRM) are stopped; a QC inspector looking up a past call to score it is not.
  const inspector = user.roles.some((r) => r.roleName === 'QC') && !user.roles.some((r) => r.roleName === 'ADMIN');
  const dnc = inspector ? null : await findDncEntry(db, phone, found.layout.campaignId, timeZone);
  if (dnc !== null) throw forbidden(dncMessage(dnc));
  return found.lead === undefined ? { message: LEAD_NOT_GENERATED } : toVersionedLead(found.lead, found.layout);
}
