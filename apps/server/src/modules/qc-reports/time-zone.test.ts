// A QC record belongs to its call date, whatever the clock said when it was scored: one scored at 00:30 of the
// call centre's day (TIME_ZONE), still the day before in UTC when the zone is Dhaka, counts on that day in the daily
// summary, the monthly summary and the day's records file, in Dhaka as in UTC.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { QC_EXPORTS, addDays, localDayText, type TAgentPerformanceSummary, type TAgentSummary } from '@crm/shared';
import { useTestApp, type TestUser } from '../../test/harness.ts';
import {
  addRecord,
  createAgentUser,
  download,
  openXlsxReply,
  query,
  reportWorld,
  sheetRows,
  type ReportWorld,
} from '../../test/qc-reports-support.ts';
import { TEST_TIME_ZONES, atLocal } from '../../test/time-zones.ts';

const DAY = '2026-05-10';
const DAY_BEFORE = addDays(DAY, -1);

describe.each(TEST_TIME_ZONES)('QC records by day, with TIME_ZONE=%s', (zone) => {
  const t = useTestApp({ timeZone: zone });
  let w: ReportWorld;
  let nadia: TestUser;

  /** A record of the call date scored at a wall clock of the zone (the scoring time written as the clock said it). */
  async function scoredAt(callDate: string, wallClock: string, total: number): Promise<void> {
    const record = await addRecord(w, w.qcA, { agent: nadia, total, callDate });
    const at = atLocal(zone, wallClock);
    await sql`update qc_records set created_at = ${at}, updated_at = ${at} where id = ${record.id}`.execute(t.db);
  }

  beforeAll(async () => {
    w = await reportWorld(t);
    nadia = await createAgentUser(t, 'Nadia Night');
    await scoredAt(DAY, `${DAY} 00:30:00`, 90);
    await scoredAt(DAY_BEFORE, `${DAY_BEFORE} 23:59:00`, 70);
  });

  it('puts the time of 00:30 on its own day in the zone', () => {
    expect(localDayText(atLocal(zone, `${DAY} 00:30:00`), zone)).toBe(DAY);
  });

  it('counts the record scored at 00:30 in the daily summary of its day, as JSON and as the xlsx file', async () => {
    const r = await w.admin.get(`/api/qcReport/qc-report/summary?${query({ callDate: DAY })}`);
    expect(r.status, r.text).toBe(200);
    expect(r.json<TAgentSummary[]>()).toEqual([
      {
        agentName: 'Nadia Night',
        agentId: nadia.username,
        red: '',
        yellow: '',
        blue: '',
        green: '90.0',
        suggestions: '',
      },
    ]);
    const book = await openXlsxReply(
      await download(t, `${QC_EXPORTS.dailySummary.path}?${query({ date: DAY })}`, w.tokens.admin),
      `Daily_Qc_Summary_${DAY}.xlsx`,
    );
    expect(sheetRows(book, 'Agent Summaries').slice(1)).toEqual([
      ['Nadia Night', nadia.username, null, null, null, 90, null],
    ]);
  });

  it('keeps each record on its own day in the monthly summary, as JSON and as the xlsx file', async () => {
    const range = { startDate: DAY_BEFORE, endDate: DAY };
    const r = await w.admin.get(`/api/qcReport/date-range-summary?${query(range)}`);
    expect(r.status, r.text).toBe(200);
    expect(r.json<TAgentPerformanceSummary[]>()).toEqual([
      {
        agentName: 'Nadia Night',
        agentId: nadia.username,
        dailyAverages: { [DAY_BEFORE]: 70, [DAY]: 90 },
        sum: 160,
        count: 2,
        average: 80,
      },
    ]);
    const url = `${QC_EXPORTS.monthlySummary.path}?${query(range)}`;
    const book = await openXlsxReply(
      await download(t, url, w.tokens.admin),
      `Monthly_Qc_Summary_${DAY_BEFORE}_to_${DAY}.xlsx`,
    );
    expect(sheetRows(book, 'Performance Summary')).toEqual([
      ['Agent Name', 'Agent Id', DAY_BEFORE, DAY, 'Sum', 'Count', 'Average'],
      ['Nadia Night', nadia.username, 70, 90, 160, 2, 80],
    ]);
  });

  it("lists the record scored at 00:30 in its day's records file, and not in the day before's", async () => {
    const book = await openXlsxReply(
      await download(t, `${QC_EXPORTS.inHouse.path}?${query({ date: DAY })}`, w.tokens.admin),
      QC_EXPORTS.inHouse.fileName(DAY),
    );
    const rows = sheetRows(book, QC_EXPORTS.inHouse.sheet).slice(1);
    expect(rows.map((row) => [row[0], row[1], row[22]])).toEqual([[DAY, 'Nadia Night', 90]]);
    const before = await openXlsxReply(
      await download(t, `${QC_EXPORTS.inHouse.path}?${query({ date: DAY_BEFORE })}`, w.tokens.admin),
      QC_EXPORTS.inHouse.fileName(DAY_BEFORE),
    );
    expect(
      sheetRows(before, QC_EXPORTS.inHouse.sheet)
        .slice(1)
        .map((row) => [row[0], row[22]]),
    ).toEqual([[DAY_BEFORE, 70]]);
  });
});
