// Pieces the WAV and MP3 readers share with openAudio: the audio source they return, the unreadable-audio error, the
// chunk length, positioned reads and the clamp to -1..1. Kept apart so decode.ts and the readers never import each
// other (not even for a type).
import type fs from 'node:fs/promises';

export type TAudioSource = {
  format: 'wav' | 'mp3';
  sampleRate: number;
  /** 1 or 2 (a WAV with more channels gives its first two). */
  channelCount: number;
  /** Known up front for WAV and for an MP3 with a Xing/Info header; null otherwise. */
  durationSec: number | null;
  /**
   * The audio from the start, each chunk one array per channel (same length, -1..1). Every chunk but the last holds
   * CHUNK_SECONDS of audio. Each call reads the file afresh; chunks are never reused, so a consumer may keep them.
   */
  chunks(): AsyncIterable<Float32Array[]>;
};

/** The file is not audio we can read; `reason` is a sentence for the person looking at the recording. */
export class UnreadableAudioError extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(`Unreadable audio: ${reason}`);
    this.name = 'UnreadableAudioError';
    this.reason = reason;
  }
}

export const CHUNK_SECONDS = 0.5;

/** Float files may hold values past full scale, or NaN from a broken writer; the analysis wants -1..1. */
export function clampFloat(v: number): number {
  return v > 1 ? 1 : v < -1 ? -1 : v === v ? v : 0;
}

export async function readAt(fh: fs.FileHandle, position: number, length: number): Promise<Buffer> {
  const b = Buffer.alloc(Math.max(0, length));
  let got = 0;
  while (got < b.length) {
    const { bytesRead } = await fh.read(b, got, b.length - got, position + got);
    if (bytesRead === 0) break;
    got += bytesRead;
  }
  return b.subarray(0, got);
}
