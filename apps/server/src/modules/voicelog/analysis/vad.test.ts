// Both voice detectors frame by frame: silence and low noise are not speech, speech is, and the decisions do not
// depend on how the samples are chunked (the state is kept between pushes).
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { makeCall } from '../../../test/compare-detectors.ts';
import {
  createVoiceDetector,
  FRAME_SAMPLES,
  loadVoiceDetector,
  VAD_RATE,
  type TDetectorName,
  type TDetectorOptions,
} from './vad.ts';
import { seededRandom } from '../../../test/audio-support.ts';

beforeAll(() => loadVoiceDetector('webrtc'));

function decisions(
  name: TDetectorName,
  samples: Float32Array,
  chunk: number,
  options: TDetectorOptions = {},
): boolean[] {
  const d = createVoiceDetector(name, options);
  const out: boolean[] = [];
  try {
    for (let at = 0; at < samples.length; at += chunk)
      d.push(samples.subarray(at, at + chunk), (speech) => out.push(speech));
  } finally {
    d.free();
  }
  return out;
}

describe.each(['energy', 'webrtc'] as const)('%s detector', (name) => {
  it('decides every whole 10 ms frame, the same whatever the chunk sizes', async () => {
    const { audio } = await makeCall({
      rate: VAD_RATE,
      channels: 1,
      durationSec: 6,
      placements: [{ channel: 0, clip: 0, atSec: 1 }],
      noiseDbfs: -50,
    });
    const samples = audio[0] ?? new Float32Array(0);
    const whole = decisions(name, samples, samples.length);
    expect(whole).toHaveLength(Math.floor(samples.length / FRAME_SAMPLES));
    expect(decisions(name, samples, 37)).toEqual(whole);
    expect(decisions(name, samples, 1000)).toEqual(whole);
  });

  it('hears speech and not the silence around it', async () => {
    const { audio, truth } = await makeCall({
      rate: VAD_RATE,
      channels: 1,
      durationSec: 6,
      placements: [{ channel: 0, clip: 1, atSec: 2 }],
    });
    const d = decisions(name, audio[0] ?? new Float32Array(0), 800);
    const span = truth[0]?.[0];
    if (!span) throw new Error('no truth');
    const first = d.indexOf(true);
    expect(Math.abs(first / 100 - span.startSec)).toBeLessThan(0.1);
    expect(d.slice(0, first).every((s) => !s)).toBe(true);
    // Well after the end (past any hangover) nothing is speech.
    expect(d.slice(Math.ceil((span.endSec + 0.3) * 100)).some((s) => s)).toBe(false);
  });

  it('does not take low white noise (-50 dBFS) or digital silence for speech', async () => {
    const { audio } = await makeCall({ rate: VAD_RATE, channels: 1, durationSec: 10, placements: [], noiseDbfs: -50 });
    // A stray frame is allowed (libfvad calls a few while its noise model settles): the analysis drops anything shorter
    // than MIN_SPEECH_SEC. No run of 100 ms.
    const d = decisions(name, audio[0] ?? new Float32Array(0), 800);
    console.log(`${name}: ${d.filter((s) => s).length} of ${d.length} frames of -50 dBFS noise called speech`);
    expect(d.filter((s) => s).length).toBeLessThan(d.length / 100);
    expect(d.map((s) => (s ? '1' : '0')).join('')).not.toContain('1'.repeat(10));
    expect(decisions(name, new Float32Array(VAD_RATE * 3), 800).some((s) => s)).toBe(false);
  });

  it('reports the sum of squares of each frame', () => {
    const d = createVoiceDetector(name);
    const sums: number[] = [];
    d.push(new Float32Array(FRAME_SAMPLES * 2).fill(0.5), (_, ss) => sums.push(ss));
    d.free();
    d.free(); // idempotent
    expect(sums).toEqual([0.25 * FRAME_SAMPLES, 0.25 * FRAME_SAMPLES].map((x) => expect.closeTo(x, 3)));
  });
});

describe('loading the detectors', () => {
  it('loads libfvad only when asked for the webrtc detector, never for the energy default', async () => {
    vi.resetModules();
    const fresh = await import('./vad.ts');
    fresh.createVoiceDetector('energy').free();
    expect(() => fresh.createVoiceDetector('webrtc')).toThrow(/loadVoiceDetector/);
    await Promise.all([fresh.loadVoiceDetector('webrtc'), fresh.loadVoiceDetector('webrtc')]);
    const d = fresh.createVoiceDetector('webrtc');
    const out: boolean[] = [];
    d.push(new Float32Array(FRAME_SAMPLES), (speech) => out.push(speech));
    d.free();
    expect(out).toEqual([false]);
  });
});

/** Stretches of sound at VAD_RATE: a 1 kHz tone or white noise at an RMS level in dBFS (null: digital silence). */
function stretches(parts: Array<{ sec: number; toneDb?: number; noiseDb?: number }>): Float32Array {
  const random = seededRandom(99);
  const out: number[] = [];
  for (const p of parts) {
    const tone = p.toneDb === undefined ? 0 : Math.SQRT2 * 10 ** (p.toneDb / 20);
    const noise = p.noiseDb === undefined ? 0 : Math.sqrt(3) * 10 ** (p.noiseDb / 20);
    for (let i = 0; i < Math.round(p.sec * VAD_RATE); i += 1)
      out.push(tone * Math.sin((2 * Math.PI * 1000 * out.length) / VAD_RATE) + noise * (2 * random() - 1));
  }
  return Float32Array.from(out);
}

describe('energy detector', () => {
  it('on lossy audio ends speech 30 dB under the talker, where codec noise lingers; on WAV hears the quiet tail', () => {
    // Line hiss at -60 dBFS; speech at -12 dBFS for 0.5 s, then 0.3 s at -53 dBFS: 7 dB over the hiss (between the
    // detector's margins to go on and to start), 41 dB under the speech.
    const samples = stretches([
      { sec: 0.5, noiseDb: -60 },
      { sec: 0.5, toneDb: -12, noiseDb: -60 },
      { sec: 0.3, toneDb: -54, noiseDb: -60 },
      { sec: 1, noiseDb: -60 },
    ]);
    const lastSpeech = (options: TDetectorOptions) => decisions('energy', samples, 800, options).lastIndexOf(true);
    // Frame 100 is where the loud part ends; a detector's decisions run on for its hangover (8 frames).
    expect(lastSpeech({ lossy: true })).toBeLessThan(100 + 8 + 3);
    expect(lastSpeech({})).toBeGreaterThanOrEqual(130);
  });

  it('hears a quiet onset out of digital silence at once, though a codec smears a frame of noise ahead of it', () => {
    // Digital silence, one frame of -60 dBFS pre-echo, then 0.2 s at -50 dBFS before the word gets loud.
    const samples = stretches([
      { sec: 1 },
      { sec: 0.01, noiseDb: -60 },
      { sec: 0.2, toneDb: -50 },
      { sec: 0.3, toneDb: -15 },
      { sec: 0.5 },
    ]);
    for (const lossy of [false, true]) expect(decisions('energy', samples, 800, { lossy }).indexOf(true)).toBe(101);
  });
});
