// Linking a recording to a QC record (POST /api/qcReport/add-qc-report-file) against RECORDINGS_DIR: only a file of
// the record's call-date folder whose name names the record's consumer number; anything else is a 400, nothing stored.
import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QC_MESSAGES, type TQcRecord } from '@crm/shared';
import { useTestApp } from '../../test/harness.ts';
import { changedTables, checksumTables } from '../../test/table-checksums.ts';
import { silentMp3, toneWav, writeRecordings } from '../../test/test-audio.ts';
import { addRecord, qcWorld, scorecard, type QcWorld } from '../../test/qc-support.ts';

const recordingsDir = mkdtempSync(path.join(os.tmpdir(), 'crm-qc-links-'));
const t = useTestApp({ recordingsDir });
afterAll(() => fs.rm(recordingsDir, { recursive: true, force: true }));

/** The record's call date (test-support's scorecard) and a day before it. */
const DAY = '2026-11-20';
const OTHER_DAY = '2026-11-19';
/** The record's number is 01712345678 (+8801712345678); the recordings below write it several ways. */
const OF_NUMBER = '20261120-101500_01712345678_AG-1-all.wav';
const OF_NUMBER_E164 = '20261120-103000_+8801712345678_AG-1-all.mp3';
const OF_NUMBER_OTHER_NAMING = 'call 8801712345678 morning.mp3';
const OTHER_NUMBER = '20261120-104500_01812345678_AG-1-all.wav';
const NO_NUMBER = 'call.wav';
const ONLY_ON_OTHER_DAY = '20261119-101500_01712345678_AG-1-all.wav';
const A_FOLDER = '20261120-110000_01712345678_AG-1-all.wav';

let w: QcWorld;
let record: TQcRecord;
beforeAll(async () => {
  await writeRecordings(recordingsDir, DAY, {
    [OF_NUMBER]: toneWav(1),
    [OF_NUMBER_E164]: silentMp3(1.2),
    [OF_NUMBER_OTHER_NAMING]: silentMp3(1.2),
    [OTHER_NUMBER]: toneWav(1),
    [NO_NUMBER]: toneWav(1),
  });
  await writeRecordings(recordingsDir, OTHER_DAY, { [ONLY_ON_OTHER_DAY]: toneWav(1) });
  await fs.mkdir(path.join(recordingsDir, DAY, A_FOLDER));
  w = await qcWorld(t);
  record = await addRecord(w.qcA, scorecard(w));
});

const link = (fileName: string, id = record.id) =>
  w.qcA.post('/api/qcReport/add-qc-report-file', { qcReport: { id }, fileName });
const linksOf = async (id: number) =>
  (await t.db.selectFrom('qcRecordFiles').select('fileName').where('qcRecordId', '=', id).orderBy('id').execute()).map(
    (r) => r.fileName,
  );

describe("a recording of the record's number in its call date's folder is linked", () => {
  it.each([
    ['VICIdial naming, the number as dialled', OF_NUMBER],
    ['VICIdial naming, the number in E.164', OF_NUMBER_E164],
    ['any other naming holding the number', OF_NUMBER_OTHER_NAMING],
  ])('%s', async (_case, fileName) => {
    const r = await link(fileName);
    expect(r.status, r.text).toBe(200);
    expect(r.json()).toMatchObject({ fileName, qcReport: { id: record.id }, callDate: DAY });
    expect(await linksOf(record.id)).toContain(fileName);
  });
});

describe('anything else is refused with 400 saying why, and nothing is stored', () => {
  it.each([
    [
      'a file that is not in the voice log',
      '20261120-120000_01712345678_AG-1-all.wav',
      QC_MESSAGES.recordingNotInVoiceLog('20261120-120000_01712345678_AG-1-all.wav', DAY),
    ],
    [
      'a recording of the number on another day',
      ONLY_ON_OTHER_DAY,
      QC_MESSAGES.recordingNotInVoiceLog(ONLY_ON_OTHER_DAY, DAY),
    ],
    ['a folder named like a recording', A_FOLDER, QC_MESSAGES.recordingNotInVoiceLog(A_FOLDER, DAY)],
    [
      'a recording of another number, in the folder',
      OTHER_NUMBER,
      QC_MESSAGES.recordingOfOtherNumber(OTHER_NUMBER, '+8801712345678'),
    ],
    [
      'a recording whose name holds no number, in the folder',
      NO_NUMBER,
      QC_MESSAGES.recordingOfOtherNumber(NO_NUMBER, '+8801712345678'),
    ],
  ])('%s', async (_case, fileName, message) => {
    const fresh = await addRecord(w.qcA, scorecard(w));
    const before = await checksumTables(t.db);
    const r = await link(fileName, fresh.id);
    expect([r.status, r.json<{ message: string }>().message]).toEqual([400, message]);
    expect(changedTables(before, await checksumTables(t.db))).toEqual([]);
    expect(await linksOf(fresh.id)).toEqual([]);
  });

  it('linking a linked recording again changes nothing, even once the file has left the folder', async () => {
    const fresh = await addRecord(w.qcA, scorecard(w));
    const name = '20261120-130000_01712345678_AG-1-all.wav';
    const [file] = await writeRecordings(recordingsDir, DAY, { [name]: toneWav(1) });
    const first = await link(name, fresh.id);
    expect(first.status, first.text).toBe(200);
    await fs.rm(file as string);
    const before = await checksumTables(t.db);
    const again = await link(name, fresh.id);
    expect(again.json()).toEqual(first.json());
    expect(changedTables(before, await checksumTables(t.db))).toEqual([]);
  });
});
