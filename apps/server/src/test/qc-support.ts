// Helpers of the QC tests: a campaign, agents with profiles, two inspectors, and a scorecard body.
import { expect } from 'vitest';
import {
  bestScores,
  toClientMarks,
  type TQcClientRecord,
  type TQcClientRecordCreateInput,
  type TQcRecord,
  type TQcRecordCreateInput,
} from '@crm/shared';
import { createCampaign, createUser, type Caller, type TestContext, type TestUser } from './harness.ts';
import { createAgentUser } from './qc-reports-support.ts';

export type QcWorld = {
  campaign: string;
  campaignId: number;
  agent: TestUser;
  otherAgent: TestUser;
  admin: Caller;
  qcA: Caller;
  qcB: Caller;
  inspectorA: TestUser;
  inspectorB: TestUser;
  agentApi: Caller;
  otherAgentApi: Caller;
};

export async function qcWorld(t: TestContext): Promise<QcWorld> {
  const c = await createCampaign(t.db);
  const agent = await createAgentUser(t, 'Rina Akter');
  const otherAgent = await createAgentUser(t, 'Sabbir Hasan');
  const inspectorA = await createUser(t.db, { role: 'qc' });
  const inspectorB = await createUser(t.db, { role: 'qc' });
  return {
    campaign: c.campaignName,
    campaignId: c.id,
    agent,
    otherAgent,
    admin: await t.callerFor('admin'),
    qcA: await t.as(inspectorA),
    qcB: await t.as(inspectorB),
    inspectorA,
    inspectorB,
    agentApi: await t.as(agent, { campaign: c.campaignName }),
    otherAgentApi: await t.as(otherAgent, { campaign: c.campaignName }),
  };
}

/** The call both kinds of scorecard describe: the world's agent and campaign. */
function scoredCall(w: QcWorld) {
  return {
    callDate: '2026-11-20',
    agentId: w.agent.username,
    campaignName: w.campaign,
    consumerNumber: '01712345678',
    duration: 95,
  };
}

/** Every criterion at its best (total 100), with overrides by in-house name. */
export function scorecard(w: QcWorld, overrides: Partial<TQcRecordCreateInput> = {}): TQcRecordCreateInput {
  return {
    ...scoredCall(w),
    fatalReason: '',
    easVoiceMatchedWithReport: 'yes',
    suggestion: 'Keep it up',
    ...bestScores(),
    ...overrides,
  } as TQcRecordCreateInput;
}

/** The same card with the client's Marks-suffixed names. */
export function clientScorecard(
  w: QcWorld,
  overrides: Partial<TQcClientRecordCreateInput> = {},
): TQcClientRecordCreateInput {
  return {
    ...scoredCall(w),
    fatalReasonMarks: '',
    easVoiceMatchedWithReportMarks: 'yes',
    suggestionMarks: 'Client remark',
    ...toClientMarks(bestScores()),
    ...overrides,
  } as TQcClientRecordCreateInput;
}

export async function addRecord(api: Caller, body: TQcRecordCreateInput): Promise<TQcRecord> {
  const r = await api.post('/api/qcReport/add', body);
  expect(r.status, r.text).toBe(200);
  return r.json<TQcRecord>();
}

export async function addClientRecord(api: Caller, body: TQcClientRecordCreateInput): Promise<TQcClientRecord> {
  const r = await api.post('/api/qcReport/addforclient', body);
  expect(r.status, r.text).toBe(200);
  return r.json<TQcClientRecord>();
}
