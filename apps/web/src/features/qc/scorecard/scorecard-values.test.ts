// The scorecard's choices: each criterion's scale in order with whole-number marks (what keys 1/2/3 pick), a stored
// mark off the scale shown but not choosable, the EAS answers whatever their case, and the live total and grade.
import { describe, expect, it } from 'vitest';
import { bestScores, QC_CRITERIA } from '@crm/shared';
import { easChoices, markChoices, marksForKey, normalisedEas, scoreResult } from './scorecard-values.ts';

const criterion = (key: string) => {
  const c = QC_CRITERIA.find((x) => x.key === key);
  if (c === undefined) throw new Error(key);
  return c;
};

describe('a criterion’s choices', () => {
  it('are exactly its scale, labelled with whole-number marks', () => {
    expect(markChoices(criterion('crm'), 20)).toEqual([
      { value: '20', label: 'Yes (20)' },
      { value: '10', label: 'Need Improvement (10)' },
      { value: '0', label: 'No (0)' },
    ]);
    expect(markChoices(criterion('poorObjectionAndNegotiationSkill'), 0).map((c) => c.label)).toEqual([
      'Yes (0)',
      'Need Improvement (-10)',
      'No (-20)',
    ]);
    expect(markChoices(criterion('fatal'), 0).map((c) => c.value)).toEqual(['-100', '0']);
  });

  it('show a stored mark off the scale first, not choosable', () => {
    const choices = markChoices(criterion('pace'), 7);
    expect(choices[0]).toEqual({ value: '7', label: '7 (off the scale)', disabled: true });
    expect(choices).toHaveLength(4);
  });

  it('hint at the scale with whole numbers (never "No(-20.00)")', () => {
    expect(criterion('poorObjectionAndNegotiationSkill').hint).toBe('Yes (0) / Need Improvement (-10) / No (-20)');
    for (const c of QC_CRITERIA) expect(c.hint).not.toMatch(/\.\d|\(\s*\)|\w\(/);
  });
});

describe('keys 1/2/3', () => {
  it('pick the scale’s choices left to right, and nothing past its end', () => {
    const crm = criterion('crm');
    expect([marksForKey(crm, '1'), marksForKey(crm, '2'), marksForKey(crm, '3')]).toEqual([20, 10, 0]);
    const greetings = criterion('greetings');
    expect([marksForKey(greetings, '1'), marksForKey(greetings, '2'), marksForKey(greetings, '3')]).toEqual([
      0,
      -5,
      null,
    ]);
    expect(marksForKey(crm, '0')).toBeNull();
    expect(marksForKey(crm, 'a')).toBeNull();
    expect(marksForKey(crm, '12')).toBeNull();
  });
});

describe('EAS voice matched', () => {
  it('reads yes/no in any case as Yes/No and keeps other words', () => {
    expect(normalisedEas('yes')).toBe('Yes');
    expect(normalisedEas(' NO ')).toBe('No');
    expect(normalisedEas('Partly')).toBe('Partly');
    expect(normalisedEas('')).toBe('');
  });

  it('offers not checked, Yes and No, and an older record’s own words', () => {
    expect(easChoices('Yes').map((c) => c.value)).toEqual(['', 'Yes', 'No']);
    expect(easChoices('Partly').map((c) => c.value)).toEqual(['', 'Yes', 'No', 'Partly']);
  });
});

describe('the live result', () => {
  it('is the server’s total and grade', () => {
    expect(scoreResult(bestScores())).toEqual({ total: 100, grade: 'Exceed Expectation' });
    expect(scoreResult({ ...bestScores(), crm: 10 })).toEqual({ total: 90, grade: 'Exceed Expectation' });
    expect(scoreResult({ ...bestScores(), crm: 0, closing: -5 })).toEqual({ total: 75, grade: 'Average Expectation' });
  });
});
