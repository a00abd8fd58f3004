// The review lifecycle's pure rules: what a row shows in each state, the checks before a submit and the body sent,
// the resolved comment check and the Raised Flags order.
import { describe, expect, it } from 'vitest';
import { ZAgentReviewSubmit } from '@crm/shared';
import { agentRecord, review } from '../../../test/qc-test-data.ts';
import {
  EMPTY_DRAFT,
  REVIEW_PROBLEMS,
  draftProblems,
  hasProblems,
  orderFlags,
  resolveProblem,
  reviewRowState,
  toSubmitBody,
} from './review-row.ts';

describe('reviewRowState', () => {
  it('is open for the agent until reviewed, and only waiting for anyone else', () => {
    expect(reviewRowState(agentRecord(), true)).toEqual({ kind: 'open' });
    expect(reviewRowState(agentRecord(), false)).toEqual({ kind: 'waiting' });
  });

  it('shows the review once written, and the resolution once resolved', () => {
    const written = review();
    expect(reviewRowState(agentRecord({}, written), true)).toEqual({ kind: 'submitted', review: written });
    const resolved = review({
      isResolved: true,
      resolvedMessage: 'Re-scored',
      resolvedBy: 'qc.rahman',
      resolvedAt: '2026-03-04T08:00:00.000Z',
    });
    expect(reviewRowState(agentRecord({}, resolved), true)).toEqual({ kind: 'resolved', review: resolved });
    expect(reviewRowState(agentRecord({}, resolved), false).kind).toBe('resolved');
  });
});

describe('draftProblems', () => {
  it('asks for Agreed? before anything is sent', () => {
    expect(draftProblems(EMPTY_DRAFT)).toEqual({ agreed: REVIEW_PROBLEMS.agreed });
    expect(hasProblems(draftProblems(EMPTY_DRAFT))).toBe(true);
  });

  it('asks what a raised concern is about', () => {
    expect(draftProblems({ agreed: 'No', raiseConcern: true, comment: '  ' })).toEqual({
      comment: REVIEW_PROBLEMS.concernComment,
    });
    expect(draftProblems({ agreed: 'No', raiseConcern: true, comment: 'Wrong agent' })).toEqual({});
  });

  it('lets an agreeing review go without a comment', () => {
    expect(hasProblems(draftProblems({ agreed: 'Yes', raiseConcern: false, comment: '' }))).toBe(false);
  });
});

describe('toSubmitBody', () => {
  it('sends the record id, agreed, the concern and the trimmed comment, which the server accepts', () => {
    const body = toSubmitBody(11, { agreed: 'No', raiseConcern: true, comment: ' Wrong agent ' });
    expect(body).toEqual({ qcId: 11, agreed: 'No', raiseConcern: true, comment: 'Wrong agent' });
    expect(ZAgentReviewSubmit.safeParse(body).success).toBe(true);
  });
});

describe('resolveProblem', () => {
  it('needs something typed, and takes what is typed', () => {
    expect(resolveProblem('')).toBe(REVIEW_PROBLEMS.resolvedComment);
    expect(resolveProblem('   ')).toBe(REVIEW_PROBLEMS.resolvedComment);
    expect(resolveProblem('Re-scored the call')).toBeUndefined();
    expect(resolveProblem('x'.repeat(2001))).toBe(REVIEW_PROBLEMS.commentTooLong);
  });
});

describe('orderFlags', () => {
  const a = review({ id: 1, raiseConcern: false });
  const b = review({ id: 2, raiseConcern: true });
  const c = review({ id: 3, raiseConcern: false });
  const d = review({ id: 4, raiseConcern: true });

  it('puts raised concerns first, keeping the server order within each', () => {
    expect(orderFlags([a, b, c, d], false).map((r) => r.id)).toEqual([2, 4, 1, 3]);
  });

  it('shows only raised concerns when asked', () => {
    expect(orderFlags([a, b, c, d], true).map((r) => r.id)).toEqual([2, 4]);
  });
});
