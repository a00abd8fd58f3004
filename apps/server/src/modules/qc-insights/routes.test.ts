// GET /api/qcInsights: who may read it, the figures against hand-computed values, an inspector's own lines, and the
// range checks. The disputes' figures are in disputes.test.ts, the xlsx in export.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TQcInsights } from '@crm/shared';
import { createUser, type Caller, type TestUser } from '../../test/harness.ts';
import { useTestApp } from '../../test/harness.ts';
import { insertRecord } from '../../test/qc-insights-records.ts';

const t = useTestApp();
const RINA = { agentId: 'rina', agentName: 'Rina Akter' };
const BABUL = { agentId: 'babul', agentName: 'Babul Mia' };
// Two weeks, Monday 2 March to Sunday 15 March 2026.
const RANGE = { startDate: '2026-03-02', endDate: '2026-03-15' };

let qA: TestUser;
let qB: TestUser;
let admin: Caller;
let inspectorA: Caller;

const url = (params: Record<string, string>) => `/api/qcInsights?${new URLSearchParams(params).toString()}`;
async function insightsOf(api: Caller, params: Record<string, string>): Promise<TQcInsights> {
  const r = await api.get(url(params));
  expect(r.status, r.text).toBe(200);
  return r.json<TQcInsights>();
}

beforeAll(async () => {
  qA = await createUser(t.db, { role: 'qc', username: 'inspector-a', name: 'Anika Rahman' });
  qB = await createUser(t.db, { role: 'qc', username: 'inspector-b', name: 'Bashir Uddin' });
  admin = await t.callerFor('admin');
  inspectorA = await t.as(qA);
  const add = (
    agent: typeof RINA,
    inspector: TestUser,
    callDate: string,
    marks: Record<string, number> = {},
    more: { campaignName?: string; kind?: 'client' } = {},
  ) => insertRecord(t.db, { agent, inspector, callDate, marks, ...more });
  await add(RINA, qA, '2026-03-02', { crm: 10, liveliness: 5 }); // 85
  await add(RINA, qA, '2026-03-04', { crm: 0, greetings: -5 }); // 75
  await add(RINA, qA, '2026-03-10', { pace: 5 }); // 95
  await add(RINA, qB, '2026-03-11', { crm: 0, pace: 0, fatal: -100 }); // -30
  await add(BABUL, qB, '2026-03-03'); // 100
  await add(BABUL, qB, '2026-03-12', { closing: -5, greetings: -5 }); // 90
  await add(BABUL, qA, '2026-03-05', { liveliness: 0 }, { campaignName: 'Beta' }); // 90
  // Never counted: the day after the range, the day before it, and a client record.
  await add(RINA, qA, '2026-03-16', { fatal: -100 });
  await add(RINA, qA, '2026-03-01', { fatal: -100 });
  await add(RINA, qA, '2026-03-05', { crm: 0 }, { kind: 'client' });
});

describe('GET /api/qcInsights', () => {
  it('answers 401 without a session and 403 to an agent', async () => {
    expect((await t.anonymous.get(url(RANGE))).status).toBe(401);
    const agent = await t.callerFor('agent');
    expect((await agent.get(url(RANGE))).status).toBe(403);
  });

  it('gives each agent the weekly grade trend, the mean and the three weakest criteria', async () => {
    const { agents } = await insightsOf(admin, RANGE);
    expect(agents).toEqual([
      {
        ...BABUL,
        records: 3,
        meanTotal: 93.33,
        grade: 'Exceed Expectation',
        weeks: [
          { weekStart: '2026-03-02', records: 2, meanTotal: 95, grade: 'Exceed Expectation' },
          { weekStart: '2026-03-09', records: 1, meanTotal: 90, grade: 'Exceed Expectation' },
        ],
        // Liveliness 10 / 3; Greetings and Closing 5 / 3 each, tied: scorecard order.
        weakest: [
          { criterion: 'liveliness', name: 'Liveliness', meanLost: 3.33 },
          { criterion: 'greetings', name: 'Greetings', meanLost: 1.67 },
          { criterion: 'closing', name: 'Closing', meanLost: 1.67 },
        ],
        // Records of no agent account await no acknowledgement (acknowledgements.test.ts has those that do).
        acknowledgements: { unacknowledged: 0, overdue: 0 },
      },
      {
        ...RINA,
        records: 4,
        meanTotal: 56.25,
        grade: 'Below Expectation',
        weeks: [
          { weekStart: '2026-03-02', records: 2, meanTotal: 80, grade: 'Meet Expectation' },
          { weekStart: '2026-03-09', records: 2, meanTotal: 32.5, grade: 'Below Expectation' },
        ],
        // Fatal 100 / 4, CRM (10 + 20 + 20) / 4, Pace (5 + 10) / 4.
        weakest: [
          { criterion: 'fatal', name: 'Fatal', meanLost: 25 },
          { criterion: 'crm', name: 'CRM', meanLost: 12.5 },
          { criterion: 'pace', name: 'Pace', meanLost: 3.75 },
        ],
        acknowledgements: { unacknowledged: 0, overdue: 0 },
      },
    ]);
  });

  it('gives the marks lost per criterion across the floor, in scorecard order', async () => {
    const { criteria, floor } = await insightsOf(admin, RANGE);
    expect(floor).toEqual({ records: 7, meanTotal: 72.14 }); // 505 / 7
    const lost = Object.fromEntries(
      criteria.map((c) => [c.criterion, [c.maxMarks, c.marksLost, c.meanLost, c.recordsLosing]]),
    );
    expect(lost).toEqual({
      greetings: [0, 10, 1.43, 2],
      liveliness: [10, 15, 2.14, 2],
      pronunciation: [10, 0, 0, 0],
      mumbling: [10, 0, 0, 0],
      pace: [10, 15, 2.14, 2],
      pitch: [10, 0, 0, 0],
      courtesy: [10, 0, 0, 0],
      holdProcess: [0, 0, 0, 0],
      takingPermission: [10, 0, 0, 0],
      acknowledgementAndFollowUp: [10, 0, 0, 0],
      poorObjectionAndNegotiationSkill: [0, 0, 0, 0],
      crm: [20, 50, 7.14, 3],
      closing: [0, 5, 0.71, 1],
      fatal: [0, 100, 14.29, 1],
    });
    // Every mark lost is a mark off the 100: 7 × 100 − 505.
    expect(criteria.reduce((s, c) => s + c.marksLost, 0)).toBe(195);
  });

  it("gives each inspector its volume and mean against the floor's, and no indicator under 10 records", async () => {
    const r = await insightsOf(admin, RANGE);
    expect(r.leanThreshold).toBe(5);
    expect(r.inspectors.map(({ disputes: _, ...i }) => i)).toEqual([
      // (85 + 75 + 95 + 90) / 4 = 86.25, 14.11 above 72.14; (−30 + 100 + 90) / 3 = 53.33, 18.81 below.
      {
        inspectorId: qA.id,
        inspector: 'inspector-a',
        inspectorName: 'Anika Rahman',
        records: 4,
        meanTotal: 86.25,
        difference: 14.11,
        lean: 'too few records',
      },
      {
        inspectorId: qB.id,
        inspector: 'inspector-b',
        inspectorName: 'Bashir Uddin',
        records: 3,
        meanTotal: 53.33,
        difference: -18.81,
        lean: 'too few records',
      },
    ]);
  });

  it("counts one campaign's records when one is named", async () => {
    const r = await insightsOf(admin, { ...RANGE, campaignName: 'Alpha' });
    expect(r.campaignName).toBe('Alpha');
    expect(r.floor).toEqual({ records: 6, meanTotal: 69.17 }); // 415 / 6
    expect(r.agents.map((a) => [a.agentId, a.records, a.meanTotal])).toEqual([
      ['babul', 2, 95],
      ['rina', 4, 56.25],
    ]);
    expect(r.inspectors.map((i) => [i.inspector, i.records])).toEqual([
      ['inspector-a', 3],
      ['inspector-b', 3],
    ]);
    const empty = await insightsOf(admin, { ...RANGE, campaignName: 'Nobody' });
    expect([empty.agents, empty.inspectors, empty.floor]).toEqual([[], [], { records: 0, meanTotal: 0 }]);
  });

  it("shows an inspector its own records and its own line only, against the whole floor's mean", async () => {
    const r = await insightsOf(inspectorA, RANGE);
    expect(r.agents.map((a) => [a.agentId, a.records, a.meanTotal])).toEqual([
      ['babul', 1, 90],
      ['rina', 3, 85],
    ]);
    expect(r.criteria.find((c) => c.criterion === 'crm')).toMatchObject({
      marksLost: 30,
      meanLost: 7.5,
      recordsLosing: 2,
    });
    expect(r.floor).toEqual({ records: 7, meanTotal: 72.14 });
    expect(r.inspectors.map((i) => i.inspector)).toEqual(['inspector-a']);
    const other = await insightsOf(await t.as(qB), RANGE);
    expect(other.inspectors.map((i) => i.inspector)).toEqual(['inspector-b']);
    expect(other.agents.map((a) => a.records)).toEqual([2, 1]);
  });

  it("flags an inspector 5 or more marks above the floor lenient, 5 or more below strict; lines by the account's name", async () => {
    const qC = await createUser(t.db, { role: 'qc', username: 'inspector-c', name: 'Abir Hasan' });
    const week = { startDate: '2026-05-04', endDate: '2026-05-10' };
    for (let i = 0; i < 10; i++) {
      await insertRecord(t.db, { agent: RINA, inspector: qA, callDate: '2026-05-05' }); // 100
      await insertRecord(t.db, { agent: RINA, inspector: qB, callDate: '2026-05-06', marks: { crm: 0 } }); // 80
      await insertRecord(t.db, { agent: BABUL, inspector: qC, callDate: '2026-05-07', marks: { liveliness: 0 } }); // 90
    }
    const r = await insightsOf(admin, week);
    expect(r.floor).toEqual({ records: 30, meanTotal: 90 });
    // Abir Hasan (inspector-c) sorts first by name, though last by username.
    expect(r.inspectors.map((i) => [i.inspectorName, i.inspector, i.meanTotal, i.difference, i.lean])).toEqual([
      ['Abir Hasan', 'inspector-c', 90, 0, 'in line'],
      ['Anika Rahman', 'inspector-a', 100, 10, 'lenient'],
      ['Bashir Uddin', 'inspector-b', 80, -10, 'strict'],
    ]);
  });

  it('refuses a missing, malformed, reversed or too long range with 400', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ endDate: '2026-03-15' }, 'querystring.startDate: startDate is required'],
      [
        { startDate: '2026-3-2', endDate: '2026-03-15' },
        'querystring.startDate: startDate must be a date written yyyy-MM-dd',
      ],
      [
        { startDate: '2026-03-15', endDate: '2026-03-02' },
        'querystring.endDate: The end date must be on or after the start date',
      ],
      [{ startDate: '2025-01-01', endDate: '2026-01-02' }, 'querystring.endDate: The range can be at most 366 days'],
    ];
    for (const [params, message] of cases) {
      const r = await admin.get(url(params));
      expect([r.status, r.json<{ message: string }>().message], JSON.stringify(params)).toEqual([400, message]);
    }
    // A leap year's whole year is 366 days: allowed.
    expect((await admin.get(url({ startDate: '2024-01-01', endDate: '2024-12-31' }))).status).toBe(200);
  });
});
