// The agent panel calls of the CRM screen (docs/product.md §7): a lead by number, saving a call's answers, the call in progress
// kept as a draft, and the caller's own calls (the idle screen).
import { z } from 'zod';
import {
  isLeadNotGenerated,
  ZLogicRule,
  ZQuestion,
  ZLeadLookupResult,
  ZCallDraftDeleted,
  ZCallDraftSaved,
  ZDoNotCallResult,
  ZLeadSaveResult,
  ZMyCalls,
  type TCallDraftBody,
  type TCallDraftSaved,
  type TDoNotCallResult,
  type TLead,
  type TLeadSaveBody,
  type TLeadSaveResult,
  type TMyCalls,
} from '@crm/shared';
import { api } from '../../app/api.ts';
import { fetchCampaignConditions } from '../logic/conditions-api.ts';
import { buildSurvey, type TCampaignSurvey } from '../logic/use-campaign-survey.ts';

export type TLeadSearch = { kind: 'lead'; lead: TLead } | { kind: 'not-generated' };

/** The number goes as typed: the server reads every common format (017…, 88017…, +88 017…, spaces, dashes). */
export async function findLeadByNumber(campaignName: string, cellNumber: string): Promise<TLeadSearch> {
  // The screen shows failures beside the search field, so no notification as well.
  const result = await api.get('/api/ap/getByNumber', { query: { tableName: campaignName, cellNumber }, schema: ZLeadLookupResult, notify: false });
  if (isLeadNotGenerated(result)) return { kind: 'not-generated' };
  // The screens fill the texts themselves as the call goes (the same shared engine), so the lead stays the flat lead.
  const { survey: _survey, ...lead } = result;
  return { kind: 'lead', lead };
}

/** Which lead a save writes (the one the search found) and the version the search found it at. */
export type TSavePin = { leadId: number | undefined; version: number | undefined };

/**
 * PUT /dynamic/updateLeadData/{campaign}/{cell}?leadId=&version=: pinned to the lead the search found; a save made
 * by someone else since then makes the server refuse this one with 409 (an ApiError with status 409).
 */
export function saveLeadAnswers(campaignName: string, cellNumber: string, pin: TSavePin, body: TLeadSaveBody): Promise<TLeadSaveResult> {
  const path = `/dynamic/updateLeadData/${encodeURIComponent(campaignName)}/${encodeURIComponent(cellNumber)}`;
  return api.put(path, body, { query: { leadId: pin.leadId, version: pin.version }, schema: ZLeadSaveResult, notify: false });
}

/** The campaign's questions, rules and conditions as they are now: read at each search, so a call runs on the current logic. */
export async function fetchSurvey(campaignName: string): Promise<TCampaignSurvey> {
  const [questions, rules, conditions] = await Promise.all([
    api.get(`/questions/getToSetLogic/${encodeURIComponent(campaignName)}`, { schema: z.array(ZQuestion), notify: false }),
    api.get('/api/logic/getAllCampaignLogic', { query: { campaignName }, schema: z.array(ZLogicRule), notify: false }),
    fetchCampaignConditions(campaignName),
  ]);
  return buildSurvey(questions, rules, conditions);
}

const draftPath = (leadId: number) => `/api/ap/draft/${leadId}`;

/** PUT /api/ap/draft/{leadId}: the call so far, kept for its caller (a reload or a crash resumes it). */
export function saveCallDraft(campaignName: string, leadId: number, draft: TCallDraftBody): Promise<TCallDraftSaved> {
  // The screen says when drafts cannot be kept; one notification per failed answer would bury the call.
  return api.put(draftPath(leadId), draft, { query: { tableName: campaignName }, schema: ZCallDraftSaved, notify: false, timeoutMs: 15_000 });
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

/** POST /api/ap/doNotCall: the called lead's number goes on the campaign's do-not-call list (docs/dnc.md). */
export function addToDoNotCall(campaignName: string, leadId: number): Promise<TDoNotCallResult> {
  return api.post('/api/ap/doNotCall', { campaignName, leadId }, { schema: ZDoNotCallResult, notify: false });
}
