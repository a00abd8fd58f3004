// The calls a results request reads (docs/guide/results.md, "What a call is"): the campaign it may see, and, as one
// SQL expression, its leads whose latest attempt (ever) falls in the range, each with that attempt's local day, agent and
// disposition and its summary (migrations 0041, 0042: one row per lead, read by campaign and day), narrowed by the
// filters.
import { sql, type RawBuilder } from 'kysely';
import {
  RESULT_LEAD_FIELDS,
  formatQno,
  qnoNumber,
  type TQuestion,
  type TResultFilters,
  type TTokenPayload,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { isAdmin } from '../../auth/access.ts';
import { findClientCampaignIds } from '../clients/scope.ts';
import { COVERED_VALUE_BYTES } from '../../db/migrations/0044-results-cover.ts';

/** The code beside the 403 of a client asking for a campaign not given to it. */
export const NOT_YOUR_CAMPAIGN = 'NOT_YOUR_CAMPAIGN';

/** What 'Partial Call' answers mark (PARTIAL_CALL_ANSWER). */
export const PARTIAL = 'Partial Call';

/** The lead columns a filter or a cross-tab may name, camelCase and as spelt in uploads. */
const LEAD_COLUMN_OF: ReadonlyMap<string, string> = new Map([
  ...RESULT_LEAD_FIELDS.map((f) => [f, f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] as const),
  ['target_selector', 'target_selector'],
  ['data_status', 'data_status'],
]);

export type ResultCampaign = {
  id: number;
  campaignName: string;
  /** The campaign's own lead columns (its data table's), in order. */
  columns: string[];
  /** Every question of the campaign, active ones first by qno, then the inactive ones by qno. */
  questions: ResultQuestionDef[];
};

export type ResultQuestionDef = {
  id: number;
  /** Q<n>. */
  qno: string;
  n: number;
  title: string;
  type: TQuestion['type'];
  /** Its options, trimmed, in order (choice questions). */
  options: string[];
  status: boolean;
};

/**
 * The campaign by name, if the caller may read its results: an admin any (404 for none of that name); a client only the
 * campaigns given to it (403 NOT_YOUR_CAMPAIGN for any other, a campaign of no such name too, so names are not probed).
 */
export async function findResultCampaign(db: Db, user: TTokenPayload, campaignName: string): Promise<ResultCampaign> {
  const row = await db
    .selectFrom('campaigns')
    .leftJoin('dataTables', 'dataTables.campaignId', 'campaigns.id')
    .select(['campaigns.id', 'campaigns.campaignName', 'dataTables.columns'])
    .where(sql<string>`lower(campaigns.campaign_name)`, '=', campaignName.trim().toLowerCase())
    .executeTakeFirst();
  if (!isAdmin(user)) {
    const allowed = await findClientCampaignIds(db, Number(user.sub));
    if (row === undefined || !allowed.includes(row.id))
      throw new AppError(
        'FORBIDDEN',
        `Your account may not see the results of "${campaignName.trim()}"`,
        NOT_YOUR_CAMPAIGN,
      );
  }
  if (row === undefined) throw notFound(`Campaign "${campaignName.trim()}" does not exist`);
  const questions = await db
    .selectFrom('questions')
    .select(['id', 'qno', 'title', 'type', 'options', 'status'])
    .where('campaignId', '=', row.id)
    .orderBy('status', 'desc')
    .orderBy('qno')
    .execute();
  return {
    id: row.id,
    campaignName: row.campaignName,
    columns: row.columns ?? [],
    questions: questions.map((q) => ({
      ...q,
      qno: formatQno(q.qno),
      n: q.qno,
      options: q.options.map((o) => o.trim()).filter((o) => o !== ''),
    })),
  };
}

/**
 * A lead field's value in SQL, of the lead's copy in result_leads `alias` (migration 0042 keeps the fields a filter
 * names), or undefined when the campaign has no such field.
 */
export function leadFieldSql(
  campaign: ResultCampaign,
  name: string,
  alias = 'r',
): RawBuilder<string | null> | undefined {
  const column = LEAD_COLUMN_OF.get(name);
  if (column !== undefined) return sql<string | null>`nullif(trim(${sql.ref(`${alias}.${column}`)}), '')`;
  if (campaign.columns.includes(name))
    return sql<string | null>`nullif(trim(${sql.ref(`${alias}.fields`)} ->> ${name}), '')`;
  return undefined;
}

/** The names a field may take, for the refusal of one that is none. */
export function fieldNames(campaign: ResultCampaign): string[] {
  return [...RESULT_LEAD_FIELDS, ...campaign.columns];
}

/** The question named Q<n> (any case), or undefined. */
export function questionNamed(campaign: ResultCampaign, name: string): ResultQuestionDef | undefined {
  if (!/^q\d{1,9}$/i.test(name.trim())) return undefined;
  const n = qnoNumber(name.trim().toUpperCase());
  return campaign.questions.find((q) => q.n === n);
}

/** Whether the filters leave the figures to the per-day counters (migration 0042): no agent, lead field nor QC filter. */
export function countedByDay(f: TResultFilters): boolean {
  return !f.qcPassed && f.agentId === undefined && Object.keys(f.fieldValues).length === 0;
}

/** The conditions on result_leads `r` of the calls the filters select (the QC-passed one reads result_qc_passed). */
function pickedWhere(campaign: ResultCampaign, f: TResultFilters): RawBuilder<unknown> {
  const where: RawBuilder<unknown>[] = [
    sql`r.campaign_id = ${campaign.id}`,
    sql`r.day between ${f.from}::date and ${f.to}::date`,
  ];
  for (const [name, value] of Object.entries(f.fieldValues)) {
    const expr = leadFieldSql(campaign, name);
    if (expr === undefined)
      throw badRequest(
        `"${name}" is not a lead field of ${campaign.campaignName}: use one of ${fieldNames(campaign).join(', ')}`,
      );
    where.push(sql`${expr} = ${value}`);
  }
  if (f.completedOnly) where.push(sql`r.is_called = 1`);
  if (f.agentId !== undefined) where.push(sql`lower(r.agent_id) = lower(${f.agentId})`);
  if (f.disposition !== undefined) where.push(sql`lower(r.disposition_code) = lower(${f.disposition})`);
  // A call passed QC when a record of its number and (local) day passed (migration 0044 counts them per number and day).
  if (f.qcPassed)
    where.push(sql`(r.day, r.phone_key) in (select p.call_date, p.phone_key from result_qc_passed p
      where p.campaign_id = ${campaign.id} and p.call_date between ${f.from}::date and ${f.to}::date)`);
  return sql.join(where, sql` and `);
}

/**
 * The campaign's calls the filters select, as SQL to put in a `with`: one row per lead whose latest attempt's local day
 * is in the range (lead_id, day, agent_id, disposition_code, is_called, last_qno, partial_qno, and `extra` columns of
 * result_leads r as x0, x1…), read from result_leads by (campaign, day), its index covering the fixed columns
 * (migration 0044). `materialized`: kept once for a query reading it more than once.
 */
export function pickedCallsSql(
  campaign: ResultCampaign,
  f: TResultFilters,
  extra: readonly RawBuilder<unknown>[] = [],
  materialized = true,
): RawBuilder<unknown> {
  const more = extra.map((e, i) => sql`, ${e} as ${sql.ref(`x${i}`)}`);
  return sql`calls as ${materialized ? sql`materialized` : sql`not materialized`} (
      select r.lead_id, r.day, r.agent_id, r.disposition_code, r.is_called, r.last_qno, r.partial_qno ${sql.join(more, sql``)}
        from result_leads r
       where ${pickedWhere(campaign, f)}
    )`;
}

/**
 * The stored answers (lead_id, value) of question `qno` of the calls of the range, narrowed by the filters that the
 * answers carry (completed only, disposition): read by migration 0044's two indexes, the short values' covering one
 * and the long values' bare one.
 */
export function answerRowsSql(campaign: ResultCampaign, qno: number, f: TResultFilters): RawBuilder<unknown> {
  const where = sql`ra.campaign_id = ${campaign.id} and ra.qno = ${qno} and ra.day between ${f.from}::date and ${f.to}::date
    ${f.completedOnly ? sql`and ra.is_called = 1` : sql``}
    ${f.disposition !== undefined ? sql`and lower(ra.disposition_code) = lower(${f.disposition})` : sql``}`;
  return sql`(select ra.lead_id, ra.value from result_answers ra
      where ${where} and octet_length(ra.value) <= ${sql.lit(COVERED_VALUE_BYTES)}
    union all
    select ra.lead_id, ra.value from result_answers ra
      where ${where} and octet_length(ra.value) > ${sql.lit(COVERED_VALUE_BYTES)})`;
}
