// Real audio files for the voice-log tests, made in code: tone WAVs and silent MP3s (no encoder is installed here).
import fs from 'node:fs/promises';
import path from 'node:path';
import { encodeWav, tone } from '../modules/voicelog/wav.ts';

/** A WAV of a 440 Hz tone lasting exactly `seconds` (8 kHz mono 16-bit: 16,000 bytes a second plus 44). */
export function toneWav(seconds: number, hz = 440): Buffer {
  return encodeWav({ samples: tone(hz, seconds, 8000), sampleRate: 8000 });
}

/**
 * An MP3 of silence lasting exactly `seconds` (a multiple of 0.024): MPEG-1 Layer III frames at 48 kHz, 128 kbit/s,
 * mono, each 384 bytes and 1152 samples (24 ms). All-zero side information decodes as silence in any player.
 */
export function silentMp3(seconds: number): Buffer {
  const frames = Math.round(seconds / 0.024);
  const frame = Buffer.alloc(384);
  frame.writeUInt32BE(0xfffb94c4, 0); // sync, MPEG-1, Layer III, no CRC, 128 kbit/s, 48 kHz, no padding, mono
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

/** Writes files into {dir}/{date}/ and returns their full paths. */
export async function writeRecordings(
  dir: string,
  date: string,
  files: Record<string, Buffer | string>,
): Promise<string[]> {
  await fs.mkdir(path.join(dir, date), { recursive: true });
  return Promise.all(
    Object.entries(files).map(async ([name, content]) => {
      const full = path.join(dir, date, name);
      await fs.writeFile(full, content);
      return full;
    }),
  );
}
