// A recording file analysed end to end (decode.ts into analyse.ts) on the whole accuracy set: mono and stereo, WAV
// (μ-law, 16-bit, float) and MP3 (at 8 kHz 16 kbit/s mono as VICIdial keeps them and 32 kbit/s stereo, the same per
// channel; at 44.1 kHz 64 and 128 kbit/s), 8 and 44.1 kHz. Speech, silences, holds and dead air within ±100 ms of
// where they were written; overtalk on every planted overlap and nowhere else; the stereo talk ratio within 3 points.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAudioAnalysis, TTimeSpan } from '@crm/shared';
import { buildAccuracySet, gapsBetween, type TAccuracyFile } from '../../../test/audio-support.ts';
import { analyseRecording } from './analyse-file.ts';

const TOLERANCE_SEC = 0.1;
const NAMES = [
  'mono-8k.wav',
  'mono-8k.mp3',
  'mono-44k.wav',
  'mono-44k.mp3',
  'stereo-8k.wav',
  'stereo-8k.mp3',
  'stereo-44k.wav',
  'stereo-44k.mp3',
];
const STEREO = NAMES.filter((n) => n.startsWith('stereo'));

let dir: string;
let files: TAccuracyFile[] = [];
const analyses = new Map<string, Promise<TAudioAnalysis>>();

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-analyse-file-'));
  // Built once for the file: lamejs encoding of the MP3s is most of this file's time.
  files = await buildAccuracySet(dir);
}, 120_000);

afterAll(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

function fileNamed(name: string): TAccuracyFile {
  const file = files.find((f) => f.name === name);
  if (!file) throw new Error(`no ${name} in the accuracy set`);
  return file;
}

/** Each file analysed once with the default settings, shared by the tests that look at it. */
function analysisOf(file: TAccuracyFile): Promise<TAudioAnalysis> {
  let hit = analyses.get(file.name);
  if (!hit) {
    hit = analyseRecording(file.path);
    analyses.set(file.name, hit);
  }
  return hit;
}

/** As many spans as the truth, and every boundary within TOLERANCE_SEC of the same boundary of the truth. */
function expectSpans(found: TTimeSpan[], truth: TTimeSpan[], what: string): void {
  expect(found.length, `${what}: ${JSON.stringify(found)}`).toBe(truth.length);
  truth.forEach((t, i) => {
    expect(Math.abs((found[i]?.startSec ?? Infinity) - t.startSec), `${what}: start of ${i}`).toBeLessThanOrEqual(
      TOLERANCE_SEC,
    );
    expect(Math.abs((found[i]?.endSec ?? Infinity) - t.endSec), `${what}: end of ${i}`).toBeLessThanOrEqual(
      TOLERANCE_SEC,
    );
  });
}

const total = (spans: TTimeSpan[]) => spans.reduce((sum, s) => sum + (s.endSec - s.startSec), 0);

describe('analyseRecording on the accuracy set', () => {
  it('holds every kind of file the set promises', () => {
    expect(files.map((f) => f.name).sort()).toEqual([...NAMES].sort());
  });

  it.each(NAMES)('%s: speech, silences, holds and dead air within ±100 ms', async (name) => {
    const file = fileNamed(name);
    const a = await analysisOf(file);
    expect(a.sampleRate).toBe(file.sampleRate);
    // An MP3 decodes to whole frames: up to one frame (1,152 samples, 144 ms at 8 kHz) past the truth's end.
    expect(a.durationSec).toBeGreaterThanOrEqual(file.durationSec - 0.001);
    expect(a.durationSec).toBeLessThanOrEqual(
      file.durationSec + (file.format === 'mp3' ? 1152 / file.sampleRate : 0.001),
    );
    expect(a.channels).toHaveLength(file.channelCount);
    a.channels.forEach((channel, c) => {
      const speech = file.truth.speech[c] ?? [];
      expectSpans(channel.speech, speech, `${name} channel ${c} speech`);
      // The silences between the utterances (the edges of the file left out: the MP3's tail is longer than the truth).
      const silences = gapsBetween(speech, speech.at(-1)?.endSec ?? 0).filter((s) => s.startSec > 0);
      expectSpans(
        gapsBetween(channel.speech, channel.speech.at(-1)?.endSec ?? 0).filter((s) => s.startSec > 0),
        silences,
        `${name} channel ${c} silences`,
      );
      expectSpans(
        channel.holds.filter((h) => h.endSec < a.durationSec),
        file.truth.holds[c]?.filter((h) => h.endSec < file.durationSec) ?? [],
        `${name} channel ${c} holds`,
      );
    });
    expect(file.truth.deadAirHolds.length, name).toBeGreaterThan(0);
    expectSpans(a.deadAir.holds, file.truth.deadAirHolds, `${name} dead air`);
  });

  it.each(STEREO)(
    '%s: overtalk on every planted overlap and nowhere else, the talk ratio within 3 points',
    async (name) => {
      const file = fileNamed(name);
      const a = await analysisOf(file);
      expect(file.truth.overlaps).toHaveLength(3);
      expectSpans(a.overtalk?.spans ?? [], file.truth.overlaps, `${name} overtalk`);
      expect(a.overtalk?.count).toBe(3);
      const [agent = [], customer = []] = file.truth.speech;
      expect(Math.abs((a.talkRatio ?? -1) - total(agent) / (total(agent) + total(customer))), name).toBeLessThanOrEqual(
        0.03,
      );
    },
  );

  it('takes the right channel as the agent when told (the other side of the same ratio)', async () => {
    const file = fileNamed('stereo-8k.mp3');
    const [a, swapped] = await Promise.all([analysisOf(file), analyseRecording(file.path, { agentChannel: 1 })]);
    expect((swapped.talkRatio ?? 0) + (a.talkRatio ?? 0)).toBeCloseTo(1, 3);
  });

  it('says why a file that is not audio cannot be analysed', async () => {
    const notAudio = path.join(dir, 'notes.wav');
    await fs.writeFile(notAudio, 'these are notes, not a recording');
    await expect(analyseRecording(notAudio)).rejects.toMatchObject({
      name: 'UnreadableAudioError',
      reason: expect.any(String),
    });
  });
});
