// VOICE_LOG_URL: an external voice-log server of the same shape (/search, /download-mp3), called by our server so
// the browser keeps one origin and one sign-in. Its failures become 502 with what went wrong.
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { z } from 'zod';
import { VOICE_LOG_MESSAGES } from '@crm/shared';
import { notFound } from '../../http/errors.ts';
import {
  contentTypeOf,
  voiceLogPage,
  type TMedia,
  type TPage,
  type TRawVoiceFile,
  type TVoiceLogPageQuery,
  type VoiceLogSource,
} from './media.ts';
import type { TRecordingRef } from './paths.ts';
import type { TRangeAsk } from './range.ts';

/** The external server failed, answered something unreadable, or took too long: a 502 for our caller. */
export class UpstreamError extends Error {}

const text = z.unknown().transform((v) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : ''));
/** Read leniently: another implementation may send a duration as a string or with decimals, or leave fields out. */
const ZUpstreamFile = z.object({
  dateTime: z.unknown().transform((v) => (typeof v === 'string' && v !== '' ? v : null)),
  phoneNumber: text,
  campaignName: text,
  agentId: text,
  fileName: z.string().min(1),
  duration: z.unknown().transform((v) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
    return Number.isFinite(n) && n >= 0 ? Math.floor(n) : null;
  }),
});
const ZUpstreamPage = z.object({ content: z.array(ZUpstreamFile), totalElements: z.number().int().nonnegative() });

/** Headers passed back to the player as the external server sent them. */
const PASSED_HEADERS = [
  'content-type',
  'content-length',
  'content-range',
  'accept-ranges',
  'last-modified',
  'etag',
] as const;

function describeFailure(e: unknown, timeoutMs: number): string {
  if (e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError'))
    return `no answer within ${timeoutMs / 1000} s`;
  const cause = e instanceof Error && e.cause instanceof Error ? e.cause : undefined;
  const code = cause && 'code' in cause && typeof cause.code === 'string' ? cause.code : undefined;
  return code ?? (cause ?? (e instanceof Error ? e : undefined))?.message ?? String(e);
}

/**
 * GET from the external server. `deadline` bounds the whole exchange (a search); without it only the wait for the
 * answer's headers is bounded by `timeoutMs`, so a long recording may take as long as the player reads it.
 */
async function fetchUpstream(
  url: string,
  headers: Record<string, string>,
  timeoutMs: number,
  deadline?: AbortSignal,
): Promise<Response> {
  const controller = new AbortController();
  const timer = deadline
    ? undefined
    : setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), timeoutMs);
  try {
    return await fetch(url, { headers, signal: deadline ?? controller.signal, redirect: 'follow' });
  } catch (e) {
    throw new UpstreamError(VOICE_LOG_MESSAGES.upstreamFailed(describeFailure(e, timeoutMs)));
  } finally {
    clearTimeout(timer);
  }
}

async function searchUpstream(
  baseUrl: string,
  timeoutMs: number,
  query: TVoiceLogPageQuery,
): Promise<TPage<TRawVoiceFile>> {
  const params = new URLSearchParams({
    directory: query.directory,
    msisdn: query.msisdn,
    page: String(query.page),
    size: String(query.size),
  });
  const deadline = AbortSignal.timeout(timeoutMs);
  const res = await fetchUpstream(
    `${baseUrl}/search?${params.toString()}`,
    { accept: 'application/json' },
    timeoutMs,
    deadline,
  );
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw new UpstreamError(VOICE_LOG_MESSAGES.upstreamFailed(`the search answered HTTP ${res.status}`));
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch (e) {
    if (deadline.aborted) throw new UpstreamError(VOICE_LOG_MESSAGES.upstreamFailed(describeFailure(e, timeoutMs)));
    body = undefined;
  }
  const parsed = ZUpstreamPage.safeParse(body);
  if (!parsed.success)
    throw new UpstreamError(VOICE_LOG_MESSAGES.upstreamFailed('the search answer is not a page of recordings'));
  return voiceLogPage(parsed.data.content, parsed.data.totalElements, query);
}

async function downloadUpstream(
  baseUrl: string,
  timeoutMs: number,
  ref: TRecordingRef,
  ask: TRangeAsk | undefined,
  head: boolean,
): Promise<TMedia> {
  const params = new URLSearchParams({ fileName: `${ref.date}/${ref.name}` });
  // identity: fetch would unpack a compressed body, and the length and byte ranges passed back would not fit it.
  const res = await fetchUpstream(
    `${baseUrl}/download-mp3?${params.toString()}`,
    {
      'accept-encoding': 'identity',
      ...(ask?.range ? { range: ask.range } : {}),
      ...(ask?.ifRange ? { 'if-range': ask.ifRange } : {}),
    },
    timeoutMs,
  );
  const headers: Record<string, string> = {};
  for (const name of PASSED_HEADERS) {
    const value = res.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  const encoding = res.headers.get('content-encoding');
  if (encoding !== null && encoding !== 'identity') delete headers['content-length'];
  if (res.status === 200 || res.status === 206) {
    headers['content-type'] = headers['content-type'] ?? contentTypeOf(ref.name);
    if (head || !res.body) {
      await res.body?.cancel().catch(() => undefined);
      return { status: res.status, headers, body: Readable.from([]) };
    }
    return { status: res.status, headers, body: Readable.fromWeb(res.body as NodeReadableStream<Uint8Array>) };
  }
  await res.body?.cancel().catch(() => undefined);
  if (res.status === 416) {
    const size = headers['content-range'];
    return {
      status: 416,
      headers: { 'accept-ranges': 'bytes', ...(size === undefined ? {} : { 'content-range': size }) },
      body: null,
    };
  }
  if (res.status === 404) throw notFound(VOICE_LOG_MESSAGES.notFound);
  throw new UpstreamError(VOICE_LOG_MESSAGES.upstreamFailed(`the download answered HTTP ${res.status}`));
}

/** Pages of the number's recordings read to find one: a number has a handful of calls a day, not thousands. */
const HAS_PAGE_SIZE = 100;
const HAS_MAX_PAGES = 10;

/** Whether the external server lists the recording among the number's recordings of its date. */
async function hasUpstream(baseUrl: string, timeoutMs: number, ref: TRecordingRef, msisdn: string): Promise<boolean> {
  for (let page = 0; page < HAS_MAX_PAGES; page++) {
    const found = await searchUpstream(baseUrl, timeoutMs, { directory: ref.date, msisdn, page, size: HAS_PAGE_SIZE });
    if (found.content.some((f) => f.fileName === ref.name)) return true;
    if (found.last || found.content.length === 0) return false;
  }
  return false;
}

export function createProxyVoiceLog(url: string, timeoutMs: number): VoiceLogSource {
  const baseUrl = url.replace(/\/+$/, '');
  return {
    search: (query) => searchUpstream(baseUrl, timeoutMs, query),
    download: (ref, ask, head) => downloadUpstream(baseUrl, timeoutMs, ref, ask, head),
    has: (ref, msisdn) => hasUpstream(baseUrl, timeoutMs, ref, msisdn),
  };
}
