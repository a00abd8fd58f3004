// A campaign's lead layout: the 16 default columns, its data table's own columns, then its answer columns Q1…Qn;
// and a stored lead turned into the spec's flat shape in that order (with its version, for the agent panel).
import { sql, type Selectable } from 'kysely';
import {
  DEFAULT_LEAD_COLUMNS,
  LEAD_COLUMNS,
  LEAD_VERSION_KEY,
  type TDefaultLeadColumn,
  type TLead,
  type TLeadColumn,
} from '@crm/shared';
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
export function layoutOf(
  campaignId: number,
  campaignName: string,
  nextQno: number,
  columns: string[] | null,
): LeadLayout {
  const custom = columns ?? [];
  const answers = Array.from({ length: Math.max(0, nextQno - 1) }, (_, i) => `Q${i + 1}`);
  return { campaignId, campaignName, custom, answers, columns: [...DEFAULT_LEAD_COLUMNS, ...custom, ...answers] };
}

/**
 * Every property of a stored lead, each once: the default columns (LEAD_COLUMNS), then the rest of the row. The
 * type check below fails when the leads table gains or loses a column that is not listed here.
 */
export const LEAD_ROW_PROPERTIES = [
  ...LEAD_COLUMNS.map((c) => c.stored),
  'campaignId',
  'calledBy',
  'calledAt',
  'fields',
  'answers',
  'version',
] as const;
type Unlisted = Exclude<keyof LeadsTable, (typeof LEAD_ROW_PROPERTIES)[number]>;
const everyColumnListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyColumnListed;

/** A property's column: brId → br_id (the query builder's camelCase, undone). */
export const columnOf = (property: string): string => property.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A stored value as the flat lead shows it: the id as a number (bigint arrives as text), times as ISO-8601. */
function flatValue(value: LeadRow[TLeadColumn['stored']], key: TDefaultLeadColumn): TLead[string] {
  if (key === 'id') return Number(value);
  return value instanceof Date ? value.toISOString() : value;
}

/** A stored lead in the flat shape (docs/product.md §3), keys in layout order; a custom column or answer not stored is null. */
export function toFlatLead(row: LeadRow, layout: Pick<LeadLayout, 'custom' | 'answers'>): TLead {
  const lead: TLead = {};
  for (const c of LEAD_COLUMNS) lead[c.key] = flatValue(row[c.stored], c.key); // DATE is read as 'yyyy-MM-dd' text (db/database.ts)
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
