// Recordings for the browser tests: small PCM WAV files of a given length, written where the server's voice log reads
// them (RECORDINGS_DIR/{yyyy-MM-dd}/{fileName}, the folder global-setup provides as inject('recordingsDir')).
import fs from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';

export type TWavOptions = {
  /** Samples a second. @default 8000 (telephone quality: 16,000 bytes a second) */
  sampleRate?: number;
  /** A quiet tone of this pitch, so a person listening hears something; 0 for silence. @default 440 */
  hz?: number;
};

/** A mono 16-bit PCM WAV lasting exactly `seconds` (whole samples). */
export function pcmWav(seconds: number, { sampleRate = 8000, hz = 440 }: TWavOptions = {}): Buffer {
  if (!(seconds > 0) || !Number.isFinite(seconds)) throw new Error(`A recording lasts a positive number of seconds, not ${seconds}`);
  const samples = Math.round(seconds * sampleRate);
  const dataBytes = samples * 2;
  const wav = Buffer.alloc(44 + dataBytes);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28); // bytes a second
  wav.writeUInt16LE(2, 32); // bytes a sample frame
  wav.writeUInt16LE(16, 34); // bits a sample
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < samples; i += 1) {
    const value = hz === 0 ? 0 : Math.round(Math.sin((2 * Math.PI * hz * i) / sampleRate) * 3000);
    wav.writeInt16LE(value, 44 + i * 2);
  }
  return wav;
}

/**
 * VICIdial's recording name, which the voice log reads the call time, number and agent from:
 * {yyyyMMdd}-{HHmmss}_{number}_{agentId}-all.wav.
 */
export function vicidialRecordingName(call: { date: string; time?: string; number: string; agentId: string }): string {
  const day = call.date.replaceAll('-', '');
  const time = (call.time ?? '10:15:00').replaceAll(':', '');
  return `${day}-${time}_${call.number}_${call.agentId}-all.wav`;
}

/** Writes a WAV of `seconds` as {dir}/{date}/{name} and returns its full path; dir defaults to the server's RECORDINGS_DIR. */
export async function writeRecording(date: string, name: string, seconds: number, options: TWavOptions & { dir?: string } = {}): Promise<string> {
  const folder = path.join(options.dir ?? inject('recordingsDir'), date);
  await fs.mkdir(folder, { recursive: true });
  const file = path.join(folder, name);
  await fs.writeFile(file, pcmWav(seconds, options));
  return file;
}
