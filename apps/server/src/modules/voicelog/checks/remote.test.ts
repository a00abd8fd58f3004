// VOICE_LOG_URL: recordings of the external voice log are indexed the first time they are searched (or asked about)
// and analysed from a download, like those of RECORDINGS_DIR.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRecordingAnalysisReply, TVoiceLogPage } from '@crm/shared';
import { loadConfig, type TConfig } from '../../../config.ts';
import { useTestApp, type Caller } from '../../../test/harness.ts';
import { silence, speech, timeline } from '../../../test/audio-blocks-support.ts';
import { encodeWavFile } from '../../../test/audio-writers-support.ts';
import { startFakeVoiceLog, type FakeVoiceLog } from '../../../test/fake-voice-log.ts';

const DAY = '2026-11-17';
const SEARCHED = '20261117-101500_01712345678_AG-1001-all.wav';
const ASKED = '20261117-111500_01812345678_AG-1002-all.wav';

const overrides: Partial<TConfig> = { analysis: { ...loadConfig({}).analysis, concurrency: 1, scanSeconds: 0 } };
let fake: FakeVoiceLog;
beforeAll(async () => {
  const call = await timeline(8000, [
    [speech('Hello, thank you for calling.'), silence(31), speech('Thank you for holding.')],
  ]);
  const bytes = encodeWavFile(call.channels, 8000, 'pcm16');
  fake = await startFakeVoiceLog([
    { date: DAY, fileName: SEARCHED, phoneNumber: '01712345678', agentId: 'AG-1001', bytes },
    { date: DAY, fileName: ASKED, phoneNumber: '01812345678', agentId: 'AG-1002', bytes },
  ]);
  overrides.voiceLogUrl = fake.url;
}, 30_000);
afterAll(async () => fake.close());
const t = useTestApp(overrides);

let qc: Caller;
beforeAll(async () => {
  qc = await t.callerFor('qc');
});

async function settled(name: string): Promise<TRecordingAnalysisReply> {
  const until = Date.now() + 60_000;
  for (;;) {
    const r = await qc.get(`/api/voicelog/analysis?fileName=${encodeURIComponent(`${DAY}/${name}`)}`);
    expect(r.status).toBe(200);
    const reply = r.json<TRecordingAnalysisReply>();
    if (reply.status !== 'pending' || Date.now() > until) return reply;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the external voice log', () => {
  it('indexes a recording when it is first searched, then analyses its download', async () => {
    const page = (await qc.get(`/api/voicelog/search?directory=${DAY}&msisdn=01712345678`)).json<TVoiceLogPage>();
    expect(page.content.map((f) => [f.fileName, f.checks?.status])).toEqual([[SEARCHED, 'pending']]);
    const a = await settled(SEARCHED);
    expect(a.status).toBe('done');
    expect(a.deadAir!.holds).toHaveLength(1);
    const again = (
      await qc.get(`/api/voicelog/search?directory=${DAY}&msisdn=01712345678&longestSilenceOver=30`)
    ).json<TVoiceLogPage>();
    expect(again.content.map((f) => [f.fileName, f.checks?.status])).toEqual([[SEARCHED, 'done']]);
  }, 90_000);

  it('indexes a recording never searched when its analysis is asked for, and 404s one the server does not have', async () => {
    expect((await settled(ASKED)).status).toBe('done');
    const missing = await qc.get(
      `/api/voicelog/analysis?fileName=${encodeURIComponent(`${DAY}/20261117-121500_01912345678_AG-1003-all.wav`)}`,
    );
    expect(missing.status).toBe(404);
  }, 90_000);
});
