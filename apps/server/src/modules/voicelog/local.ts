// Recordings served from RECORDINGS_DIR/{yyyy-MM-dd}/: searched by number, streamed by byte range.
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { RECORDING_EXTENSIONS, VOICE_LOG_MESSAGES, type TVoiceFile, type TVoiceLogPage, type TVoiceLogSearchQuery } from '@crm/shared';
import type { CountryCode } from 'libphonenumber-js';
import { notFound } from '../../http/errors.ts';
import { createDurationCache, type DurationOf } from './durations.ts';
import { contentTypeOf, voiceLogPage, type TMedia, type VoiceLogSource } from './media.ts';
import { parseRecordingName, phoneKey, subscriberTail, type TRecordingName } from './names.ts';
import { dateFolder, recordingPath, type TRecordingRef } from './paths.ts';
import { parseRange } from './range.ts';

const isMissing = (e: unknown) => typeof e === 'object' && e !== null && 'code' in e && (e.code === 'ENOENT' || e.code === 'ENOTDIR');

function isRecordingEntry(entry: Dirent): boolean {
  if (!(entry.isFile() || entry.isSymbolicLink()) || entry.name.startsWith('.')) return false;
  const lower = entry.name.toLowerCase();
  return RECORDING_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/** Call time first (files without one after those with), then file name. */
function byTimeThenName(a: TRecordingName & { fileName: string }, b: TRecordingName & { fileName: string }): number {
  if (a.dateTime !== b.dateTime) {
    if (a.dateTime === null) return 1;
    if (b.dateTime === null) return -1;
    return a.dateTime < b.dateTime ? -1 : 1;
  }
  return a.fileName < b.fileName ? -1 : a.fileName > b.fileName ? 1 : 0;
}

/** A date folder's recordings of one number, in any way of writing it; a folder that does not exist has none. */
export async function searchFolder(recordingsDir: string, country: CountryCode, durationOf: DurationOf, query: TVoiceLogSearchQuery): Promise<TVoiceLogPage> {
  const folder = dateFolder(recordingsDir, query.directory);
  let entries: Dirent[];
  try {
    entries = await fs.readdir(folder, { withFileTypes: true });
  } catch (e) {
    if (isMissing(e)) return voiceLogPage([], 0, query);
    throw e;
  }
  const key = phoneKey(query.msisdn, country);
  const tail = subscriberTail(key);
  const matches = tail === ''
    ? []
    : entries
        .filter((entry) => isRecordingEntry(entry) && entry.name.includes(tail))
        .map((entry) => ({ fileName: entry.name, ...parseRecordingName(entry.name, country) }))
        .filter((r) => r.phoneNumber !== '' && phoneKey(r.phoneNumber, country) === key)
        .sort(byTimeThenName);
  const pageOf = matches.slice(query.page * query.size, (query.page + 1) * query.size);
  // Only the page's files are opened: durations cost a read of each file (cached after the first).
  const content = await Promise.all(
    pageOf.map(async (r): Promise<TVoiceFile> => {
      const file = path.join(folder, r.fileName);
      const stat = await fs.stat(file).catch(() => null);
      const duration = stat?.isFile() ? await durationOf(file, stat) : null;
      return { dateTime: r.dateTime, phoneNumber: r.phoneNumber, campaignName: '', agentId: r.agentId, fileName: r.fileName, duration };
    }),
  );
  return voiceLogPage(content, matches.length, query);
}

/** One recording, whole or one byte range. The file is opened before answering, so a vanished file is a 404, not a broken 200. */
export async function streamRecording(recordingsDir: string, ref: TRecordingRef, rangeHeader: string | undefined, head: boolean): Promise<TMedia> {
  const file = recordingPath(recordingsDir, ref);
  const handle = await fs.open(file, 'r').catch((e: unknown) => {
    if (isMissing(e) || (typeof e === 'object' && e !== null && 'code' in e && e.code === 'EISDIR')) throw notFound(VOICE_LOG_MESSAGES.notFound);
    throw e;
  });
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw notFound(VOICE_LOG_MESSAGES.notFound);
    const range = parseRange(rangeHeader, stat.size);
    const common = { 'accept-ranges': 'bytes', 'last-modified': stat.mtime.toUTCString(), 'cache-control': 'private, max-age=300' };
    if (range.kind === 'unsatisfiable') {
      await handle.close();
      return { status: 416, headers: { ...common, 'content-range': `bytes */${stat.size}` }, body: null };
    }
    const [start, end] = range.kind === 'partial' ? [range.start, range.end] : [0, stat.size - 1];
    const headers: Record<string, string> = { ...common, 'content-type': contentTypeOf(ref.name), 'content-length': String(Math.max(0, end - start + 1)) };
    if (range.kind === 'partial') headers['content-range'] = `bytes ${start}-${end}/${stat.size}`;
    const status = range.kind === 'partial' ? 206 : 200;
    if (head || stat.size === 0) {
      await handle.close();
      return { status, headers, body: Readable.from([]) };
    }
    // The stream owns the handle from here: it closes it at the end, on an error, or when the player hangs up.
    return { status, headers, body: handle.createReadStream({ start, end }) };
  } catch (e) {
    await handle.close().catch(() => undefined);
    throw e;
  }
}

/** Whether the date folder holds the recording as a file (the number is the caller's to check, from the name). */
export async function hasRecording(recordingsDir: string, ref: TRecordingRef): Promise<boolean> {
  const stat = await fs.stat(recordingPath(recordingsDir, ref)).catch((e: unknown) => {
    if (isMissing(e)) return null;
    throw e;
  });
  return stat?.isFile() ?? false;
}

/** The voice log of RECORDINGS_DIR, with its own duration cache. */
export function createLocalVoiceLog(recordingsDir: string, country: CountryCode): VoiceLogSource {
  const durationOf = createDurationCache();
  return {
    search: (query) => searchFolder(recordingsDir, country, durationOf, query),
    download: (ref, range, head) => streamRecording(recordingsDir, ref, range, head),
    has: (ref) => hasRecording(recordingsDir, ref),
  };
}
