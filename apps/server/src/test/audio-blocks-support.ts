// Test audio built from blocks (audio-support.ts re-exports what the tests use): espeak-ng speech clips, silence,
// tones and noise laid on a timeline per channel, with the truth (where each channel speaks) known exactly, and span
// helpers.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TTimeSpan } from '@crm/shared';
import { decodeWav } from '../modules/voicelog/wav.ts';

const run = promisify(execFile);

// ---------------------------------------------------------------- speech

/**
 * A clip counts as audible from its first to its last sample whose magnitude reaches this (-40 dBFS): espeak-ng pads
 * its output with digital silence, which the truth leaves out.
 */
export const SPEECH_TRIM_THRESHOLD = 0.01;

const espeakCache = new Map<string, Promise<Float32Array>>();
const clipCache = new Map<string, Promise<Float32Array>>();

/** espeak-ng's own output (22,050 Hz) for `text` in `voice` (espeak-ng's default if none), trimmed to its audible part. */
export function espeak(text: string, voice?: string): Promise<Float32Array> {
  const key = `${voice ?? ''}\n${text}`;
  let hit = espeakCache.get(key);
  if (!hit) {
    hit = (async () => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-speech-'));
      try {
        const file = path.join(dir, 'speech.wav');
        await run('espeak-ng', ['-w', file, '-s', '160', ...(voice ? ['-v', voice] : []), text]);
        const pcm = decodeWav(await fs.readFile(file));
        if (!pcm) throw new Error('espeak-ng wrote no 16-bit mono WAV');
        const samples = Float32Array.from(pcm.samples, (v) => v / 32768);
        if (pcm.sampleRate !== ESPEAK_RATE) throw new Error(`espeak-ng wrote ${pcm.sampleRate} Hz`);
        return trimSilence(samples, SPEECH_TRIM_THRESHOLD);
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    })();
    espeakCache.set(key, hit);
  }
  return hit;
}

const ESPEAK_RATE = 22050;

/** espeak-ng speech of `text` at `sampleRate`, trimmed to its audible part (SPEECH_TRIM_THRESHOLD); a fresh copy. */
export async function speechClip(text: string, sampleRate: number, voice?: string): Promise<Float32Array> {
  const key = `${sampleRate}\n${voice ?? ''}\n${text}`;
  let hit = clipCache.get(key);
  if (!hit) {
    hit = espeak(text, voice).then((clip) =>
      trimSilence(resample(clip, ESPEAK_RATE, sampleRate), SPEECH_TRIM_THRESHOLD),
    );
    clipCache.set(key, hit);
  }
  return (await hit).slice();
}

/** The samples from the first to the last whose magnitude reaches `threshold`. */
export function trimSilence(samples: Float32Array, threshold: number): Float32Array {
  let start = 0;
  while (start < samples.length && Math.abs(samples[start] ?? 0) < threshold) start += 1;
  let end = samples.length;
  while (end > start && Math.abs(samples[end - 1] ?? 0) < threshold) end -= 1;
  return samples.slice(start, end);
}

/**
 * Windowed-sinc resampling, low-passed below the lower Nyquist frequency so 8 kHz speech does not alias. Kept apart
 * from the product's resample.ts on purpose: the test audio and its truth must not be made by the code under test.
 */
export function resample(input: Float32Array, from: number, to: number): Float32Array {
  if (from === to) return input.slice();
  const ratio = to / from;
  const out = new Float32Array(Math.round(input.length * ratio));
  const cutoff = Math.min(1, ratio) * 0.95; // of the input's Nyquist
  const half = 16 / Math.min(1, ratio); // taps each side, in input samples
  for (let i = 0; i < out.length; i += 1) {
    const centre = i / ratio;
    const lo = Math.max(0, Math.ceil(centre - half));
    const hi = Math.min(input.length - 1, Math.floor(centre + half));
    let sum = 0;
    for (let j = lo; j <= hi; j += 1) {
      const x = j - centre;
      const sinc = x === 0 ? cutoff : Math.sin(Math.PI * cutoff * x) / (Math.PI * x);
      const window = 0.5 + 0.5 * Math.cos((Math.PI * x) / half);
      sum += (input[j] ?? 0) * sinc * window;
    }
    out[i] = sum;
  }
  return out;
}

// ---------------------------------------------------------------- blocks and timelines

export type TBlock =
  | { kind: 'silence'; sec: number }
  | { kind: 'tone'; sec: number; hz: number; level: number }
  | { kind: 'noise'; sec: number; level: number }
  | { kind: 'speech'; text: string; gain: number };

export const silence = (sec: number): TBlock => ({ kind: 'silence', sec });
/** A sine tone at `level` (peak, 0..1), with 5 ms fades. */
export const tone = (hz: number, sec: number, level = 0.3): TBlock => ({ kind: 'tone', sec, hz, level });
/** White noise of RMS `level` (deterministic: a seeded generator). */
export const noise = (sec: number, level: number): TBlock => ({ kind: 'noise', sec, level });
export const speech = (text: string, gain = 1): TBlock => ({ kind: 'speech', text, gain });

export type TTruthBlock = TTimeSpan & { kind: 'tone' | 'noise' | 'speech' };

export type TTimeline = {
  sampleRate: number;
  channels: Float32Array[];
  durationSec: number;
  /** Per channel: every non-silent block where it was written (exact to the sample), in order. */
  blocks: TTruthBlock[][];
  /** Per channel: where it speaks (the speech blocks, touching ones merged). */
  speech: TTimeSpan[][];
};

/** A small deterministic generator (mulberry32) so noise is the same on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Blocks laid one after another per channel. `add` appends at the channel's end, `addAt` first pads it with silence
 * up to an absolute time (to plant overlaps with the other channel); `end` is where a channel stands now.
 */
export class Timeline {
  private readonly parts: Float32Array[][];
  private readonly lengths: number[];
  private readonly truth: TTruthBlock[][];
  private readonly random = seededRandom(12345);

  constructor(
    readonly sampleRate: number,
    readonly channelCount: number,
  ) {
    this.parts = Array.from({ length: channelCount }, () => []);
    this.lengths = Array.from({ length: channelCount }, () => 0);
    this.truth = Array.from({ length: channelCount }, () => []);
  }

  /** Seconds written so far on `channel`. */
  end(channel: number): number {
    return (this.lengths[channel] ?? 0) / this.sampleRate;
  }

  async add(channel: number, ...blocks: TBlock[]): Promise<this> {
    for (const block of blocks) {
      const samples = await this.render(block);
      const start = this.lengths[channel] ?? 0;
      this.parts[channel]?.push(samples);
      this.lengths[channel] = start + samples.length;
      if (block.kind !== 'silence' && samples.length > 0) {
        this.truth[channel]?.push({
          kind: block.kind,
          startSec: start / this.sampleRate,
          endSec: (start + samples.length) / this.sampleRate,
        });
      }
    }
    return this;
  }

  async addAt(channel: number, atSec: number, ...blocks: TBlock[]): Promise<this> {
    const at = Math.round(atSec * this.sampleRate);
    const now = this.lengths[channel] ?? 0;
    if (at < now) throw new Error(`channel ${channel} is already at ${this.end(channel)} s, past ${atSec} s`);
    await this.add(channel, silence((at - now) / this.sampleRate));
    return this.add(channel, ...blocks);
  }

  /** The samples (every channel padded with silence to the longest) and the truth. */
  build(): TTimeline {
    const length = Math.max(0, ...this.lengths);
    const channels = this.parts.map((parts) => {
      const out = new Float32Array(length);
      let at = 0;
      for (const p of parts) {
        out.set(p, at);
        at += p.length;
      }
      return out;
    });
    const blocks = this.truth.map((t) => t.map((b) => ({ ...b })));
    return {
      sampleRate: this.sampleRate,
      channels,
      durationSec: length / this.sampleRate,
      blocks,
      speech: blocks.map((b) => mergeSpans(b.filter((x) => x.kind === 'speech'))),
    };
  }

  private async render(block: TBlock): Promise<Float32Array> {
    const rate = this.sampleRate;
    switch (block.kind) {
      case 'silence':
        return new Float32Array(Math.round(block.sec * rate));
      case 'tone': {
        const n = Math.round(block.sec * rate);
        const fade = Math.min(Math.round(0.005 * rate), Math.floor(n / 2));
        return Float32Array.from(
          { length: n },
          (_, i) =>
            block.level *
            Math.min(1, fade === 0 ? 1 : Math.min(i / fade, (n - 1 - i) / fade)) *
            Math.sin((2 * Math.PI * block.hz * i) / rate),
        );
      }
      case 'noise': {
        // Uniform noise in ±a has RMS a/√3.
        const a = block.level * Math.sqrt(3);
        return Float32Array.from({ length: Math.round(block.sec * rate) }, () => a * (2 * this.random() - 1));
      }
      case 'speech': {
        const clip = await speechClip(block.text, rate);
        if (block.gain !== 1) for (let i = 0; i < clip.length; i += 1) clip[i] = (clip[i] ?? 0) * block.gain;
        return clip;
      }
    }
  }
}

/** Blocks concatenated per channel (channels[i] is channel i's list). */
export async function timeline(sampleRate: number, channels: TBlock[][]): Promise<TTimeline> {
  const t = new Timeline(sampleRate, channels.length);
  for (const [i, blocks] of channels.entries()) await t.add(i, ...blocks);
  return t.build();
}

export function mergeSpans(spans: TTimeSpan[]): TTimeSpan[] {
  const out: TTimeSpan[] = [];
  for (const s of [...spans].sort((a, b) => a.startSec - b.startSec)) {
    const last = out.at(-1);
    if (last && s.startSec <= last.endSec) last.endSec = Math.max(last.endSec, s.endSec);
    else out.push({ startSec: s.startSec, endSec: s.endSec });
  }
  return out;
}

/** The gaps in `spans` (sorted, not overlapping) within 0..durationSec, edges included. */
export function gapsBetween(spans: TTimeSpan[], durationSec: number): TTimeSpan[] {
  const gaps: TTimeSpan[] = [];
  let at = 0;
  for (const s of spans) {
    if (s.startSec > at) gaps.push({ startSec: at, endSec: s.startSec });
    at = Math.max(at, s.endSec);
  }
  if (durationSec > at) gaps.push({ startSec: at, endSec: durationSec });
  return gaps;
}

/** Where both lists of spans cover the same time. */
export function intersectSpans(a: TTimeSpan[], b: TTimeSpan[]): TTimeSpan[] {
  const out: TTimeSpan[] = [];
  for (const x of a) {
    for (const y of b) {
      const startSec = Math.max(x.startSec, y.startSec);
      const endSec = Math.min(x.endSec, y.endSec);
      if (endSec > startSec) out.push({ startSec, endSec });
    }
  }
  return out.sort((p, q) => p.startSec - q.startSec);
}

/** Pieces of one channel's samples, joined in order. */
export function joinSamples(parts: readonly Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
