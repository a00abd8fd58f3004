// Audio made by the tests themselves for the recording checks (no audio is committed): the accuracy set of calls with
// known truth. The blocks and timelines are in audio-blocks-support.ts and the WAV and MP3 writers in
// audio-writers-support.ts; everything they export is re-exported here so tests import from this one file.
import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_HOLD_SECONDS, type TTimeSpan } from '@crm/shared';
import {
  espeak,
  gapsBetween,
  intersectSpans,
  joinSamples,
  mergeSpans,
  seededRandom,
  silence,
  speech,
  Timeline,
  timeline,
  type TTimeline,
} from './audio-blocks-support.ts';
import { MP3_DELAY_SAMPLES, type TWavSampleFormat, writeMp3, writeWav } from './audio-writers-support.ts';
import { openAudio, type TAudioSource } from '../modules/voicelog/analysis/decode.ts';

export {
  gapsBetween,
  intersectSpans,
  joinSamples,
  noise,
  resample,
  seededRandom,
  silence,
  speech,
  speechClip,
  SPEECH_TRIM_THRESHOLD,
  type TBlock,
  Timeline,
  timeline,
  tone,
  trimSilence,
  type TTimeline,
  type TTruthBlock,
} from './audio-blocks-support.ts';
export {
  encodeMp3,
  encodeWavFile,
  linearToAlaw,
  linearToMulaw,
  MP3_DELAY_SAMPLES,
  type TWavOptions,
  type TWavSampleFormat,
  wavFormatChunk,
  writeMp3,
  writeWav,
  writeWavFrom,
} from './audio-writers-support.ts';

/** A file decoded by the product's decoder: its source, every chunk as it came, and each channel joined. */
export async function decodeWhole(
  filePath: string,
): Promise<{ source: TAudioSource; chunks: Float32Array[][]; channels: Float32Array[] }> {
  const source = await openAudio(filePath);
  const chunks: Float32Array[][] = [];
  for await (const chunk of source.chunks()) chunks.push(chunk);
  const channels = Array.from({ length: source.channelCount }, (_, ch) =>
    joinSamples(chunks.map((c) => c[ch] ?? new Float32Array(0))),
  );
  return { source, chunks, channels };
}

// ---------------------------------------------------------------- the accuracy set

export type TAudioTruth = {
  /** Per channel: where it speaks. */
  speech: TTimeSpan[][];
  /** Per channel: its silences longer than DEFAULT_HOLD_SECONDS (start and end of the file included). */
  holds: TTimeSpan[][];
  /** Where no channel speaks for longer than DEFAULT_HOLD_SECONDS. */
  deadAirHolds: TTimeSpan[];
  /** Stereo: where both channels speak at once (empty on mono). */
  overlaps: TTimeSpan[];
};

export type TAccuracyFile = {
  name: string;
  path: string;
  format: 'wav' | 'mp3';
  /** How the WAV's samples are stored. */
  wavFormat?: TWavSampleFormat;
  sampleRate: number;
  channelCount: number;
  durationSec: number;
  /**
   * Where things are in the decoded audio: for MP3 shifted by MP3_DELAY_SAMPLES (and its duration is longer, up to
   * the last whole frame).
   */
  truth: TAudioTruth;
};

/** The truth of a timeline, every time moved by `shiftSec`. */
export function truthOf(t: TTimeline, shiftSec = 0): TAudioTruth {
  const move = (s: TTimeSpan): TTimeSpan => ({ startSec: s.startSec + shiftSec, endSec: s.endSec + shiftSec });
  const duration = t.durationSec + shiftSec;
  const speech = t.speech.map((spans) => spans.map(move));
  const isHold = (s: TTimeSpan) => s.endSec - s.startSec > DEFAULT_HOLD_SECONDS;
  const holds = speech.map((spans) => gapsBetween(spans, duration).filter(isHold));
  const union = mergeSpans(speech.flat());
  const overlaps = speech.length === 2 ? intersectSpans(speech[0] ?? [], speech[1] ?? []) : [];
  return { speech, holds, deadAirHolds: gapsBetween(union, duration).filter(isHold), overlaps };
}

const PHRASES = [
  'Good morning thank you for calling',
  'I would like to check my order',
  'Let me look that up for you',
  'It was sent last Tuesday',
  'Please hold while I check',
  'Thanks that is all I needed',
];

/** Mono: five utterances with silences of 1.5, 4, 31 and 35 seconds between them (two holds). */
async function monoCall(sampleRate: number): Promise<TTimeline> {
  const [a, b, c, d, e] = PHRASES;
  return timeline(sampleRate, [
    [
      silence(0.5),
      speech(a ?? ''),
      silence(1.5),
      speech(b ?? ''),
      silence(4),
      speech(c ?? ''),
      silence(31),
      speech(d ?? ''),
      silence(35),
      speech(e ?? ''),
      silence(0.5),
    ],
  ]);
}

/**
 * Stereo (0 agent, 1 customer): turns that do not overlap, three planted overlaps (the customer starts while the agent
 * still speaks), a 31-second hold where neither speaks, and a 4-second pause; `floor` adds line noise under both.
 */
async function stereoCall(sampleRate: number, floor: number): Promise<TTimeline> {
  const t = new Timeline(sampleRate, 2);
  const say = async (ch: number, text: string, at: number) => {
    await t.addAt(ch, at, speech(text));
    return t.end(ch);
  };
  const p = (i: number) => PHRASES[i] ?? '';
  let end = await say(0, p(0), 0.5); // agent greets
  end = await say(1, p(1), end + 0.6); // customer answers after a turn gap
  end = await say(0, p(2), end + 0.5);
  // Overlap 1: the customer starts 0.6 s before the agent finishes.
  const o1 = await say(1, p(3), end - 0.6);
  end = await say(0, p(4), Math.max(o1, t.end(0)) + 0.4);
  // A hold: 31 s in which nobody speaks.
  end = await say(1, p(5), end + 31);
  // Overlap 2: the agent starts 0.8 s before the customer finishes.
  const o2 = await say(0, p(0), end - 0.8);
  // A 4-second pause, then overlap 3: the customer cuts in 0.5 s before the agent finishes.
  const a3 = await say(0, p(2), o2 + 4);
  await say(1, p(4), a3 - 0.5);
  await t.addAt(0, Math.max(t.end(0), t.end(1)) + 0.5, silence(0));
  await t.addAt(1, t.end(0), silence(0));
  const built = t.build();
  if (floor > 0) {
    const random = seededRandom(777);
    const a = floor * Math.sqrt(3);
    for (const c of built.channels) for (let i = 0; i < c.length; i += 1) c[i] = (c[i] ?? 0) + a * (2 * random() - 1);
  }
  return built;
}

type TFormat = 'wav' | 'mp3';

/**
 * Writes the accuracy set into `dir`: mono and stereo calls, each at 8 kHz and 44.1 kHz, as WAV and as MP3 (or only
 * the `formats` asked for: lamejs encoding takes most of the time), with their truth. The 8 kHz stereo call carries
 * a -60 dBFS noise floor (a phone line's hiss). The files are copies of a set built once per machine (sharedSet).
 */
export async function buildAccuracySet(dir: string, options: { formats?: TFormat[] } = {}): Promise<TAccuracyFile[]> {
  const shared = await sharedSet(options.formats ?? ['wav', 'mp3']);
  await fs.mkdir(dir, { recursive: true });
  return Promise.all(
    shared.files.map(async (f) => {
      const copy = path.join(dir, f.name);
      await fs.copyFile(f.path, copy);
      return { ...f, path: copy };
    }),
  );
}

const run = promisify(execFile);
/** Beside the other tools' caches, not in TMPDIR: a test run leaves nothing there (temp-root.ts). */
const SHARED_ROOT = path.resolve(import.meta.dirname, '../../../../node_modules/.cache/crm-accuracy-set');
/** A lock older than this was left by a killed run (a build takes ~15 s, ~30 s on a busy machine). */
const LOCK_STALE_MS = 180_000;

/**
 * The set as built for what makes it (the three support files, the package lock, espeak-ng's version and the formats),
 * kept in node_modules/.cache: the test files of a run, and later runs, encode the MP3s once (~15 s of CPU). One test
 * file builds while the others wait on a lock folder; a set that is there is never rebuilt, only replaced under a new key.
 */
async function sharedSet(formats: TFormat[]): Promise<{ dir: string; files: TAccuracyFile[] }> {
  const hash = createHash('sha256').update(formats.join(','));
  for (const file of [
    'audio-support.ts',
    'audio-blocks-support.ts',
    'audio-writers-support.ts',
    '../../../../package-lock.json',
  ]) {
    hash.update(await fs.readFile(path.join(import.meta.dirname, file)).catch(() => Buffer.from(file)));
  }
  hash.update((await run('espeak-ng', ['--version'])).stdout);
  const key = hash.digest('hex').slice(0, 16);
  const dir = path.join(SHARED_ROOT, key);
  const lock = `${dir}.lock`;
  await fs.mkdir(SHARED_ROOT, { recursive: true });
  for (;;) {
    const manifest = await fs.readFile(path.join(dir, 'files.json'), 'utf8').catch(() => null);
    if (manifest !== null) {
      const files = (JSON.parse(manifest) as TAccuracyFile[]).map((f) => ({ ...f, path: path.join(dir, f.name) }));
      return { dir, files };
    }
    try {
      await fs.mkdir(lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const since = await fs.stat(lock).then(
        (st) => Date.now() - st.mtimeMs,
        () => 0,
      );
      if (since > LOCK_STALE_MS) await fs.rm(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    try {
      // Built aside and renamed into place with its manifest, so a reader never sees half a set.
      const work = `${dir}.${randomUUID()}.tmp`;
      try {
        const files = await writeAccuracySet(work, formats);
        await fs.writeFile(path.join(work, 'files.json'), JSON.stringify(files));
        await fs.rm(dir, { recursive: true, force: true });
        await fs.rename(work, dir);
      } finally {
        await fs.rm(work, { recursive: true, force: true });
      }
      await removeStaleSets(key);
    } finally {
      await fs.rm(lock, { recursive: true, force: true });
    }
  }
}

/** Sets built for other keys (older code) and untouched for a day, and leftovers of killed builds. */
async function removeStaleSets(keep: string): Promise<void> {
  for (const name of await fs.readdir(SHARED_ROOT)) {
    if (name === keep) continue;
    const full = path.join(SHARED_ROOT, name);
    const st = await fs.stat(full).catch(() => null);
    if (st && Date.now() - st.mtimeMs > 86_400_000) await fs.rm(full, { recursive: true, force: true });
  }
}

async function writeAccuracySet(dir: string, formats: TFormat[]): Promise<TAccuracyFile[]> {
  await fs.mkdir(dir, { recursive: true });
  // espeak-ng runs are the slow part after MP3 encoding: start them all at once.
  await Promise.all(PHRASES.map((p) => espeak(p)));
  const files: TAccuracyFile[] = [];
  const plans: {
    name: string;
    rate: number;
    make: () => Promise<TTimeline>;
    wavFormat: TWavSampleFormat;
    kbps: number;
  }[] = [
    // VICIdial's own MP3 step (AST_CRON_audio_2_compress.pl --MP3) runs `lame -b 16 -m m`: 16 kbit/s mono.
    { name: 'mono-8k', rate: 8000, make: () => monoCall(8000), wavFormat: 'mulaw', kbps: 16 },
    { name: 'mono-44k', rate: 44100, make: () => monoCall(44100), wavFormat: 'pcm16', kbps: 64 },
    { name: 'stereo-8k', rate: 8000, make: () => stereoCall(8000, 0.001), wavFormat: 'pcm16', kbps: 32 },
    { name: 'stereo-44k', rate: 44100, make: () => stereoCall(44100, 0), wavFormat: 'float32', kbps: 128 },
  ];
  for (const plan of plans) {
    const t = await plan.make();
    const base = { sampleRate: plan.rate, channelCount: t.channels.length };
    if (formats.includes('wav')) {
      const wavPath = path.join(dir, `${plan.name}.wav`);
      await writeWav(wavPath, t.channels, plan.rate, plan.wavFormat);
      files.push({
        name: `${plan.name}.wav`,
        path: wavPath,
        format: 'wav',
        wavFormat: plan.wavFormat,
        ...base,
        durationSec: t.durationSec,
        truth: truthOf(t),
      });
    }
    if (formats.includes('mp3')) {
      const mp3Path = path.join(dir, `${plan.name}.mp3`);
      await writeMp3(mp3Path, t.channels, plan.rate, plan.kbps);
      const shift = MP3_DELAY_SAMPLES / plan.rate;
      files.push({
        name: `${plan.name}.mp3`,
        path: mp3Path,
        format: 'mp3',
        ...base,
        durationSec: t.durationSec + shift,
        truth: truthOf(t, shift),
      });
    }
  }
  return files;
}
