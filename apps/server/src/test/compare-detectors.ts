// Measures the two voice detectors (vad.ts) on calls made in code from espeak-ng speech, with planted silences,
// overlaps and noise whose true boundaries are known: the boundary errors of each, and the speed of the whole analysis
// as a multiple of real time. The tests (analyse.test.ts) use the same calls.
//   npx tsx apps/server/src/test/compare-detectors.ts
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TAudioAnalysis, TTimeSpan } from '@crm/shared';
import { mergeSpans, seededRandom, speechClip } from './audio-blocks-support.ts';
import { createAnalyser } from '../modules/voicelog/analysis/analyse.ts';
import { loadVoiceDetector, type TDetectorName } from '../modules/voicelog/analysis/vad.ts';

const SENTENCES = [
  'Good morning and thank you for calling the help desk',
  'I would like to change my delivery address please',
  'Yes of course I can do that for you right now',
  'My order number is four five six',
  'Let me look that up in our system for a moment',
  'Thank you very much for your help today',
];

/**
 * The sentences spoken by `voice` at `rate`, each cut to where the voice starts and ends (the test audio's
 * speechClip: espeak-ng, resampled apart from the product's resample.ts, trimmed at SPEECH_TRIM_THRESHOLD).
 */
export function speechClips(rate: number, voice = 'en'): Promise<Float32Array[]> {
  return Promise.all(SENTENCES.map((text) => speechClip(text, rate, voice)));
}

/** One sentence placed in a call: channel, which clip, start time, and a gain (1 = as spoken). */
export type TPlacement = { channel: number; clip: number; atSec: number; gain?: number };

export type TCall = {
  rate: number;
  audio: Float32Array[];
  /** Where each channel truly speaks (the placed clips, merged where they touch). */
  truth: TTimeSpan[][];
};

/** A call of `durationSec` at `rate`: the placements, plus white noise at `noiseDbfs` (RMS) everywhere if given. */
export async function makeCall(opts: {
  rate: number;
  channels: number;
  durationSec: number;
  placements: TPlacement[];
  noiseDbfs?: number;
  voices?: string[];
}): Promise<TCall> {
  const { rate, channels, durationSec, placements } = opts;
  const voices = [...new Set(Array.from({ length: channels }, (_, c) => opts.voices?.[c] ?? 'en'))];
  const clipsOf = new Map(await Promise.all(voices.map(async (v) => [v, await speechClips(rate, v)] as const)));
  const n = Math.round(durationSec * rate);
  const audio = Array.from({ length: channels }, () => new Float32Array(n));
  const truth: TTimeSpan[][] = Array.from({ length: channels }, () => []);
  for (const p of placements) {
    const clip = clipsOf.get(opts.voices?.[p.channel] ?? 'en')?.[p.clip];
    const target = audio[p.channel];
    if (!clip || !target) throw new Error('makeCall: no such clip or channel');
    const at = Math.round(p.atSec * rate);
    const gain = p.gain ?? 1;
    for (let i = 0; i < clip.length && at + i < n; i += 1)
      target[at + i] = (target[at + i] ?? 0) + gain * (clip[i] ?? 0);
    truth[p.channel]?.push({ startSec: at / rate, endSec: Math.min(n, at + clip.length) / rate });
  }
  if (opts.noiseDbfs !== undefined) {
    const sd = 10 ** (opts.noiseDbfs / 20);
    const rnd = seededRandom(12345);
    for (const data of audio) {
      for (let i = 0; i < n; i += 1) {
        // Box–Muller: Gaussian white noise of standard deviation (= RMS) sd.
        const u = 1 - rnd();
        data[i] = (data[i] ?? 0) + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rnd());
      }
    }
  }
  return { rate, audio, truth: truth.map(mergeSpans) };
}

/** Runs the analysis over `call` in chunks of `chunkSamples`. */
export function analyseCall(
  call: TCall,
  detector: TDetectorName,
  opts: { chunkSamples?: number; holdSeconds?: number; webrtcMode?: number } = {},
): TAudioAnalysis {
  const analyser = createAnalyser({
    sampleRate: call.rate,
    channelCount: call.audio.length,
    holdSeconds: opts.holdSeconds ?? 30,
    agentChannel: 0,
    detector,
    webrtcMode: opts.webrtcMode,
  });
  const n = call.audio[0]?.length ?? 0;
  const step = opts.chunkSamples ?? call.rate;
  for (let at = 0; at < n; at += step) analyser.push(call.audio.map((c) => c.subarray(at, Math.min(n, at + step))));
  return analyser.finish();
}

export type TBoundaryErrors = {
  /** Signed errors (found − true) in seconds of every true span's start and end, matched to the found span overlapping it most. */
  starts: number[];
  ends: number[];
  /** True spans with no found span over them, and found spans over no true span. */
  missed: number;
  extra: number;
};

const overlap = (a: TTimeSpan, b: TTimeSpan): number =>
  Math.max(0, Math.min(a.endSec, b.endSec) - Math.max(a.startSec, b.startSec));

export function boundaryErrors(truth: TTimeSpan[], found: TTimeSpan[]): TBoundaryErrors {
  const out: TBoundaryErrors = { starts: [], ends: [], missed: 0, extra: 0 };
  for (const t of truth) {
    let best: TTimeSpan | undefined;
    for (const f of found) if (overlap(t, f) > 0 && (!best || overlap(t, f) > overlap(t, best))) best = f;
    if (!best) out.missed += 1;
    else {
      out.starts.push(best.startSec - t.startSec);
      out.ends.push(best.endSec - t.endSec);
    }
  }
  out.extra = found.filter((f) => !truth.some((t) => overlap(t, f) > 0)).length;
  return out;
}

/**
 * Sentence placements of a mono call with silences of exactly 1.5 s, 4 s, 31 s and 35 s between five sentences
 * (after a 0.5 s lead), and the true silences.
 */
export async function silencesCall(rate: number, noiseDbfs?: number): Promise<{ call: TCall; silences: number[] }> {
  const clips = await speechClips(rate);
  const silences = [1.5, 4, 31, 35];
  const placements: TPlacement[] = [];
  let at = 0.5;
  for (let k = 0; k <= silences.length; k += 1) {
    placements.push({ channel: 0, clip: k, atSec: at });
    at += (clips[k]?.length ?? 0) / rate + (silences[k] ?? 0);
  }
  return { call: await makeCall({ rate, channels: 1, durationSec: at + 0.7, placements, noiseDbfs }), silences };
}

/**
 * A stereo conversation (agent left, customer right) of about a minute: turns with gaps of 0.6–2 s and three planted
 * overlaps (the next speaker starting 1.2 s, 0.8 s and 1.5 s before the other stops), and the true overlaps.
 */
export async function conversationCall(
  rate: number,
  noiseDbfs?: number,
): Promise<{ call: TCall; overlaps: TTimeSpan[] }> {
  const a = await speechClips(rate, 'en');
  const c = await speechClips(rate, 'en+f3');
  // [channel, clip, gap before it in seconds: negative = overlap with the previous sentence]
  const script: Array<[number, number, number]> = [
    [0, 0, 0.8],
    [1, 1, 0.9],
    [0, 2, 0.6],
    [1, 3, -1.2],
    [0, 4, 2.0],
    [0, 5, 0.7],
    [1, 0, 1.1],
    [0, 1, -0.8],
    [1, 2, 0.9],
    [0, 3, 1.6],
    [1, 4, -1.5],
    [0, 0, 1.0],
  ];
  const placements: TPlacement[] = [];
  let end = 0;
  for (const [channel, clip, gap] of script) {
    const at = end + gap;
    placements.push({ channel, clip, atSec: at });
    end = at + ((channel === 0 ? a : c)[clip]?.length ?? 0) / rate;
  }
  const call = await makeCall({
    rate,
    channels: 2,
    durationSec: end + 1,
    placements,
    noiseDbfs,
    voices: ['en', 'en+f3'],
  });
  const overlaps: TTimeSpan[] = [];
  for (const x of call.truth[0] ?? [])
    for (const y of call.truth[1] ?? [])
      if (overlap(x, y) > 0)
        overlaps.push({ startSec: Math.max(x.startSec, y.startSec), endSec: Math.min(x.endSec, y.endSec) });
  return { call, overlaps };
}

const speechSec = (spans: TTimeSpan[]): number => spans.reduce((s, x) => s + x.endSec - x.startSec, 0);

/** The true talk ratio of a stereo call (agent = channel 0). */
export function trueTalkRatio(call: TCall): number {
  const agent = speechSec(call.truth[0] ?? []);
  return agent / (agent + speechSec(call.truth[1] ?? []));
}

/**
 * Analyses `minutes` of stereo conversation at `rate` (the conversation repeated, fed in 1 s chunks) and returns the
 * speed as a multiple of real time (one core: the analysis is synchronous; CPU time, not the clock).
 */
export async function speed(detector: TDetectorName, minutes = 10, rate = 8000): Promise<number> {
  await loadVoiceDetector(detector);
  const { call } = await conversationCall(rate);
  const one = call.audio[0]?.length ?? 0;
  const total = Math.round(minutes * 60 * rate);
  const audio = call.audio.map((ch) => {
    const out = new Float32Array(total);
    for (let at = 0; at < total; at += one) out.set(ch.subarray(0, Math.min(one, total - at)), at);
    return out;
  });
  // CPU time of this process rather than the clock, so that other work on the machine does not count against it.
  const c0 = process.cpuUsage();
  analyseCall({ rate, audio, truth: [] }, detector, { chunkSamples: rate });
  const c = process.cpuUsage(c0);
  return (minutes * 60) / ((c.user + c.system) / 1e6);
}

const fmt = (xs: number[]): string => {
  if (xs.length === 0) return 'none';
  const abs = xs.map(Math.abs);
  return `max ${(Math.max(...abs) * 1000).toFixed(0)} ms, mean ${((abs.reduce((s, x) => s + x, 0) / abs.length) * 1000).toFixed(0)} ms, bias ${((xs.reduce((s, x) => s + x, 0) / xs.length) * 1000).toFixed(0)} ms`;
};

/** One line per case and detector: boundary errors, misses, false spans, overtalk and talk ratio. */
export async function report(
  detector: TDetectorName,
  webrtcMode?: number,
  noises: Array<number | undefined> = [undefined, -50, -35],
): Promise<string[]> {
  await loadVoiceDetector(detector);
  const lines: string[] = [];
  const name = detector === 'webrtc' && webrtcMode !== undefined ? `webrtc/${webrtcMode}` : detector;
  for (const rate of [8000, 22050, 44100]) {
    for (const noise of noises) {
      const label = `${name} ${rate} Hz${noise === undefined ? '' : ` noise ${noise} dBFS`}`;
      const s = await silencesCall(rate, noise);
      const ra = analyseCall(s.call, detector, { webrtcMode });
      const e = boundaryErrors(s.call.truth[0] ?? [], ra.channels[0]?.speech ?? []);
      lines.push(
        `${label} silences: starts ${fmt(e.starts)}; ends ${fmt(e.ends)}; missed ${e.missed}, extra ${e.extra}`,
      );
      const c = await conversationCall(rate, noise);
      const rc = analyseCall(c.call, detector, { webrtcMode });
      const ea = boundaryErrors(c.call.truth[0] ?? [], rc.channels[0]?.speech ?? []);
      const eb = boundaryErrors(c.call.truth[1] ?? [], rc.channels[1]?.speech ?? []);
      const eo = boundaryErrors(c.overlaps, rc.overtalk?.spans ?? []);
      lines.push(
        `${label} conversation: starts ${fmt([...ea.starts, ...eb.starts])}; ends ${fmt([...ea.ends, ...eb.ends])}; missed ${ea.missed + eb.missed}, extra ${ea.extra + eb.extra}; ` +
          `overtalk ${rc.overtalk?.count}/${c.overlaps.length} (edges ${fmt([...eo.starts, ...eo.ends])}, extra ${eo.extra}); talk ratio ${((rc.talkRatio ?? 0) * 100).toFixed(1)}% vs ${(trueTalkRatio(c.call) * 100).toFixed(1)}%`,
      );
    }
  }
  // Mains hum (50 Hz at -30 dBFS) under the conversation, and a noise floor that jumps from -50 to -35 dBFS.
  const { call: hum } = await conversationCall(8000);
  for (const ch of hum.audio)
    for (let i = 0; i < ch.length; i += 1) ch[i] = (ch[i] ?? 0) + 0.0447 * Math.sin((2 * Math.PI * 50 * i) / 8000);
  const rh = analyseCall(hum, detector, { webrtcMode });
  const ha = boundaryErrors(hum.truth[0] ?? [], rh.channels[0]?.speech ?? []);
  const hb = boundaryErrors(hum.truth[1] ?? [], rh.channels[1]?.speech ?? []);
  lines.push(
    `${name} 8000 Hz hum 50 Hz -30 dBFS conversation: starts ${fmt([...ha.starts, ...hb.starts])}; ends ${fmt([...ha.ends, ...hb.ends])}; missed ${ha.missed + hb.missed}, extra ${ha.extra + hb.extra}`,
  );
  const quiet =
    (await makeCall({ rate: 8000, channels: 1, durationSec: 20, placements: [], noiseDbfs: -50 })).audio[0] ??
    new Float32Array(0);
  const loud =
    (await makeCall({ rate: 8000, channels: 1, durationSec: 20, placements: [], noiseDbfs: -35 })).audio[0] ??
    new Float32Array(0);
  const step = new Float32Array(quiet.length + loud.length);
  step.set(quiet);
  step.set(loud, quiet.length);
  const rs = analyseCall({ rate: 8000, audio: [step], truth: [] }, detector, { webrtcMode });
  lines.push(
    `${name} 8000 Hz noise stepping from -50 to -35 dBFS, no speech: ${rs.channels[0]?.speechSec} s taken for speech`,
  );
  return lines;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const modes = process.argv.includes('--modes');
  for (const line of await report('energy')) console.log(line);
  if (modes) for (const mode of [0, 1, 2, 3]) for (const line of await report('webrtc', mode)) console.log(line);
  else for (const line of await report('webrtc')) console.log(line);
  for (const d of ['energy', 'webrtc'] as const) {
    console.log(`${d}: ${(await speed(d)).toFixed(0)}× real time (10 min of 8 kHz stereo, one core)`);
    console.log(`${d}: ${(await speed(d, 2, 44100)).toFixed(0)}× real time (2 min of 44.1 kHz stereo, one core)`);
  }
}
