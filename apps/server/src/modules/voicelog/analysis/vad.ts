// Voice activity detection for the automatic checks of a recorded call (docs/architecture.md, Automatic checks): one
// channel at VAD_RATE, decided in 10 ms frames, streaming (the state is kept between chunks). Two detectors behind
// one interface: `energy` (frame level against an adaptive noise floor) and `webrtc` (libfvad, the WebRTC detector,
// as WebAssembly, loaded only when first asked for). compare-detectors.ts measures both; DEFAULT_DETECTOR is the
// better of the two.
import type { TFvadModule } from '@echogarden/fvad-wasm';

export type TDetectorName = 'energy' | 'webrtc';

/**
 * The detector the analysis uses unless told otherwise. Measured by compare-detectors.ts on espeak-ng speech (two
 * voices, the test audio's speechClip) with planted silences and overlaps at 8, 22.05 and 44.1 kHz, worst span
 * boundary: clean, energy 90 ms (the final "s" of "six" in the second voice, above the 4 kHz the detectors hear; every
 * other boundary within 24 ms) and webrtc 150 ms (libfvad cuts unvoiced word ends by more); white noise at -50 dBFS,
 * energy 82 ms (one soft onset; the rest within 12 ms) and webrtc 148 ms; at -35 dBFS, energy 205 ms and webrtc 155
 * ms; 50 Hz hum at -30 dBFS, energy 8 ms and webrtc 69 ms. Neither finds false speech or overtalk in any case. The
 * speed is alike (energy about 1,500× real time on 8 kHz stereo and 320× on 44.1 kHz stereo, webrtc 1,150× and
 * 260×, on a shared core; at 44.1 kHz resampling takes most of the time).
 */
export const DEFAULT_DETECTOR: TDetectorName = 'energy';

/** The rate every channel is converted to before detection: telephone speech lies below 4 kHz. */
export const VAD_RATE = 8000;
export const FRAME_SEC = 0.01;
export const FRAME_SAMPLES = VAD_RATE * FRAME_SEC;

/**
 * libfvad's mode (0 quality … 3 very aggressive). Measured by compare-detectors.ts: modes 0 and 1 count -50 dBFS noise
 * as speech (false spans and overtalk), mode 2 breaks down at -35 dBFS noise (spans seconds off, false overtalk), mode 3
 * finds no false speech at any of the noise levels and keeps the boundaries within ~160 ms.
 */
export const WEBRTC_MODE = 3;

/** What the detector is told about the recording besides its samples. */
export type TDetectorOptions = {
  /** libfvad's mode for the webrtc detector (for measuring the modes; the analysis uses WEBRTC_MODE). */
  webrtcMode?: number;
  /**
   * The audio went through a lossy codec (MP3): the energy detector then also ends speech where the level falls
   * LOSSY_RELEASE_DB below the talker's recent peak (see there).
   */
  lossy?: boolean;
};

/** Called for each frame, in order: the decision and the frame's sum of squares (for the speech level). */
export type TFrameSink = (speech: boolean, sumSquares: number) => void;

export type TVoiceDetector = {
  /** Takes the next samples of the channel (at VAD_RATE, -1..1, any length) and reports each frame they complete. */
  push(samples: Float32Array, sink: TFrameSink): void;
  /**
   * Frames by which the decisions run on past the end of speech (the detector's hangover): the analysis trims each
   * detected stretch by this much so that a span ends where the speech ends.
   */
  readonly endLagFrames: number;
  /** Releases what the detector holds outside the JavaScript heap (the WebAssembly detector). Idempotent. */
  free(): void;
};

/**
 * Cuts a stream of samples into whole FRAME_SAMPLES frames, whatever the chunk sizes: `onFrame` gets each full frame
 * (the same array, refilled: read it before returning).
 */
function createFramer(onFrame: (frame: Float32Array) => void): (samples: Float32Array) => void {
  const pending = new Float32Array(FRAME_SAMPLES);
  let pendingLen = 0;
  return (samples) => {
    let i = 0;
    while (i < samples.length) {
      const take = Math.min(FRAME_SAMPLES - pendingLen, samples.length - i);
      pending.set(samples.subarray(i, i + take), pendingLen);
      pendingLen += take;
      i += take;
      if (pendingLen === FRAME_SAMPLES) {
        onFrame(pending);
        pendingLen = 0;
      }
    }
  };
}

// --- energy --------------------------------------------------------------------------------------------------------

/** Frame levels are clamped here (digital silence would be -∞). */
const LEVEL_MIN_DB = -100;
/** A frame starts speech this far above the noise floor… */
const ON_MARGIN_DB = 12;
/** …and speech goes on while frames stay this far above it (hysteresis: the tail of a word does not chop). */
const OFF_MARGIN_DB = 6;
/**
 * Frames quieter than this are digital silence (an MP3 decoder's start-up delay and its fade-in, measured at -120 to
 * -84 dBFS, or a muted line), quieter than any line's noise (a μ-law line's is at about -75 dBFS): they stay out of the
 * noise floor, or the hiss after them would pass for speech until they left the floor's window (3 s).
 */
const DIGITAL_SILENCE_DB = -80;
/**
 * Nothing quieter than this is speech, however quiet the line: a phone line's hiss, dither and a codec's comfort noise
 * sit at -70 to -55 dBFS, conversational speech at -35 to -20 dBFS RMS (a talker below -40 is flagged too quiet anyway).
 * At -65 a -60 dBFS hiss after a decoder's fade-in passed for speech (a 32 kbit/s stereo MP3's first second).
 */
const ABSOLUTE_ON_DB = -55;
/** Frames that stay speech after the level drops (hangover), and are trimmed again by the analysis. */
const ENERGY_HANGOVER_FRAMES = 8;
/**
 * The noise floor is the quietest frame of the last FLOOR_BLOCKS × FLOOR_BLOCK_FRAMES frames (minimum statistics):
 * speech has quiet frames between sounds every few hundred milliseconds, so the minimum over 3 s is the line's
 * noise, and a change of the noise is followed within 3 s.
 */
const FLOOR_BLOCK_FRAMES = 50;
const FLOOR_BLOCKS = 6;
/**
 * The floor while the window holds nothing but digital silence: low enough that speech starting out of digital
 * silence is heard from ABSOLUTE_ON_DB (a voiced onset measures about -52 dBFS above HIGH_PASS_HZ for its first
 * 80 ms), while ABSOLUTE_ON_DB still keeps a decoder's hiss out.
 */
const DIGITAL_SILENCE_FLOOR_DB = ABSOLUTE_ON_DB - ON_MARGIN_DB;
/**
 * Lossy audio only: speech ends where the level falls this far below the talker's recent peak (LOSSY_PEAK_DECAY_DB),
 * even while it stays above the noise floor. Why: at the bit rates recordings are kept at (VICIdial's own MP3 step is
 * `lame -b 16 -m m`, 16 kbit/s mono at 8 kHz; a stereo call at 32 kbit/s has the same 16 per channel) MPEG-2.5 codes
 * 576-sample granules (72 ms at 8 kHz) with a 1,152-sample window, and spreads its quantisation noise over them: a
 * word's end is followed by up to ~90 ms of codec noise at -40 to -50 dBFS, 15 to 30 dB under the word, which the
 * floor rule took for speech (a word end 100 ms late). Measured on the accuracy set (audio-support.ts) at 8 kHz: the
 * worst end error falls from 100 to 70 ms at 16 kbit/s per channel and from 81 to 71 ms at 16 kbit/s mono, with no loss
 * at 64 kbit/s per channel. Not used on WAV: there the quiet tails of words (25 to 35 dB under their peak, still
 * audible) are speech, and cutting them moved clean word ends up to 60 ms early. (The test files are true stereo:
 * lamejs writes mode 0, not joint stereo, so there is no crosstalk between the channels to blame.)
 */
const LOSSY_RELEASE_DB = 30;
/** How fast the talker's peak level, for LOSSY_RELEASE_DB, falls away: 10 dB a second (0.1 dB per frame). */
const LOSSY_PEAK_DECAY_DB = 0.1;
/**
 * The level is measured above this frequency (a second-order Butterworth high-pass): mains hum and a DC offset are
 * not speech, and telephone speech carries little below 300 Hz. Measured: a 50 Hz hum at -30 dBFS cut word ends by
 * ~100 ms without it.
 */
const HIGH_PASS_HZ = 200;

function createEnergyDetector(lossy: boolean): TVoiceDetector {
  const blockMins = new Float64Array(FLOOR_BLOCKS).fill(Infinity);
  let blockMin = Infinity;
  let blockFrames = 0;
  let block = 0;
  let speaking = false;
  let hang = 0;
  let sawDigitalSilence = false;
  let lastWasDigitalSilence = true;
  let peak = LEVEL_MIN_DB;
  // The high-pass (RBJ cookbook biquad), its state kept between chunks like the rest.
  const w0 = (2 * Math.PI * HIGH_PASS_HZ) / VAD_RATE;
  const alpha = Math.sin(w0) / (2 * Math.SQRT1_2);
  const a0 = 1 + alpha;
  const b0 = (1 + Math.cos(w0)) / 2 / a0;
  const b1 = -(1 + Math.cos(w0)) / a0;
  const a1 = (-2 * Math.cos(w0)) / a0;
  const a2 = (1 - alpha) / a0;
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;

  function decide(filteredSumSquares: number): boolean {
    const level = Math.max(LEVEL_MIN_DB, 10 * Math.log10(filteredSumSquares / FRAME_SAMPLES + 1e-12));
    // The floor before this frame is counted in, from the finished blocks and the current one.
    let floor = blockMin;
    for (let i = 0; i < FLOOR_BLOCKS; i += 1) floor = Math.min(floor, blockMins[i] ?? Infinity);
    // Nothing but digital silence in the window (a clean recording's pauses, a decoder's start): no line noise to
    // measure against (DIGITAL_SILENCE_FLOOR_DB). The very first frame of all has no floor either.
    if (floor === Infinity) floor = sawDigitalSilence ? DIGITAL_SILENCE_FLOOR_DB : level;
    const digital = level <= DIGITAL_SILENCE_DB;
    if (digital) sawDigitalSilence = true;
    // The first frame out of digital silence is no line noise either: it is the start of a sound, smeared ahead of it
    // by the resampler's filter or a codec's pre-echo (-78 and -62 dBFS measured before a -52 dBFS onset). As the
    // floor it raised the bar over that onset, which was then heard 80 ms late.
    if (!digital && !lastWasDigitalSilence) blockMin = Math.min(blockMin, level);
    lastWasDigitalSilence = digital;
    blockFrames += 1;
    if (blockFrames === FLOOR_BLOCK_FRAMES) {
      blockMins[block] = blockMin;
      block = (block + 1) % FLOOR_BLOCKS;
      blockMin = Infinity;
      blockFrames = 0;
    }
    peak = Math.max(level, peak - LOSSY_PEAK_DECAY_DB);
    const loud =
      level > ABSOLUTE_ON_DB &&
      level > floor + (speaking ? OFF_MARGIN_DB : ON_MARGIN_DB) &&
      !(lossy && speaking && level < peak - LOSSY_RELEASE_DB);
    if (loud) {
      speaking = true;
      hang = ENERGY_HANGOVER_FRAMES;
    } else if (speaking) {
      if (hang > 0) hang -= 1;
      else speaking = false;
    }
    return speaking;
  }

  let sink: TFrameSink = () => undefined;
  const frames = createFramer((pending) => {
    let ss = 0;
    let fss = 0;
    // The filter's state in locals for the loop (closure variables written per sample are slow in V8).
    let [p1, p2, q1, q2] = [x1, x2, y1, y2];
    for (let j = 0; j < FRAME_SAMPLES; j += 1) {
      const x = pending[j]!;
      ss += x * x;
      // b2 = b0 for a high-pass.
      const y = b0 * x + b1 * p1 + b0 * p2 - a1 * q1 - a2 * q2;
      p2 = p1;
      p1 = x;
      q2 = q1;
      q1 = y;
      fss += y * y;
    }
    [x1, x2, y1, y2] = [p1, p2, q1, q2];
    sink(decide(fss), ss);
  });

  return {
    endLagFrames: ENERGY_HANGOVER_FRAMES,
    push(samples, to) {
      sink = to;
      frames(samples);
    },
    free() {},
  };
}

// --- webrtc --------------------------------------------------------------------------------------------------------

/**
 * The WebAssembly module, loaded by loadVoiceDetector('webrtc') the first time a webrtc detector is asked for, so the
 * energy default never pays for it. Creating a detector stays synchronous (createAnalyser), hence the separate load.
 */
let fvadModule: TFvadModule | undefined;
let fvadLoading: Promise<TFvadModule> | undefined;

/** Makes `name` ready to create (loads libfvad's WebAssembly once for 'webrtc'; nothing to do for 'energy'). */
export async function loadVoiceDetector(name: TDetectorName): Promise<void> {
  if (name !== 'webrtc' || fvadModule) return;
  fvadLoading ??= import('@echogarden/fvad-wasm').then((m) => m.default());
  try {
    fvadModule = await fvadLoading;
  } catch (error) {
    fvadLoading = undefined; // a later call tries again
    throw error;
  }
}

/**
 * How far libfvad's decisions run past the end of speech at WEBRTC_MODE on 10 ms frames (its own hangover), measured
 * by compare-detectors.ts on espeak-ng speech.
 */
const WEBRTC_END_LAG_FRAMES: Record<number, number> = { 0: 13, 1: 13, 2: 8, 3: 4 };

function createWebRtcDetector(mode: number): TVoiceDetector {
  const m = fvadModule;
  if (!m) throw new Error("fvad: the webrtc detector is not loaded (await loadVoiceDetector('webrtc') first)");
  const inst = m._fvad_new();
  if (inst === 0) throw new Error('fvad: out of memory');
  const buffer = m._malloc(FRAME_SAMPLES * 2);
  if (m._fvad_set_mode(inst, mode) !== 0 || m._fvad_set_sample_rate(inst, VAD_RATE) !== 0) {
    m._free(buffer);
    m._fvad_free(inst);
    throw new Error(`fvad: invalid mode ${mode} or rate ${VAD_RATE}`);
  }
  let freed = false;
  let sink: TFrameSink = () => undefined;
  const frames = createFramer((pending) => {
    // HEAP16 is replaced when the module's memory grows, so it is read afresh for every frame.
    const heap = m.HEAP16;
    const at = buffer >> 1;
    let ss = 0;
    for (let j = 0; j < FRAME_SAMPLES; j += 1) {
      const x = pending[j] ?? 0;
      ss += x * x;
      heap[at + j] = Math.max(-32768, Math.min(32767, Math.round(x * 32768)));
    }
    const r = m._fvad_process(inst, buffer, FRAME_SAMPLES);
    if (r < 0) throw new Error('fvad: invalid frame');
    sink(r === 1, ss);
  });

  return {
    endLagFrames: WEBRTC_END_LAG_FRAMES[mode] ?? 0,
    push(samples, to) {
      if (freed) throw new Error('fvad: detector used after free()');
      sink = to;
      frames(samples);
    },
    free() {
      if (freed) return;
      freed = true;
      m._free(buffer);
      m._fvad_free(inst);
    },
  };
}

/** A detector for one channel at VAD_RATE ('webrtc' once loadVoiceDetector('webrtc') has finished). */
export function createVoiceDetector(name: TDetectorName, options: TDetectorOptions = {}): TVoiceDetector {
  return name === 'energy'
    ? createEnergyDetector(options.lossy ?? false)
    : createWebRtcDetector(options.webrtcMode ?? WEBRTC_MODE);
}
