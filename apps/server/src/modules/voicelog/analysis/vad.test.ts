// Both voice detectors frame by frame: silence and low noise are not speech, speech is, and the decisions do not
// depend on how the samples are chunked (the state is kept between pushes).
import { describe, expect, it } from 'vitest';
import { makeCall } from './compare-detectors.ts';
import { createVoiceDetector, FRAME_SAMPLES, VAD_RATE, type TDetectorName } from './vad.ts';

function decisions(name: TDetectorName, samples: Float32Array, chunk: number): boolean[] {
  const d = createVoiceDetector(name);
  const out: boolean[] = [];
  try {
    for (let at = 0; at < samples.length; at += chunk) d.push(samples.subarray(at, at + chunk), (speech) => out.push(speech));
  } finally {
    d.free();
  }
  return out;
}

describe.each(['energy', 'webrtc'] as const)('%s detector', (name) => {
  it('decides every whole 10 ms frame, the same whatever the chunk sizes', () => {
    const { audio } = makeCall({ rate: VAD_RATE, channels: 1, durationSec: 6, placements: [{ channel: 0, clip: 0, atSec: 1 }], noiseDbfs: -50 });
    const samples = audio[0] ?? new Float32Array(0);
    const whole = decisions(name, samples, samples.length);
    expect(whole).toHaveLength(Math.floor(samples.length / FRAME_SAMPLES));
    expect(decisions(name, samples, 37)).toEqual(whole);
    expect(decisions(name, samples, 1000)).toEqual(whole);
  });

  it('hears speech and not the silence around it', () => {
    const { audio, truth } = makeCall({ rate: VAD_RATE, channels: 1, durationSec: 6, placements: [{ channel: 0, clip: 1, atSec: 2 }] });
    const d = decisions(name, audio[0] ?? new Float32Array(0), 800);
    const span = truth[0]?.[0];
    if (!span) throw new Error('no truth');
    const first = d.indexOf(true);
    expect(Math.abs(first / 100 - span.startSec)).toBeLessThan(0.1);
    expect(d.slice(0, first).every((s) => !s)).toBe(true);
    // Well after the end (past any hangover) nothing is speech.
    expect(d.slice(Math.ceil((span.endSec + 0.3) * 100)).some((s) => s)).toBe(false);
  });

  it('does not take low white noise (-50 dBFS) or digital silence for speech', () => {
    const { audio } = makeCall({ rate: VAD_RATE, channels: 1, durationSec: 10, placements: [], noiseDbfs: -50 });
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
