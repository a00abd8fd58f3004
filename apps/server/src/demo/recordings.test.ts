import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { parseFile } from 'music-metadata';
import { GENERATED_FOR_D, type TVoiceLogPage } from '@crm/shared';
import { useTestApp } from '../test/harness.ts';
import { decodeWav } from '../modules/voicelog/wav.ts';
import { analyseRecording } from '../modules/voicelog/analysis/analyse-file.ts';
import { checkedCallTruth } from './checked-calls.ts';
import { demoCheckedRecordings, demoRecordings, hasEspeak, writeDemoRecordings } from './recordings.ts';
import { DEMO_CAMPAIGNS, seedDemo } from './seed.ts';
import { allowDemoSeedTime } from '../test/demo-timeout.ts';

allowDemoSeedTime();

const recordingsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-demo-recordings-'));
const t = useTestApp({ recordingsDir });
afterAll(() => fs.rm(recordingsDir, { recursive: true, force: true }));
const espeak = await hasEspeak();

async function filesIn(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

describe('demo recordings', () => {
  it('writes VICIdial-named WAV calls of the stated length, once', async () => {
    const first = await writeDemoRecordings(recordingsDir, { speech: false });
    expect(first).toMatchObject({ written: 11, kept: 0, spoken: 0 });
    expect(first.recordings).toEqual(demoRecordings());
    for (const r of first.recordings) {
      expect(r.fileName).toMatch(
        new RegExp(`^${r.date.replaceAll('-', '')}-\\d{6}_(0|880)\\d{10}_${r.agentId}-all\\.wav$`),
      );
      const { format } = await parseFile(path.join(recordingsDir, r.date, r.fileName), { duration: true });
      expect(Math.floor(format.duration ?? 0), r.fileName).toBe(r.durationSeconds);
    }
    expect(new Set(first.recordings.map((r) => r.agentId)).size).toBeGreaterThanOrEqual(4);
    const files = await filesIn(recordingsDir);
    const again = await writeDemoRecordings(recordingsDir, { speech: false });
    expect(again).toMatchObject({ written: 0, kept: 11 });
    expect(await filesIn(recordingsDir)).toEqual(files);
    expect(files).toEqual(first.recordings.map((r) => `${r.date}/${r.fileName}`).sort());
  });

  it("are calls of the demo's generated, called leads, found by the QC search on their date", async () => {
    await seedDemo(t.db);
    const campaign = await t.db
      .selectFrom('campaigns')
      .select('id')
      .where('campaignName', '=', DEMO_CAMPAIGNS[0].campaignName)
      .executeTakeFirstOrThrow();
    const qc = await t.callerFor('qc');
    for (const r of demoRecordings()) {
      const lead = await t.db
        .selectFrom('leads')
        .select(['forD', 'calledBy'])
        .where('campaignId', '=', campaign.id)
        .where('dataDate', '=', r.date)
        .where('cellNumber', '=', r.phoneNumber)
        .executeTakeFirst();
      expect(lead?.forD, `${r.date} ${r.phoneNumber}`).toBe(GENERATED_FOR_D);
      expect(lead?.calledBy, `${r.date} ${r.phoneNumber}`).not.toBeNull();
      const page = (
        await qc.get(
          `/api/voicelog/search?directory=${r.date}&msisdn=${encodeURIComponent(r.phoneNumber.replace('+880', '0'))}`,
        )
      ).json<TVoiceLogPage>();
      expect(
        page.content.find((f) => f.fileName === r.fileName),
        r.fileName,
      ).toMatchObject({ agentId: r.agentId, duration: r.durationSeconds });
    }
  });

  it.skipIf(!espeak)(
    'speaks the calls with espeak-ng when it is installed, at the same lengths, none cut short',
    async () => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-demo-speech-'));
      onTestFinished(() => fs.rm(dir, { recursive: true, force: true }));
      const result = await writeDemoRecordings(dir, { speech: true });
      // The two checked calls are made in code whatever is installed.
      expect(result).toMatchObject({ written: 11, spoken: 9 });
      const checked = Object.values(demoCheckedRecordings()).map((r) => r.fileName);
      for (const r of result.recordings.filter((x) => !checked.includes(x.fileName))) {
        const file = path.join(dir, r.date, r.fileName);
        const { format } = await parseFile(file, { duration: true });
        expect(Math.floor(format.duration ?? 0), r.fileName).toBe(r.durationSeconds);
        // The speech ends before the call does: its last 100 ms are the silence it was padded with.
        const pcm = decodeWav(await fs.readFile(file));
        expect(
          pcm?.samples.subarray(-Math.round((pcm?.sampleRate ?? 0) / 10)).every((v) => v === 0),
          r.fileName,
        ).toBe(true);
      }
    },
  );

  it('include a mono call with a hold of about 40 s and a stereo call where the customer talks over the agent twice', async () => {
    await writeDemoRecordings(recordingsDir, { speech: false });
    const { hold, overtalk } = demoCheckedRecordings();
    expect(demoRecordings()).toEqual(expect.arrayContaining([hold, overtalk]));
    const near = (a: number, b: number) => Math.abs(a - b) <= 0.1;

    const holdCall = await analyseRecording(path.join(recordingsDir, hold.date, hold.fileName));
    const gap = checkedCallTruth('hold').longestGap;
    expect(holdCall.channels).toHaveLength(1);
    expect(holdCall.durationSec).toBe(hold.durationSeconds);
    expect(gap.endSec - gap.startSec).toBeGreaterThanOrEqual(38);
    expect(holdCall.deadAir.holds).toHaveLength(1);
    const found = holdCall.deadAir.holds[0]!;
    expect([near(found.startSec, gap.startSec), near(found.endSec, gap.endSec)], JSON.stringify(found)).toEqual([
      true,
      true,
    ]);
    expect(holdCall.talkRatio).toBeUndefined();

    const stereo = await analyseRecording(path.join(recordingsDir, overtalk.date, overtalk.fileName));
    const truth = checkedCallTruth('overtalk');
    expect(stereo.channels).toHaveLength(2);
    expect(stereo.deadAir.holds).toEqual([]);
    expect(truth.overlaps.length).toBeGreaterThanOrEqual(2);
    // Every planted overlap found where it is, and no other.
    expect(stereo.overtalk?.count).toBe(truth.overlaps.length);
    for (const [i, planted] of truth.overlaps.entries()) {
      const span = stereo.overtalk!.spans[i]!;
      expect([near(span.startSec, planted.startSec), near(span.endSec, planted.endSec)], JSON.stringify(span)).toEqual([
        true,
        true,
      ]);
    }
    // The agent (left) has about two thirds of the talk, as measured from the turns.
    const talk = (c: number) => truth.speech[c]!.reduce((sum, s) => sum + s.endSec - s.startSec, 0);
    expect(Math.abs(stereo.talkRatio! - talk(0) / (talk(0) + talk(1)))).toBeLessThanOrEqual(0.03);
    expect(stereo.talkRatio).toBeGreaterThan(0.55);
    expect(stereo.talkRatio).toBeLessThan(0.8);
  });
});
