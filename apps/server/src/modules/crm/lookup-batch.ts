// The lookup's one statement per batch (docs/performance.md, "The agent's lookup"): the lookups of one event-loop turn
// (db/batch.ts) read, per campaign asked, the campaign's layout and survey version, its full field quotas, and per
// number the generated lead and the do-not-call entry that blocks it. The campaign's questions travel only when the
// version this server holds is not the campaign's (survey-templates.ts): the survey is the same for every lead.
import { GENERATED_FOR_D } from '@crm/shared';
import { createBatchLoader, type BatchLoader } from '../../db/batch.ts';
import { poolOf } from '../../db/database.ts';
import type { Db } from '../../db/schema.ts';
import type { TFullFieldQuota } from '../leads/full-quotas.ts';
import { LEAD_ROW_PROPERTIES, columnOf, layoutOf, type LeadLayout, type LeadRow } from '../leads/layout.ts';
import { heldSurvey, keepSurvey, type SurveyRow, type SurveyTemplates } from './survey-templates.ts';

export type LookupKey = { campaign: string; phone: string };

/** The do-not-call entry of a number for the campaign: the oldest of the system list's and the campaign list's. */
export type TDncEntry = { campaignId: number | null; createdAt: Date };

/** The campaign's layout, survey and full quotas; the lead of that number when there is one, and its do-not-call entry. */
export type LookupFound = {
  layout: LeadLayout;
  survey: SurveyTemplates;
  fullQuotas: TFullFieldQuota[];
  lead: LeadRow | undefined;
  dnc: TDncEntry | null;
};

/** A row of the statement: the campaign's parts, the number asked, its do-not-call entry and its lead (all null when none). */
type Row = {
  layout_campaign_id: number;
  layout_campaign_name: string;
  layout_next_qno: number;
  layout_columns: string[] | null;
  layout_survey_version: number;
  /** The active questions as JSON text: on the first row only, and only when the version held was not the campaign's. */
  layout_questions: string | null;
  /** The campaign's full field quotas as JSON text (null without any, and on every row but the first). */
  layout_full_quotas: string | null;
  asked_phone: string;
  dnc_campaign_id: number | null;
  dnc_created_at: Date | null;
} & { [P in keyof LeadRow]: LeadRow[P] | null };

/** The lead's columns under their property names, so a row's lead needs no renaming. */
export const LEAD_SELECT = LEAD_ROW_PROPERTIES.map((p) => `l.${columnOf(p)} as "${p}"`).join(', ');

/**
 * One statement per campaign name in the batch ($1 its name in lower case, $2 the numbers, $3 the survey version held).
 * The campaign's row is read once (materialized); each number asked joins its generated lead (the newest data date
 * when it was generated on several: the lead the save writes without a lead id) and its do-not-call entry. No row at
 * all: no such campaign. A named statement, planned once per connection; run through pg, not Kysely, for that.
 */
const LOOKUP = {
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
         )
         select c.id as layout_campaign_id, c.campaign_name as layout_campaign_name, c.next_qno as layout_next_qno,
                c.columns as layout_columns, c.survey_version as layout_survey_version,
                case when a.n = 1 then c.questions end as layout_questions,
                case when a.n = 1 then c.full_quotas end as layout_full_quotas,
                a.phone as asked_phone, d.campaign_id as dnc_campaign_id, d.created_at as dnc_created_at,
                ${LEAD_SELECT}
           from c
          cross join unnest($2::text[]) with ordinality as a(phone, n)
           left join lateral (
             select * from leads
              where campaign_id = c.id and cell_number = a.phone and for_d = '${GENERATED_FOR_D}'
              order by data_date desc, id desc limit 1
           ) l on true
           left join lateral (
             select campaign_id, created_at from dnc_numbers
              where phone_number = a.phone and (campaign_id is null or campaign_id = c.id)
              order by created_at, id limit 1
           ) d on true`,
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
    asked_phone: _phone,
    dnc_campaign_id: _dncCampaign,
    dnc_created_at: _dncSince,
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

async function fetchCampaign(db: Db, campaign: string, phones: string[]): Promise<Map<string, LookupFound>> {
  const held = heldSurvey(db, campaign);
  const { rows } = await poolOf(db).query<Row>({ ...LOOKUP, values: [campaign, phones, held?.version ?? null] });
  const found = new Map<string, LookupFound>();
  const first = rows[0];
  if (first === undefined) return found;
  const layout = layoutOf(
    first.layout_campaign_id,
    first.layout_campaign_name,
    first.layout_next_qno,
    first.layout_columns,
  );
  // The row numbered 1 carries the campaign's JSON (whichever place it has in the reply).
  const carrier = rows.find((r) => r.layout_questions !== null || r.layout_full_quotas !== null);
  const version = first.layout_survey_version;
  const survey =
    carrier?.layout_questions != null
      ? keepSurvey(db, campaign, version, JSON.parse(carrier.layout_questions) as SurveyRow[])
      : held?.version === version
        ? held
        : // Never reached: the statement sends the questions whenever the versions differ.
          keepSurvey(db, campaign, version, []);
  const fullQuotas = carrier?.layout_full_quotas ? (JSON.parse(carrier.layout_full_quotas) as TFullFieldQuota[]) : [];
  for (const r of rows) {
    const dnc = r.dnc_created_at === null ? null : { campaignId: r.dnc_campaign_id, createdAt: r.dnc_created_at };
    found.set(`${campaign}|${r.asked_phone}`, { layout, survey, fullQuotas, lead: leadOf(r), dnc });
  }
  return found;
}

async function fetchLookups(db: Db, keys: LookupKey[]): Promise<Map<string, LookupFound>> {
  const byCampaign = new Map<string, string[]>();
  for (const k of keys) {
    const phones = byCampaign.get(k.campaign);
    if (phones === undefined) byCampaign.set(k.campaign, [k.phone]);
    else phones.push(k.phone);
  }
  const found = new Map<string, LookupFound>();
  const parts = await Promise.all([...byCampaign].map(([campaign, phones]) => fetchCampaign(db, campaign, phones)));
  for (const part of parts) for (const [key, value] of part) found.set(key, value);
  return found;
}

const loaders = new WeakMap<Db, BatchLoader<LookupKey, LookupFound>>();

/** The campaign's parts and the number's lead and do-not-call entry, read with the other lookups of this turn. */
export function loadLookup(db: Db, key: LookupKey): Promise<LookupFound | undefined> {
  let loader = loaders.get(db);
  if (loader === undefined) {
    loader = createBatchLoader(
      (keys) => fetchLookups(db, keys),
      (k) => `${k.campaign}|${k.phone}`,
    );
    loaders.set(db, loader);
  }
  return loader.load(key);
}
