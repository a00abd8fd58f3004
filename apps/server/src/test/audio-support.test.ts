// The accuracy set's truth must match what was written, or every accuracy figure built on it means nothing.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TTimeSpan } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildAccuracySet,
  decodeWhole,
  linearToAlaw,
  linearToMulaw,
  noise,
  silence,
  speech,
  speechClip,
  type TAccuracyFile,
  timeline,
  tone,
} from './audio-support.ts';

let dir: string;
let set: TAccuracyFile[];
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-accuracy-'));
  set = await buildAccuracySet(dir);
}, 120_000);
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function decodeFile(filePath: string): Promise<{ rate: number; channels: Float32Array[] }> {
  const { source, channels } = await decodeWhole(filePath);
  return { rate: source.sampleRate, channels };
}

function rmsOf(samples: Float32Array, rate: number, span: TTimeSpan): number {
  const from = Math.max(0, Math.round(span.startSec * rate));
  const to = Math.min(samples.length, Math.round(span.endSec * rate));
  let sum = 0;
  for (let i = from; i < to; i += 1) sum += (samples[i] ?? 0) ** 2;
  return Math.sqrt(sum / Math.max(1, to - from));
}

/** The gaps between spans, each pulled in by `margin` seconds (an MP3's smeared edges stay out). */
function quietSpans(spans: TTimeSpan[], durationSec: number, margin: number): TTimeSpan[] {
  const out: TTimeSpan[] = [];
  let at = 0;
  for (const s of [...spans, { startSec: durationSec, endSec: durationSec }]) {
    if (s.startSec - at > 2 * margin + 0.1) out.push({ startSec: at + margin, endSec: s.startSec - margin });
    at = Math.max(at, s.endSec);
  }
  return out;
}

describe('speech clips', () => {
  it('are espeak-ng speech at the asked rate, trimmed to where it is audible', async () => {
    const [at8, at44] = await Promise.all([
      speechClip('Thank you for calling', 8000),
      speechClip('Thank you for calling', 44100),
    ]);
    // At 8 kHz the fricatives above 4 kHz are gone, so the audible part may be a little shorter, never longer.
    expect(at8.length / 8000).toBeLessThanOrEqual(at44.length / 44100 + 0.005);
    expect(at8.length / 8000).toBeGreaterThan(at44.length / 44100 - 0.2);
    expect(at8.length / 8000).toBeGreaterThan(0.5);
    expect(Math.abs(at8[0] ?? 0)).toBeGreaterThanOrEqual(0.01);
    expect(Math.abs(at44.at(-1) ?? 0)).toBeGreaterThanOrEqual(0.01);
    // A fresh copy each time: a caller scaling it does not change the next one.
    at8.fill(0);
    expect(Math.max(...(await speechClip('Thank you for calling', 8000)).map(Math.abs))).toBeGreaterThan(0.1);
  });
});

describe('timeline', () => {
  it('places blocks exactly and reports every non-silent one', async () => {
    const t = await timeline(8000, [
      [silence(1), tone(440, 0.5), silence(0.25), noise(0.5, 0.1)],
      [speech('Hello there')],
    ]);
    expect(t.blocks[0]).toEqual([
      { kind: 'tone', startSec: 1, endSec: 1.5 },
      { kind: 'noise', startSec: 1.75, endSec: 2.25 },
    ]);
    expect(t.speech[0]).toEqual([]);
    expect(t.speech[1]).toHaveLength(1);
    expect(t.durationSec).toBe(Math.max(2.25, t.speech[1]?.[0]?.endSec ?? 0));
    expect(t.channels[0]?.subarray(0, 8000).every((v) => v === 0)).toBe(true);
    expect(rmsOf(t.channels[0] as Float32Array, 8000, { startSec: 1, endSec: 1.5 })).toBeCloseTo(0.3 / Math.SQRT2, 2);
    expect(rmsOf(t.channels[0] as Float32Array, 8000, { startSec: 1.75, endSec: 2.25 })).toBeCloseTo(0.1, 2);
  });
});

describe('G.711 encoders', () => {
  it('give the standard codes', () => {
    expect([0, 32767, -32768].map(linearToMulaw)).toEqual([0xff, 0x80, 0x00]);
    expect([0, 32767, -32768].map(linearToAlaw)).toEqual([0xd5, 0xaa, 0x2a]);
  });
});

describe('buildAccuracySet', () => {
  it('writes mono and stereo, WAV and MP3, 8 kHz and 44.1 kHz', () => {
    expect(set.map((f) => `${f.name} ${f.format} ${f.sampleRate} ${f.channelCount}`)).toEqual([
      'mono-8k.wav wav 8000 1',
      'mono-8k.mp3 mp3 8000 1',
      'mono-44k.wav wav 44100 1',
      'mono-44k.mp3 mp3 44100 1',
      'stereo-8k.wav wav 8000 2',
      'stereo-8k.mp3 mp3 8000 2',
      'stereo-44k.wav wav 44100 2',
      'stereo-44k.mp3 mp3 44100 2',
    ]);
  });

  it('plants the holds and overlaps it promises', () => {
    for (const f of set) {
      if (f.channelCount === 1) {
        const holds = f.truth.holds[0] ?? [];
        expect(holds.map((h) => Math.round(h.endSec - h.startSec))).toEqual([31, 35]);
        expect(f.truth.deadAirHolds).toEqual(holds);
        expect(f.truth.speech[0]).toHaveLength(5);
        expect(f.truth.overlaps).toEqual([]);
      } else {
        expect(f.truth.deadAirHolds.map((h) => Math.round(h.endSec - h.startSec))).toEqual([31]);
        expect(f.truth.overlaps).toHaveLength(3);
        for (const o of f.truth.overlaps) expect(o.endSec - o.startSec).toBeGreaterThan(0.4);
        expect(f.truth.speech[0]).toHaveLength(5);
        expect(f.truth.speech[1]).toHaveLength(4);
      }
    }
  });

  it('has sound where the truth says speech, and silence (or a low noise floor) elsewhere', async () => {
    for (const f of set) {
      const { rate, channels } = await decodeFile(f.path);
      expect(rate).toBe(f.sampleRate);
      expect(channels).toHaveLength(f.channelCount);
      const margin = f.format === 'mp3' ? 0.1 : 0;
      channels.forEach((samples, ch) => {
        const spans = f.truth.speech[ch] ?? [];
        for (const s of spans)
          expect(rmsOf(samples, rate, s), `${f.name} ch${ch} speech ${s.startSec}`).toBeGreaterThan(0.03);
        for (const q of quietSpans(spans, f.durationSec, margin)) {
          // Clean files are silent to within coding noise; the 8 kHz stereo call has a -60 dBFS floor (0.001 RMS).
          expect(rmsOf(samples, rate, q), `${f.name} ch${ch} quiet ${q.startSec}`).toBeLessThan(
            f.name.startsWith('stereo-8k') ? 0.002 : 0.0005,
          );
        }
      });
    }
  }, 60_000);

  it('is exactly zero between the speech of a clean WAV', async () => {
    const f = set.find((x) => x.name === 'mono-44k.wav') as TAccuracyFile;
    const { rate, channels } = await decodeFile(f.path);
    for (const q of quietSpans(f.truth.speech[0] ?? [], f.durationSec, 0)) {
      const from = Math.ceil(q.startSec * rate);
      const to = Math.floor(q.endSec * rate);
      expect(channels[0]?.subarray(from, to).every((v) => v === 0)).toBe(true);
    }
  });
});
