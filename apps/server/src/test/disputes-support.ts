// Helpers of the dispute tests: a scored record of the QC world's agent, raising a dispute on it, answering it; a
// 3-section scorecard of the campaign's own (packages/shared/src/test/three-section-scorecard.ts) and a record on it.
import { expect } from 'vitest';
import type { TDispute, TDisputeAnswerInput, TDisputeRaiseInput, TQcRecord, TQcRecordCreateInput } from '@crm/shared';
import { threeSectionCard } from '@crm/shared/test/three-section-scorecard';
import type { Caller } from './harness.ts';
import { addRecord, scorecard, type QcWorld } from './qc-support.ts';

/** The shared test card, for the dispute tests that publish more versions of it. */
export { threeSectionCard };

/** A record scored by `inspector` (qA unless named): Greetings No (−5) and CRM Need Improvement (10): total 85, Meet Expectation. */
export async function disputableRecord(
  w: QcWorld,
  inspector: Caller = w.qcA,
  overrides: Partial<TQcRecordCreateInput> = {},
): Promise<TQcRecord> {
  return addRecord(inspector, scorecard(w, { greetings: -5, crm: 10, ...overrides }));
}

/** The usual two criteria: Greetings should be Yes (0), CRM should be Yes (20). */
export function twoCriteria(qcId: number): TDisputeRaiseInput {
  return {
    qcId,
    comment: 'Two marks are wrong',
    criteria: [
      { criterion: 'greetings', proposedMark: 0, reason: 'I greeted the customer at 0:03' },
      { criterion: 'crm', proposedMark: 20, reason: 'Every question was asked in order' },
    ],
  };
}

export async function raise(api: Caller, body: TDisputeRaiseInput): Promise<TDispute> {
  const r = await api.post('/api/disputes', body);
  expect(r.status, r.text).toBe(200);
  return r.json<TDispute>();
}

export async function answer(api: Caller, id: number, body: TDisputeAnswerInput): Promise<TDispute> {
  const r = await api.put(`/api/disputes/${id}/answer`, body);
  expect(r.status, r.text).toBe(200);
  return r.json<TDispute>();
}

/** Greetings accepted, CRM kept. */
export const acceptOneKeepOne: TDisputeAnswerInput = {
  criteria: [
    { criterion: 'greetings', outcome: 'accepted', reason: '' },
    { criterion: 'crm', outcome: 'kept', reason: 'Q3 was skipped at 2:10' },
  ],
};

/** The card published and made the world's campaign's in-house and client scorecard: its version id. */
export async function useThreeSectionCard(w: QcWorld, name: string): Promise<number> {
  const created = await w.admin.post('/api/scorecards', threeSectionCard(name));
  expect(created.status, created.text).toBe(200);
  const { id } = created.json<{ id: number }>();
  const published = await w.admin.post(`/api/scorecards/${id}/publish`);
  expect(published.status, published.text).toBe(200);
  const chosen = await w.admin.put('/api/campaign-scorecards', { campaignName: w.campaign, inHouse: id, client: id });
  expect(chosen.status, chosen.text).toBe(200);
  return id;
}

/** A record on that card by qA: Greeting No, Active listening Fair ("Paused twice"), the rest at best (or `choices`). */
export async function threeSectionRecord(
  w: QcWorld,
  versionId: number,
  choices: Record<string, string> = {},
): Promise<TQcRecord> {
  const { callDate, agentId, campaignName, consumerNumber, duration } = scorecard(w);
  const r = await w.qcA.post('/api/qcReport/add', {
    callDate,
    agentId,
    campaignName,
    consumerNumber,
    duration,
    suggestion: 'Greet first',
    total: 100,
    scorecard: {
      id: versionId,
      marks: [
        { key: 'greet', choice: 'No' },
        { key: 'listen', choice: 'Fair', comment: 'Paused twice' },
        { key: 'solve', choice: 'Yes' },
        { key: 'wrapup', choice: 'Yes' },
        { key: 'compliance', choice: 'Yes' },
      ].map((m) => ({ ...m, choice: choices[m.key] ?? m.choice })),
    },
  });
  expect(r.status, r.text).toBe(200);
  return r.json<TQcRecord>();
}
