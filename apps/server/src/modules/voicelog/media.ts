// The shape both voice-log sources (our folder, or an external server) answer in, and paging of a search.
import type { Readable } from 'node:stream';
import type { TVoiceFile, TVoiceLogSearchQuery } from '@crm/shared';
import type { TRecordingRef } from './paths.ts';
import type { TRangeAsk } from './range.ts';

/** Audio to send: 200 whole, 206 one range, or 416 (no body) with the Content-Range saying the size. */
export type TMedia = { status: 200 | 206 | 416; headers: Record<string, string>; body: Readable | null };

/** A recording as a voice log lists it, before the index adds its checks. */
export type TRawVoiceFile = Omit<TVoiceFile, 'checks'>;
export type TPage<T> = {
  content: T[];
  totalElements: number;
  totalPages: number;
  size: number;
  number: number;
  first: boolean;
  last: boolean;
};
export type TVoiceLogPageQuery = Pick<TVoiceLogSearchQuery, 'directory' | 'msisdn' | 'page' | 'size'>;

/** Where recordings come from: RECORDINGS_DIR, or the external server at VOICE_LOG_URL. */
export type VoiceLogSource = {
  /** The external server's own search; null for RECORDINGS_DIR, which is searched through the recordings index. */
  search: ((query: TVoiceLogPageQuery) => Promise<TPage<TRawVoiceFile>>) | null;
  /** `ask`: the player's Range and If-Range; `head`: the caller wants the headers only (HEAD), so no audio is read. */
  download: (ref: TRecordingRef, ask: TRangeAsk | undefined, head: boolean) => Promise<TMedia>;
  /** Whether the recording is in the voice log: in its date folder, one of `msisdn`'s recordings of that date. */
  has: (ref: TRecordingRef, msisdn: string) => Promise<boolean>;
};

export const CONTENT_TYPES = { '.mp3': 'audio/mpeg', '.wav': 'audio/wav' } as const;

export function contentTypeOf(fileName: string): string {
  return fileName.toLowerCase().endsWith('.wav') ? CONTENT_TYPES['.wav'] : CONTENT_TYPES['.mp3'];
}

/** The spec's page (0-based `number`) around one page of content. */
export function voiceLogPage<T>(
  content: T[],
  totalElements: number,
  { page, size }: { page: number; size: number },
): TPage<T> {
  const totalPages = Math.ceil(totalElements / size);
  return { content, totalElements, totalPages, size, number: page, first: page === 0, last: page >= totalPages - 1 };
}
