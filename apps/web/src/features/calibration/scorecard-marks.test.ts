import { describe, expect, it } from 'vitest';
import { QC_CRITERIA, QC_CRITERION_KEYS, bestScores } from '@crm/shared';
import { choiceLabel, choicesOf, nearestOnScale, othersDiffering, startingExpertMarks } from './scorecard-marks.ts';

const criterion = (key: string) => QC_CRITERIA.find((c) => c.key === key) as (typeof QC_CRITERIA)[number];

describe('the compact scorecard choices', () => {
  it('says Need Improvement as NI, with the marks', () => {
    expect(choiceLabel('Need Improvement', 5)).toBe('NI 5');
    expect(choicesOf(criterion('crm'))).toEqual([
      { value: '20', label: 'Yes 20' },
      { value: '10', label: 'NI 10' },
      { value: '0', label: 'No 0' },
    ]);
  });

  it('snaps a median to the nearest mark of the scale, a tie to the higher', () => {
    expect(nearestOnScale(criterion('liveliness'), 7.5)).toBe(10);
    expect(nearestOnScale(criterion('liveliness'), 6)).toBe(5);
    expect(nearestOnScale(criterion('greetings'), -2.5)).toBe(0);
    expect(nearestOnScale(criterion('fatal'), -60)).toBe(-100);
  });

  it('starts the expert card from recorded marks, else the consensus, else the best', () => {
    const rows = QC_CRITERION_KEYS.map((key) => ({
      key,
      marks: [],
      median: null as number | null,
      spread: null,
      expert: null as number | null,
    }));
    const at = (key: string) => rows.find((r) => r.key === key) as (typeof rows)[number];
    at('liveliness').median = 5;
    at('crm').median = 15;
    at('crm').expert = 10;
    expect(startingExpertMarks({ rows })).toEqual({ ...bestScores(), liveliness: 5, crm: 10 });
  });
});

describe("the others' marks of a call", () => {
  const scoring = (name: string, overrides: Partial<ReturnType<typeof bestScores>> = {}) => ({
    inspectorId: 1,
    inspectorName: name,
    scores: { ...bestScores(), ...overrides },
    total: 100,
    grade: 'Exceed Expectation' as const,
    comment: '',
    submittedAt: '2026-11-20T10:00:00.000Z',
  });

  it('shows nothing before the caller has submitted, whatever the call holds', () => {
    expect(othersDiffering({ myScoring: null, scorings: [scoring('B', { liveliness: 5 })] })).toEqual({});
  });

  it('shows only the criteria where someone marked differently, with who gave what', () => {
    const notes = othersDiffering({
      myScoring: scoring('A'),
      scorings: [scoring('B', { liveliness: 5 }), scoring('C')],
    });
    expect(notes).toEqual({ liveliness: { marks: [5, 10], who: 'B: 5, C: 10' } });
  });
});
