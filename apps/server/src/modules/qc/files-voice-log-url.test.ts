// Linking a recording to a QC record with VOICE_LOG_URL: the external voice log is searched for the record's number
// on its call date; a file it does not list is a 400, and the server failing a 502, nothing stored either way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QC_MESSAGES, VOICE_LOG_MESSAGES, type TQcRecord } from '@crm/shared';
import type { TConfig } from '../../config.ts';
import { useTestApp } from '../../test/harness.ts';
import { changedTables, checksumTables } from '../../test/table-checksums.ts';
import { startFakeVoiceLog, type FakeVoiceFile, type FakeVoiceLog } from '../../test/fake-voice-log.ts';
import { silentMp3 } from '../../test/test-audio.ts';
import { addRecord, qcWorld, scorecard, type QcWorld } from '../../test/qc-support.ts';

const DAY = '2026-11-20';
const LISTED = '20261120-101500_01712345678_AG-1-all.mp3';
const file = (date: string, fileName: string, phoneNumber: string): FakeVoiceFile => ({
  date,
  fileName,
  phoneNumber,
  agentId: 'AG-1',
  bytes: silentMp3(1.2),
});

// The fake external server starts first (hooks run in order), then the app is built pointing at it.
const overrides: Partial<TConfig> = { voiceLogTimeoutMs: 2000 };
let fake: FakeVoiceLog;
beforeAll(async () => {
  // 150 other recordings of the number that day: the one looked for is on the second page of the search.
  const others = Array.from({ length: 150 }, (_, i) =>
    file(DAY, `20261120-0${String(10000 + i).slice(1)}_01712345678_AG-2-all.mp3`, '01712345678'),
  );
  fake = await startFakeVoiceLog([
    ...others,
    file(DAY, LISTED, '01712345678'),
    file('2026-11-19', '20261119-101500_01712345678_AG-1-all.mp3', '01712345678'),
  ]);
  overrides.voiceLogUrl = fake.url;
});
afterAll(async () => fake.close());
const t = useTestApp(overrides);

let w: QcWorld;
beforeAll(async () => {
  w = await qcWorld(t);
});

async function linkToFresh(fileName: string) {
  const record: TQcRecord = await addRecord(w.qcA, scorecard(w));
  const before = await checksumTables(t.db);
  const r = await w.qcA.post('/api/qcReport/add-qc-report-file', { qcReport: { id: record.id }, fileName });
  return { r, changed: changedTables(before, await checksumTables(t.db)) };
}

describe('VOICE_LOG_URL: a recording link is checked against the external voice log', () => {
  it('a recording it lists for the number on the call date is linked (found past the first page)', async () => {
    fake.set({ kind: 'normal' });
    const { r, changed } = await linkToFresh(LISTED);
    expect(r.status, r.text).toBe(200);
    expect(r.json()).toMatchObject({ fileName: LISTED, callDate: DAY });
    expect(changed).toEqual(['audit_log', 'qc_record_files']);
    expect(fake.requests.some((q) => q.url.startsWith(`/search?directory=${DAY}&msisdn=%2B8801712345678&page=1`))).toBe(
      true,
    );
  });

  it('a file it does not list for that date: 400, nothing stored', async () => {
    fake.set({ kind: 'normal' });
    for (const fileName of ['20261120-120000_01712345678_AG-1-all.mp3', '20261119-101500_01712345678_AG-1-all.mp3']) {
      const { r, changed } = await linkToFresh(fileName);
      expect([r.status, r.json<{ message: string }>().message]).toEqual([
        400,
        QC_MESSAGES.recordingNotInVoiceLog(fileName, DAY),
      ]);
      expect(changed).toEqual([]);
    }
  });

  it('a recording of another number: 400 before asking the server', async () => {
    fake.set({ kind: 'normal' });
    const asked = fake.requests.length;
    const fileName = '20261120-101500_01812345678_AG-1-all.mp3';
    const { r, changed } = await linkToFresh(fileName);
    expect([r.status, r.json<{ message: string }>().message]).toEqual([
      400,
      QC_MESSAGES.recordingOfOtherNumber(fileName, '+8801712345678'),
    ]);
    expect(changed).toEqual([]);
    expect(fake.requests.length).toBe(asked);
  });

  it('the server failing: 502 saying so, nothing stored', async () => {
    fake.set({ kind: 'status', code: 500 });
    const { r, changed } = await linkToFresh(LISTED);
    expect([r.status, r.json<{ message: string }>().message]).toEqual([
      502,
      VOICE_LOG_MESSAGES.upstreamFailed('the search answered HTTP 500'),
    ]);
    expect(changed).toEqual([]);
    fake.set({ kind: 'normal' });
  });
});
