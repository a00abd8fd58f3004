// A campaign's lead layout: the 16 default columns, its data table's own columns, then its answer columns Q1…Qn;
// and a stored lead turned into the spec's flat shape in that order.
import type { Selectable } from 'kysely';
import { DEFAULT_LEAD_COLUMNS, type TLead } from '@crm/shared';
import type { Db, LeadsTable } from '../../db/schema.ts';
import { findCampaignByName } from '../campaigns/service.ts';

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

/** The layout of a campaign by name (any case); 404 when there is no such campaign. */
export async function findLeadLayout(db: Db, campaignName: string): Promise<LeadLayout> {
  const campaign = await findCampaignByName(db, campaignName);
  const [table, numbering] = await Promise.all([
    db.selectFrom('dataTables').select('columns').where('campaignId', '=', campaign.id).executeTakeFirst(),
    db.selectFrom('campaigns').select('nextQno').where('id', '=', campaign.id).executeTakeFirstOrThrow(),
  ]);
  const custom = table?.columns ?? [];
  const answers = Array.from({ length: Math.max(0, numbering.nextQno - 1) }, (_, i) => `Q${i + 1}`);
  return { campaignId: campaign.id, campaignName: campaign.campaignName, custom, answers, columns: [...DEFAULT_LEAD_COLUMNS, ...custom, ...answers] };
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
