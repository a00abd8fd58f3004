// The agent panel calls of the CRM screen (docs/product.md §7, docs/guide/call-loop.md): a lead by number, saving a call's answers
// with its disposition, the call in progress kept as a draft (also as the tab closes), the caller's own calls and shift
// (the idle screen), the campaign's survey with its version and its dispositions, setting a callback, and the dialer's
// screen pops.
import {
  SCREEN_POP_EVENTS,
  ZVersionedSurvey,
  ZCallDraftDeleted,
  ZCallDraftSaved,
  ZDoNotCallResult,
  ZMyCalls,
  ZCallback,
  ZDispositions,
  ZMediaToken,
  ZMyShift,
  ZScreenPop,
  type TCallbackCreate,
  type TWebFormPop,
  type TCallDraftBody,
  type TDispositions,
  type TMyShift,
  type TScreenPop,
  type TCallDraftSaved,
  type TDoNotCallResult,
  type TMyCalls,
} from '@crm/shared';
import { api, authorizationHeader } from '../../app/api.ts';
import { readJsonEvent } from '../../app/event-stream.ts';
// A lead by number and saving its answers: the QC panel does both too (components/lead/).
export {
  findLeadByNumber,
  saveLeadAnswers,
  type TLeadSearch,
  type TLookupHints,
  type TSavePin,
} from '../../components/lead/lead-api.ts';
import { buildSurvey, type TCampaignSurvey } from '../../components/survey/use-campaign-survey.ts';

/** GET /api/dispositions?campaignName=: how a call of the campaign may end, in the order the screen offers them. */
export function fetchDispositions(campaignName: string): Promise<TDispositions> {
  return api.get('/api/dispositions', { query: { campaignName }, schema: ZDispositions, notify: false });
}

/** POST /api/callbacks: after the save, by the agent who called the lead. */
export async function setCallback(body: TCallbackCreate): Promise<void> {
  // Only that it was stored matters here (the idle list reads the callbacks again); the reply is not held to a shape.
  await api.post('/api/callbacks', body, { schema: ZCallback.partial(), notify: false });
}

export const myShiftKey = ['crm', 'myShift'] as const;

/** GET /api/ap/myShift: the agent's shift so far. */
export function fetchMyShift(): Promise<TMyShift> {
  return api.get('/api/ap/myShift', { schema: ZMyShift, notify: false });
}

/** The campaign's survey and the version it is of (the lookup names the version it was made with). */
export type TVersionedCampaignSurvey = { version: number; survey: TCampaignSurvey };

/** Held for the sign-in (the cache is cleared at sign-out) and fetched again when a lookup names another version. */
export const crmSurveyKey = (campaignName: string) => ['crm', 'survey', campaignName] as const;

/** GET /api/logic/survey: the campaign's questions, rules and conditions at once, with their version. */
export async function fetchSurvey(campaignName: string): Promise<TVersionedCampaignSurvey> {
  const { version, questions, rules, conditions } = await api.get('/api/logic/survey', {
    query: { campaignName },
    schema: ZVersionedSurvey,
    notify: false,
  });
  return { version, survey: buildSurvey(questions, rules, conditions) };
}

const draftPath = (leadId: number) => `/api/ap/draft/${leadId}`;

/** PUT /api/ap/draft/{leadId}: the call so far, kept for its caller (a reload or a crash resumes it). */
export function saveCallDraft(campaignName: string, leadId: number, draft: TCallDraftBody): Promise<TCallDraftSaved> {
  // The screen says when drafts cannot be kept; one notification per failed answer would bury the call.
  return api.put(draftPath(leadId), draft, {
    query: { tableName: campaignName },
    schema: ZCallDraftSaved,
    notify: false,
    timeoutMs: 15_000,
  });
}

/**
 * The same PUT as the tab closes (pagehide): a keep-alive request outlives the page, which an ordinary fetch does not.
 * Nothing waits for it, so nothing of its answer is read.
 */
export function sendCallDraftOnLeave(campaignName: string, leadId: number, draft: TCallDraftBody): void {
  const headers = new Headers({ 'Content-Type': 'application/json', Accept: 'application/json' });
  const authorization = authorizationHeader();
  if (authorization !== null) headers.set('Authorization', authorization);
  const url = `${draftPath(leadId)}?${new URLSearchParams({ tableName: campaignName }).toString()}`;
  fetch(url, { method: 'PUT', headers, body: JSON.stringify(draft), keepalive: true }).catch(() => undefined);
}

/** DELETE /api/ap/draft/{leadId}: the call given up (a new search). */
export async function deleteCallDraft(campaignName: string, leadId: number): Promise<void> {
  await api.del(draftPath(leadId), { query: { tableName: campaignName }, schema: ZCallDraftDeleted, notify: false });
}

export const myCallsKey = (campaignName: string) => ['crm', 'myCalls', campaignName] as const;

/** GET /api/ap/myCalls: the caller's drafts and partial calls of today, and the last calls saved. */
export function fetchMyCalls(campaignName: string): Promise<TMyCalls> {
  return api.get('/api/ap/myCalls', { query: { tableName: campaignName }, schema: ZMyCalls, notify: false });
}

/** POST /api/ap/doNotCall: the called lead's number goes on the campaign's do-not-call list (docs/guide/dnc.md). */
export function addToDoNotCall(campaignName: string, leadId: number): Promise<TDoNotCallResult> {
  return api.post('/api/ap/doNotCall', { campaignName, leadId }, { schema: ZDoNotCallResult, notify: false });
}

export const POP_STREAM_PATH = '/api/ap/popStream';
export const POP_EVENT = SCREEN_POP_EVENTS.pop;
export const readPopEvent: (data: unknown) => TScreenPop | null = readJsonEvent(ZScreenPop, 'screen pop');

/**
 * POST /api/ap/webFormPop: VICIdial's web form variables as /CRM's address had them; the server finds the lead, records
 * the call's start, and answers the call as a pop would bring it (or refuses: another VICIdial user, nothing to pop).
 */
export function sendWebFormPop(webForm: TWebFormPop): Promise<TScreenPop> {
  return api.post('/api/ap/webFormPop', webForm, { schema: ZScreenPop, notify: false });
}

/** A fresh media token for each (re)connection of the pop stream, as the app's other streams. */
export async function fetchMediaToken(signal: AbortSignal): Promise<string> {
  const { token } = await api.get('/api/auth/media-token', { schema: ZMediaToken, signal, notify: false });
  return token;
}
