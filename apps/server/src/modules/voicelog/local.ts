// Recordings served from RECORDINGS_DIR/{yyyy-MM-dd}/, streamed by byte range (searched through the index, catalog/).
import type { Dirent, Stats } from 'node:fs';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { RECORDING_EXTENSIONS, VOICE_LOG_MESSAGES } from '@crm/shared';
import { notFound } from '../../http/errors.ts';
import { contentTypeOf, type TMedia, type VoiceLogSource } from './media.ts';
import { recordingPath, type TRecordingRef } from './paths.ts';
import { ifRangeHolds, parseRange, validatorsOf, type TRangeAsk } from './range.ts';

export const isMissing = (e: unknown) =>
  typeof e === 'object' && e !== null && 'code' in e && (e.code === 'ENOENT' || e.code === 'ENOTDIR');

/** What is at `target`, or null when nothing is there (any other failure, such as a refused permission, throws). */
export async function statOrNull(target: string): Promise<Stats | null> {
  return fs.stat(target).catch((e: unknown) => {
    if (isMissing(e)) return null;
    throw e;
  });
}

export function isRecordingEntry(entry: Dirent): boolean {
  if (!(entry.isFile() || entry.isSymbolicLink()) || entry.name.startsWith('.')) return false;
  const lower = entry.name.toLowerCase();
  return RECORDING_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/**
 * One recording, whole or one byte range. The file is opened before answering, so a vanished file is a 404, not a
 * broken 200. Every reply carries a strong ETag: with it the browser's cache keeps a range it read (the QC panel's
 * warmed head of the next call) and the <audio> asks the server only for the rest (docs/guide/voicelog.md).
 */
export async function streamRecording(
  recordingsDir: string,
  ref: TRecordingRef,
  ask: TRangeAsk | undefined,
  head: boolean,
): Promise<TMedia> {
  const file = recordingPath(recordingsDir, ref);
  const handle = await fs.open(file, 'r').catch((e: unknown) => {
    if (isMissing(e) || (typeof e === 'object' && e !== null && 'code' in e && e.code === 'EISDIR'))
      throw notFound(VOICE_LOG_MESSAGES.notFound);
    throw e;
  });
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw notFound(VOICE_LOG_MESSAGES.notFound);
    const validators = validatorsOf(stat);
    const range = ifRangeHolds(ask?.ifRange, validators)
      ? parseRange(ask?.range, stat.size)
      : { kind: 'full' as const };
    const common = {
      'accept-ranges': 'bytes',
      etag: validators.etag,
      'last-modified': validators.lastModified,
      'cache-control': 'private, max-age=300',
    };
    if (range.kind === 'unsatisfiable') {
      await handle.close();
      return { status: 416, headers: { ...common, 'content-range': `bytes */${stat.size}` }, body: null };
    }
    const [start, end] = range.kind === 'partial' ? [range.start, range.end] : [0, stat.size - 1];
    const headers: Record<string, string> = {
      ...common,
      'content-type': contentTypeOf(ref.name),
      'content-length': String(Math.max(0, end - start + 1)),
    };
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
  const stat = await statOrNull(recordingPath(recordingsDir, ref));
  return stat?.isFile() ?? false;
}

/** The voice log of RECORDINGS_DIR (searched through the recordings index: catalog/). */
export function createLocalVoiceLog(recordingsDir: string): VoiceLogSource {
  return {
    search: null,
    download: (ref, ask, head) => streamRecording(recordingsDir, ref, ask, head),
    has: (ref) => hasRecording(recordingsDir, ref),
  };
}
