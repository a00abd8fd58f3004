// A lead by number and saving a call's answers to it (docs/product.md §7): the agent's CRM and the QC panel both do.
import {
  isLeadNotGenerated,
  LEAD_CALL_STARTED_KEY,
  LEAD_SURVEY_VERSION_KEY,
  ZLeadLookupResult,
  ZLeadSaveResult,
  type TLead,
  type TLeadSaveBody,
  type TLeadSaveResult,
} from '@crm/shared';
import { api } from '../../app/api.ts';

/**
 * callStartedAt: when this call began on the server's record (its first lookup or the dialer's pop), ms; null if not
 * said. surveyVersion: the version of the campaign's survey the reply was made with (GET /api/logic/survey gives that
 * survey); undefined from a server that does not say.
 */
export type TLeadSearch =
  { kind: 'lead'; lead: TLead; callStartedAt?: number | null; surveyVersion?: number } | { kind: 'not-generated' };

function startedAtMs(value: unknown): number | null {
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isNaN(ms) ? null : ms;
}

/** What a lookup knows beyond the number: VICIdial's call id, and our lead id when the call means one lead. */
export type TLookupHints = { dialerCallId?: string | null | undefined; leadId?: number | null | undefined };

/**
 * The number goes as typed: the server reads every common format (017…, 88017…, +88 017…, spaces, dashes).
 * dialerCallId: VICIdial's call id when the dialer put this call through (the attempt keeps it). leadId: the lead meant
 * (a callback's, a call to resume, the dialer's vendor_lead_code), found even when the number was generated on
 * another date too; the server answers for the number alone when that lead is not the number's.
 */
export async function findLeadByNumber(
  campaignName: string,
  cellNumber: string,
  { dialerCallId, leadId }: TLookupHints = {},
): Promise<TLeadSearch> {
  // The screen shows failures beside the search field, so no notification as well.
  const query = {
    tableName: campaignName,
    cellNumber,
    dialerCallId: dialerCallId ?? undefined,
    leadId: leadId ?? undefined,
  };
  const result = await api.get('/api/ap/getByNumber', { query, schema: ZLeadLookupResult, notify: false });
  if (isLeadNotGenerated(result)) return { kind: 'not-generated' };
  // The screens fill the texts themselves as the call goes (the same shared engine), so the lead stays the flat lead.
  const {
    survey: _survey,
    [LEAD_SURVEY_VERSION_KEY]: surveyVersion,
    [LEAD_CALL_STARTED_KEY]: startedAt,
    ...lead
  } = result;
  return { kind: 'lead', lead, callStartedAt: startedAtMs(startedAt), surveyVersion };
}

/** Which lead a save writes (the one the search found) and the version the search found it at. */
export type TSavePin = { leadId: number | undefined; version: number | undefined };

/**
 * PUT /dynamic/updateLeadData/{campaign}/{cell}?leadId=&version=: pinned to the lead the search found; a save made
 * by someone else since then makes the server refuse this one with 409 (an ApiError with status 409).
 */
export function saveLeadAnswers(
  campaignName: string,
  cellNumber: string,
  pin: TSavePin,
  body: TLeadSaveBody | Record<string, unknown>,
): Promise<TLeadSaveResult> {
  const path = `/dynamic/updateLeadData/${encodeURIComponent(campaignName)}/${encodeURIComponent(cellNumber)}`;
  return api.put(path, body, {
    query: { leadId: pin.leadId, version: pin.version },
    schema: ZLeadSaveResult,
    notify: false,
  });
}
