// Recordings for the browser tests: small PCM WAV files of a given length, written where the server's voice log reads
// them (RECORDINGS_DIR/{yyyy-MM-dd}/{fileName}, the folder global-setup provides as inject('recordingsDir')).
import fs from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import { machineTimeZone, startOfLocalDay } from '@crm/shared';
import type { Db } from '@crm/server/db/schema';
import { encodeWav, tone } from '@crm/server/voicelog/wav';

export type TWavOptions = {
  /** Samples a second. @default 8000 (telephone quality: 16,000 bytes a second) */
  sampleRate?: number;
  /** A quiet tone of this pitch, so a person listening hears something; 0 for silence. @default 440 */
  hz?: number;
};

/** A mono 16-bit PCM WAV lasting exactly `seconds` (whole samples). */
export function pcmWav(seconds: number, { sampleRate = 8000, hz = 440 }: TWavOptions = {}): Buffer {
  if (!(seconds > 0) || !Number.isFinite(seconds))
    throw new Error(`A recording lasts a positive number of seconds, not ${seconds}`);
  const samples = hz === 0 ? new Int16Array(Math.round(seconds * sampleRate)) : tone(hz, seconds, sampleRate, 0.1);
  return encodeWav({ samples, sampleRate });
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
export async function writeRecording(
  date: string,
  name: string,
  seconds: number,
  options: TWavOptions & { dir?: string } = {},
): Promise<string> {
  const folder = path.join(options.dir ?? inject('recordingsDir'), date);
  await fs.mkdir(folder, { recursive: true });
  const file = path.join(folder, name);
  await fs.writeFile(file, pcmWav(seconds, options));
  return file;
}

/**
 * The demo agent signed into the campaign at 08:00 of `date` (this machine's zone, the server's), so the queue counts
 * that day's recordings of the agent to the campaign (their attribution).
 */
export async function signInForTheDay(db: Db, agentId: string, campaignName: string, date: string): Promise<void> {
  const agent = await db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('username', '=', agentId)
    .executeTakeFirstOrThrow();
  const campaign = await db
    .selectFrom('campaigns')
    .select('id')
    .where('campaignName', '=', campaignName)
    .executeTakeFirstOrThrow();
  const signedInAt = new Date(startOfLocalDay(date, machineTimeZone()).getTime() + 8 * 3_600_000);
  await db
    .insertInto('agentSessions')
    .values({
      userId: agent.id,
      agentId,
      agentName: agent.name,
      shift: 'Morning',
      campaignId: campaign.id,
      campaignName,
      signedInAt,
      expiresAt: new Date(signedInAt.getTime() + 8 * 3_600_000),
    })
    .execute();
}
