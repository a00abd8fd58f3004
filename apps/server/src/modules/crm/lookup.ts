// GET /api/ap/getByNumber: the generated lead of a campaign with a number, in the flat shape.
// Agents look numbers up all day, so the lookups of one event-loop turn share one statement per campaign
// (lookup-batch.ts) that reads the campaign's layout, survey version and full quotas once and, per number, its lead and
// do-not-call entry; a caller's lookup also records the call's start (call-starts.ts), batched the same way. The reply
// carries the lead and only the question texts filled for it: the survey itself comes once per version from
// GET /api/logic/survey (survey.ts).
import {
  GENERATED_FOR_D,
  LEAD_CALL_STARTED_KEY,
  LEAD_NOT_GENERATED,
  LEAD_SURVEY_KEY,
  LEAD_SURVEY_VERSION_KEY,
  type TLeadLookupResult,
  type TTokenPayload,
} from '@crm/shared';
import type { CountryCode } from 'libphonenumber-js';
import { poolOf } from '../../db/database.ts';
import type { Db } from '../../db/schema.ts';
import { doNotCall, notFound, quotaFull as quotaFullRefusal } from '../../http/errors.ts';
import { fullQuotaMessage } from '../leads/full-quotas.ts';
import { dncBlockOf, dncMessage } from '../dnc/lookup.ts';
import { toVersionedLead, type LeadRow } from '../leads/layout.ts';
import { assertCanWorkOnCampaign, storedPhone } from '../questions/work-access.ts';
import { recordCallStart } from './call-starts.ts';
import { LEAD_SELECT, loadLookup, type LookupFound, type LookupKey } from './lookup-batch.ts';
import { filledTexts } from './survey-templates.ts';

/**
 * The lead a lookup names by id (?leadId=): the generated lead with that id, that number and of that campaign, so a
 * callback or a pop opens its own lead when the number was generated on another date too. Run beside the batch, by
 * its own named statement: the usual lookup names no lead and keeps the batched statement alone.
 */
const PINNED_LEAD = {
  name: 'crm-lookup-pinned',
  text: `select ${LEAD_SELECT}
         from leads l join campaigns c on c.id = l.campaign_id
         where l.id = $1 and lower(c.campaign_name) = $2 and l.cell_number = $3 and l.for_d = '${GENERATED_FOR_D}'`,
};

async function findPinnedLead(db: Db, key: LookupKey, leadId: number): Promise<LeadRow | undefined> {
  const { rows } = await poolOf(db).query<LeadRow>({
    ...PINNED_LEAD,
    values: [String(leadId), key.campaign, key.phone],
  });
  return rows[0];
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
  // Those who call (agents, and admins on /CRM) are stopped; a QC inspector looking up a past call to score it is not.
  const inspector = user.roles.some((r) => r.roleName === 'QC') && !user.roles.some((r) => r.roleName === 'ADMIN');
  const caller = { userId: Number(user.sub), sessionId: user.sid ?? null, dialerCallId: dialerCallId ?? null };
  // A caller's start is recorded by the batch's statement, unless a lead is named: that one may not be the batch's.
  const start = inspector || leadId !== undefined ? null : caller;
  const [batched, pinned] = await Promise.all([
    loadLookup(db, { ...key, start }),
    leadId === undefined ? undefined : findPinnedLead(db, key, leadId),
  ]);
  if (batched === undefined) throw notFound(`Campaign "${campaignName.trim()}" does not exist`);
  const found: LookupFound = pinned === undefined ? batched : { ...batched, lead: pinned };
  if (!inspector && found.dnc !== null) throw doNotCall(dncMessage(dncBlockOf(found.dnc, timeZone)));
  if (found.lead === undefined) return { message: LEAD_NOT_GENERATED };
  const lead = toVersionedLead(found.lead, found.layout);
  // A lead in a full quota on a lead field (docs/guide/quotas.md): 409, no survey; inspectors are not stopped here either.
  const quotaFull = inspector ? undefined : fullQuotaMessage(found.fullQuotas, lead);
  if (quotaFull !== undefined) throw quotaFullRefusal(quotaFull);
  const withSurvey = Object.assign(lead, {
    [LEAD_SURVEY_VERSION_KEY]: found.survey.version,
    [LEAD_SURVEY_KEY]: filledTexts(found.survey, lead),
  });
  if (inspector) return withSurvey;
  const startedAt = start !== null ? found.startedAt : await recordCallStart(db, { ...caller, leadId: found.lead.id });
  // None: the lead was deleted meanwhile; the reply is still the lead as read.
  return startedAt === null || startedAt === undefined
    ? withSurvey
    : Object.assign(withSurvey, { [LEAD_CALL_STARTED_KEY]: startedAt.toISOString() });
}
