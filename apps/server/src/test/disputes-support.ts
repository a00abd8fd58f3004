// Helpers of the dispute tests: a scored record of the QC world's agent, raising a dispute on it, answering it.
import { expect } from 'vitest';
import type { TDispute, TDisputeAnswerInput, TDisputeRaiseInput, TQcRecord, TQcRecordCreateInput } from '@crm/shared';
import type { Caller } from './harness.ts';
import { addRecord, scorecard, type QcWorld } from './qc-support.ts';

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
