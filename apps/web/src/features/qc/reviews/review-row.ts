// The review lifecycle as the screens see it (docs/product.md §4 concern flag, review lifecycle): what a row of the agent's QC
// Review shows, the draft review and its checks, and the order and checks of the Raised Flags list.
import { MAX_QC_TEXT, type TAgentQcRecord, type TAgentReview, type TAgentReviewSubmitInput } from '@crm/shared';

export type TReviewDraft = { agreed: '' | 'Yes' | 'No'; raiseConcern: boolean; comment: string };
export const EMPTY_DRAFT: TReviewDraft = { agreed: '', raiseConcern: false, comment: '' };

/**
 * open: the agent may write the review; waiting: someone else's view of a record not reviewed yet (an admin);
 * submitted: reviewed, not resolved yet; resolved: reviewed and resolved by an inspector.
 */
export type TReviewRowState =
  | { kind: 'open' }
  | { kind: 'waiting' }
  | { kind: 'submitted'; review: TAgentReview }
  | { kind: 'resolved'; review: TAgentReview };

export function reviewRowState(record: TAgentQcRecord, canReview: boolean): TReviewRowState {
  const { review } = record;
  if (review === null) return canReview ? { kind: 'open' } : { kind: 'waiting' };
  return review.isResolved ? { kind: 'resolved', review } : { kind: 'submitted', review };
}

export const REVIEW_PROBLEMS = {
  agreed: 'Choose Yes or No',
  concernComment: 'Say what the concern is',
  commentTooLong: `At most ${MAX_QC_TEXT} characters`,
  resolvedComment: 'Write what was done about the concern',
} as const;

export type TDraftProblems = { agreed?: string; comment?: string };

/** Agreed? must be answered (the older screen let it go unset); a raised concern needs a comment saying what it is. */
export function draftProblems(draft: TReviewDraft): TDraftProblems {
  const problems: TDraftProblems = {};
  if (draft.agreed === '') problems.agreed = REVIEW_PROBLEMS.agreed;
  if (draft.comment.trim().length > MAX_QC_TEXT) problems.comment = REVIEW_PROBLEMS.commentTooLong;
  else if (draft.raiseConcern && draft.comment.trim() === '') problems.comment = REVIEW_PROBLEMS.concernComment;
  return problems;
}

export function hasProblems(problems: TDraftProblems): boolean {
  return problems.agreed !== undefined || problems.comment !== undefined;
}

/** POST submit body: the record's own facts are the server's to fill. */
export function toSubmitBody(qcId: number, draft: TReviewDraft): TAgentReviewSubmitInput {
  return {
    qcId,
    agreed: draft.agreed === '' ? null : draft.agreed,
    raiseConcern: draft.raiseConcern,
    comment: draft.comment.trim(),
  };
}

/** What the inspector typed in Resolved Comment is what is saved; it must say something. */
export function resolveProblem(text: string): string | undefined {
  if (text.trim() === '') return REVIEW_PROBLEMS.resolvedComment;
  if (text.trim().length > MAX_QC_TEXT) return REVIEW_PROBLEMS.commentTooLong;
  return undefined;
}

/** Raised concerns first, then the rest; within each, the order the server gave (oldest first). */
export function orderFlags(reviews: readonly TAgentReview[], concernsOnly: boolean): TAgentReview[] {
  const shown = concernsOnly ? reviews.filter((r) => r.raiseConcern) : [...reviews];
  return shown.sort((a, b) => Number(b.raiseConcern) - Number(a.raiseConcern));
}
