// The dispute outcomes of GET /api/qcInsights: per inspector, disputes raised and escalated, disputed criteria by
// final outcome (the admin's decision over the inspector's answer), and the median time to answer; rows are written
// straight into the tables of migration 0018.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TQcInsights } from '@crm/shared';
import { createUser, useTestApp, type Caller, type TestUser } from '../../test/harness.ts';
import { insertDispute, insertRecord } from '../../test/qc-insights-records.ts';

const t = useTestApp();
const RINA = { agentId: 'rina', agentName: 'Rina Akter' };
const RANGE = { startDate: '2026-03-02', endDate: '2026-03-15' };
let qA: TestUser;
let qB: TestUser;
let admin: Caller;

const insightsOf = async (api: Caller, params: Record<string, string>) => {
  const r = await api.get(`/api/qcInsights?${new URLSearchParams(params).toString()}`);
  expect(r.status, r.text).toBe(200);
  return r.json<TQcInsights>();
};

beforeAll(async () => {
  qA = await createUser(t.db, { role: 'qc', username: 'inspector-a', name: 'Anika Rahman' });
  qB = await createUser(t.db, { role: 'qc', username: 'inspector-b', name: 'Bashir Uddin' });
  admin = await t.callerFor('admin');
  const a1 = await insertRecord(t.db, {
    agent: RINA,
    inspector: qA,
    callDate: '2026-03-02',
    marks: { crm: 10, liveliness: 5 },
  });
  const a2 = await insertRecord(t.db, {
    agent: RINA,
    inspector: qA,
    callDate: '2026-03-04',
    marks: { crm: 0, greetings: -5 },
  });
  const a3 = await insertRecord(t.db, { agent: RINA, inspector: qA, callDate: '2026-03-05', marks: { pace: 5 } });
  const b1 = await insertRecord(t.db, { agent: RINA, inspector: qB, callDate: '2026-03-11', marks: { fatal: -100 } });
  const outside = await insertRecord(t.db, { agent: RINA, inspector: qA, callDate: '2026-03-20', marks: { crm: 0 } });
  // Answered in 2 hours: CRM accepted, Liveliness kept.
  await insertDispute(t.db, {
    recordId: a1,
    inspector: qA,
    status: 'answered',
    raisedAt: '2026-03-03T10:00:00Z',
    answeredAt: '2026-03-03T12:00:00Z',
    criteria: [
      { criterion: 'crm', outcome: 'accepted' },
      { criterion: 'liveliness', outcome: 'kept' },
    ],
  });
  // Answered in 6 hours, both kept, escalated; the admin changed CRM and left Greetings as answered.
  await insertDispute(t.db, {
    recordId: a2,
    inspector: qA,
    status: 'decided',
    raisedAt: '2026-03-05T08:00:00Z',
    answeredAt: '2026-03-05T14:00:00Z',
    escalatedAt: '2026-03-05T15:00:00Z',
    decidedAt: '2026-03-06T09:00:00Z',
    criteria: [
      { criterion: 'crm', outcome: 'kept', decision: 'changed' },
      { criterion: 'greetings', outcome: 'kept' },
    ],
  });
  // Answered in 10 hours and kept, escalated, not decided yet: still the inspector's answer.
  await insertDispute(t.db, {
    recordId: a3,
    inspector: qA,
    status: 'escalated',
    raisedAt: '2026-03-06T08:00:00Z',
    answeredAt: '2026-03-06T18:00:00Z',
    escalatedAt: '2026-03-07T08:00:00Z',
    criteria: [{ criterion: 'pace', outcome: 'kept' }],
  });
  // Open: not answered.
  await insertDispute(t.db, {
    recordId: b1,
    inspector: qB,
    status: 'open',
    raisedAt: '2026-03-12T08:00:00Z',
    criteria: [{ criterion: 'fatal' }],
  });
  // A record outside the range: its dispute is not counted.
  await insertDispute(t.db, {
    recordId: outside,
    inspector: qA,
    status: 'answered',
    raisedAt: '2026-03-21T08:00:00Z',
    answeredAt: '2026-03-21T09:00:00Z',
    criteria: [{ criterion: 'crm', outcome: 'accepted' }],
  });
});

describe('GET /api/qcInsights: dispute outcomes per inspector', () => {
  it('counts raised, accepted, rejected, changed, awaiting and escalated, with the median hours to answer', async () => {
    const r = await insightsOf(admin, RANGE);
    expect(r.inspectors.map((i) => [i.inspector, i.disputes])).toEqual([
      [
        'inspector-a',
        {
          raised: 3,
          criteria: 5,
          accepted: 1,
          rejected: 3,
          changed: 1,
          awaiting: 0,
          escalated: 2,
          medianHoursToAnswer: 6,
        },
      ],
      [
        'inspector-b',
        {
          raised: 1,
          criteria: 1,
          accepted: 0,
          rejected: 0,
          changed: 0,
          awaiting: 1,
          escalated: 0,
          medianHoursToAnswer: null,
        },
      ],
    ]);
  });

  it('gives an inspector its own outcomes only, and counts none outside the range', async () => {
    const own = await insightsOf(await t.as(qB), RANGE);
    expect(own.inspectors.map((i) => [i.inspector, i.disputes.raised])).toEqual([['inspector-b', 1]]);
    const after = await insightsOf(admin, { startDate: '2026-03-16', endDate: '2026-03-31' });
    expect(
      after.inspectors.map((i) => [
        i.inspector,
        i.disputes.raised,
        i.disputes.accepted,
        i.disputes.medianHoursToAnswer,
      ]),
    ).toEqual([['inspector-a', 1, 1, 1]]);
  });

  it('gives zeros to an inspector without disputes', async () => {
    await insertRecord(t.db, { agent: RINA, inspector: qA, callDate: '2026-04-01' });
    const april = await insightsOf(admin, { startDate: '2026-04-01', endDate: '2026-04-01' });
    expect(april.inspectors[0]?.disputes).toEqual({
      raised: 0,
      criteria: 0,
      accepted: 0,
      rejected: 0,
      changed: 0,
      awaiting: 0,
      escalated: 0,
      medianHoursToAnswer: null,
    });
  });
});
