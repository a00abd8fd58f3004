// The dispute screens' rules: the agent's draft and its checks, the answer draft and its checks, and how an age and
// a deadline read.
import { describe, expect, it } from 'vitest';
import type { TDisputableCriterion, TDispute, TDisputeCriterion } from '@crm/shared';
import {
  answerProblems,
  criteriaToAnswer,
  emptyAnswerDraft,
  emptyRaiseDraft,
  otherChoices,
  outcomeBadge,
  outcomeMarks,
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

/** Two criteria of a record on "Standard", as GET /api/disputes/criteria/{qcId} answers them. */
const scale: TDisputableCriterion[] = [
  {
    key: 'greetings',
    section: 'Call quality',
    name: 'Greetings',
    question: 'Greetings',
    choices: [
      { label: 'Yes', marks: 0 },
      { label: 'No', marks: -5 },
    ],
    choice: 'No',
    marks: -5,
  },
  {
    key: 'crm',
    section: 'Call quality',
    name: 'CRM',
    question: 'CRM',
    choices: [
      { label: 'Yes', marks: 20 },
      { label: 'Need Improvement', marks: 10 },
      { label: 'No', marks: 0 },
    ],
    choice: 'Need Improvement',
    marks: 10,
  },
];

describe('raising', () => {
  it('offers the scale without the current choice', () => {
    expect(proposableChoices(scale[1]!)).toEqual([
      { value: 'Yes', label: 'Yes (20)' },
      { value: 'No', label: 'No (0)' },
    ]);
    expect(proposableChoices(scale[0]!)).toEqual([{ value: 'Yes', label: 'Yes (0)' }]);
  });

  it("sends the picked criteria in the version's order with their choices, trimmed", () => {
    const draft = emptyRaiseDraft(scale);
    draft.items.crm = { picked: true, proposedMark: 'Yes', reason: ' asked all ' };
    draft.items.greetings = { picked: true, proposedMark: 'Yes', reason: 'greeted' };
    draft.comment = '  two are wrong ';
    expect(toRaiseBody(7, scale, draft)).toEqual({
      qcId: 7,
      comment: 'two are wrong',
      criteria: [
        { criterion: 'greetings', proposedChoice: 'Yes', reason: 'greeted' },
        { criterion: 'crm', proposedChoice: 'Yes', reason: 'asked all' },
      ],
    });
  });

  it('asks for a criterion, and for each picked one a choice and a reason, in the schema’s words', () => {
    expect(raiseProblems({ id: 7 }, scale, emptyRaiseDraft(scale))).toEqual({
      criteria: 'Choose at least one criterion to dispute',
    });
    const draft = emptyRaiseDraft(scale);
    draft.items.crm = { picked: true, proposedMark: '', reason: '' };
    expect(raiseProblems({ id: 7 }, scale, draft)).toEqual({
      'items.crm.proposedMark': 'Choose the right mark',
      'items.crm.reason': 'Say why this mark is right',
    });
    draft.items.crm = { picked: true, proposedMark: 'Yes', reason: 'asked' };
    expect(raiseProblems({ id: 7 }, scale, draft)).toEqual({});
  });
});

describe('answering', () => {
  const dispute = {
    criteria: [
      criterion({
        criterion: 'greetings',
        name: 'Greetings',
        originalMark: -5,
        proposedMark: 0,
        originalChoice: 'No',
        proposedChoice: 'Yes',
        outcome: 'accepted',
      }),
      criterion({ outcome: 'kept' }),
    ],
  } as TDispute;

  it('answers every criterion, and decides only the rejected ones', () => {
    expect(criteriaToAnswer(dispute, 'answer').map((c) => c.criterion)).toEqual(['greetings', 'crm']);
    expect(criteriaToAnswer(dispute, 'decision').map((c) => c.criterion)).toEqual(['crm']);
  });

  it('offers as another mark only what is neither the scored nor the proposed one', () => {
    expect(otherChoices(criterion(), scale)).toEqual([{ value: 'No', label: 'No (0)' }]);
    const greetings = { criterion: 'greetings', originalChoice: 'No', proposedChoice: 'Yes' };
    expect(otherChoices(criterion(greetings), scale)).toEqual([]);
    // Without the record's scale, "Standard"'s.
    expect(otherChoices(criterion())).toEqual([{ value: 'No', label: 'No (0)' }]);
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
    expect(toAnswerBody(criteria, { crm: { outcome: 'changed', mark: 'No', reason: ' half ' } })).toEqual({
      criteria: [{ criterion: 'crm', outcome: 'changed', choice: 'No', reason: 'half' }],
    });
    expect(answerProblems(criteria, { crm: { outcome: 'changed', mark: 'Yes', reason: 'x' } }, scale)).toEqual({
      'crm.mark': 'CRM: "Yes" is the proposed mark; choose Accept',
    });
    // A choice is sent with a change only.
    expect(toAnswerBody(criteria, { crm: { outcome: 'kept', mark: 'No', reason: 'no' } })).toEqual({
      criteria: [{ criterion: 'crm', outcome: 'kept', reason: 'no' }],
    });
  });

  it('says each outcome in words', () => {
    expect(outcomeText(criterion())).toBe('Waiting for QC');
    expect(outcomeText(criterion({ finalOutcome: 'kept', finalMark: 10 }))).toBe('Kept at 10');
    expect(outcomeText(criterion({ finalOutcome: 'accepted', finalMark: 20 }))).toBe('Accepted: 10 → 20');
    expect(outcomeText(criterion({ finalOutcome: 'changed', finalMark: 0 }))).toBe('Changed: 10 → 0');
  });

  it('says an outcome on another scorecard by its choices, the marks beside them; Standard keeps its words', () => {
    const CARD = 7;
    const onCard = (over: Partial<TDisputeCriterion>) =>
      criterion({ originalChoice: 'Partly', originalMark: 15, proposedChoice: 'Yes', proposedMark: 30, ...over });
    const accepted = onCard({ finalOutcome: 'accepted', finalMark: 30, finalChoice: 'Yes' });
    expect(outcomeText(accepted, CARD)).toBe('Accepted: Partly → Yes');
    expect(outcomeMarks(accepted, CARD)).toBe('15 → 30');
    const changed = onCard({ finalOutcome: 'changed', finalMark: 0, finalChoice: 'No' });
    expect(outcomeText(changed, CARD)).toBe('Changed: Partly → No');
    expect(outcomeBadge(changed, CARD)).toEqual({ label: 'Changed to No', color: 'yellow', marks: '0' });
    const kept = onCard({ finalOutcome: 'kept', finalMark: 15, finalChoice: 'Partly' });
    expect([outcomeText(kept, CARD), outcomeMarks(kept, CARD)]).toEqual(['Kept at Partly', '15']);
    expect(outcomeText(onCard({}), CARD)).toBe('Waiting for QC');
    expect(outcomeMarks(onCard({}), CARD)).toBeNull();
    // Scored N/A, accepted: no marks to show for the choice as scored.
    const fromNa = onCard({
      originalChoice: null,
      originalMark: 0,
      finalOutcome: 'accepted',
      finalMark: 30,
      finalChoice: 'Yes',
    });
    expect([outcomeText(fromNa, CARD), outcomeMarks(fromNa, CARD)]).toEqual(['Accepted: N/A → Yes', 'N/A → 30']);
    // "Standard" (id 1) reads as the guide says, whatever labels the criterion carries.
    const standard = criterion({ finalOutcome: 'accepted', finalMark: 20, finalChoice: 'Yes' });
    expect([outcomeText(standard, 1), outcomeMarks(standard, 1)]).toEqual(['Accepted: 10 → 20', null]);
    expect(outcomeBadge(criterion({ finalOutcome: 'changed', finalMark: 0 }), 1)).toEqual({
      label: 'Changed to 0',
      color: 'yellow',
    });
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
