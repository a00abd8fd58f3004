// Recording durations read from the audio itself (music-metadata), remembered per file version.
import { parseFile } from 'music-metadata';

export type TAudioProbe = {
  /** Whole seconds, rounded down; null when the file cannot be read as audio. */
  duration: number | null;
  /** 'MPEG' for MP3, 'WAVE' for WAV; undefined when unreadable. */
  container: string | undefined;
};

/** Reads a file's audio format and duration; never throws (an unreadable file has no duration). */
export async function probeAudio(filePath: string): Promise<TAudioProbe> {
  try {
    const { format } = await parseFile(filePath, { duration: true, skipCovers: true });
    const seconds = format.duration;
    return { duration: seconds !== undefined && Number.isFinite(seconds) ? Math.floor(seconds) : null, container: format.container };
  } catch {
    return { duration: null, container: undefined };
  }
}

/** Whether the audio is what its extension says (so it is served with the right Content-Type). */
export function matchesExtension(fileName: string, probe: TAudioProbe): boolean {
  if (probe.duration === null) return false;
  return fileName.toLowerCase().endsWith('.wav') ? probe.container === 'WAVE' : probe.container === 'MPEG';
}

type CachedDuration = { size: number; mtimeMs: number; duration: number | null };

/** How many files' durations are remembered; the oldest entry goes first. */
const CACHE_LIMIT = 20_000;

/**
 * Durations remembered per path, size and modification time, so a repeated search does not parse the audio again
 * (an MP3 without a frame index is read to its end), while a replaced file is read afresh.
 */
export function createDurationCache(limit = CACHE_LIMIT) {
  const cache = new Map<string, CachedDuration>();
  return async function durationOf(filePath: string, stat: { size: number; mtimeMs: number }): Promise<number | null> {
    const hit = cache.get(filePath);
    if (hit && hit.size === stat.size && hit.mtimeMs === stat.mtimeMs) return hit.duration;
    const { duration } = await probeAudio(filePath);
    cache.delete(filePath);
    cache.set(filePath, { size: stat.size, mtimeMs: stat.mtimeMs, duration });
    if (cache.size > limit) {
      const oldest = cache.keys().next();
      if (!oldest.done) cache.delete(oldest.value);
    }
    return duration;
  };
}

export type DurationOf = ReturnType<typeof createDurationCache>;
