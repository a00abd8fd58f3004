// Pieces the WAV and MP3 readers share with openAudio: the unreadable-audio error, the chunk length, positioned
// reads and the clamp to -1..1. Kept apart so decode.ts and the readers do not import each other at run time.
import type fs from 'node:fs/promises';

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
