// The insights' acknowledgement figures: per agent and in total, the range's records awaiting the agent's
// acknowledgement and those past their campaign's window, on hand-made records; an inspector's own records only.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TQcInsights } from '@crm/shared';
import { createCampaign, createUser, type Caller, type TestUser } from '../../test/harness.ts';
import { useTestApp } from '../../test/harness.ts';
import { insertDispute, insertRecord } from '../../test/qc-insights-records.ts';

const t = useTestApp();
const RANGE = { startDate: '2026-03-02', endDate: '2026-03-15' };

let admin: Caller;
let inspectorA: Caller;
let inspectorB: Caller;

const url = (params: Record<string, string>) => `/api/qcInsights?${new URLSearchParams(params).toString()}`;
async function insightsOf(api: Caller, params: Record<string, string>): Promise<TQcInsights> {
  const r = await api.get(url(params));
  expect(r.status, r.text).toBe(200);
  return r.json<TQcInsights>();
}
const figuresOf = (insights: TQcInsights) =>
  Object.fromEntries(insights.agents.map((a) => [a.agentId, a.acknowledgements]));

beforeAll(async () => {
  const qA = await createUser(t.db, { role: 'qc', username: 'ack-inspector-a' });
  const qB = await createUser(t.db, { role: 'qc', username: 'ack-inspector-b' });
  const rinaUser = await createUser(t.db, { role: 'agent', username: 'rina' });
  const babulUser = await createUser(t.db, { role: 'agent', username: 'babul' });
  const rina = { id: rinaUser.id, agentId: 'rina', agentName: 'Rina Akter' };
  const babul = { id: babulUser.id, agentId: 'babul', agentName: 'Babul Mia' };
  admin = await t.callerFor('admin');
  inspectorA = await t.as(qA);
  inspectorB = await t.as(qB);
  // Alpha keeps the default window (3 days); Beta's is 10 days.
  const alpha = await createCampaign(t.db, { campaignName: 'Alpha' });
  const beta = await createCampaign(t.db, { campaignName: 'Beta' });
  await t.db
    .insertInto('qcAcknowledgementWindows')
    .values({ campaignId: beta.id, windowDays: 10, updatedBy: 'admin' })
    .execute();
  const scored = async (
    agent: typeof rina,
    inspector: TestUser,
    callDate: string,
    daysAgo: number,
    campaign: { id: number; campaignName: string } = alpha,
  ) => {
    const id = await insertRecord(t.db, { agent, inspector, callDate, campaignName: campaign.campaignName });
    await sql`update qc_records set campaign_id = ${campaign.id}, created_at = now() - make_interval(days => ${daysAgo})
      where id = ${id}`.execute(t.db);
    return id;
  };
  // Rina: overdue (5 days on Alpha's 3), in its window (1 day), in Beta's window (5 days on 10), acknowledged,
  // disputed, reviewed: 3 awaiting, 1 overdue.
  await scored(rina, qA, '2026-03-03', 5);
  await scored(rina, qA, '2026-03-04', 1);
  await scored(rina, qA, '2026-03-05', 5, beta);
  const acknowledged = await scored(rina, qA, '2026-03-06', 8);
  await t.db
    .insertInto('qcRecordAcknowledgements')
    .values({ qcRecordId: acknowledged, agentUserId: rina.id })
    .execute();
  const disputed = await scored(rina, qA, '2026-03-07', 8);
  await insertDispute(t.db, {
    recordId: disputed,
    inspector: qA,
    raisedAt: '2026-03-08T10:00:00Z',
    status: 'open',
    criteria: [{ criterion: 'crm' }],
  });
  const reviewed = await scored(rina, qA, '2026-03-08', 8);
  await t.db
    .insertInto('agentReviews')
    .values({ qcId: reviewed, agentUserId: rina.id, agreed: 'Yes', raiseConcern: false, comment: 'Fine' })
    .execute();
  // Babul, scored by B: two overdue (one of them on Beta, 12 days on 10).
  await scored(babul, qB, '2026-03-09', 4);
  await scored(babul, qB, '2026-03-10', 12, beta);
  // Outside the range: never counted.
  await scored(rina, qA, '2026-03-16', 9);
  await scored(babul, qB, '2026-03-01', 9);
});

describe('GET /api/qcInsights: acknowledgements', () => {
  it("counts per agent and in total the records awaiting acknowledgement and those past their campaign's window", async () => {
    const insights = await insightsOf(admin, RANGE);
    expect(figuresOf(insights)).toEqual({
      rina: { unacknowledged: 3, overdue: 1 },
      babul: { unacknowledged: 2, overdue: 2 },
    });
    expect(insights.acknowledgements).toEqual({ unacknowledged: 5, overdue: 3 });
  });

  it("narrows to the insights' campaign and dates", async () => {
    const beta = await insightsOf(admin, { ...RANGE, campaignName: 'Beta' });
    expect(figuresOf(beta)).toEqual({
      rina: { unacknowledged: 1, overdue: 0 },
      babul: { unacknowledged: 1, overdue: 1 },
    });
    expect(beta.acknowledgements).toEqual({ unacknowledged: 2, overdue: 1 });
    const firstWeek = await insightsOf(admin, { startDate: '2026-03-02', endDate: '2026-03-08' });
    expect(firstWeek.acknowledgements).toEqual({ unacknowledged: 3, overdue: 1 });
  });

  it('gives an inspector the figures of its own records only', async () => {
    const a = await insightsOf(inspectorA, RANGE);
    expect(figuresOf(a)).toEqual({ rina: { unacknowledged: 3, overdue: 1 } });
    expect(a.acknowledgements).toEqual({ unacknowledged: 3, overdue: 1 });
    const b = await insightsOf(inspectorB, RANGE);
    expect(figuresOf(b)).toEqual({ babul: { unacknowledged: 2, overdue: 2 } });
    expect(b.acknowledgements).toEqual({ unacknowledged: 2, overdue: 2 });
  });
});
