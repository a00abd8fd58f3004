// GET /api/ap/getByNumber: the generated lead of a campaign with a number, in the flat shape.
// Agents look numbers up all day, so the lookups of one event-loop turn share one query (db/batch.ts) that reads
// each campaign's layout, its active questions and all its numbers asked at once; a caller's lookup also records the
// call's start (call-starts.ts), batched the same way.
import {
  GENERATED_FOR_D,
  LEAD_CALL_STARTED_KEY,
  LEAD_NOT_GENERATED,
  LEAD_SURVEY_KEY,
  fillQuestionText,
  formatQno,
  joinOptions,
  type TLead,
  type TLeadLookupResult,
  type TLookupSurveyQuestion,
  type TTokenPayload,
} from '@crm/shared';
import type { CountryCode } from 'libphonenumber-js';
import { createBatchLoader, type BatchLoader } from '../../db/batch.ts';
import { poolOf } from '../../db/database.ts';
import type { Db } from '../../db/schema.ts';
import { doNotCall, notFound, quotaFull as quotaFullRefusal } from '../../http/errors.ts';
import { fullQuotaMessage, type TFullFieldQuota } from '../leads/full-quotas.ts';
import { dncMessage, findDncEntry } from '../dnc/lookup.ts';
import {
  LEAD_ROW_PROPERTIES,
  columnOf,
  layoutOf,
  toVersionedLead,
  type LeadLayout,
  type LeadRow,
} from '../leads/layout.ts';
import { assertCanWorkOnCampaign, storedPhone } from '../questions/work-access.ts';
import { recordCallStart } from './call-starts.ts';

type Key = { campaign: string; phone: string };
/** An active question of the campaign as the lookup statement reads it (json: options as an array, qno a number). */
type SurveyRow = { id: number; qno: number; title: string; options: string[]; instruction: string | null };
/** The campaign's layout and active questions, and its lead with that number when there is one. */
type Found = { layout: LeadLayout; questions: SurveyRow[]; fullQuotas: TFullFieldQuota[]; lead: LeadRow | undefined };

/** A row of the lookup statement: the campaign's layout, and one generated lead (every property null when none). */
type Row = {
  layout_campaign_id: number;
  layout_campaign_name: string;
  layout_next_qno: number;
  layout_columns: string[] | null;
  /** The questions as JSON text (null without any, and on every row but the first): parsed once per batch. */
  layout_questions: string | null;
  /** The campaign's full field quotas as JSON text (null without any, and on every row but the first). */
  layout_full_quotas: string | null;
} & { [P in keyof LeadRow]: LeadRow[P] | null };

/** The lead's columns under their property names, so a row's lead needs no renaming. */
const LEAD_SELECT = LEAD_ROW_PROPERTIES.map((p) => `l.${columnOf(p)} as "${p}"`).join(', ');

/**
 * One statement per campaign name in the batch: the campaign with its data table's columns and its active questions
 * (aggregated once per campaign, not per lead, so the texts cost no query of their own), joined to the generated
 * lead of each number asked (the newest data date when a number was generated on several, the same lead the save
 * writes when it is given no lead id). No row at all: no such campaign. A named (prepared) statement, so PostgreSQL
 * parses and plans it once per connection instead of on every batch; it runs through pg, not Kysely, for that.
 */
const LOOKUP = {
  name: 'agent-panel-lookup',
  text: `select c.id as layout_campaign_id, c.campaign_name as layout_campaign_name, c.next_qno as layout_next_qno,
                dt.columns as layout_columns,
                -- Once per batch, on its first row: the rows of a batch share one campaign.
                case when row_number() over () = 1 then qs.questions::text end as layout_questions,
                case when row_number() over () = 1 then fq.quotas::text end as layout_full_quotas,
                ${LEAD_SELECT}
         from campaigns c
         left join data_tables dt on dt.campaign_id = c.id
         left join lateral (
           select json_agg(json_build_object('id', q.id, 'qno', q.qno, 'title', q.title, 'options', q.options,
                                             'instruction', q.instruction) order by q.qno) as questions
           from questions q where q.campaign_id = c.id and q.status
         ) qs on true
         left join lateral (
           select json_agg(json_build_object('field', q.field, 'value', q.value)) as quotas
           from quotas q where q.campaign_id = c.id and q.field is not null and q.count >= q."limit"
         ) fq on true
         left join lateral (
           select distinct on (cell_number) * from leads
           where campaign_id = c.id and cell_number = any($2::text[]) and for_d = '${GENERATED_FOR_D}'
           order by cell_number, data_date desc, id desc
         ) l on true
         where lower(c.campaign_name) = $1`,
};

/**
 * The lead a lookup names by id (?leadId=): the generated lead with that id, that number and of that campaign, so a
 * callback or a pop opens its own lead when the number was generated on another date too. Run beside the batch, by
 * its own named statement: the usual lookup names no lead and keeps the batched statement alone.
 */
const PINNED_LEAD = {
  name: 'agent-panel-lookup-pinned',
  text: `select ${LEAD_SELECT}
         from leads l join campaigns c on c.id = l.campaign_id
         where l.id = $1 and lower(c.campaign_name) = $2 and l.cell_number = $3 and l.for_d = '${GENERATED_FOR_D}'`,
};

async function findPinnedLead(db: Db, key: Key, leadId: number): Promise<LeadRow | undefined> {
  const { rows } = await poolOf(db).query<LeadRow>({
    ...PINNED_LEAD,
    values: [String(leadId), key.campaign, key.phone],
  });
  return rows[0];
}

/** The row's lead: present when the join found one (its id, number, date and creation time are never null). */
function leadOf(r: Row): LeadRow | undefined {
  const {
    layout_campaign_id,
    layout_campaign_name: _name,
    layout_next_qno: _next,
    layout_columns: _columns,
    layout_questions: _questions,
    layout_full_quotas: _quotas,
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
      const layout = layoutOf(
        first.layout_campaign_id,
        first.layout_campaign_name,
        first.layout_next_qno,
        first.layout_columns,
      );
      const leads = new Map(
        rows.flatMap((r) => {
          const lead = leadOf(r);
          return lead === undefined ? [] : [[lead.cellNumber, lead] as const];
        }),
      );
      // The row numbered 1 carries the campaign's JSON (whichever place it has in the reply).
      const carrier = rows.find((r) => r.layout_questions !== null || r.layout_full_quotas !== null);
      const questions = carrier?.layout_questions ? (JSON.parse(carrier.layout_questions) as SurveyRow[]) : [];
      const fullQuotas = carrier?.layout_full_quotas
        ? (JSON.parse(carrier.layout_full_quotas) as TFullFieldQuota[])
        : [];
      for (const phone of phones)
        found.set(`${campaign}|${phone}`, { layout, questions, fullQuotas, lead: leads.get(phone) });
    }),
  );
  return found;
}

const loaders = new WeakMap<Db, BatchLoader<Key, Found>>();

function loaderFor(db: Db): BatchLoader<Key, Found> {
  let loader = loaders.get(db);
  if (loader === undefined) {
    loader = createBatchLoader(
      (keys) => fetchLeads(db, keys),
      (k) => `${k.campaign}|${k.phone}`,
    );
    loaders.set(db, loader);
  }
  return loader;
}

/** The campaign's active questions, each with its text as written and filled from the flat lead (its values and stored answers). */
function surveyOf(questions: readonly SurveyRow[], lead: TLead): TLookupSurveyQuestion[] {
  return questions.map((q) => {
    const text = { title: q.title, options: joinOptions(q.options), instruction: q.instruction };
    return { id: q.id, qno: formatQno(q.qno), ...text, ...fillQuestionText(text, { lead }) };
  });
}

/**
 * The lead of that number in the flat shape with its version (a save sends it back, so a save made meanwhile is not
 * overwritten) and, after it, the campaign's active questions filled from the lead, or the older system's not-generated message (docs/product.md §7 Agent panel). A number on the system's
 * or the campaign's do-not-call list answers 403 with the list and date (docs/guide/dnc.md), so no survey is offered; QC
 * inspectors (the QC panel's lead card of a past call) still get the lead.
 * For a caller (an agent, or an admin on /CRM) a lead offered starts the call (call-starts.ts): the reply ends with
 * callStartedAt, this call's first start, and `dialerCallId` (the dialer's id of a popped call) is kept for its attempt.
 * `leadId` names the lead meant (a callback's, the dialer's vendor_lead_code): that generated lead of the number when
 * there is one, else the number's usual lead.
 */
export async function findLeadByNumber(
  db: Db,
  user: TTokenPayload,
  campaignName: string,
  cellNumber: string,
  country: CountryCode,
  timeZone: string,
  { dialerCallId, leadId }: { dialerCallId?: string | undefined; leadId?: number | undefined } = {},
): Promise<TLeadLookupResult> {
  assertCanWorkOnCampaign(user, campaignName);
  const phone = storedPhone(cellNumber, country);
  const key = { campaign: campaignName.trim().toLowerCase(), phone };
  const [batched, pinned] = await Promise.all([
    loaderFor(db).load(key),
    leadId === undefined ? undefined : findPinnedLead(db, key, leadId),
  ]);
  if (batched === undefined) throw notFound(`Campaign "${campaignName.trim()}" does not exist`);
  const found: Found = pinned === undefined ? batched : { ...batched, lead: pinned };
  // Those who call (agents, and admins on /CRM) are stopped; a QC inspector looking up a past call to score it is not.
  const inspector = user.roles.some((r) => r.roleName === 'QC') && !user.roles.some((r) => r.roleName === 'ADMIN');
  const dnc = inspector ? null : await findDncEntry(db, phone, found.layout.campaignId, timeZone);
  if (dnc !== null) throw doNotCall(dncMessage(dnc));
  if (found.lead === undefined) return { message: LEAD_NOT_GENERATED };
  const lead = toVersionedLead(found.lead, found.layout);
  // A lead in a full quota on a lead field (docs/guide/quotas.md): 409, no survey; inspectors are not stopped here either.
  const quotaFull = inspector ? undefined : fullQuotaMessage(found.fullQuotas, lead);
  if (quotaFull !== undefined) throw quotaFullRefusal(quotaFull);
  const withSurvey = Object.assign(lead, { [LEAD_SURVEY_KEY]: surveyOf(found.questions, lead) });
  if (inspector) return withSurvey;
  const startedAt = await recordCallStart(db, {
    userId: Number(user.sub),
    leadId: found.lead.id,
    sessionId: user.sid ?? null,
    dialerCallId: dialerCallId ?? null,
  });
  // undefined: the lead was deleted meanwhile; the reply is still the lead as read.
  return startedAt === undefined
    ? withSurvey
    : Object.assign(withSurvey, { [LEAD_CALL_STARTED_KEY]: startedAt.toISOString() });
}
