// The automatic checks end to end in one server: recordings indexed from RECORDINGS_DIR, analysed by the queue's
// worker in a thread, answered by GET /api/voicelog/analysis and carried by search results (filtered, sorted).
import fs from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TRecordingAnalysisReply, type TVoiceLogPage } from '@crm/shared';
import { loadConfig } from '../../../config.ts';
import { useTestApp, type Caller } from '../../../test/harness.ts';
import { silence, speech, timeline, type TTimeline } from '../../../test/audio-blocks-support.ts';
import { writeWav } from '../../../test/audio-writers-support.ts';

const recordingsDir = mkdtempSync(path.join(os.tmpdir(), 'crm-checks-'));
const t = useTestApp({ recordingsDir, analysis: { ...loadConfig({}).analysis, concurrency: 1, scanSeconds: 0 } });
afterAll(() => fs.rm(recordingsDir, { recursive: true, force: true }));

const DAY = '2026-11-17';
const NUMBER = '01712345678';
const HOLD = `20261117-101500_${NUMBER}_AG-1001-all.wav`;
const STEREO = `20261117-111500_${NUMBER}_AG-1002-all.wav`;
const BROKEN = `20261117-121500_${NUMBER}_AG-1003-all.mp3`;

let qc: Caller;
let hold: TTimeline;
let stereo: TTimeline;

const analysisOf = (c: Caller, name: string) =>
  c.get(`/api/voicelog/analysis?fileName=${encodeURIComponent(`${DAY}/${name}`)}`);

/** The analysis once it is no longer pending. */
async function settled(name: string, timeoutMs = 60_000): Promise<TRecordingAnalysisReply> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await analysisOf(qc, name);
    expect(r.status).toBe(200);
    const reply = r.json<TRecordingAnalysisReply>();
    if (reply.status !== 'pending') return reply;
    if (Date.now() > until) throw new Error(`${name} still pending after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  qc = await t.callerFor('qc');
  await fs.mkdir(path.join(recordingsDir, DAY), { recursive: true });
  // A mono call with a 35-second hold between two sentences.
  hold = await timeline(8000, [
    [
      speech('Thank you for calling, please hold the line.'),
      silence(35),
      speech('Thank you for waiting, I have your details.'),
    ],
  ]);
  await writeWav(path.join(recordingsDir, DAY, HOLD), hold.channels, 8000);
  // A stereo call (agent left): the customer cuts in twice while the agent speaks.
  stereo = await timeline(8000, [
    [
      speech('Good morning, this is the service desk.'),
      silence(0.2),
      speech('How can I help you today?'),
      silence(4),
      speech('Of course, let me check that for you right now.'),
    ],
    [
      silence(1.2),
      speech('Hello, yes, I am calling about my bill.'),
      silence(1.5),
      speech('I think I was charged twice.'),
    ],
  ]);
  await writeWav(path.join(recordingsDir, DAY, STEREO), stereo.channels, 8000);
  await fs.writeFile(path.join(recordingsDir, DAY, BROKEN), 'this is not audio');
  await t.app.recordingChecks.scanNow();
}, 60_000);

describe('GET /api/voicelog/analysis', () => {
  it('finds a hold over HOLD_SECONDS in a mono call, where it is', async () => {
    const a = await settled(HOLD);
    const gap = { startSec: hold.speech[0]![0]!.endSec, endSec: hold.speech[0]![1]!.startSec };
    expect(a).toMatchObject({ status: 'done', sampleRate: 8000, holdSeconds: 30, tooQuiet: false });
    expect(a.durationSec).toBeCloseTo(hold.durationSec, 1);
    expect(a.channels).toHaveLength(1);
    expect(a.channels[0]!.holds).toHaveLength(1);
    expect(Math.abs(a.channels[0]!.holds[0]!.startSec - gap.startSec)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(a.channels[0]!.holds[0]!.endSec - gap.endSec)).toBeLessThanOrEqual(0.1);
    expect(a.deadAir?.longestSec).toBeGreaterThan(34.8);
    expect(a.talkRatio).toBeUndefined();
    expect(a.overtalk).toBeUndefined();
    expect(a.peaks.length).toBeGreaterThan(900);
    expect(a.speech[0]!.length).toBeGreaterThanOrEqual(2);
  }, 90_000);

  it('measures talk ratio and overtalk on a stereo call', async () => {
    const a = await settled(STEREO);
    expect(a.status).toBe('done');
    expect(a.channels).toHaveLength(2);
    const talk = (c: number) => stereo.speech[c]!.reduce((sum, s) => sum + s.endSec - s.startSec, 0);
    expect(Math.abs(a.talkRatio! - talk(0) / (talk(0) + talk(1)))).toBeLessThanOrEqual(0.03);
    expect(a.overtalk?.count).toBe(a.overtalkSpans?.length);
    expect(a.overtalk!.count).toBeGreaterThanOrEqual(1);
    expect(a.channels.every((c) => c.holds.length === 0)).toBe(true);
  }, 90_000);

  it('marks a file that is not audio unreadable, with the reason', async () => {
    const a = await settled(BROKEN);
    expect(a.status).toBe('unreadable');
    expect(a.reason).toMatch(/MP3|audio|frame/i);
    expect(a.peaks).toEqual([]);
  }, 90_000);

  it('answers 404 for a recording that is nowhere, 400 for a bad name, and refuses callers without a right', async () => {
    expect((await analysisOf(qc, `20261117-131500_${NUMBER}_AG-1001-all.wav`)).status).toBe(404);
    expect((await qc.get('/api/voicelog/analysis?fileName=..%2Fetc%2Fpasswd')).status).toBe(400);
    expect((await analysisOf(t.anonymous, HOLD)).status).toBe(401);
    const agent = await analysisOf(await t.callerFor('agent'), HOLD);
    expect([agent.status, agent.json<{ message: string }>().message]).toEqual([
      403,
      'You may only play recordings of your own QC records',
    ]);
    expect((await analysisOf(await t.callerFor('admin'), HOLD)).status).toBe(200);
  });
});

describe('search results with their checks', () => {
  const search = async (extra = '') =>
    (await qc.get(`/api/voicelog/search?directory=${DAY}&msisdn=${NUMBER}${extra}`)).json<TVoiceLogPage>();

  it("carry each recording's brief, and filter and sort by it", async () => {
    for (const name of [HOLD, STEREO, BROKEN]) await settled(name);
    const all = await search();
    expect(all.content.map((f) => [f.fileName, f.checks?.status])).toEqual([
      [HOLD, 'done'],
      [STEREO, 'done'],
      [BROKEN, 'unreadable'],
    ]);
    const brief = all.content[0]!.checks!;
    expect(brief.deadAir!.holds).toHaveLength(1);
    expect(brief).not.toHaveProperty('peaks');
    expect((await search('&longestSilenceOver=30')).content.map((f) => f.fileName)).toEqual([HOLD]);
    expect((await search('&talkRatioUnder=100')).content.map((f) => f.fileName)).toEqual([STEREO]);
    expect((await search('&talkRatioUnder=1')).totalElements).toBe(0);
    expect((await search('&sort=longestSilence')).content.map((f) => f.fileName)).toEqual([HOLD, STEREO, BROKEN]);
    expect((await search('&sort=overtalk')).content[0]!.fileName).toBe(STEREO);
  }, 120_000);

  it('analyses a changed file again, and forgets a removed one', async () => {
    const file = path.join(recordingsDir, DAY, BROKEN);
    const fixed = await timeline(8000, [[speech('Now it is a real recording.')]]);
    await writeWav(file, fixed.channels, 8000);
    await fs.utimes(file, new Date(), new Date(Date.now() + 2000));
    await t.app.recordingChecks.scanNow();
    expect((await analysisOf(qc, BROKEN)).json<TRecordingAnalysisReply>().status).not.toBe('unreadable');
    expect((await settled(BROKEN)).status).toBe('done');
    await fs.rm(file);
    await t.app.recordingChecks.scanNow();
    expect((await analysisOf(qc, BROKEN)).status).toBe(404);
    expect((await search()).content.map((f) => f.fileName)).toEqual([HOLD, STEREO]);
  }, 120_000);
});
