import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { parseFile } from 'music-metadata';
import { GENERATED_FOR_D, type TVoiceLogPage } from '@crm/shared';
import { useTestApp } from '../test/harness.ts';
import { decodeWav } from '../modules/voicelog/wav.ts';
import { demoRecordings, hasEspeak, writeDemoRecordings } from './recordings.ts';
import { DEMO_CAMPAIGNS, seedDemo } from './seed.ts';

const recordingsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-demo-recordings-'));
const t = useTestApp({ recordingsDir });
afterAll(() => fs.rm(recordingsDir, { recursive: true, force: true }));
const espeak = await hasEspeak();

async function filesIn(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
}

describe('demo recordings', () => {
  it('writes VICIdial-named WAV calls of the stated length, once', async () => {
    const first = await writeDemoRecordings(recordingsDir, { speech: false });
    expect(first).toMatchObject({ written: 9, kept: 0, spoken: 0 });
    expect(first.recordings).toEqual(demoRecordings());
    for (const r of first.recordings) {
      expect(r.fileName).toMatch(new RegExp(`^${r.date.replaceAll('-', '')}-\\d{6}_(0|880)\\d{10}_${r.agentId}-all\\.wav$`));
      const { format } = await parseFile(path.join(recordingsDir, r.date, r.fileName), { duration: true });
      expect(Math.floor(format.duration ?? 0), r.fileName).toBe(r.durationSeconds);
    }
    expect(new Set(first.recordings.map((r) => r.agentId)).size).toBeGreaterThanOrEqual(4);
    const files = await filesIn(recordingsDir);
    const again = await writeDemoRecordings(recordingsDir, { speech: false });
    expect(again).toMatchObject({ written: 0, kept: 9 });
    expect(await filesIn(recordingsDir)).toEqual(files);
    expect(files).toEqual(first.recordings.map((r) => `${r.date}/${r.fileName}`).sort());
  });

  it("are calls of the demo's generated, called leads, found by the QC search on their date", async () => {
    await seedDemo(t.db);
    const campaign = await t.db.selectFrom('campaigns').select('id').where('campaignName', '=', DEMO_CAMPAIGNS[0].campaignName).executeTakeFirstOrThrow();
    const qc = await t.callerFor('qc');
    for (const r of demoRecordings()) {
      const lead = await t.db.selectFrom('leads').select(['forD', 'calledBy']).where('campaignId', '=', campaign.id).where('dataDate', '=', r.date).where('cellNumber', '=', r.phoneNumber).executeTakeFirst();
      expect(lead?.forD, `${r.date} ${r.phoneNumber}`).toBe(GENERATED_FOR_D);
      expect(lead?.calledBy, `${r.date} ${r.phoneNumber}`).not.toBeNull();
      const page = (await qc.get(`/api/voicelog/search?directory=${r.date}&msisdn=${encodeURIComponent(r.phoneNumber.replace('+880', '0'))}`)).json<TVoiceLogPage>();
      expect(page.content.find((f) => f.fileName === r.fileName), r.fileName).toMatchObject({ agentId: r.agentId, duration: r.durationSeconds });
    }
  });

  it.skipIf(!espeak)('speaks the calls with espeak-ng when it is installed, at the same lengths, none cut short', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-demo-speech-'));
    onTestFinished(() => fs.rm(dir, { recursive: true, force: true }));
    const result = await writeDemoRecordings(dir, { speech: true });
    expect(result).toMatchObject({ written: 9, spoken: 9 });
    for (const r of result.recordings) {
      const file = path.join(dir, r.date, r.fileName);
      const { format } = await parseFile(file, { duration: true });
      expect(Math.floor(format.duration ?? 0), r.fileName).toBe(r.durationSeconds);
      // The speech ends before the call does: its last 100 ms are the silence it was padded with.
      const pcm = decodeWav(await fs.readFile(file));
      expect(pcm?.samples.subarray(-Math.round((pcm?.sampleRate ?? 0) / 10)).every((v) => v === 0), r.fileName).toBe(true);
    }
  });
});
