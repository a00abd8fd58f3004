// The call in progress as a draft: written with question numbers, read back onto the survey as it is now.
import { describe, expect, it } from 'vitest';
import type { TQuestionType, TSurveyQuestion } from '@crm/shared';
import { draftOfRun, isParkedDraft, runFromDraft } from './call-draft.ts';

const q = (id: number, qno: string, type: TQuestionType, options = '', status = true): TSurveyQuestion => ({
  id,
  qno,
  type,
  options,
  status,
});
const QUESTIONS = [
  q(10, 'Q1', 'Select Option', 'Yes, No'),
  q(20, 'Q2', 'Text Input'),
  q(30, 'Q3', 'Multi Select Option', 'A, B, C'),
  q(40, 'Q4', 'Plain Text'),
];

describe('a call draft', () => {
  it('names the questions shown and every answer given by qno, as a lead stores them, with the version looked up', () => {
    const run = { path: [10, 30, 40], answers: { 10: 'Yes', 30: ['A', 'C'], 20: ' backed out of ', 40: 'ignored' } };
    expect(draftOfRun(QUESTIONS, run, 3)).toEqual({
      path: ['Q1', 'Q3', 'Q4'],
      answers: { Q1: 'Yes', Q2: 'backed out of', Q3: 'A, C' },
      leadVersion: 3,
    });
    expect(draftOfRun(QUESTIONS, { path: [10], answers: { 10: '  ' } }, undefined)).toEqual({
      path: ['Q1'],
      answers: {},
      leadVersion: null,
    });
  });

  it('comes back as the same run, a multi-select as its options', () => {
    const run = { path: [10, 20, 30], answers: { 10: 'No', 20: 'Too dear', 30: ['B', 'C'] } };
    expect(runFromDraft(QUESTIONS, draftOfRun(QUESTIONS, run, 0))).toEqual(run);
  });

  it('leaves out questions deleted or switched off since, and is nothing when none of its path is left', () => {
    const now = [
      q(10, 'Q1', 'Select Option', 'Yes, No'),
      q(30, 'Q3', 'Multi Select Option', 'A, B, C', false),
      q(50, 'Q5', 'Number'),
    ];
    expect(runFromDraft(now, { path: ['Q1', 'Q2', 'Q3', 'Q5'], answers: { Q1: 'Yes', Q2: 'x', Q3: 'A' } })).toEqual({
      path: [10, 50],
      answers: { 10: 'Yes' },
    });
    expect(runFromDraft(now, { path: ['Q2', 'Q3'], answers: {} })).toBeUndefined();
  });
});

describe('isParkedDraft', () => {
  const recent = [
    {
      leadId: 12,
      cellNumber: '+8801712345678',
      respondentName: null,
      savedAt: '2026-11-20T09:00:00.000Z',
      isCalled: 0,
      stoppedAt: 'Q2',
    },
  ];
  const draft = { leadId: 12, currentQno: 'Q2', updatedAt: '2026-11-20T09:00:01.000Z' };

  it("is the draft the caller's own Partial Call wrote just after its save, at the question it stopped at", () => {
    expect(isParkedDraft(draft, recent)).toBe(true);
  });

  it('is a call left open otherwise: another question, answered on since, another lead, or a completed save last', () => {
    expect(isParkedDraft({ ...draft, currentQno: 'Q3' }, recent)).toBe(false);
    expect(isParkedDraft({ ...draft, updatedAt: '2026-11-20T09:05:00.000Z' }, recent)).toBe(false);
    expect(isParkedDraft({ ...draft, updatedAt: '2026-11-20T08:59:00.000Z' }, recent)).toBe(false);
    expect(isParkedDraft({ ...draft, leadId: 13 }, recent)).toBe(false);
    expect(
      isParkedDraft(
        draft,
        recent.map((c) => ({ ...c, isCalled: 1, stoppedAt: null })),
      ),
    ).toBe(false);
  });
});
