// The daily QC summary's Automatic checks sheet, end to end: recordings written into RECORDINGS_DIR, indexed and
// analysed by the queue, then the export downloaded and read back with exceljs.
import fs from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QC_EXPORTS, type TRecordingAnalysisReply } from '@crm/shared';
import { loadConfig } from '../../config.ts';
import { createUser, sessionTokenFor, useTestApp, type Caller } from '../../test/harness.ts';
import { silence, speech, timeline, type TTimeline } from '../../test/audio-blocks-support.ts';
import { writeWav } from '../../test/audio-writers-support.ts';
import { download, openXlsxReply, query } from '../../test/qc-reports-support.ts';
import { AUTOMATIC_CHECKS_HEADER, AUTOMATIC_CHECKS_SHEET, NO_AGENT_NAME } from './automatic-checks-sheet.ts';

const recordingsDir = mkdtempSync(path.join(os.tmpdir(), 'crm-checks-sheet-'));
const t = useTestApp({ recordingsDir, analysis: { ...loadConfig({}).analysis, concurrency: 1, scanSeconds: 0 } });
afterAll(() => fs.rm(recordingsDir, { recursive: true, force: true }));

const DAY = '2026-11-17';
const NEXT_DAY = '2026-11-18';
const NUMBER = '01712345678';
// AG-1001 (an agent of the CRM, signed in as ag-1001): two mono calls, each with one hold, and a broken file.
const HOLD_A = `20261117-101500_${NUMBER}_AG-1001-all.wav`;
const HOLD_B = `20261117-102500_${NUMBER}_AG-1001-all.wav`;
const BROKEN = `20261117-121500_${NUMBER}_AG-1001-all.mp3`;
// AG-1002 (no such agent): a stereo call and a short mono one; the mono call has no talk ratio to average.
const STEREO = `20261117-111500_${NUMBER}_AG-1002-all.wav`;
const SHORT = `20261117-113000_${NUMBER}_AG-1002-all.wav`;
// A name that is not VICIdial's gives no agent.
const NAMELESS = `call_${NUMBER}.mp3`;
// Another day's recording: not in this day's sheet.
const OTHER_DAY = `20261118-090000_${NUMBER}_AG-1003-all.mp3`;

let qc: Caller;
let adminToken: string;
let hold: TTimeline;
let stereo: TTimeline;

async function settled(name: string, timeoutMs = 60_000): Promise<TRecordingAnalysisReply> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await qc.get(`/api/voicelog/analysis?fileName=${encodeURIComponent(`${DAY}/${name}`)}`);
    expect(r.status).toBe(200);
    const reply = r.json<TRecordingAnalysisReply>();
    if (reply.status !== 'pending') return reply;
    if (Date.now() > until) throw new Error(`${name} still pending after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The rows of the sheet named `name`, as plain values (empty cells null). */
function rowsOf(book: ExcelJS.Workbook, name: string): (string | number | null)[][] {
  const sheet = book.getWorksheet(name);
  if (!sheet) throw new Error(`no sheet ${name}: ${book.worksheets.map((s) => s.name).join(', ')}`);
  const width = sheet.getRow(1).cellCount;
  const rows: (string | number | null)[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    rows.push(
      Array.from({ length: width }, (_, i) => {
        const v = row.getCell(i + 1).value;
        return v === null || v === undefined ? null : typeof v === 'number' || typeof v === 'string' ? v : String(v);
      }),
    );
  });
  return rows;
}

async function exportDay(date: string): Promise<ExcelJS.Workbook> {
  return openXlsxReply(
    await download(t, `${QC_EXPORTS.dailySummary.path}?${query({ date })}`, adminToken),
    QC_EXPORTS.dailySummary.fileName(date),
  );
}

beforeAll(async () => {
  qc = await t.callerFor('qc');
  adminToken = await sessionTokenFor(t.app, await createUser(t.db, { role: 'admin' }));
  const agent = await createUser(t.db, { role: 'agent', username: 'ag-1001', name: 'Rahima Akter' });
  await t.db.insertInto('agents').values({ userId: agent.id, type: 'Physical' }).execute();
  await fs.mkdir(path.join(recordingsDir, DAY), { recursive: true });
  await fs.mkdir(path.join(recordingsDir, NEXT_DAY), { recursive: true });
  hold = await timeline(8000, [[speech('Please hold the line.'), silence(32), speech('Thank you for waiting.')]]);
  await writeWav(path.join(recordingsDir, DAY, HOLD_A), hold.channels, 8000);
  await writeWav(path.join(recordingsDir, DAY, HOLD_B), hold.channels, 8000);
  // Agent left, customer right.
  stereo = await timeline(8000, [
    [speech('Good morning, this is the service desk.'), silence(1.5), speech('Let me check that for you.')],
    [silence(2.6), speech('I was charged twice.')],
  ]);
  await writeWav(path.join(recordingsDir, DAY, STEREO), stereo.channels, 8000);
  await writeWav(path.join(recordingsDir, DAY, SHORT), (await timeline(8000, [[speech('Goodbye.')]])).channels, 8000);
  await fs.writeFile(path.join(recordingsDir, DAY, BROKEN), 'this is not audio');
  await fs.writeFile(path.join(recordingsDir, DAY, NAMELESS), 'nor is this');
  await fs.writeFile(path.join(recordingsDir, NEXT_DAY, OTHER_DAY), 'nor this');
  await t.app.recordingChecks.scanNow();
  // Waiting: an external voice log's recording not analysed yet. Gone: a removed file's row keeps its figures but
  // leaves the sheet.
  const common = { callDate: DAY, source: 'remote' as const, phoneNumber: NUMBER, phoneKey: NUMBER };
  await t.db
    .insertInto('recordings')
    .values([
      {
        ...common,
        fileName: `20261117-140000_${NUMBER}_AG-1002-all.mp3`,
        agentId: 'AG-1002',
        callTime: null,
        durationSec: 60,
        modifiedAt: null,
        goneAt: null,
        analysis: null,
        analysedAt: null,
        analysisReason: null,
        holdSeconds: null,
        longestSilenceSec: null,
        deadAirSec: null,
        holdCount: null,
        talkRatio: null,
        overtalkCount: null,
      },
      {
        ...common,
        fileName: `20261117-150000_${NUMBER}_AG-1001-all.mp3`,
        agentId: 'AG-1001',
        callTime: null,
        durationSec: 60,
        modifiedAt: null,
        goneAt: new Date(),
        analysisStatus: 'done',
        analysis: null,
        analysedAt: new Date(),
        analysisReason: null,
        holdSeconds: 30,
        longestSilenceSec: 300,
        deadAirSec: 300,
        holdCount: 5,
        talkRatio: 0.1,
        overtalkCount: 0,
      },
    ])
    .execute();
  for (const name of [HOLD_A, HOLD_B, BROKEN, STEREO, SHORT, NAMELESS]) await settled(name);
}, 120_000);

describe('GET export/daily-summary: the Automatic checks sheet', () => {
  it('gives per agent the calls analysed, the mean stereo talk ratio, holds, the longest silence, unreadable and waiting', async () => {
    const book = await exportDay(DAY);
    expect(book.worksheets.map((s) => s.name)).toEqual([QC_EXPORTS.dailySummary.sheet, AUTOMATIC_CHECKS_SHEET]);
    // The spec's sheet stays as it was.
    expect(rowsOf(book, QC_EXPORTS.dailySummary.sheet)).toEqual([
      ['Agent Name', 'Agent Id', 'Red', 'Yellow', 'Blue', 'Green', 'Remarks'],
    ]);

    const [header, ...rows] = rowsOf(book, AUTOMATIC_CHECKS_SHEET);
    expect(header).toEqual([...AUTOMATIC_CHECKS_HEADER]);
    expect(rows.map((r) => r[0])).toEqual(['AG-1001', 'AG-1002', null]);
    const [ag1001, ag1002, nameless] = rows as [
      (string | number | null)[],
      (string | number | null)[],
      (string | number | null)[],
    ];

    const holdCall = await settled(HOLD_A);
    const gapSec = hold.speech[0]![1]!.startSec - hold.speech[0]![0]!.endSec;
    expect(ag1001).toEqual(['AG-1001', 'Rahima Akter', 2, null, 2, expect.any(Number), 1, 0]);
    expect(Math.abs((ag1001[5] as number) - holdCall.deadAir!.longestSec)).toBeLessThanOrEqual(0.05);
    expect(Math.abs((ag1001[5] as number) - gapSec)).toBeLessThanOrEqual(0.2);

    const stereoCall = await settled(STEREO);
    const talk = (c: number) => stereo.speech[c]!.reduce((sum, s) => sum + s.endSec - s.startSec, 0);
    expect(ag1002).toEqual(['AG-1002', null, 2, expect.any(Number), 0, expect.any(Number), 0, 1]);
    const ratioPct = ag1002[3] as number;
    // Shown to one decimal: the stereo call's own ratio (the mono call has none), near the truth.
    expect(Math.round(ratioPct * 10)).toBeCloseTo(ratioPct * 10, 6);
    expect(Math.abs(ratioPct - stereoCall.talkRatio! * 100)).toBeLessThanOrEqual(0.06);
    expect(Math.abs(ratioPct - (100 * talk(0)) / (talk(0) + talk(1)))).toBeLessThanOrEqual(3);
    expect(ratioPct).toBeGreaterThan(50);
    expect(ratioPct).toBeLessThan(100);

    expect(nameless).toEqual([null, NO_AGENT_NAME, 0, null, 0, null, 1, 0]);
  }, 60_000);

  it("holds only that day's recordings, and the header alone on a day without any", async () => {
    const next = rowsOf(await exportDay(NEXT_DAY), AUTOMATIC_CHECKS_SHEET);
    expect(next.slice(1).map((r) => r[0])).toEqual(['AG-1003']);
    expect(rowsOf(await exportDay('2020-01-01'), AUTOMATIC_CHECKS_SHEET)).toEqual([[...AUTOMATIC_CHECKS_HEADER]]);
  });
});
