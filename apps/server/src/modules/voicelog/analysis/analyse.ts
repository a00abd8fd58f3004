// The automatic checks of a recorded call (docs/product.md, docs/architecture.md: Automatic checks): fed the decoded
// audio chunk by chunk, it keeps only what the figures need — one byte per channel per 10 ms frame (speech or not), the
// loudest sample per 10 ms for the waveform, and counters — so an hour-long call costs a few megabytes, never its
// samples. finish() turns the frame decisions into speech spans, silences, holds, dead air, talk ratio and overtalk.
import { WAVEFORM_POINTS, type TAudioAnalysis, type TChannelAnalysis, type TTimeSpan } from '@crm/shared';
import { createResampler, type TResampler } from './resample.ts';
import {
  createVoiceDetector,
  FRAME_SAMPLES,
  FRAME_SEC,
  VAD_RATE,
  type TDetectorName,
  type TVoiceDetector,
} from './vad.ts';

/**
 * Pauses inside speech shorter than this are bridged (the gaps between words and before stop consonants): 300 ms,
 * below the half second or more that separates turns and sentences, so a silence of half a second still shows.
 */
export const BRIDGE_GAP_SEC = 0.3;
/** Speech shorter than this (after bridging) is dropped: a click, a cough, a breath — not a word. */
export const MIN_SPEECH_SEC = 0.1;
/** Both channels speaking at once counts as overtalk from this long: shorter is a backchannel ("mm") or a hand-over. */
export const MIN_OVERTALK_SEC = 0.3;
/** A monologue goes on over the agent's own pauses up to this long (between sentences), if the customer stays quiet. */
export const MONOLOGUE_PAUSE_SEC = 1.5;
/**
 * Speech quieter than this (RMS over the frames detected as speech) is too quiet: ITU-T P.56 puts the nominal
 * active speech level at -26 dBov; 14 dB below it a listener at normal volume strains to follow.
 */
export const TOO_QUIET_DBFS = -40;
/** A channel's speech level counts for tooQuiet once it has this much speech (a few stray frames say nothing). */
const TOO_QUIET_MIN_SPEECH_SEC = 1;
/** A sample at or beyond this magnitude is clipped (at or next to full scale). */
const CLIP_LEVEL = 0.999;
/** The waveform's fine resolution before it is reduced to WAVEFORM_POINTS. */
const PEAK_BINS_PER_SEC = 100;

export type TAnalyserOptions = {
  sampleRate: number;
  channelCount: number;
  /** A silence longer than this is a hold. */
  holdSeconds: number;
  /** The agent's channel on a stereo recording (ignored on mono). */
  agentChannel: 0 | 1;
  detector: TDetectorName;
  /** libfvad's mode for the webrtc detector: for compare-detectors.ts only (the default is WEBRTC_MODE). */
  webrtcMode?: number;
  /** The audio was decoded from a lossy codec (MP3): see TDetectorOptions. */
  lossy?: boolean;
};

export type TAnalyser = {
  /** The next chunk: one Float32Array per channel, all of the same length, samples -1..1. */
  push(chunk: Float32Array[]): void;
  /** Ends the stream and returns the figures; the analyser cannot be used afterwards. */
  finish(): TAudioAnalysis;
  /** Gives the analysis up without figures (frees the detectors); also safe after finish(). */
  dispose(): void;
};

/** A byte array that grows by doubling (one value per 10 ms frame: 360,000 bytes for an hour). */
class ByteLog {
  data = new Uint8Array(4096);
  length = 0;
  add(v: number): void {
    if (this.length === this.data.length) {
      const grown = new Uint8Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length] = v;
    this.length += 1;
  }
  view(): Uint8Array {
    return this.data.subarray(0, this.length);
  }
}

type TChannelState = {
  resampler: TResampler;
  detector: TVoiceDetector;
  frames: ByteLog;
  speechSumSquares: number;
  speechFrames: number;
};

const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/** Runs of 1s in `frames` as [start, end) frame indices. */
function runs(frames: Uint8Array): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let start = -1;
  for (let i = 0; i <= frames.length; i += 1) {
    const on = i < frames.length && frames[i] === 1;
    if (on && start < 0) start = i;
    else if (!on && start >= 0) {
      out.push([start, i]);
      start = -1;
    }
  }
  return out;
}

/**
 * The detector's raw decisions made into speech: each stretch trimmed by the detector's hangover (so it ends where the
 * speech ends), pauses shorter than BRIDGE_GAP_SEC bridged, then stretches shorter than MIN_SPEECH_SEC dropped.
 */
export function smoothSpeech(raw: Uint8Array, endLagFrames: number): Uint8Array {
  const bridge = Math.round(BRIDGE_GAP_SEC / FRAME_SEC);
  const minSpeech = Math.round(MIN_SPEECH_SEC / FRAME_SEC);
  const trimmed = runs(raw).map(([s, e]): [number, number] => [s, Math.max(s + 1, e - endLagFrames)]);
  const bridged: Array<[number, number]> = [];
  for (const [s, e] of trimmed) {
    const last = bridged[bridged.length - 1];
    if (last && s - last[1] < bridge) last[1] = e;
    else bridged.push([s, e]);
  }
  const out = new Uint8Array(raw.length);
  for (const [s, e] of bridged) if (e - s >= minSpeech) out.fill(1, s, e);
  return out;
}

function spansOf(frames: Uint8Array, durationSec: number): TTimeSpan[] {
  return runs(frames).map(([s, e]) => ({
    startSec: round3(s * FRAME_SEC),
    endSec: round3(Math.min(durationSec, e * FRAME_SEC)),
  }));
}

/** The silences around and between `speech` within [0, durationSec] (a leading and a trailing one included). */
function silencesOf(speech: TTimeSpan[], durationSec: number): TTimeSpan[] {
  const out: TTimeSpan[] = [];
  let at = 0;
  for (const s of speech) {
    if (s.startSec > at) out.push({ startSec: round3(at), endSec: s.startSec });
    at = s.endSec;
  }
  if (durationSec > at) out.push({ startSec: round3(at), endSec: round3(durationSec) });
  return out;
}

function silenceFigures(speech: TTimeSpan[], durationSec: number, holdSeconds: number) {
  const silences = silencesOf(speech, durationSec);
  const speechSec = speech.reduce((sum, s) => sum + (s.endSec - s.startSec), 0);
  return {
    speechSec: round3(speechSec),
    silenceTotalSec: round3(Math.max(0, durationSec - speechSec)),
    longestSilenceSec: round3(silences.reduce((m, s) => Math.max(m, s.endSec - s.startSec), 0)),
    holds: silences.filter((s) => s.endSec - s.startSec > holdSeconds),
  };
}

/** The agent's longest talk without the customer speaking, over the agent's own pauses up to MONOLOGUE_PAUSE_SEC. */
function longestMonologue(agent: Uint8Array, customer: Uint8Array): number {
  const pause = Math.round(MONOLOGUE_PAUSE_SEC / FRAME_SEC);
  let best = 0;
  let start = -1;
  let lastAgent = -1;
  for (let i = 0; i < agent.length; i += 1) {
    if (customer[i] === 1) {
      start = -1;
    } else if (agent[i] === 1) {
      if (start < 0 || i - lastAgent > pause) start = i;
      lastAgent = i;
      best = Math.max(best, lastAgent + 1 - start);
    }
  }
  return best * FRAME_SEC;
}

/** Reduces the 10 ms peaks to at most WAVEFORM_POINTS points, each the loudest of its stretch. */
function waveform(bins: Float32Array): number[] {
  const points = Math.min(WAVEFORM_POINTS, bins.length);
  const out: number[] = [];
  for (let p = 0; p < points; p += 1) {
    const from = Math.floor((p * bins.length) / points);
    const to = Math.floor(((p + 1) * bins.length) / points);
    let peak = 0;
    for (let i = from; i < to; i += 1) peak = Math.max(peak, bins[i] ?? 0);
    out.push(Math.round(Math.min(1, peak) * 1000) / 1000);
  }
  return out;
}

export function createAnalyser(options: TAnalyserOptions): TAnalyser {
  const { sampleRate, channelCount, holdSeconds, agentChannel, detector } = options;
  if (!Number.isInteger(sampleRate) || sampleRate < 8000 || sampleRate > 48000)
    throw new Error(`analysis: unsupported sample rate ${sampleRate}`);
  if (channelCount !== 1 && channelCount !== 2) throw new Error(`analysis: unsupported channel count ${channelCount}`);

  const channels: TChannelState[] = [];
  try {
    for (let c = 0; c < channelCount; c += 1) {
      channels.push({
        resampler: createResampler(sampleRate, VAD_RATE),
        detector: createVoiceDetector(detector, { webrtcMode: options.webrtcMode, lossy: options.lossy }),
        frames: new ByteLog(),
        speechSumSquares: 0,
        speechFrames: 0,
      });
    }
  } catch (error) {
    for (const ch of channels) ch.detector.free();
    throw error;
  }
  const sinks = channels.map((ch) => (speech: boolean, sumSquares: number) => {
    ch.frames.add(speech ? 1 : 0);
    if (speech) {
      ch.speechSumSquares += sumSquares;
      ch.speechFrames += 1;
    }
  });

  let samples = 0; // per channel, so far
  let clipped = 0; // over all channels
  // Loudest |sample| of all channels per 1/PEAK_BINS_PER_SEC s; bin b ends before sample ceil((b+1)·rate/100).
  let peaks = new Float32Array(4096);
  let bin = 0;
  let binEnd = Math.ceil(sampleRate / PEAK_BINS_PER_SEC);
  let done = false;

  function dispose(): void {
    done = true;
    for (const ch of channels) ch.detector.free();
  }

  function push(chunk: Float32Array[]): void {
    if (done) throw new Error('analysis: push() after finish()');
    if (chunk.length !== channelCount)
      throw new Error(`analysis: expected ${channelCount} channels, got ${chunk.length}`);
    const n = chunk[0]?.length ?? 0;
    if (chunk.some((c) => c.length !== n)) throw new Error('analysis: channels of different lengths');
    if (n === 0) return;

    let i = 0;
    let clips = 0; // a local in the per-sample loop, added to `clipped` after it
    while (i < n) {
      const stop = Math.min(n, binEnd - samples);
      let peak = peaks[bin] ?? 0;
      for (const data of chunk) {
        for (let j = i; j < stop; j += 1) {
          const a = Math.abs(data[j]!);
          if (a > peak) peak = a;
          if (a >= CLIP_LEVEL) clips += 1;
        }
      }
      if (bin >= peaks.length) {
        const grown = new Float32Array(peaks.length * 2);
        grown.set(peaks);
        peaks = grown;
      }
      peaks[bin] = peak;
      i = stop;
      if (samples + i === binEnd) {
        bin += 1;
        binEnd = Math.ceil(((bin + 1) * sampleRate) / PEAK_BINS_PER_SEC);
      }
    }
    samples += n;
    clipped += clips;

    for (let c = 0; c < channelCount; c += 1) {
      const ch = channels[c];
      const sink = sinks[c];
      const data = chunk[c];
      if (ch && sink && data) ch.detector.push(ch.resampler.push(data), sink);
    }
  }

  function finish(): TAudioAnalysis {
    if (done) throw new Error('analysis: finish() called twice');
    channels.forEach((ch, c) => {
      const sink = sinks[c];
      if (sink) ch.detector.push(ch.resampler.flush(), sink);
    });
    dispose();

    const durationSec = samples / sampleRate;
    // Every channel has the same number of frames (same input length); a last partial frame (< 10 ms) is not decided.
    const frameCount = Math.min(...channels.map((ch) => ch.frames.length));
    const speech = channels.map((ch) =>
      smoothSpeech(ch.frames.view().subarray(0, frameCount), ch.detector.endLagFrames),
    );
    const perChannel: TChannelAnalysis[] = speech.map((frames) => {
      const spans = spansOf(frames, durationSec);
      return { ...silenceFigures(spans, durationSec, holdSeconds), speech: spans };
    });

    const anyone = new Uint8Array(frameCount);
    for (const frames of speech)
      for (let i = 0; i < frameCount; i += 1) anyone[i] = (anyone[i] ?? 0) | (frames[i] ?? 0);
    const dead = silenceFigures(spansOf(anyone, durationSec), durationSec, holdSeconds);

    const result: TAudioAnalysis = {
      durationSec: round3(durationSec),
      sampleRate,
      channels: perChannel,
      deadAir: { totalSec: dead.silenceTotalSec, longestSec: dead.longestSilenceSec, holds: dead.holds },
      clippingShare: samples === 0 ? 0 : clipped / (samples * channelCount),
      tooQuiet: false,
      peaks: waveform(peaks.subarray(0, Math.ceil((samples * PEAK_BINS_PER_SEC) / sampleRate))),
    };

    if (channelCount === 2) {
      const agent = agentChannel;
      const customer = agentChannel === 0 ? 1 : 0;
      const agentFrames = speech[agent] ?? new Uint8Array(frameCount);
      const customerFrames = speech[customer] ?? new Uint8Array(frameCount);
      const agentSec = perChannel[agent]?.speechSec ?? 0;
      const customerSec = perChannel[customer]?.speechSec ?? 0;
      // With nobody speaking there is no share to give (the field is left out rather than made up).
      if (agentSec + customerSec > 0) result.talkRatio = round3(agentSec / (agentSec + customerSec));
      const both = new Uint8Array(frameCount);
      for (let i = 0; i < frameCount; i += 1) both[i] = (agentFrames[i] ?? 0) & (customerFrames[i] ?? 0);
      const minOvertalk = Math.round(MIN_OVERTALK_SEC / FRAME_SEC);
      const spans = runs(both)
        .filter(([s, e]) => e - s >= minOvertalk)
        .map(([s, e]) => ({ startSec: round3(s * FRAME_SEC), endSec: round3(Math.min(durationSec, e * FRAME_SEC)) }));
      result.overtalk = {
        count: spans.length,
        totalSec: round3(spans.reduce((sum, s) => sum + s.endSec - s.startSec, 0)),
        spans,
      };
      result.longestMonologueSec = round3(longestMonologue(agentFrames, customerFrames));
    }

    // Too quiet: nobody speaks, or a channel with real speech speaks below TOO_QUIET_DBFS.
    const speaking = channels.filter(
      (ch, c) => (perChannel[c]?.speechSec ?? 0) >= TOO_QUIET_MIN_SPEECH_SEC && ch.speechFrames > 0,
    );
    const quiet = speaking.some(
      (ch) => 10 * Math.log10(ch.speechSumSquares / (ch.speechFrames * FRAME_SAMPLES) + 1e-12) < TOO_QUIET_DBFS,
    );
    result.tooQuiet = perChannel.every((c) => c.speechSec === 0) || quiet;
    return result;
  }

  return { push, finish, dispose };
}
