// The dispute screens' rules: the agent's draft and its checks, the answer draft and its checks, and how an age and
// a deadline read.
import { describe, expect, it } from 'vitest';
import type { TDispute, TDisputeCriterion } from '@crm/shared';
import {
  answerProblems,
  criteriaToAnswer,
  emptyAnswerDraft,
  emptyRaiseDraft,
  otherChoices,
  outcomeBadge,
  outcomeText,
  proposableChoices,
  raiseProblems,
  spanText,
  timingOf,
  toAnswerBody,
  toRaiseBody,
} from './dispute-form.ts';

const criterion = (over: Partial<TDisputeCriterion> = {}): TDisputeCriterion => ({
  criterion: 'crm',
  name: 'CRM',
  originalMark: 10,
  proposedMark: 20,
  reason: 'All asked',
  outcome: null,
  answeredMark: null,
  answerReason: null,
  decision: null,
  decidedMark: null,
  decisionReason: null,
  finalOutcome: null,
  finalMark: null,
  originalChoice: 'Need Improvement',
  proposedChoice: 'Yes',
  answeredChoice: null,
  decidedChoice: null,
  finalChoice: null,
  ...over,
});

describe('raising', () => {
  it('offers the scale without the current mark', () => {
    expect(proposableChoices('crm', 10)).toEqual([
      { value: '20', label: 'Yes (20)' },
      { value: '0', label: 'No (0)' },
    ]);
    expect(proposableChoices('greetings', -5)).toEqual([{ value: '0', label: 'Yes (0)' }]);
  });

  it('sends the picked criteria in scorecard order, trimmed', () => {
    const draft = emptyRaiseDraft();
    draft.items.crm = { picked: true, proposedMark: '20', reason: ' asked all ' };
    draft.items.greetings = { picked: true, proposedMark: '0', reason: 'greeted' };
    draft.items.pace = { picked: false, proposedMark: '5', reason: 'ignored' };
    draft.comment = '  two are wrong ';
    expect(toRaiseBody(7, draft)).toEqual({
      qcId: 7,
      comment: 'two are wrong',
      criteria: [
        { criterion: 'greetings', proposedMark: 0, reason: 'greeted' },
        { criterion: 'crm', proposedMark: 20, reason: 'asked all' },
      ],
    });
  });

  it('asks for a criterion, and for each picked one a mark and a reason, in the schema’s words', () => {
    expect(raiseProblems({ id: 7 }, emptyRaiseDraft())).toEqual({
      criteria: 'Choose at least one criterion to dispute',
    });
    const draft = emptyRaiseDraft();
    draft.items.crm = { picked: true, proposedMark: '', reason: '' };
    expect(raiseProblems({ id: 7 }, draft)).toEqual({
      'items.crm.proposedMark': 'Choose the right mark',
      'items.crm.reason': 'Say why this mark is right',
    });
    draft.items.crm = { picked: true, proposedMark: '20', reason: 'asked' };
    expect(raiseProblems({ id: 7 }, draft)).toEqual({});
  });
});

describe('answering', () => {
  const dispute = {
    criteria: [
      criterion({ criterion: 'greetings', name: 'Greetings', originalMark: -5, proposedMark: 0, outcome: 'accepted' }),
      criterion({ outcome: 'kept' }),
    ],
  } as TDispute;

  it('answers every criterion, and decides only the rejected ones', () => {
    expect(criteriaToAnswer(dispute, 'answer').map((c) => c.criterion)).toEqual(['greetings', 'crm']);
    expect(criteriaToAnswer(dispute, 'decision').map((c) => c.criterion)).toEqual(['crm']);
  });

  it('offers as another mark only what is neither the scored nor the proposed one', () => {
    expect(otherChoices(criterion())).toEqual([{ value: '0', label: 'No (0)' }]);
    expect(otherChoices(criterion({ criterion: 'greetings', originalMark: -5, proposedMark: 0 }))).toEqual([]);
  });

  it('needs an outcome, a reason to keep, and a mark to change', () => {
    const criteria = [criterion()];
    const draft = emptyAnswerDraft(criteria);
    expect(answerProblems(criteria, draft)).toMatchObject({ 'crm.outcome': 'Choose Keep, Accept or Change' });
    expect(answerProblems(criteria, { crm: { outcome: 'kept', mark: '', reason: '' } })).toEqual({
      'crm.reason': 'CRM: say why',
    });
    expect(answerProblems(criteria, { crm: { outcome: 'changed', mark: '', reason: 'half' } })).toEqual({
      'crm.mark': 'CRM: choose the mark to set',
    });
    expect(answerProblems(criteria, { crm: { outcome: 'accepted', mark: '', reason: '' } })).toEqual({});
    expect(toAnswerBody(criteria, { crm: { outcome: 'changed', mark: '0', reason: ' half ' } })).toEqual({
      criteria: [{ criterion: 'crm', outcome: 'changed', mark: 0, reason: 'half' }],
    });
    // A mark is sent with a change only.
    expect(toAnswerBody(criteria, { crm: { outcome: 'kept', mark: '0', reason: 'no' } })).toEqual({
      criteria: [{ criterion: 'crm', outcome: 'kept', reason: 'no' }],
    });
  });

  it('says each outcome in words', () => {
    expect(outcomeText(criterion())).toBe('Waiting for QC');
    expect(outcomeText(criterion({ finalOutcome: 'kept', finalMark: 10 }))).toBe('Kept at 10');
    expect(outcomeText(criterion({ finalOutcome: 'accepted', finalMark: 20 }))).toBe('Accepted: 10 → 20');
    expect(outcomeText(criterion({ finalOutcome: 'changed', finalMark: 0 }))).toBe('Changed: 10 → 0');
  });

  it('gives each answered criterion a badge: Accepted, Kept or Changed to the mark set', () => {
    expect(outcomeBadge(criterion())).toBeNull();
    expect(outcomeBadge(criterion({ finalOutcome: 'accepted', finalMark: 20 }))).toEqual({
      label: 'Accepted',
      color: 'green',
    });
    expect(outcomeBadge(criterion({ finalOutcome: 'kept', finalMark: 10 }))).toEqual({ label: 'Kept', color: 'red' });
    expect(outcomeBadge(criterion({ finalOutcome: 'changed', finalMark: 0 }))).toEqual({
      label: 'Changed to 0',
      color: 'yellow',
    });
  });
});

describe('timing', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  it('writes spans short', () => {
    expect(spanText(45 * 60_000)).toBe('45 min');
    expect(spanText(5 * 3_600_000 + 59_000)).toBe('5 h');
    expect(spanText(52 * 3_600_000)).toBe('2 d 4 h');
    expect(spanText(48 * 3_600_000)).toBe('2 d');
  });
  it('reads the age and the deadline against now', () => {
    expect(timingOf({ raisedAt: '2026-11-26T02:00:00Z', dueAt: '2026-11-28T02:00:00Z', overdue: false }, now)).toEqual({
      age: '10 h',
      deadline: 'Due in 1 d 14 h',
      overdue: false,
    });
    expect(timingOf({ raisedAt: '2026-11-23T12:00:00Z', dueAt: '2026-11-25T12:00:00Z', overdue: true }, now)).toEqual({
      age: '3 d',
      deadline: 'Overdue by 1 d',
      overdue: true,
    });
    expect(timingOf({ raisedAt: '2026-11-23T12:00:00Z', dueAt: null, overdue: false }, now)).toMatchObject({
      deadline: 'Nobody waited for',
      overdue: false,
    });
  });
});
