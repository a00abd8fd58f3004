// Recording durations read from the audio itself (music-metadata); the recordings index keeps them per file version.
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
    return {
      duration: seconds !== undefined && Number.isFinite(seconds) ? Math.floor(seconds) : null,
      container: format.container,
    };
  } catch {
    return { duration: null, container: undefined };
  }
}

/** Whether the audio is what its extension says (so it is served with the right Content-Type). */
export function matchesExtension(fileName: string, probe: TAudioProbe): boolean {
  if (probe.duration === null) return false;
  return fileName.toLowerCase().endsWith('.wav') ? probe.container === 'WAVE' : probe.container === 'MPEG';
}
