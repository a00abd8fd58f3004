import fs from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TVoiceLogPage } from '@crm/shared';
import { useTestApp, type Caller } from '../../test/harness.ts';
import { silentMp3, toneWav, writeRecordings } from '../../test/test-audio.ts';

const recordingsDir = mkdtempSync(path.join(os.tmpdir(), 'crm-recordings-'));
const t = useTestApp({ recordingsDir });
afterAll(() => fs.rm(recordingsDir, { recursive: true, force: true }));

const DAY = '2026-11-17';
const search = (c: Caller, msisdn: string, extra = '', directory = DAY) =>
  c.get(`/api/voicelog/search?directory=${directory}&msisdn=${encodeURIComponent(msisdn)}${extra}`);

let qc: Caller;
let files: string[];
beforeAll(async () => {
  qc = await t.callerFor('qc');
  files = await writeRecordings(recordingsDir, DAY, {
    '20261117-101500_01712345678_AG-1001-all.mp3': silentMp3(3),
    '20261117-093000_8801712345678_AG-1002-all.WAV': toneWav(2),
    'call-+8801712345678-followup.wav': toneWav(4),
    '20261117-130000_01712345678_AG-1004-all.mp3': 'not audio at all',
    // Not this number, not a recording, hidden: never listed.
    '20261117-110000_01812345678_AG-1001-all.mp3': silentMp3(3),
    '20261117-120000_01712345678_AG-1003-all.txt': 'notes',
    '.20261117-120500_01712345678_AG-1003-all.mp3': silentMp3(3),
  });
  await writeRecordings(recordingsDir, '2026-11-18', { '20261118-101500_01712345678_AG-1001-all.mp3': silentMp3(3) });
});

describe('GET /api/voicelog/search', () => {
  it('is refused without a sign-in (401) and to agents (403)', async () => {
    expect((await search(t.anonymous, '01712345678')).status).toBe(401);
    expect((await search(await t.callerFor('agent'), '01712345678')).status).toBe(403);
  });

  it("lists the date's recordings of the number, in call-time order, with agent, time and whole-second duration", async () => {
    const r = await search(qc, '01712345678');
    expect(r.status).toBe(200);
    const page = r.json<TVoiceLogPage>();
    // No analysis workers in this test app: every recording's checks are pending, with the duration the index read.
    const pending = (durationSec: number) => ({
      status: 'pending',
      durationSec,
      sampleRate: 0,
      channels: [],
      clippingShare: 0,
      tooQuiet: false,
      holdSeconds: 30,
    });
    expect(page.content).toEqual([
      {
        dateTime: '2026-11-17 09:30:00',
        phoneNumber: '8801712345678',
        campaignName: '',
        agentId: 'AG-1002',
        fileName: '20261117-093000_8801712345678_AG-1002-all.WAV',
        duration: 2,
        checks: pending(2),
      },
      {
        dateTime: '2026-11-17 10:15:00',
        phoneNumber: '01712345678',
        campaignName: '',
        agentId: 'AG-1001',
        fileName: '20261117-101500_01712345678_AG-1001-all.mp3',
        duration: 3,
        checks: pending(3),
      },
      // Unreadable audio is still listed, without a duration.
      {
        dateTime: '2026-11-17 13:00:00',
        phoneNumber: '01712345678',
        campaignName: '',
        agentId: 'AG-1004',
        fileName: '20261117-130000_01712345678_AG-1004-all.mp3',
        duration: null,
        checks: pending(0),
      },
      // A name that is not VICIdial's: the number only.
      {
        dateTime: null,
        phoneNumber: '+8801712345678',
        campaignName: '',
        agentId: '',
        fileName: 'call-+8801712345678-followup.wav',
        duration: 4,
        checks: pending(4),
      },
    ]);
    expect(page).toMatchObject({ totalElements: 4, totalPages: 1, size: 10, number: 0, first: true, last: true });
  });

  it('finds the same recordings whichever way the number is written', async () => {
    const formats = [
      '01712345678',
      '8801712345678',
      '+8801712345678',
      '+88 017 1234 5678',
      '017-1234-5678',
      ' 0171 234 5678 ',
      '+880 1712-345678',
      '1712345678',
      '008801712345678',
    ];
    for (const format of formats) {
      const page = (await search(qc, format)).json<TVoiceLogPage>();
      expect(
        page.content.map((f) => f.fileName),
        format,
      ).toHaveLength(4);
    }
  });

  it('keeps other numbers and other dates apart', async () => {
    const other = (await search(qc, '01812345678')).json<TVoiceLogPage>();
    expect(other.content.map((f) => f.fileName)).toEqual(['20261117-110000_01812345678_AG-1001-all.mp3']);
    const nextDay = (await search(qc, '+8801712345678', '', '2026-11-18')).json<TVoiceLogPage>();
    expect(nextDay.content.map((f) => f.fileName)).toEqual(['20261118-101500_01712345678_AG-1001-all.mp3']);
    expect((await search(qc, '01999999999')).json<TVoiceLogPage>()).toMatchObject({ content: [], totalElements: 0 });
  });

  it('answers an empty page for a date without a folder, not an error', async () => {
    const r = await search(qc, '01712345678', '', '2026-01-01');
    expect(r.status).toBe(200);
    expect(r.json<TVoiceLogPage>()).toEqual({
      content: [],
      totalElements: 0,
      totalPages: 0,
      size: 10,
      number: 0,
      first: true,
      last: true,
    });
  });

  it('pages from 0', async () => {
    const first = (await search(qc, '01712345678', '&page=0&size=3')).json<TVoiceLogPage>();
    expect(first).toMatchObject({ totalElements: 4, totalPages: 2, size: 3, number: 0, first: true, last: false });
    expect(first.content.map((f) => f.agentId)).toEqual(['AG-1002', 'AG-1001', 'AG-1004']);
    const second = (await search(qc, '01712345678', '&page=1&size=3')).json<TVoiceLogPage>();
    expect(second).toMatchObject({ number: 1, first: false, last: true });
    expect(second.content.map((f) => f.fileName)).toEqual(['call-+8801712345678-followup.wav']);
    expect((await search(qc, '01712345678', '&page=5&size=3')).json<TVoiceLogPage>().content).toEqual([]);
  });

  it('lists a file added to the folder at once, and no longer a removed one', async () => {
    const names = async () =>
      (await search(qc, '01712345678', '', '2026-11-18')).json<TVoiceLogPage>().content.map((f) => f.fileName);
    expect(await names()).toEqual(['20261118-101500_01712345678_AG-1001-all.mp3']);
    const [added] = await writeRecordings(recordingsDir, '2026-11-18', {
      '20261118-091500_01712345678_AG-1002-all.wav': toneWav(1),
    });
    expect(await names()).toEqual([
      '20261118-091500_01712345678_AG-1002-all.wav',
      '20261118-101500_01712345678_AG-1001-all.mp3',
    ]);
    await fs.rm(added!);
    expect(await names()).toEqual(['20261118-101500_01712345678_AG-1001-all.mp3']);
  });

  it('keeps a duration until the scanner sees the file change', async () => {
    // A file changed in place leaves its folder's modification time alone: the periodic scan (scanNow here) finds it.
    const file = files[0]!; // the 3 s MP3
    const duration = async () =>
      (await search(qc, '01712345678')).json<TVoiceLogPage>().content.find((f) => f.fileName === path.basename(file))
        ?.duration;
    const mtime = new Date('2026-11-17T10:16:00Z'); // whole seconds, so setting it again gives the very same time
    await fs.utimes(file, mtime, mtime);
    expect(await duration()).toBe(3);
    // Same size and modification time but other bytes: the remembered duration is answered, the file not read again.
    await t.app.recordingChecks.scanNow();
    expect(await duration()).toBe(3);
    await fs.writeFile(file, Buffer.alloc((await fs.stat(file)).size));
    await fs.utimes(file, mtime, mtime);
    await t.app.recordingChecks.scanNow();
    expect(await duration()).toBe(3);
    // A new modification time: read afresh (the zeros are no audio).
    await fs.utimes(file, mtime, new Date(mtime.getTime() + 5000));
    await t.app.recordingChecks.scanNow();
    expect(await duration()).toBeNull();
    await fs.writeFile(file, silentMp3(6));
    await t.app.recordingChecks.scanNow();
    expect(await duration()).toBe(6);
  });

  it('refuses a bad date, a missing number and a bad page size (400)', async () => {
    const bad = [
      'directory=17-11-2026&msisdn=017',
      'directory=2026-02-30&msisdn=017',
      `directory=${DAY}`,
      `directory=${DAY}&msisdn=017&size=0`,
      `directory=${DAY}&msisdn=017&page=-1`,
      'directory=../etc&msisdn=017',
      `directory=${DAY}&msisdn=017&sort=loudest`,
      `directory=${DAY}&msisdn=017&talkRatioUnder=120`,
      `directory=${DAY}&msisdn=017&longestSilenceOver=-1`,
    ];
    for (const q of bad) {
      const r = await qc.get(`/api/voicelog/search?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.json<{ message: string }>().message, q).toMatch(
        /directory|msisdn|size|page|sort|talkRatioUnder|longestSilenceOver/,
      );
    }
  });
});
