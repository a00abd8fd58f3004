import { describe, expect, it } from 'vitest';
import {
  QC_CRITERIA,
  QC_CRITERION_KEYS,
  bestMarks,
  isOnScale,
  qcColour,
  qcGrade,
  qcTotal,
  type TQcScores,
} from './qc-scoring.ts';

describe('the QC scorecard', () => {
  it('has the 14 criteria in order, adding up to 100 at best and -135 at worst', () => {
    expect(QC_CRITERIA.map((c) => c.key)).toEqual([...QC_CRITERION_KEYS]);
    const best = Object.fromEntries(QC_CRITERIA.map((c) => [c.key, bestMarks(c)])) as TQcScores;
    const worst = Object.fromEntries(
      QC_CRITERIA.map((c) => [c.key, Math.min(...c.scale.map((s) => s.marks))]),
    ) as TQcScores;
    expect(qcTotal(best)).toBe(100);
    expect(qcTotal(worst)).toBe(-135);
  });

  it('offers the in-house reading of Taking Permission and Acknowledgement (Yes 10 / Need Improvement 5 / No 0)', () => {
    for (const key of ['takingPermission', 'acknowledgementAndFollowUp']) {
      const c = QC_CRITERIA.find((x) => x.key === key);
      expect(c?.scale.map((s) => s.marks)).toEqual([10, 5, 0]);
    }
    const greetings = QC_CRITERIA[0];
    if (!greetings) throw new Error('no criteria');
    expect(isOnScale(greetings, -5)).toBe(true);
    expect(isOnScale(greetings, 5)).toBe(false);
  });

  it('grades at the band edges', () => {
    expect([69, 69.99, 70, 79.99, 80, 89.99, 90, 100].map(qcGrade)).toEqual([
      'Below Expectation',
      'Below Expectation',
      'Average Expectation',
      'Average Expectation',
      'Meet Expectation',
      'Meet Expectation',
      'Exceed Expectation',
      'Exceed Expectation',
    ]);
    expect(qcGrade(-135)).toBe('Below Expectation');
  });

  it("colours an agent's daily average like the grade bands", () => {
    expect([69.5, 70, 79.9, 80, 89.9, 90].map(qcColour)).toEqual(['red', 'yellow', 'yellow', 'blue', 'blue', 'green']);
  });
});
