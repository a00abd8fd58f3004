// The analysis of whole calls made in code from espeak-ng speech, with both detectors: silences, holds, overtalk and
// talk ratio against the planted truth (boundaries within ±100 ms), the same result whatever the chunk size, 8 and
// 44.1 kHz, low noise, clipping, too-quiet and the waveform. The boundary errors are printed for docs/guide/voicelog.md.
import { WAVEFORM_POINTS, ZAudioAnalysis, type TAudioAnalysis, type TTimeSpan } from '@crm/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAnalyser } from './analyse.ts';
import {
  analyseCall,
  boundaryErrors,
  conversationCall,
  makeCall,
  silencesCall,
  speed,
  trueTalkRatio,
  type TCall,
} from '../../../test/compare-detectors.ts';
import { DEFAULT_DETECTOR, loadVoiceDetector, type TDetectorName } from './vad.ts';

beforeAll(() => loadVoiceDetector('webrtc'));

/**
 * Boundaries must lie within ±100 ms of the truth with the default detector. The other (webrtc, libfvad at mode 3)
 * is held to ±200 ms: it cuts unvoiced word ends (the "s" of "six") by up to ~150 ms, see compare-detectors.ts.
 */
const tolerance = (detector: TDetectorName): number => (detector === DEFAULT_DETECTOR ? 0.1 : 0.2);
const ms = (xs: number[]): string => `${Math.round(Math.max(0, ...xs.map(Math.abs)) * 1000)} ms`;

/** Every true span is found, nothing else is, and each boundary lies within TOLERANCE. */
function expectSpans(label: string, truth: TTimeSpan[], found: TTimeSpan[], tol: number): void {
  const e = boundaryErrors(truth, found);
  console.log(`${label}: ${found.length}/${truth.length} spans, worst start ${ms(e.starts)}, worst end ${ms(e.ends)}`);
  expect({ missed: e.missed, extra: e.extra, count: found.length }).toEqual({
    missed: 0,
    extra: 0,
    count: truth.length,
  });
  for (const x of [...e.starts, ...e.ends]) expect(Math.abs(x)).toBeLessThanOrEqual(tol);
}

function silences(speech: TTimeSpan[]): number[] {
  return speech.slice(1).map((s, i) => s.startSec - (speech[i]?.endSec ?? 0));
}

describe.each(['energy', 'webrtc'] as const)('analysis with the %s detector', (detector: TDetectorName) => {
  const TOLERANCE = tolerance(detector);
  describe.each([8000, 44100])('at %i Hz', (rate) => {
    it.each([undefined, -50])(
      'finds silences of 1.5, 4, 31 and 35 s and only the last two as holds (noise %s dBFS)',
      async (noise) => {
        const { call, silences: planted } = await silencesCall(rate, noise);
        const r = analyseCall(call, detector);
        ZAudioAnalysis.parse(r);
        const ch = r.channels[0];
        if (!ch) throw new Error('no channel');
        expectSpans(
          `${detector} ${rate} Hz noise ${noise ?? 'none'} silences`,
          call.truth[0] ?? [],
          ch.speech,
          TOLERANCE,
        );
        const found = silences(ch.speech);
        console.log(
          `${detector} ${rate} Hz noise ${noise ?? 'none'}: silences ${found.map((s) => s.toFixed(3)).join(', ')} (planted ${planted.join(', ')})`,
        );
        expect(found).toHaveLength(planted.length);
        found.forEach((s, i) => expect(Math.abs(s - (planted[i] ?? 0))).toBeLessThanOrEqual(TOLERANCE));
        expect(ch.holds).toHaveLength(2);
        ch.holds.forEach((h, i) =>
          expect(Math.abs(h.endSec - h.startSec - [31, 35][i]!)).toBeLessThanOrEqual(TOLERANCE),
        );
        expect(Math.abs(ch.longestSilenceSec - 35)).toBeLessThanOrEqual(TOLERANCE);
        expect(r.deadAir).toEqual({ totalSec: ch.silenceTotalSec, longestSec: ch.longestSilenceSec, holds: ch.holds });
        expect(ch.speechSec + ch.silenceTotalSec).toBeCloseTo(r.durationSec, 2);
        expect(r.talkRatio).toBeUndefined();
        expect(r.overtalk).toBeUndefined();
      },
    );

    it.each([undefined, -50])(
      'finds every planted overlap and no other, and the talk ratio (noise %s dBFS)',
      async (noise) => {
        const { call, overlaps } = await conversationCall(rate, noise);
        const r = analyseCall(call, detector);
        ZAudioAnalysis.parse(r);
        const label = `${detector} ${rate} Hz noise ${noise ?? 'none'}`;
        expectSpans(`${label} agent`, call.truth[0] ?? [], r.channels[0]?.speech ?? [], TOLERANCE);
        expectSpans(`${label} customer`, call.truth[1] ?? [], r.channels[1]?.speech ?? [], TOLERANCE);
        expectSpans(`${label} overtalk`, overlaps, r.overtalk?.spans ?? [], TOLERANCE);
        expect(r.overtalk?.count).toBe(overlaps.length);
        const truthRatio = trueTalkRatio(call);
        console.log(
          `${label}: talk ratio ${r.talkRatio} (true ${truthRatio.toFixed(3)}), monologue ${r.longestMonologueSec} s`,
        );
        expect(Math.abs((r.talkRatio ?? 0) - truthRatio)).toBeLessThanOrEqual(0.03);
        // The agent's two sentences in a row (0.7 s apart, the customer quiet) are the longest monologue.
        const agent = call.truth[0] ?? [];
        const monologue = (agent[3]?.endSec ?? 0) - (agent[2]?.startSec ?? 0);
        expect(Math.abs((r.longestMonologueSec ?? 0) - monologue)).toBeLessThanOrEqual(2 * TOLERANCE);
        // Dead air: where neither speaks (the gaps between turns), here none longer than 2 s and no hold.
        expect(r.deadAir.holds).toEqual([]);
        expect(r.deadAir.longestSec).toBeLessThanOrEqual(2 + TOLERANCE);
      },
    );
  });

  it('gives the same result whatever the chunk size (137 samples or 1 s)', async () => {
    const { call } = await conversationCall(22050, -50);
    expect(analyseCall(call, detector, { chunkSamples: 137 })).toEqual(
      analyseCall(call, detector, { chunkSamples: 22050 }),
    );
  });

  it('counts a leading and a trailing silence as holds, and only over holdSeconds', async () => {
    const call = await makeCall({
      rate: 8000,
      channels: 1,
      durationSec: 32 + 2.7 + 31,
      placements: [{ channel: 0, clip: 0, atSec: 32 }],
    });
    const r = analyseCall(call, detector, { holdSeconds: 30 });
    const holds = r.channels[0]?.holds ?? [];
    expect(holds).toHaveLength(2);
    expect(holds[0]?.startSec).toBe(0);
    expect(Math.abs((holds[0]?.endSec ?? 0) - 32)).toBeLessThanOrEqual(TOLERANCE);
    expect(holds[1]?.endSec).toBe(r.durationSec);
    expect(analyseCall(call, detector, { holdSeconds: 31.5 }).channels[0]?.holds).toHaveLength(1);
    expect(analyseCall(call, detector, { holdSeconds: 40 }).channels[0]?.holds).toEqual([]);
  });

  it('finds no speech in low noise, and calls that too quiet; a silent call is one hold', async () => {
    for (const noise of [-50, undefined]) {
      const r = analyseCall(
        await makeCall({ rate: 16000, channels: 2, durationSec: 40, placements: [], noiseDbfs: noise }),
        detector,
      );
      ZAudioAnalysis.parse(r);
      expect(r.channels.map((c) => c.speech)).toEqual([[], []]);
      expect(r.channels[0]?.holds).toEqual([{ startSec: 0, endSec: 40 }]);
      expect(r.deadAir).toEqual({ totalSec: 40, longestSec: 40, holds: [{ startSec: 0, endSec: 40 }] });
      expect(r.tooQuiet).toBe(true);
      expect(r.talkRatio).toBeUndefined();
      expect(r.overtalk).toEqual({ count: 0, totalSec: 0, spans: [] });
      expect(r.longestMonologueSec).toBe(0);
    }
  });

  it('flags speech below -40 dBFS as too quiet, and not speech at a normal level', async () => {
    const placements = [0, 1, 2].map((clip, k) => ({ channel: 0, clip, atSec: 0.5 + 4 * k }));
    const normal = analyseCall(await makeCall({ rate: 8000, channels: 1, durationSec: 12, placements }), detector);
    const quiet = analyseCall(
      await makeCall({
        rate: 8000,
        channels: 1,
        durationSec: 12,
        placements: placements.map((p) => ({ ...p, gain: 0.05 })),
      }),
      detector,
    );
    expect(normal.tooQuiet).toBe(false);
    expect(quiet.channels[0]?.speech.length).toBeGreaterThan(0); // heard, but quiet
    expect(quiet.tooQuiet).toBe(true);
  });

  it('measures clipping and draws the waveform', async () => {
    const placements = [{ channel: 0, clip: 0, atSec: 0.5 }];
    const clean = analyseCall(await makeCall({ rate: 8000, channels: 1, durationSec: 20, placements }), detector);
    expect(clean.clippingShare).toBe(0);
    const loud = await makeCall({
      rate: 8000,
      channels: 1,
      durationSec: 20,
      placements: [{ ...placements[0]!, gain: 8 }],
    });
    for (const ch of loud.audio) for (let i = 0; i < ch.length; i += 1) ch[i] = Math.max(-1, Math.min(1, ch[i] ?? 0));
    const clipped = analyseCall(loud, detector);
    expect(clipped.clippingShare).toBeGreaterThan(0.01);
    expect(clean.peaks).toHaveLength(WAVEFORM_POINTS);
    expect(Math.max(...clipped.peaks)).toBe(1);
    // Silent before the speech at 0.5 s (points of 20 ms), loud within it.
    expect(clean.peaks.slice(0, 20).every((p) => p === 0)).toBe(true);
    expect(Math.max(...clean.peaks.slice(30, 100))).toBeGreaterThan(0.3);
    // A short recording has one point per 10 ms.
    const short = analyseCall(
      await makeCall({ rate: 8000, channels: 1, durationSec: 1.234, placements: [] }),
      detector,
    );
    expect(short.peaks).toHaveLength(124);
  });

  it(`analyses 2 minutes of 8 kHz stereo many times faster than real time`, async () => {
    const x = await speed(detector, 2);
    console.log(`${detector}: ${x.toFixed(0)}× real time`);
    expect(x).toBeGreaterThan(200);
  });
});

describe('createAnalyser', () => {
  it('checks its input and is done after finish()', () => {
    expect(() =>
      createAnalyser({
        sampleRate: 4000,
        channelCount: 1,
        holdSeconds: 30,
        agentChannel: 0,
        detector: DEFAULT_DETECTOR,
      }),
    ).toThrow();
    expect(() =>
      createAnalyser({
        sampleRate: 8000,
        channelCount: 3,
        holdSeconds: 30,
        agentChannel: 0,
        detector: DEFAULT_DETECTOR,
      }),
    ).toThrow();
    const a = createAnalyser({
      sampleRate: 8000,
      channelCount: 2,
      holdSeconds: 30,
      agentChannel: 1,
      detector: 'webrtc',
    });
    expect(() => a.push([new Float32Array(10)])).toThrow();
    expect(() => a.push([new Float32Array(10), new Float32Array(9)])).toThrow();
    const r: TAudioAnalysis = a.finish();
    expect(r.durationSec).toBe(0);
    expect(() => a.push([new Float32Array(1), new Float32Array(1)])).toThrow();
    a.dispose();
  });

  it('takes the agent from the channel it is told (talk ratio mirrored)', async () => {
    const { call } = await conversationCall(8000);
    const swapped: TCall = { ...call, audio: [call.audio[1]!, call.audio[0]!] };
    const a = createAnalyser({
      sampleRate: 8000,
      channelCount: 2,
      holdSeconds: 30,
      agentChannel: 1,
      detector: DEFAULT_DETECTOR,
    });
    a.push(swapped.audio);
    expect(a.finish().talkRatio).toBe(analyseCall(call, DEFAULT_DETECTOR).talkRatio);
  });
});
