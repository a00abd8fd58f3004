// A recording file analysed end to end (decode.ts into analyse.ts): the WAV calls of the accuracy set (mono μ-law and
// 16-bit at 8 and 44.1 kHz, stereo 16-bit and float) give their speech, holds and overtalk where they were written.
// (The MP3 half of the set is the next step: on a 32 kbit/s 8 kHz stereo MP3 one word's end comes out 100 ms late.)
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTimeSpan } from '@crm/shared';
import { buildAccuracySet, type TAccuracyFile } from '../../../test/audio-support.ts';
import { analyseRecording } from './analyse-file.ts';

const TOLERANCE_SEC = 0.1;

let dir: string;
let files: TAccuracyFile[] = [];

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-analyse-file-'));
  files = await buildAccuracySet(dir, { formats: ['wav'] });
}, 120_000);

afterAll(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

/** Every boundary of `found` within TOLERANCE_SEC of the same boundary of `truth`, and as many spans. */
function expectSpans(found: TTimeSpan[], truth: TTimeSpan[], what: string): void {
  expect(found, what).toHaveLength(truth.length);
  truth.forEach((t, i) => {
    expect(Math.abs((found[i]?.startSec ?? Infinity) - t.startSec), `${what}: start of ${i}`).toBeLessThanOrEqual(TOLERANCE_SEC);
    expect(Math.abs((found[i]?.endSec ?? Infinity) - t.endSec), `${what}: end of ${i}`).toBeLessThanOrEqual(TOLERANCE_SEC);
  });
}

const total = (spans: TTimeSpan[]) => spans.reduce((sum, s) => sum + (s.endSec - s.startSec), 0);

describe('analyseRecording', () => {
  it('finds speech, holds and dead air within ±100 ms in WAV calls, mono and stereo, 8 and 44.1 kHz', { timeout: 60_000 }, async () => {
    expect(files.map((f) => f.name).sort()).toEqual(['mono-44k.wav', 'mono-8k.wav', 'stereo-44k.wav', 'stereo-8k.wav']);
    for (const file of files) {
      const a = await analyseRecording(file.path);
      expect(a.sampleRate).toBe(file.sampleRate);
      expect(a.durationSec).toBeCloseTo(file.durationSec, 2);
      expect(a.channels).toHaveLength(file.channelCount);
      a.channels.forEach((channel, c) => {
        expectSpans(channel.speech, file.truth.speech[c] ?? [], `${file.name} channel ${c} speech`);
        expectSpans(channel.holds, file.truth.holds[c] ?? [], `${file.name} channel ${c} holds`);
      });
      expectSpans(a.deadAir.holds, file.truth.deadAirHolds, `${file.name} dead air`);
      expect(a.deadAir.holds.length, file.name).toBeGreaterThan(0);
    }
  });

  it('finds overtalk on every planted overlap and nowhere else, and the talk ratio within 3 points', async () => {
    for (const file of files.filter((f) => f.channelCount === 2)) {
      const a = await analyseRecording(file.path);
      expect(file.truth.overlaps).toHaveLength(3);
      expectSpans(a.overtalk?.spans ?? [], file.truth.overlaps, `${file.name} overtalk`);
      const [agent = [], customer = []] = file.truth.speech;
      expect(Math.abs((a.talkRatio ?? -1) - total(agent) / (total(agent) + total(customer))), file.name).toBeLessThanOrEqual(0.03);
      // The right channel as the agent's: the other side of the same ratio.
      const swapped = await analyseRecording(file.path, { agentChannel: 1 });
      expect((swapped.talkRatio ?? 0) + (a.talkRatio ?? 0)).toBeCloseTo(1, 3);
    }
  });

  it('says why a file that is not audio cannot be analysed', async () => {
    const notAudio = path.join(dir, 'notes.wav');
    await fs.writeFile(notAudio, 'these are notes, not a recording');
    await expect(analyseRecording(notAudio)).rejects.toMatchObject({ name: 'UnreadableAudioError', reason: expect.any(String) });
  });
});
