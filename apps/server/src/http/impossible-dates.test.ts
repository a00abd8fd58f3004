// Impossible calendar dates (month 13, 30 February, day 0) in every date query parameter: a 400 naming the parameter,
// never a 500 from PostgreSQL's date cast, and nothing changed.
import { beforeAll, describe, expect, it } from 'vitest';
import { createCampaign, useTestApp, type Caller, type Reply } from '../test/harness.ts';
import { changedTables, checksumTables } from '../test/table-checksums.ts';

const t = useTestApp();
let admin: Caller;
let campaignName: string;

beforeAll(async () => {
  admin = await t.callerFor('admin');
  campaignName = (await createCampaign(t.db)).campaignName;
});

const IMPOSSIBLE = ['2026-13-01', '2026-02-30', '2026-00-10', '2026-04-31', '2026-01-00'];
const GOOD = '2026-11-20';

const q = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params).toString()}`;

/** Each call with a date parameter: its name, and the call with that parameter set to `date` (the others good). */
const CALLS: [string, string, (date: string) => Promise<Reply>][] = [
  ['GET /api/agentSessions', 'date', (d) => admin.get(q('/api/agentSessions', { date: d }))],
  [
    'GET /dynamic/leadSummary/:t',
    'dataDate',
    (d) => admin.get(q(`/dynamic/leadSummary/${encodeURIComponent(campaignName)}`, { dataDate: d })),
  ],
  [
    'GET /dynamic/leads/:t',
    'dataDate',
    (d) => admin.get(q(`/dynamic/leads/${encodeURIComponent(campaignName)}`, { dataDate: d })),
  ],
  [
    'POST /dynamic/updateData',
    'dataDate',
    (d) => admin.post(q('/dynamic/updateData', { tableName: campaignName, dataDate: d, all: 'true' }), {}),
  ],
  [
    'POST /dynamic/reGenerateData',
    'dataDate',
    (d) => admin.post(q('/dynamic/reGenerateData', { tableName: campaignName, dataDate: d, all: 'true' }), {}),
  ],
  [
    'DELETE /dynamic/deleteLead',
    'dataDate',
    (d) => admin.delete(q('/dynamic/deleteLead', { tableName: campaignName, dataDate: d })),
  ],
  [
    'GET /api/file/generateCsv',
    'dataDate',
    (d) => admin.get(q('/api/file/generateCsv', { tableName: campaignName, dataDate: d })),
  ],
  [
    'GET /api/file/generateFullReportCsv',
    'startDate',
    (d) => admin.get(q('/api/file/generateFullReportCsv', { tableName: campaignName, startDate: d, endDate: GOOD })),
  ],
  [
    'GET /api/file/generateFullReportCsv',
    'endDate',
    (d) => admin.get(q('/api/file/generateFullReportCsv', { tableName: campaignName, startDate: GOOD, endDate: d })),
  ],
  [
    'GET /api/qcReport/getqcreportbyqcinspector',
    'date',
    (d) => admin.get(q('/api/qcReport/getqcreportbyqcinspector', { page: '0', size: '10', date: d })),
  ],
  [
    'GET /api/qcReport/getQcRecordsClientViewByQcInspector',
    'date',
    (d) => admin.get(q('/api/qcReport/getQcRecordsClientViewByQcInspector', { page: '0', size: '10', date: d })),
  ],
  [
    'GET /api/qcReport/get-all-qc-records-in-house-for-excel-print',
    'date',
    (d) => admin.get(q('/api/qcReport/get-all-qc-records-in-house-for-excel-print', { date: d })),
  ],
  [
    'GET /api/qcReport/get-all-qc-records-client-for-excel-print',
    'date',
    (d) => admin.get(q('/api/qcReport/get-all-qc-records-client-for-excel-print', { date: d })),
  ],
  ['GET /api/qcReport/export/in-house', 'date', (d) => admin.get(q('/api/qcReport/export/in-house', { date: d }))],
  ['GET /api/qcReport/export/client', 'date', (d) => admin.get(q('/api/qcReport/export/client', { date: d }))],
  [
    'GET /api/qcReport/export/daily-summary',
    'date',
    (d) => admin.get(q('/api/qcReport/export/daily-summary', { date: d })),
  ],
  [
    'GET /api/qcReport/export/monthly-summary',
    'startDate',
    (d) => admin.get(q('/api/qcReport/export/monthly-summary', { startDate: d, endDate: GOOD })),
  ],
  [
    'GET /api/qcReport/qc-report/summary',
    'callDate',
    (d) => admin.get(q('/api/qcReport/qc-report/summary', { callDate: d })),
  ],
  [
    'GET /api/qcReport/date-range-summary',
    'startDate',
    (d) => admin.get(q('/api/qcReport/date-range-summary', { startDate: d, endDate: GOOD })),
  ],
  [
    'GET /api/qcReport/date-range-summary',
    'endDate',
    (d) => admin.get(q('/api/qcReport/date-range-summary', { startDate: GOOD, endDate: d })),
  ],
  [
    'GET /api/qcReport/grade-distribution',
    'date',
    (d) => admin.get(q('/api/qcReport/grade-distribution', { date: d })),
  ],
  [
    'GET /api/voicelog/search',
    'directory',
    (d) => admin.get(q('/api/voicelog/search', { directory: d, msisdn: '01712345678' })),
  ],
];

describe('an impossible date in a query parameter: 400 naming the parameter, nothing changed', () => {
  it.each(CALLS)('%s ?%s', async (_call, field, send) => {
    for (const date of IMPOSSIBLE) {
      const before = await checksumTables(t.db);
      const r = await send(date);
      expect([date, r.status], r.text).toEqual([date, 400]);
      expect(r.json<{ message: string }>().message).toContain(`${field} must be a date written yyyy-MM-dd`);
      expect(changedTables(before, await checksumTables(t.db))).toEqual([]);
    }
  });

  it('a real day is still answered (no 400)', async () => {
    for (const [, , send] of CALLS) {
      const r = await send(GOOD);
      expect(r.status, r.text).toBeLessThan(400);
    }
  });
});
