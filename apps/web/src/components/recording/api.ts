// The voice log calls (docs/product.md §7 Voice log): recordings of a call date and number, the media token an <audio>
// element carries in its URL (it cannot send the session header; one token serves every player on the screen),
// the admins' upload of recordings into a date folder, and a recording's automatic checks (polled while pending).
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  MESSAGES,
  VOICE_LOG_PAGE_SIZE,
  VOICE_LOG_PATHS,
  ZMediaToken,
  ZRecordingAnalysisReply,
  ZVoiceLogPage,
  ZVoiceLogUploadResult,
  type TMediaToken,
  type TRecordingAnalysisReply,
  type TVoiceLogPage,
  type TVoiceLogSort,
  type TVoiceLogUploadResult,
} from '@crm/shared';
import { ApiError, INVALID_REPLY_MESSAGE, api, endExpiredSession, messageOf } from '../../app/api.ts';
import { sendForm, type TUploadBytes } from '../../app/send-form.ts';

export const MEDIA_TOKEN_KEY = ['media-token'] as const;

/** A new token is fetched this long before the current one runs out (tokens live five minutes). */
export const TOKEN_REFRESH_MARGIN_MS = 60_000;
/** Never refresh more often than this, whatever the clocks say. */
const MIN_REFRESH_MS = 5_000;
/** Nor wait longer than this (timers fire at once past 2^31 ms). */
const MAX_REFRESH_MS = 3_600_000;

export function fetchMediaToken(): Promise<TMediaToken> {
  // The players show a failure inline, beside the recording.
  return api.get('/api/auth/media-token', { schema: ZMediaToken, notify: false });
}

/** How long until the token should be replaced. */
export function msUntilRefresh(token: TMediaToken, now = Date.now()): number {
  const ms = Date.parse(token.expiresAt) - now - TOKEN_REFRESH_MARGIN_MS;
  return Number.isFinite(ms) ? Math.min(MAX_REFRESH_MS, Math.max(MIN_REFRESH_MS, ms)) : MIN_REFRESH_MS;
}

/** True when a URL made with this token would be refused by now (or within a few seconds). */
export function isTokenExpired(token: TMediaToken, now = Date.now()): boolean {
  return Date.parse(token.expiresAt) - now <= MIN_REFRESH_MS;
}

/** The current media token, replaced a minute before it expires. */
export function useMediaToken() {
  return useQuery({
    queryKey: MEDIA_TOKEN_KEY,
    queryFn: fetchMediaToken,
    staleTime: (query) => (query.state.data === undefined ? 0 : msUntilRefresh(query.state.data)),
    refetchInterval: (query) => (query.state.data === undefined ? false : msUntilRefresh(query.state.data)),
    refetchIntervalInBackground: true,
  });
}

/** The search's filters and order by the automatic checks (none set: every recording, by call time). */
export type TVoiceLogFilters = {
  /** Seconds: only recordings whose longest dead air is longer. */
  longestSilenceOver?: number;
  /** Percent: only stereo recordings whose agent talk ratio is lower. */
  talkRatioUnder?: number;
  sort?: TVoiceLogSort;
};

/** GET /api/voicelog/search: the recordings of a call date (the folder) and a number, page 0-based. */
export function searchVoiceLog(
  date: string,
  msisdn: string,
  page = 0,
  size = VOICE_LOG_PAGE_SIZE,
  filters: TVoiceLogFilters = {},
): Promise<TVoiceLogPage> {
  const { longestSilenceOver, talkRatioUnder, sort } = filters;
  // The default order is left out, so an unfiltered search asks exactly what it always asked.
  const query = {
    directory: date,
    msisdn,
    page,
    size,
    longestSilenceOver,
    talkRatioUnder,
    sort: sort === 'time' ? undefined : sort,
  };
  return api.get(VOICE_LOG_PATHS.search, { query, schema: ZVoiceLogPage, notify: false });
}

/** How often a recording still being analysed is asked about again. */
export const ANALYSIS_POLL_MS = 3_000;

export const recordingAnalysisKey = (date: string, fileName: string) =>
  ['voicelog', 'analysis', date, fileName] as const;

/** GET /api/voicelog/analysis?fileName={yyyy-MM-dd}/{file}: the checks of one recording and what the player draws. */
export function fetchRecordingAnalysis(date: string, fileName: string): Promise<TRecordingAnalysisReply> {
  // Shown inline, beside the player or the recording, not as a notification (it is polled).
  return api.get(VOICE_LOG_PATHS.analysis, {
    query: { fileName: `${date}/${fileName}` },
    schema: ZRecordingAnalysisReply,
    notify: false,
  });
}

/** A recording's analysis, asked again every few seconds while it is still pending (warmed with a call to score). */
export const recordingAnalysisQuery = (date: string, fileName: string) =>
  queryOptions({
    queryKey: recordingAnalysisKey(date, fileName),
    queryFn: () => fetchRecordingAnalysis(date, fileName),
    // A finished analysis changes only when the file does: kept for the session's minutes of scoring.
    staleTime: (query) => (query.state.data?.status === 'pending' ? 0 : 300_000),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? ANALYSIS_POLL_MS : false),
  });

/** A recording's analysis (null: none wanted). */
export function useRecordingAnalysis(recording: { date: string; fileName: string } | null) {
  return useQuery({
    ...recordingAnalysisQuery(recording?.date ?? '', recording?.fileName ?? ''),
    enabled: recording !== null,
  });
}

/**
 * POST /api/voicelog/upload?directory={yyyy-MM-dd}: the files go into that date folder, all of them or none.
 * Sent with XMLHttpRequest (sendForm) for its upload progress; every failure is an ApiError carrying the server's
 * message (400 a bad file, 409 a name already there, 413 too large or too many) or the network's.
 */
export async function uploadRecordings(input: {
  directory: string;
  files: readonly File[];
  onUploadProgress?: (bytes: TUploadBytes) => void;
  signal?: AbortSignal;
}): Promise<TVoiceLogUploadResult> {
  const form = new FormData();
  for (const file of input.files) form.append('file', file, file.name);
  const url = `${VOICE_LOG_PATHS.upload}?${new URLSearchParams({ directory: input.directory }).toString()}`;
  const totalHint = input.files.reduce((sum, file) => sum + file.size, 0);
  const { status, body } = await sendForm(url, form, {
    onUploadProgress: input.onUploadProgress,
    signal: input.signal,
    totalHint,
  });
  if (status === 401) {
    endExpiredSession();
    throw new ApiError(401, MESSAGES.auth.sessionExpired);
  }
  if (status < 200 || status >= 300) throw new ApiError(status, messageOf(body, status), 'http', body);
  const result = ZVoiceLogUploadResult.safeParse(body);
  if (!result.success) throw new ApiError(status, INVALID_REPLY_MESSAGE, 'invalid-reply');
  return result.data;
}
