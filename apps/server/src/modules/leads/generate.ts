// Generate and regenerate (docs/architecture.md §4): per (br_id, target_selector) group of one data date, mark fresh leads
// as generated, valid ones first, then in upload order. Each runs as one statement under the campaign's lead lock.
// Callbacks (docs/guide/call-loop.md): a lead with an open callback stays generated; a fresh lead of its number is held back.
import { sql, type RawBuilder } from 'kysely';
import {
  FIRST_BATCH,
  GENERATED_FOR_D,
  LEAD_MESSAGES,
  NO_SELECTOR,
  VALID_DATA_STATUS,
  startOfNextLocalDay,
  type TGenerateResult,
  type TGenerateTargets,
  type TRegenerateResult,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { findCampaignByName } from '../campaigns/service.ts';
import { anyFullQuota, inFullQuota, outsideFullQuotas } from './full-quotas.ts';
import { lockCampaignLeads } from './lock.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';

/** What a generate or regenerate was asked for, as logged beside its count. */
const requestOf = (request: GenerateRequest) => ({
  dataDate: request.dataDate,
  ...(request.all ? { all: true } : { targets: request.targets ?? {} }),
});

export type GenerateRequest = {
  campaignName: string;
  dataDate: string;
  /** Every fresh lead of the date (regenerate: as many per group as it has uncalled), whatever the targets. */
  all: boolean;
  /** N per group of each selector; NO_SELECTOR ('') for leads without one. */
  targets: TGenerateTargets | null | undefined;
  /** The call centre's zone (TIME_ZONE): a callback is due on the date when it is due before the date ends there. */
  timeZone: string;
};

/**
 * The group key of a lead (NULL br_id and NULL selector are groups of their own) and the pick order within a group
 * (valid leads first, any case, then upload order), written exactly as leads_pick_idx (migration 0014) holds them:
 * literals, not bound values, so PostgreSQL can match them to the index.
 */
const selectorKey = sql`coalesce(target_selector, ${sql.lit(NO_SELECTOR)})`;
const brKey = sql`coalesce(br_id, '')`;
const pickOrder = sql`(lower(trim(coalesce(data_status, ''))) = ${sql.lit(VALID_DATA_STATUS.toLowerCase())}) desc, id`;

/**
 * The lead's number is on neither the system's do-not-call list nor the campaign's (docs/guide/dnc.md): one probe of
 * dnc_numbers_number_idx (phone_number, campaign_id) per lead looked at. `leads` is the unaliased table of the query.
 */
const notListed = (campaignId: number) => sql`not exists (
  select 1 from dnc_numbers d
   where d.phone_number = leads.cell_number and (d.campaign_id is null or d.campaign_id = ${campaignId}))`;

/**
 * No lead of the campaign with this number has an open callback (docs/guide/call-loop.md): the agent calls the number back
 * through the lead the callback is on, with its answers and draft; another lead of the number, generated, would be
 * the one a lookup opens (the newest date's), and the callback's would be lost. The open callbacks' numbers are read
 * once per statement (an uncorrelated, hashed subplan), however many leads are looked at.
 */
const noOpenCallback = (campaignId: number) => sql`leads.cell_number not in (
  select cl.cell_number from callbacks cb join leads cl on cl.id = cb.lead_id where cb.campaign_id = ${campaignId} and cb.state = 'open')`;

/**
 * A lead generate may pick: not on a do-not-call list, in no full quota on a lead field (docs/guide/quotas.md), and no other
 * lead of its number waiting for a callback.
 */
const mayPick = (campaignId: number) =>
  sql`${notListed(campaignId)} and ${outsideFullQuotas(campaignId)} and ${noOpenCallback(campaignId)}`;

/**
 * A fresh lead of the date whose number has an open callback on a lead of the campaign: the semi-join form of
 * `not noOpenCallback`, which the planner drives from the (usually few) open callbacks' numbers through
 * leads_campaign_date_cell_key instead of filtering every lead of the date.
 */
const hasOpenCallback = (campaignId: number) => sql`leads.cell_number in (
  select cl.cell_number from callbacks cb join leads cl on cl.id = cb.lead_id where cb.campaign_id = ${campaignId} and cb.state = 'open')`;

/** The audit entry's held-back count, named only when some leads were held back. */
const heldBackCount = (heldBack: number): Record<string, number> => (heldBack > 0 ? { heldBack } : {});

type CallbackCounts = { callbacksDue: number; heldForCallbacks: number };
type AfterPick = { heldBack: number; callbacks: CallbackCounts };

/**
 * The figures a generate or regenerate answers after its pick, in one statement, each driven from what is usually
 * small, so that a few leads picked cost a few index reads however large the date (docs/guide/dnc.md, quotas.md,
 * call-loop.md):
 * - held back as listed: a semi-join from the lists through leads_campaign_date_cell_key;
 * - held back by a full quota on a lead field (and not listed, so a lead that is both counts once): the date's fresh
 *   leads are read only when the campaign has such a quota (a one-time filter on quotas_full_field_idx);
 * - callbacks due: the date's generated leads with an open callback due before the date ends in the zone that may be
 *   called (not listed, in no full quota), from the campaign's open callbacks;
 * - held for callbacks: fresh leads of the date that may be called but whose number has an open callback on a lead
 *   of the campaign, from those callbacks' numbers.
 */
async function countAfterPick(trx: Db, campaignId: number, request: GenerateRequest): Promise<AfterPick> {
  const { dataDate } = request;
  const fresh = sql`leads.campaign_id = ${campaignId} and leads.data_date = ${dataDate} and leads.generate_status = 0`;
  const dateEnds = startOfNextLocalDay(dataDate, request.timeZone);
  const { rows } = await sql<{ listed: string; quota: string; due: string; held: string }>`
    select
      (select count(*) from leads
        where ${fresh}
          and cell_number in (select phone_number from dnc_numbers where campaign_id is null or campaign_id = ${campaignId})) as listed,
      (select count(*) from leads
        where ${fresh} and ${anyFullQuota(campaignId)}
          and ${notListed(campaignId)} and ${inFullQuota(campaignId)}) as quota,
      (select count(distinct cb.lead_id) from callbacks cb join leads on leads.id = cb.lead_id
        where cb.campaign_id = ${campaignId} and cb.state = 'open' and cb.due_at < ${dateEnds}
          and leads.data_date = ${dataDate} and leads.generate_status > 0
          and ${notListed(campaignId)} and ${outsideFullQuotas(campaignId)}) as due,
      (select count(*) from leads
        where ${fresh} and ${hasOpenCallback(campaignId)}
          and ${notListed(campaignId)} and ${outsideFullQuotas(campaignId)}) as held`.execute(trx);
  const row = rows[0];
  return {
    heldBack: Number(row?.listed ?? 0) + Number(row?.quota ?? 0),
    callbacks: { callbacksDue: Number(row?.due ?? 0), heldForCallbacks: Number(row?.held ?? 0) },
  };
}

/** The audit entry's callback counts, each named only when it is not 0. */
const callbackAuditCounts = (c: CallbackCounts): Record<string, number> =>
  Object.fromEntries(Object.entries(c).filter(([, n]) => n > 0));

/**
 * The ids of the first `budget.k` fresh leads of each group in `budget` (columns selector, br, k), read from
 * leads_pick_idx a group at a time: a few leads per group cost a few index reads, however large the date.
 */
function pickFresh(ofDate: RawBuilder<unknown>, budget: RawBuilder<unknown>, campaignId: number): RawBuilder<unknown> {
  return sql`
    select p.id from (${budget}) b
    cross join lateral (
      select id from leads
       where ${ofDate} and ${selectorKey} = b.selector and ${brKey} = b.br and generate_status = 0 and ${mayPick(campaignId)}
       order by ${pickOrder}
       limit b.k
    ) p`;
}

/** The date's groups (selector, br), found by skipping through leads_pick_idx from one group to the next. */
function groupsOf(ofDate: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    (select ${selectorKey} as selector, ${brKey} as br from leads where ${ofDate} order by 1, 2 limit 1)
    union all
    select n.selector, n.br from date_groups g
    cross join lateral (
      select ${selectorKey} as selector, ${brKey} as br from leads
       where ${ofDate} and (${selectorKey}, ${brKey}) > (g.selector, g.br)
       order by 1, 2
       limit 1
    ) n`;
}

/** The targets as a two-column relation of bound values (selector, n): no key reaches the SQL text. */
function targetRows(targets: TGenerateTargets): RawBuilder<unknown> {
  const entries = Object.entries(targets);
  return sql`select * from unnest(${entries.map(([s]) => s)}::text[], ${entries.map(([, n]) => n)}::int[]) as t(selector, n)`;
}

function checkTargets(request: GenerateRequest): TGenerateTargets {
  const targets = request.targets ?? {};
  if (!request.all && Object.keys(targets).length === 0) throw badRequest(LEAD_MESSAGES.noTargets);
  return targets;
}

/** POST /dynamic/updateData: up to N fresh leads per group of the date become generated (batch 1). */
export async function generateLeads(db: Db, request: GenerateRequest, actor: TAuditActor): Promise<TGenerateResult> {
  const targets = checkTargets(request);
  const campaign = await findCampaignByName(db, request.campaignName);
  const ofDate = sql`campaign_id = ${campaign.id} and data_date = ${request.dataDate}`;
  const statement = request.all
    ? sql`update leads set for_d = ${GENERATED_FOR_D}, generate_status = ${FIRST_BATCH} where ${ofDate} and generate_status = 0 and ${mayPick(campaign.id)}`
    : sql`
      with recursive date_groups as (${groupsOf(ofDate)}),
      targets as (${targetRows(targets)}),
      budget as (select g.selector, g.br, t.n as k from date_groups g join targets t on t.selector = g.selector),
      picked as (${pickFresh(ofDate, sql`select * from budget`, campaign.id)})
      update leads set for_d = ${GENERATED_FOR_D}, generate_status = ${FIRST_BATCH}
        from picked
       where leads.id = picked.id`;
  const { rowsUpdated, heldBack, callbacks } = await db.transaction().execute(async (trx) => {
    await lockCampaignLeads(trx, campaign.id);
    const n = Number((await statement.execute(trx)).numAffectedRows ?? 0);
    const { heldBack: held, callbacks: counted } = await countAfterPick(trx, campaign.id, request);
    const counts = { leadsGenerated: n, ...heldBackCount(held), ...callbackAuditCounts(counted) };
    await recordAudit(trx, actor, {
      action: 'generate',
      objectType: 'leads',
      objectId: campaign.campaignName,
      changes: { after: requestOf(request), counts },
    });
    return { rowsUpdated: n, heldBack: held, callbacks: counted };
  });
  return {
    rowsUpdated,
    heldBack,
    ...callbacks,
    message: rowsUpdated === 0 ? LEAD_MESSAGES.noneGenerated : LEAD_MESSAGES.generated(rowsUpdated),
  };
}

/**
 * POST /dynamic/reGenerateData: per group, k = min(uncalled generated leads of the date, N) more fresh leads
 * (all=true: k = uncalled) become generated with the next batch number of the date. Uncalled leads stay generated.
 */
export async function regenerateLeads(
  db: Db,
  request: GenerateRequest,
  actor: TAuditActor,
): Promise<TRegenerateResult> {
  const targets = checkTargets(request);
  const campaign = await findCampaignByName(db, request.campaignName);
  const ofDate = sql`campaign_id = ${campaign.id} and data_date = ${request.dataDate}`;
  return db.transaction().execute(async (trx) => {
    await lockCampaignLeads(trx, campaign.id);
    const { rows } = await sql<{ batch: number }>`
      select greatest(coalesce(max(generate_status), 0) + 1, ${FIRST_BATCH + 1}::int) as batch from leads where ${ofDate}`.execute(
      trx,
    );
    const batch = rows[0]?.batch ?? FIRST_BATCH + 1;
    const budget = request.all
      ? sql`select selector, br, uncalled as k from uncalled`
      : sql`select u.selector, u.br, least(u.uncalled, t.n) as k from uncalled u join (${targetRows(targets)}) t on t.selector = u.selector`;
    const result = await sql`
      with uncalled as (
        select ${selectorKey} as selector, ${brKey} as br, count(*) as uncalled
          from leads
         where ${ofDate} and generate_status > 0 and is_called = 0
         group by 1, 2
      ),
      picked as (${pickFresh(ofDate, budget, campaign.id)})
      update leads set for_d = ${GENERATED_FOR_D}, generate_status = ${batch}
        from picked
       where leads.id = picked.id`.execute(trx);
    const rowsRegenerated = Number(result.numAffectedRows ?? 0);
    const { heldBack, callbacks } = await countAfterPick(trx, campaign.id, request);
    const changes = {
      after: { ...requestOf(request), batch },
      counts: { leadsRegenerated: rowsRegenerated, ...heldBackCount(heldBack), ...callbackAuditCounts(callbacks) },
    };
    await recordAudit(trx, actor, {
      action: 'regenerate',
      objectType: 'leads',
      objectId: campaign.campaignName,
      changes,
    });
    return { rowsRegenerated, batch, heldBack, ...callbacks, message: LEAD_MESSAGES.regenerated(rowsRegenerated) };
  });
}
