// The streaming resampler: chunk boundaries do not matter, the voice band passes at its level, and what lies above the
// new Nyquist frequency is filtered out rather than folded back.
import { describe, expect, it } from 'vitest';
import { joinSamples } from '../../../test/audio-blocks-support.ts';
import { createResampler } from './resample.ts';

function sine(hz: number, rate: number, seconds: number, amplitude = 0.5): Float32Array {
  return Float32Array.from(
    { length: Math.round(rate * seconds) },
    (_, i) => amplitude * Math.sin((2 * Math.PI * hz * i) / rate),
  );
}

/** Everything the resampler gives for `input` pushed in chunks of `size`, then flushed. */
function run(inRate: number, outRate: number, input: Float32Array, size: number): Float32Array {
  const r = createResampler(inRate, outRate);
  const parts: Float32Array[] = [];
  for (let at = 0; at < input.length; at += size) parts.push(r.push(input.subarray(at, at + size)));
  parts.push(r.flush());
  return joinSamples(parts);
}

function rms(x: Float32Array, from = 0, to = x.length): number {
  let s = 0;
  for (let i = from; i < to; i += 1) s += (x[i] ?? 0) ** 2;
  return Math.sqrt(s / (to - from));
}

describe('createResampler', () => {
  it.each([
    [44100, 8000],
    [22050, 8000],
    [48000, 16000],
    [8000, 16000],
    [11025, 8000],
  ])('gives the same output whatever the chunk sizes (%i → %i Hz)', (inRate, outRate) => {
    const input = Float32Array.from(
      { length: inRate * 2 + 37 },
      (_, i) => Math.sin(i * 0.01) * 0.3 + Math.sin(i * 0.37) * 0.2,
    );
    const whole = run(inRate, outRate, input, input.length);
    expect(whole.length).toBe(Math.ceil((input.length * outRate) / inRate));
    for (const size of [1, 137, 1000, inRate]) expect(run(inRate, outRate, input, size)).toEqual(whole);
  });

  it('passes the voice band at its level and without delay', () => {
    const input = sine(1000, 44100, 1);
    const out = run(44100, 8000, input, 4410);
    const expected = sine(1000, 8000, 1);
    // Away from the edges (where the stream starts and stops), sample by sample.
    let worst = 0;
    for (let i = 400; i < 7600; i += 1) worst = Math.max(worst, Math.abs((out[i] ?? 0) - (expected[i] ?? 0)));
    expect(worst).toBeLessThan(0.01);
  });

  it('filters out what lies above the new Nyquist frequency (no aliasing)', () => {
    // 6 kHz at 44.1 kHz would fold to 2 kHz at 8 kHz without the low-pass.
    const out = run(44100, 8000, sine(6000, 44100, 1), 1000);
    expect(20 * Math.log10(rms(out, 400, 7600) / (0.5 / Math.SQRT2))).toBeLessThan(-40);
  });

  it('passes equal rates through unchanged', () => {
    const input = sine(440, 8000, 0.1);
    expect(run(8000, 8000, input, 33)).toEqual(input);
  });
});
