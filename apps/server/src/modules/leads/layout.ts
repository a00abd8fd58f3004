// A campaign's lead layout: the 16 default columns, its data table's own columns, then its answer columns Q1…Qn;
// and a stored lead turned into the spec's flat shape in that order (with its version, for the agent panel).
import { sql, type Selectable } from 'kysely';
import { DEFAULT_LEAD_COLUMNS, LEAD_VERSION_KEY, type TLead } from '@crm/shared';
import type { Db, LeadsTable } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';

export type LeadLayout = {
  campaignId: number;
  campaignName: string;
  /** The data table's own columns, in their order ([] when the campaign has no data table). */
  custom: string[];
  /** Q1 … Q(n): every number ever handed out, so answers under a deleted question's qno still show. */
  answers: string[];
  /** All of them, in report order. */
  columns: string[];
};

export type LeadRow = Selectable<LeadsTable>;

/** The layout of a campaign by name (any case), in one query; 404 when there is no such campaign. */
export async function findLeadLayout(db: Db, campaignName: string): Promise<LeadLayout> {
  const row = await db
    .selectFrom('campaigns')
    .leftJoin('dataTables', 'dataTables.campaignId', 'campaigns.id')
    .select(['campaigns.id', 'campaigns.campaignName', 'campaigns.nextQno', 'dataTables.columns'])
    .where(sql<string>`lower(campaigns.campaign_name)`, '=', campaignName.trim().toLowerCase())
    .executeTakeFirst();
  if (!row) throw notFound(`Campaign "${campaignName.trim()}" does not exist`);
  return layoutOf(row.id, row.campaignName, row.nextQno, row.columns);
}

/** The layout from its parts: the data table's columns (null without a data table) and the next question number. */
export function layoutOf(campaignId: number, campaignName: string, nextQno: number, columns: string[] | null): LeadLayout {
  const custom = columns ?? [];
  const answers = Array.from({ length: Math.max(0, nextQno - 1) }, (_, i) => `Q${i + 1}`);
  return { campaignId, campaignName, custom, answers, columns: [...DEFAULT_LEAD_COLUMNS, ...custom, ...answers] };
}

/** A stored lead in the spec's flat shape, keys in layout order; a custom column or answer not stored is null. */
export function toFlatLead(row: LeadRow, layout: Pick<LeadLayout, 'custom' | 'answers'>): TLead {
  const lead: TLead = {
    id: Number(row.id),
    did: row.did,
    data_status: row.dataStatus,
    br_id: row.brId,
    region: row.region,
    territory: row.territory,
    area: row.area,
    respondent_name: row.respondentName,
    cell_number: row.cellNumber,
    data_date: row.dataDate, // DATE is read as 'yyyy-MM-dd' text (db/database.ts)
    brand: row.brand,
    target_selector: row.targetSelector,
    for_d: row.forD,
    generate_status: row.generateStatus,
    is_called: row.isCalled,
    createdAt: row.createdAt.toISOString(),
  };
  for (const c of layout.custom) lead[c] = row.fields[c] ?? null;
  for (const q of layout.answers) lead[q] = row.answers[q] ?? null;
  return lead;
}

/**
 * The flat lead with its version last (the agent panel's lookup and save): written after the data table's columns,
 * so even a column named `version` from before the name was reserved cannot shadow it.
 */
export function toVersionedLead(row: LeadRow, layout: Pick<LeadLayout, 'custom' | 'answers'>): TLead {
  const lead = toFlatLead(row, layout);
  lead[LEAD_VERSION_KEY] = row.version;
  return lead;
}
