// What the QC panel opens a call with, fetched before it is opened (docs/guide/qc-queue.md, "Score next, fast"): the
// lead and its answers, the campaign's questions and scorecards, the agents to score, the recordings of the number,
// the recording's checks, a fresh media token and the recording itself (into the browser's cache, which the player's
// <audio> then reads from). The queue screen warms the call Score next would take, the QC panel the next one while
// the current call is scored; nothing is claimed. The panel finds every answer there when it opens: nothing it draws
// with arrives later and draws the page again.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { recordingUrl, ZQuestion, type TQuestion, type TVoiceLogPage } from '@crm/shared';
import { api } from '../../app/api.ts';
import { campaignQuestionsKey } from '../../app/query-keys.ts';
import { findLeadByNumber, type TLeadSearch } from '../lead/lead-api.ts';
import {
  fetchMediaToken,
  isTokenExpired,
  MEDIA_TOKEN_KEY,
  recordingAnalysisQuery,
  searchVoiceLog,
} from '../recording/api.ts';
import { campaignScorecardsQuery, isOwnVersion, scorecardVersionQuery } from '../scorecard/campaign-scorecards.ts';
import { scorableAgentsQuery } from './scorable-agents.ts';

export type TCallToOpen = { campaignName: string; consumerNumber: string; callDate: string; fileName: string };

/** A warmed answer is used within this long, else fetched again (a lead may have been corrected meanwhile). */
const FRESH_MS = 60_000;
/**
 * What the player's <audio> asks for first (preload=auto): the whole recording from its start. The same range warmed
 * is a whole entry in the browser's cache, read with no request at all; a head alone (the first 64 KB) is a partial
 * entry, which Chromium checks with the server before using, then reads the rest from it: 60 to 150 ms more.
 */
export const WARM_RANGE = 'bytes=0-';

/** A warm-up under way; value once it has answered. */
type TWarm<T> = { at: number; promise: Promise<T>; value?: T };
const leads = new Map<string, TWarm<TLeadSearch>>();
const recordings = new Map<string, TWarm<TVoiceLogPage>>();
const warmedFiles = new Map<string, number>();

const leadKeyOf = (campaignName: string, number: string) => `${campaignName}\n${number}`;
const recordingsKeyOf = (date: string, number: string) => `${date}\n${number}`;

function warm<T>(store: Map<string, TWarm<T>>, key: string, load: () => Promise<T>, now: number) {
  const held = store.get(key);
  if (held !== undefined && now - held.at < FRESH_MS) return;
  const promise = load();
  const entry: TWarm<T> = { at: now, promise };
  promise.then(
    (value) => {
      entry.value = value;
    },
    // A failed warm-up is forgotten: the panel asks again itself and shows its own failure.
    () => store.delete(key),
  );
  store.set(key, entry);
}

/** A warmed answer, once (a second search of the same call asks the server again). */
function take<T>(store: Map<string, TWarm<T>>, key: string, now: number): Promise<T> | undefined {
  const held = store.get(key);
  store.delete(key);
  return held !== undefined && now - held.at < FRESH_MS ? held.promise : undefined;
}

/** A warmed answer already there, once: the panel draws with it at once instead of waiting for the promise. */
function takeAnswered<T>(store: Map<string, TWarm<T>>, key: string, now: number): T | undefined {
  const held = store.get(key);
  if (held === undefined || held.value === undefined || now - held.at >= FRESH_MS) return undefined;
  store.delete(key);
  return held.value;
}

export function fetchCampaignQuestions(campaignName: string): Promise<TQuestion[]> {
  // Shown beside the answers, not as a notification.
  return api.get(`/questions/getToSetLogic/${encodeURIComponent(campaignName)}`, {
    schema: z.array(ZQuestion),
    notify: false,
  });
}

export const panelQuestionsKey = (campaignName: string) => [...campaignQuestionsKey(campaignName), 'qc-panel'] as const;

/** The campaign's questions as the panel reads them: a warmed answer is used as it is while fresh. */
export const panelQuestionsQuery = (campaignName: string) =>
  queryOptions({
    queryKey: panelQuestionsKey(campaignName),
    queryFn: () => fetchCampaignQuestions(campaignName),
    staleTime: FRESH_MS,
  });

/** The lead of a call: the warmed answer when there is one, else asked now. */
export function leadOfCall(campaignName: string, number: string, now = Date.now()): Promise<TLeadSearch> {
  return take(leads, leadKeyOf(campaignName, number), now) ?? findLeadByNumber(campaignName, number);
}

/** The lead of a call when its warm-up has answered already (undefined: ask with leadOfCall). */
export function answeredLeadOfCall(campaignName: string, number: string, now = Date.now()): TLeadSearch | undefined {
  return takeAnswered(leads, leadKeyOf(campaignName, number), now);
}

/** The first page of a call's recordings when its warm-up has answered already (undefined: ask with recordingsOfCall). */
export function answeredRecordingsOfCall(date: string, number: string, now = Date.now()): TVoiceLogPage | undefined {
  return takeAnswered(recordings, recordingsKeyOf(date, number), now);
}

/** The first page of a call's recordings, unfiltered: the warmed answer when there is one, else asked now. */
export function recordingsOfCall(date: string, number: string, now = Date.now()): Promise<TVoiceLogPage> {
  return take(recordings, recordingsKeyOf(date, number), now) ?? searchVoiceLog(date, number, 0);
}

/** A media token good for a while yet: the one held, else a new one (kept where the players read it). */
async function freshToken(queryClient: QueryClient): Promise<string> {
  const held = await queryClient.ensureQueryData({ queryKey: MEDIA_TOKEN_KEY, queryFn: fetchMediaToken });
  if (!isTokenExpired(held)) return held.token;
  return (await queryClient.fetchQuery({ queryKey: MEDIA_TOKEN_KEY, queryFn: fetchMediaToken })).token;
}

/** The recording into the browser's cache (the server answers ranges cacheably for five minutes, with an ETag). */
async function warmRecording(queryClient: QueryClient, call: TCallToOpen, now: number) {
  const key = `${call.callDate}/${call.fileName}`;
  const at = warmedFiles.get(key);
  if (at !== undefined && now - at < FRESH_MS) return;
  warmedFiles.set(key, now);
  const token = await freshToken(queryClient);
  const reply = await fetch(recordingUrl(call.callDate, call.fileName, token), { headers: { Range: WARM_RANGE } });
  // Read to the end (so the cache holds all of it), without keeping the bytes here.
  const reader = reply.body?.getReader();
  if (reader !== undefined) while (!(await reader.read()).done);
}

/** Warms everything the QC panel opens this call with; failures are left for the panel to meet and show. */
export function prefetchCall(queryClient: QueryClient, call: TCallToOpen, now = Date.now()): void {
  warm(
    leads,
    leadKeyOf(call.campaignName, call.consumerNumber),
    () => findLeadByNumber(call.campaignName, call.consumerNumber),
    now,
  );
  warm(
    recordings,
    recordingsKeyOf(call.callDate, call.consumerNumber),
    () => searchVoiceLog(call.callDate, call.consumerNumber, 0),
    now,
  );
  void queryClient.prefetchQuery(panelQuestionsQuery(call.campaignName));
  void queryClient.prefetchQuery(scorableAgentsQuery);
  void queryClient.prefetchQuery(recordingAnalysisQuery(call.callDate, call.fileName));
  // The panel checks the campaign's choice again when it opens; warmed, that check redraws nothing unless it changed.
  void queryClient
    .fetchQuery({ ...campaignScorecardsQuery(call.campaignName), staleTime: FRESH_MS })
    .then((cards) => {
      for (const id of [cards.inHouse.id, cards.client.id])
        if (isOwnVersion(id)) void queryClient.prefetchQuery(scorecardVersionQuery(id));
    })
    .catch(() => undefined);
  void warmRecording(queryClient, call, now).catch(() => warmedFiles.delete(`${call.callDate}/${call.fileName}`));
}
