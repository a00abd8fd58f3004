import { beforeAll, describe, expect, it } from 'vitest';
import { QC_EXPORTS, type TAgentPerformanceSummary, type TAgentSummary, type TGradeCount } from '@crm/shared';
import { caller, useTestApp, type TestUser } from '../../test/harness.ts';
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

const t = useTestApp();
let w: ReportWorld;
let seema: TestUser;
let tanvir: TestUser;

const DAY = '2026-05-05';
const ONLY_B_DAY = '2026-05-06';
const RANGE = { startDate: '2026-05-01', endDate: '2026-05-31' };

const JSON_CALLS = [
  '/api/qcReport/unique-dates-download-reports-in-house',
  '/api/qcReport/unique-dates-download-reports-client',
  `/api/qcReport/get-all-qc-records-in-house-for-excel-print?${query({ date: DAY })}`,
  `/api/qcReport/get-all-qc-records-client-for-excel-print?${query({ date: DAY })}`,
  `/api/qcReport/qc-report/summary?${query({ callDate: DAY })}`,
  `/api/qcReport/date-range-summary?${query(RANGE)}`,
  `/api/qcReport/grade-distribution?${query({ date: DAY })}`,
];
const FILES = [
  `${QC_EXPORTS.inHouse.path}?${query({ date: DAY })}`,
  `${QC_EXPORTS.client.path}?${query({ date: DAY })}`,
  `${QC_EXPORTS.dailySummary.path}?${query({ date: DAY })}`,
  `${QC_EXPORTS.monthlySummary.path}?${query(RANGE)}`,
];

beforeAll(async () => {
  w = await reportWorld(t);
  seema = await createAgentUser(t, 'Seema Das');
  tanvir = await createAgentUser(t, 'Tanvir Ahmed');
  // Inspector A scored Seema, inspector B Tanvir, on the same day; B also on a day of its own.
  await addRecord(w, w.qcA, { agent: seema, total: 90, callDate: DAY, suggestion: 'from A' });
  await addRecord(w, w.qcB, { agent: tanvir, total: 60, callDate: DAY, suggestion: 'from B' });
  await addRecord(w, w.qcB, { agent: tanvir, total: 80, callDate: ONLY_B_DAY });
  await addRecord(w, w.qcA, { agent: seema, total: 85, callDate: DAY, suggestion: 'client from A' }, 'client');
  await addRecord(w, w.qcB, { agent: tanvir, total: 65, callDate: DAY, suggestion: 'client from B' }, 'client');
});

describe('who may use the QC reports', () => {
  it.each([...JSON_CALLS, ...FILES])('refuses %s to anyone not signed in (401) and to agents (403)', async (url) => {
    expect((await t.anonymous.get(url)).status).toBe(401);
    expect((await w.agent.get(url)).status).toBe(403);
  });

  it.each([...JSON_CALLS, ...FILES])('lets admins and QC inspectors call %s', async (url) => {
    expect((await w.admin.get(url)).status).toBe(200);
    expect((await w.qcA.get(url)).status).toBe(200);
  });

  it('downloads a file with a media token in ?token= (a plain link), never with a session token there', async () => {
    const media = (await caller(t.app, w.tokens.qcA).get('/api/auth/media-token')).json<{ token: string }>().token;
    for (const url of FILES) {
      expect((await t.anonymous.get(`${url}&token=${media}`)).status).toBe(200);
      expect((await t.anonymous.get(`${url}&token=${w.tokens.qcA}`)).status).toBe(401);
    }
    // The JSON calls take the Authorization header only.
    expect((await t.anonymous.get(`${JSON_CALLS[2]}&token=${media}`)).status).toBe(401);
    const agentMedia = (await caller(t.app, w.tokens.agent).get('/api/auth/media-token')).json<{ token: string }>()
      .token;
    expect((await t.anonymous.get(`${FILES[0]}&token=${agentMedia}`)).status).toBe(403);
  });
});

describe("an inspector sees only its own records, an admin everyone's", () => {
  it('in the unique dates', async () => {
    expect((await w.qcA.get('/api/qcReport/unique-dates-download-reports-in-house')).body).toEqual([DAY]);
    expect((await w.qcB.get('/api/qcReport/unique-dates-download-reports-in-house')).body).toEqual([ONLY_B_DAY, DAY]);
    expect((await w.admin.get('/api/qcReport/unique-dates-download-reports-in-house')).body).toEqual([ONLY_B_DAY, DAY]);
    expect((await w.qcA.get('/api/qcReport/unique-dates-download-reports-client')).body).toEqual([DAY]);
  });

  it('in the excel-print records', async () => {
    const names = async (api: typeof w.admin, kind: 'in-house' | 'client') =>
      (await api.get(`/api/qcReport/get-all-qc-records-${kind}-for-excel-print?${query({ date: DAY })}`))
        .json<{ agentName: string; qcInspector: string }[]>()
        .map((r) => r.agentName);
    expect(await names(w.qcA, 'in-house')).toEqual(['Seema Das']);
    expect(await names(w.qcB, 'in-house')).toEqual(['Tanvir Ahmed']);
    expect(await names(w.admin, 'in-house')).toEqual(['Seema Das', 'Tanvir Ahmed']);
    expect(await names(w.qcA, 'client')).toEqual(['Seema Das']);
    expect(await names(w.admin, 'client')).toEqual(['Seema Das', 'Tanvir Ahmed']);
  });

  it('in the daily summary, the range summary and the grade distribution', async () => {
    const daily = async (api: typeof w.admin) =>
      (await api.get(`/api/qcReport/qc-report/summary?${query({ callDate: DAY })}`)).json<TAgentSummary[]>();
    expect(await daily(w.qcA)).toEqual([
      {
        agentName: 'Seema Das',
        agentId: seema.username,
        red: '',
        yellow: '',
        blue: '',
        green: '90.0',
        suggestions: 'from A',
      },
    ]);
    expect((await daily(w.admin)).map((a) => a.agentName)).toEqual(['Seema Das', 'Tanvir Ahmed']);

    const range = async (api: typeof w.admin) =>
      (await api.get(`/api/qcReport/date-range-summary?${query(RANGE)}`)).json<TAgentPerformanceSummary[]>();
    expect((await range(w.qcA)).map((a) => [a.agentName, a.count])).toEqual([['Seema Das', 1]]);
    expect((await range(w.qcB)).map((a) => [a.agentName, a.count])).toEqual([['Tanvir Ahmed', 2]]);
    expect((await range(w.admin)).map((a) => a.agentName)).toEqual(['Seema Das', 'Tanvir Ahmed']);

    const grades = async (api: typeof w.admin) =>
      (await api.get(`/api/qcReport/grade-distribution?${query({ date: DAY })}`))
        .json<TGradeCount[]>()
        .map((g) => g.count);
    expect(await grades(w.qcA)).toEqual([1, 0, 0, 0]);
    expect(await grades(w.qcB)).toEqual([0, 0, 0, 1]);
    expect(await grades(w.admin)).toEqual([1, 0, 0, 1]);
  });

  it('in every file', async () => {
    // The agent's name: column 2 of the records, column 1 of the summaries.
    const agentNames = async (token: string, url: string, fileName: string, sheet: string) =>
      sheetRows(await openXlsxReply(await download(t, url, token), fileName), sheet)
        .slice(1)
        .map((r) => r[sheet === 'QC Records' ? 1 : 0]);
    const files = [
      [FILES[0], `QC_Records_In-House_${DAY}.xlsx`, 'QC Records'],
      [FILES[1], `QC_Records_Client_${DAY}.xlsx`, 'QC Records'],
      [FILES[2], `Daily_Qc_Summary_${DAY}.xlsx`, 'Agent Summaries'],
      [FILES[3], 'Monthly_Qc_Summary_2026-05-01_to_2026-05-31.xlsx', 'Performance Summary'],
    ] as const;
    for (const [url, fileName, sheet] of files) {
      expect(await agentNames(w.tokens.qcA, url as string, fileName, sheet), url).toEqual(['Seema Das']);
      expect(await agentNames(w.tokens.qcB, url as string, fileName, sheet), url).toEqual(['Tanvir Ahmed']);
      expect(await agentNames(w.tokens.admin, url as string, fileName, sheet), url).toEqual([
        'Seema Das',
        'Tanvir Ahmed',
      ]);
    }
  });
});
