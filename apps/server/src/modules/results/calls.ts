// The calls a results request reads (docs/guide/results.md, "What a call is"): the campaign it may see, and, as one
// SQL expression, its leads with a call attempt in the range, each with its call date, agent and disposition (those of
// its last attempt in the range) and its summary (migration 0041), narrowed by the filters.
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

/** A lead field's value of lead `l` in SQL, or undefined when the campaign has no such field. */
export function leadFieldSql(campaign: ResultCampaign, name: string): RawBuilder<string | null> | undefined {
  const column = LEAD_COLUMN_OF.get(name);
  if (column !== undefined) return sql<string | null>`nullif(trim(${sql.ref(`l.${column}`)}), '')`;
  if (campaign.columns.includes(name)) return sql<string | null>`nullif(trim(l.fields ->> ${name}), '')`;
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

/** The instant the local day starts (TIME_ZONE). */
const dayStart = (day: string, timeZone: string) => sql`(${day}::date::timestamp at time zone ${timeZone})`;

/**
 * The campaign's calls the filters select, as SQL to put in a `with`: one row per lead (lead_id, day, agent_id,
 * disposition_code, is_called, last_qno, partial_qno). The leads are read only when a lead field is filtered on.
 */
export function pickedCallsSql(campaign: ResultCampaign, f: TResultFilters, timeZone: string): RawBuilder<unknown> {
  const where: RawBuilder<unknown>[] = [sql`true`];
  const fieldFilters = Object.entries(f.fieldValues);
  for (const [name, value] of fieldFilters) {
    const expr = leadFieldSql(campaign, name);
    if (expr === undefined)
      throw badRequest(
        `"${name}" is not a lead field of ${campaign.campaignName}: use one of ${fieldNames(campaign).join(', ')}`,
      );
    where.push(sql`${expr} = ${value}`);
  }
  if (f.completedOnly) where.push(sql`r.is_called = 1`);
  if (f.agentId !== undefined) where.push(sql`lower(a.agent_id) = lower(${f.agentId})`);
  if (f.disposition !== undefined) where.push(sql`lower(a.disposition_code) = lower(${f.disposition})`);
  if (f.qcPassed)
    where.push(sql`exists (select 1 from passed_qc p where p.call_date = a.day and p.phone_key = r.phone_key)`);
  const joinLead = fieldFilters.length > 0;
  const passedQc = f.qcPassed
    ? sql`passed_qc as (
        select distinct q.call_date, regexp_replace(q.consumer_number, '\\D', '', 'g') as phone_key
          from qc_records q join scorecards s on s.id = q.scorecard_id
         where q.campaign_id = ${campaign.id} and q.call_date between ${f.from}::date and ${f.to}::date
           and q.total >= (s.definition ->> 'passMark')::numeric
           and not exists (
             select 1 from jsonb_array_elements(s.definition -> 'sections') sec
               cross join jsonb_array_elements(sec -> 'criteria') cr
              where cr ->> 'autoFailChoice' is not null
                and q.marks -> (cr ->> 'key') ->> 'choice' = cr ->> 'autoFailChoice')
      ),`
    : sql``;
  return sql`${passedQc} last_attempts as (
      select distinct on (a.lead_id) a.lead_id, a.agent_id, a.disposition_code,
             (a.ended_at at time zone ${timeZone})::date as day
        from call_attempts a
       where a.campaign_id = ${campaign.id}
         and a.ended_at >= ${dayStart(f.from, timeZone)}
         and a.ended_at < ${dayStart(f.to, timeZone)} + interval '1 day'
       order by a.lead_id, a.ended_at desc, a.id desc
    ), calls as materialized (
      select a.lead_id, a.day, a.agent_id, a.disposition_code,
             coalesce(r.is_called, 0) as is_called, r.last_qno, r.partial_qno
        from last_attempts a
        left join result_leads r on r.lead_id = a.lead_id
        ${joinLead ? sql`join leads l on l.id = a.lead_id` : sql``}
       where ${sql.join(where, sql` and `)}
    )`;
}
