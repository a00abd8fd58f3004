// The lookup's one statement per batch (docs/performance.md, "The agent's lookup"): the lookups of one event-loop turn
// (db/batch.ts) read, per campaign asked, the campaign's layout and survey version, its full field quotas, and per
// number the generated lead and the do-not-call entry that blocks it; and for a caller's lookup of a lead it may call,
// the same statement records the call's start (call-starts.ts says how a start is kept). The campaign's questions
// travel only when the version this server holds is not the campaign's (survey-templates.ts).
import { GENERATED_FOR_D } from '@crm/shared';
import { createBatchLoader, type BatchLoader } from '../../db/batch.ts';
import { poolOf } from '../../db/database.ts';
import type { Db } from '../../db/schema.ts';
import { quotaFieldValueText, type TFullFieldQuota } from '../leads/full-quotas.ts';
import { KEEP_OR_RESTART, keptStartOf, type CallStart } from './call-starts.ts';
import { LEAD_ROW_PROPERTIES, columnOf, layoutOf, type LeadLayout, type LeadRow } from '../leads/layout.ts';
import { heldSurvey, keepSurvey, type SurveyRow, type SurveyTemplates } from './survey-templates.ts';

export type LookupKey = { campaign: string; phone: string };

/** A lookup: its campaign (lower case) and number, and the call start to record when its lead may be called (callers). */
export type LookupAsk = LookupKey & { start: Omit<CallStart, 'leadId'> | null };

/** The do-not-call entry of a number for the campaign: the oldest of the system list's and the campaign list's. */
export type TDncEntry = { campaignId: number | null; createdAt: Date };

/** The campaign's layout, survey and full quotas; the lead of that number when there is one, and its do-not-call entry. */
export type LookupFound = {
  layout: LeadLayout;
  survey: SurveyTemplates;
  fullQuotas: TFullFieldQuota[];
  lead: LeadRow | undefined;
  dnc: TDncEntry | null;
  /** When the caller's call of the lead began (this lookup or an earlier one of the call); null when none was asked. */
  startedAt: Date | null;
};

/**
 * A row of the statement: the campaign's parts (on the row numbered 1 only), the number asked, its do-not-call entry
 * and its lead (all null when none).
 */
type Row = {
  layout_campaign_id: number;
  layout_campaign_name: string | null;
  layout_next_qno: number | null;
  layout_columns: string[] | null;
  layout_survey_version: number | null;
  /** The active questions as JSON text, only when the version held was not the campaign's. */
  layout_questions: string | null;
  /** The campaign's full field quotas as JSON text (null without any). */
  layout_full_quotas: string | null;
  /** The lookup's place in the batch's list, from 1. */
  n: number;
  dnc_campaign_id: number | null;
  dnc_created_at: Date | null;
  started_at: Date | null;
} & { [P in keyof LeadRow]: LeadRow[P] | null };

/** The lead's columns under their property names, so a row's lead needs no renaming. */
export const LEAD_SELECT = LEAD_ROW_PROPERTIES.map((p) => `l.${columnOf(p)} as "${p}"`).join(', ');

const LEAD_COLUMNS_OF_ASKED = LEAD_ROW_PROPERTIES.map((p) => `s."${p}"`).join(', ');

/**
 * One statement per campaign name in the batch: $1 its name in lower case, $2 the lookups as a JSON array (per
 * number `n` its place from 1, `phone`, and the caller's `user_id`, `session_id` and `dialer_call_id`; a null user:
 * record no start), $3 the survey version held. The campaign's row is read once (materialized); each number joins
 * its generated lead (the newest data date when it was generated on several: the lead the save writes without a lead
 * id), its do-not-call entry and the first full field quota it is in. A start is recorded for a caller's lead that is
 * listed nowhere and in no full quota, as call-starts.ts records one: upserted in key order, kept unless another
 * call's, the lead locked against a delete meanwhile. No row at all: no such campaign. The campaign's parts travel on
 * the row numbered 1 only. A named statement, planned once per connection; run through pg, not Kysely, for that.
 *
 * Why JSON and not arrays: PostgreSQL estimates `unnest` of an array it is given by the array's length, so a custom
 * plan of a batch of a few numbers looked cheaper than the generic one and was planned anew at every lookup (one
 * number: 2.2–2.8 ms a statement so, 1.1 ms with the generic plan, PostgreSQL 15); `jsonb_to_recordset` is estimated
 * alike in both, so after its first five runs the connection keeps the generic plan (lookup-batch.test.ts checks it).
 */
export const LOOKUP = {
  name: 'crm-lookup',
  text: `with c as materialized (
           select c.id, c.campaign_name, c.next_qno, c.survey_version, dt.columns,
                  case when c.survey_version is distinct from $3::int then (
                    select coalesce(json_agg(json_build_object('id', q.id, 'qno', q.qno, 'title', q.title,
                                    'options', q.options, 'instruction', q.instruction) order by q.qno), '[]')
                    from questions q where q.campaign_id = c.id and q.status
                  )::text end as questions,
                  (select json_agg(json_build_object('field', q.field, 'value', q.value))
                     from quotas q where q.campaign_id = c.id and q.field is not null and q.count >= q."limit"
                  )::text as full_quotas
             from campaigns c
             left join data_tables dt on dt.campaign_id = c.id
            where lower(c.campaign_name) = $1
         ),
         asked as materialized (
           select a.phone as asked_phone, a.n, a.user_id, a.session_id, a.dialer_call_id,
                  d.campaign_id as dnc_campaign_id, d.created_at as dnc_created_at, fq.full as in_full_quota,
                  kept.started_at as kept_started_at, ${LEAD_SELECT}
             from c
            cross join jsonb_to_recordset($2::jsonb)
                  as a(n int, phone text, user_id int, session_id int, dialer_call_id text)
             left join lateral (
               select * from leads
                where campaign_id = c.id and cell_number = a.phone and for_d = '${GENERATED_FOR_D}'
                order by data_date desc, id desc limit 1
             ) l on true
             left join lateral (
               select campaign_id, created_at from dnc_numbers
                where phone_number = a.phone and (campaign_id is null or campaign_id = c.id)
                order by created_at, id limit 1
             ) d on true
             left join lateral (
               select true as full from quotas q
                where c.full_quotas is not null and l.is_called is distinct from 1
                  and q.campaign_id = c.id and q.field is not null and q.count >= q."limit"
                  and q.value = ${quotaFieldValueText('l')}
                limit 1
             ) fq on true
             ${keptStartOf('a.user_id', 'l.id')}
         ),
         upserted as (
           insert into call_starts as cs (user_id, lead_id, started_at, session_id, dialer_call_id)
           select w.user_id, w.lead_id, now(), w.session_id, w.dialer_call_id
             from (select distinct on (user_id, "id") user_id, "id" as lead_id, session_id, dialer_call_id
                     from asked
                    where user_id is not null and "id" is not null and dnc_created_at is null and in_full_quota is null
                    order by user_id, "id", n) w
             join leads k on k.id = w.lead_id
            order by w.user_id, w.lead_id
              for key share of k
           ${KEEP_OR_RESTART}
         )
         select c.id as layout_campaign_id,
                case when s.n = 1 then c.campaign_name end as layout_campaign_name,
                case when s.n = 1 then c.next_qno end as layout_next_qno,
                case when s.n = 1 then c.columns end as layout_columns,
                case when s.n = 1 then c.survey_version end as layout_survey_version,
                case when s.n = 1 then c.questions end as layout_questions,
                case when s.n = 1 then c.full_quotas end as layout_full_quotas,
                s.n, s.dnc_campaign_id, s.dnc_created_at,
                case when s.user_id is not null and s.dnc_created_at is null and s.in_full_quota is null
                     then coalesce(u.started_at, s.kept_started_at) end as started_at,
                ${LEAD_COLUMNS_OF_ASKED}
           from c
          cross join asked s
           left join upserted u on u.user_id = s.user_id and u.lead_id = s."id"`,
};

/** The row's lead: present when the join found one (its id, number, date and creation time are never null). */
function leadOf(r: Row): LeadRow | undefined {
  const {
    layout_campaign_id,
    layout_campaign_name: _name,
    layout_next_qno: _next,
    layout_columns: _columns,
    layout_survey_version: _version,
    layout_questions: _questions,
    layout_full_quotas: _quotas,
    n: _n,
    dnc_campaign_id: _dncCampaign,
    dnc_created_at: _dncSince,
    started_at: _startedAt,
    ...lead
  } = r;
  const { id, cellNumber, dataDate, createdAt, forD, generateStatus, isCalled, fields, answers, version, campaignId } =
    lead;
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

/** A lookup's key in the batch: the same number asked by two callers (or with two dialer calls) is two lookups. */
const askKey = (a: LookupAsk) =>
  `${a.campaign}|${a.phone}|${a.start?.userId ?? ''}|${a.start?.sessionId ?? ''}|${a.start?.dialerCallId ?? ''}`;

/** The batch's lookups as the statement's JSON parameter, each with its place from 1. */
export const asksJson = (asks: LookupAsk[]) =>
  JSON.stringify(
    asks.map((a, i) => ({
      n: i + 1,
      phone: a.phone,
      user_id: a.start?.userId ?? null,
      session_id: a.start?.sessionId ?? null,
      dialer_call_id: a.start?.dialerCallId ?? null,
    })),
  );

async function fetchCampaign(db: Db, campaign: string, asks: LookupAsk[]): Promise<Map<string, LookupFound>> {
  const held = heldSurvey(db, campaign);
  const { rows } = await poolOf(db).query<Row>({
    ...LOOKUP,
    values: [campaign, asksJson(asks), held?.version ?? null],
  });
  const found = new Map<string, LookupFound>();
  // The row numbered 1 carries the campaign's parts (whichever place it has in the reply); no rows: no such campaign.
  const carrier = rows.find((r) => r.n === 1);
  if (carrier === undefined) return found;
  const { layout_campaign_name: name, layout_next_qno: nextQno, layout_survey_version: version } = carrier;
  if (name === null || nextQno === null || version === null)
    throw new Error(`The lookup of "${campaign}" came back without its campaign's parts`);
  const layout = layoutOf(carrier.layout_campaign_id, name, nextQno, carrier.layout_columns);
  const survey =
    carrier.layout_questions !== null
      ? keepSurvey(db, campaign, version, JSON.parse(carrier.layout_questions) as SurveyRow[])
      : held?.version === version
        ? held
        : undefined;
  // The statement sends the questions whenever the version held is not the campaign's: never without both.
  if (survey === undefined)
    throw new Error(`The lookup of "${campaign}" came back without its survey version ${version}`);
  const fullQuotas = carrier.layout_full_quotas ? (JSON.parse(carrier.layout_full_quotas) as TFullFieldQuota[]) : [];
  for (const r of rows) {
    const ask = asks[r.n - 1];
    if (ask === undefined) continue;
    const dnc = r.dnc_created_at === null ? null : { campaignId: r.dnc_campaign_id, createdAt: r.dnc_created_at };
    found.set(askKey(ask), { layout, survey, fullQuotas, lead: leadOf(r), dnc, startedAt: r.started_at });
  }
  return found;
}

async function fetchLookups(db: Db, asks: LookupAsk[]): Promise<Map<string, LookupFound>> {
  const byCampaign = new Map<string, LookupAsk[]>();
  for (const a of asks) {
    const same = byCampaign.get(a.campaign);
    if (same === undefined) byCampaign.set(a.campaign, [a]);
    else same.push(a);
  }
  const found = new Map<string, LookupFound>();
  const parts = await Promise.all([...byCampaign].map(([campaign, same]) => fetchCampaign(db, campaign, same)));
  for (const part of parts) for (const [key, value] of part) found.set(key, value);
  return found;
}

const loaders = new WeakMap<Db, BatchLoader<LookupAsk, LookupFound>>();

/** The campaign's parts, the number's lead and do-not-call entry, and the call's start: with the other lookups of this turn. */
export function loadLookup(db: Db, ask: LookupAsk): Promise<LookupFound | undefined> {
  let loader = loaders.get(db);
  if (loader === undefined) {
    loader = createBatchLoader((asks) => fetchLookups(db, asks), askKey);
    loaders.set(db, loader);
  }
  return loader.load(ask);
}
