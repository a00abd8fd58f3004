// Worked examples of the scorecard arithmetic (docs/scorecards.md, The arithmetic): points and weighted, N/A, auto-fail.
import { describe, expect, it } from 'vitest';
import { ZScorecardDefinition, type TScorecardDefinitionInput, type TScorecardMark } from '../schemas/scorecards.ts';
import { QC_CRITERIA, bestScores, qcGrade, qcTotal, type TQcScores } from './qc-scoring.ts';
import { STANDARD_SCORECARD, gradeOf, marksProblems, scoreMarks, standardMarksOf } from './scorecard-scoring.ts';

const yesNo = (yes: number, no = 0) => [
  { label: 'Yes', marks: yes },
  { label: 'No', marks: no },
];

/** Three sections: Opening (20: a 10 and an N/A-able 10), Survey (60: 30 and 30), Compliance (20: 10, auto-fail 'Breach'). */
function card(overrides: Partial<TScorecardDefinitionInput> = {}) {
  return ZScorecardDefinition.parse({
    name: 'Client A',
    scoringMode: 'weighted',
    passMark: 75,
    sections: [
      {
        name: 'Opening',
        weight: 20,
        criteria: [
          { key: 'greet', name: 'Greet', question: 'Greeted?', choices: yesNo(10) },
          { key: 'verify', name: 'Verify', question: 'Verified?', choices: yesNo(10), allowNa: true },
        ],
      },
      {
        name: 'Survey',
        weight: 60,
        criteria: [
          {
            key: 'order',
            name: 'Order',
            question: 'In order?',
            choices: [
              { label: 'Yes', marks: 30 },
              { label: 'Partly', marks: 15 },
              { label: 'No', marks: 0 },
            ],
          },
          { key: 'probe', name: 'Probe', question: 'Probed?', choices: yesNo(30), commentRequired: true },
        ],
      },
      {
        name: 'Compliance',
        weight: 20,
        criteria: [
          {
            key: 'consent',
            name: 'Consent',
            question: 'Consent?',
            choices: [
              { label: 'Yes', marks: 10 },
              { label: 'Breach', marks: 0 },
            ],
            autoFailChoice: 'Breach',
          },
        ],
      },
    ],
    ...overrides,
  });
}
const marks = (m: Record<string, string | null>, comments: Record<string, string> = {}): TScorecardMark[] =>
  Object.entries(m).map(([key, choice]) => ({ key, choice, comment: comments[key] ?? '' }));

describe('weighted mode', () => {
  it('weighs each section by its share of its best marks', () => {
    // Opening 10/20 × 20 = 10; Survey 45/60 × 60 = 45; Compliance 10/10 × 20 = 20 → 75.
    const r = scoreMarks(card(), marks({ greet: 'Yes', verify: 'No', order: 'Partly', probe: 'Yes', consent: 'Yes' }));
    expect(r.total).toBe(75);
    expect(r.grade).toBe('Average Expectation');
    expect(r.passed).toBe(true);
    expect([r.points, r.maxPoints]).toEqual([65, 90]);
  });

  it('leaves an N/A criterion out of its section and of the maximum', () => {
    // Opening 10/10 × 20 = 20 (verify N/A); Survey 30/60 × 60 = 30; Compliance 20 → 70.
    const r = scoreMarks(card(), marks({ greet: 'Yes', verify: null, order: 'No', probe: 'Yes', consent: 'Yes' }));
    expect(r.total).toBe(70);
    expect(r.maxPoints).toBe(80);
    expect(r.criteria.find((c) => c.key === 'verify')).toMatchObject({ choice: null, marks: null });
    expect(r.passed).toBe(false);
  });

  it('an auto-fail choice makes the total 0, or keeps it with the lowest grade', () => {
    const m = marks({ greet: 'Yes', verify: 'Yes', order: 'Yes', probe: 'Yes', consent: 'Breach' });
    const zero = scoreMarks(card(), m);
    expect(zero).toMatchObject({ total: 0, grade: 'Below Expectation', passed: false, autoFailed: true });
    const kept = scoreMarks(card({ autoFailResult: 'failGrade' }), m);
    // 20 + 60 + 0 → 80, but failed.
    expect(kept).toMatchObject({ total: 80, grade: 'Below Expectation', passed: false, autoFailed: true });
  });
});

describe('points mode', () => {
  it('is the scored marks as a share of their best marks, N/A left out', () => {
    const points = card({ scoringMode: 'points' });
    // 10 + 0 + 15 + 30 + 10 = 65 of 90 → 72.22.
    expect(
      scoreMarks(points, marks({ greet: 'Yes', verify: 'No', order: 'Partly', probe: 'Yes', consent: 'Yes' })).total,
    ).toBe(72.22);
    // verify N/A: 65 of 80 → 81.25.
    const na = scoreMarks(points, marks({ greet: 'Yes', verify: null, order: 'Partly', probe: 'Yes', consent: 'Yes' }));
    expect([na.total, na.grade]).toEqual([81.25, 'Meet Expectation']);
  });
});

describe('marks that cannot be saved', () => {
  it('names the criterion of each problem', () => {
    const problems = marksProblems(
      card(),
      marks({ greet: 'Maybe', verify: null, order: 'Yes', probe: 'No', bogus: 'Yes' }),
    );
    expect(problems).toEqual([
      '"bogus" is not a criterion of "Client A"',
      'Greet must be one of Yes (10), No (0)',
      'Probe needs a comment when it is not at its best mark',
      'Consent must be scored',
    ]);
    expect(
      marksProblems(card(), marks({ greet: null, verify: null, order: 'Yes', probe: 'Yes', consent: 'Yes' })),
    ).toEqual(['Greet cannot be N/A']);
    expect(
      marksProblems(
        card(),
        marks({ greet: 'Yes', verify: 'Yes', order: 'Yes', probe: 'No', consent: 'Yes' }, { probe: 'Skipped' }),
      ),
    ).toEqual([]);
  });
});

describe('a scorecard that cannot be stored', () => {
  const problemsOf = (input: unknown) => {
    const r = ZScorecardDefinition.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };
  const base = card();
  it('refuses no criteria, one choice, duplicate labels and weights not adding up to 100', () => {
    expect(problemsOf({ ...base, sections: [] })).toContain('A scorecard needs at least one criterion');
    const one = structuredClone(base);
    one.sections[0]!.criteria[0]!.choices = [{ label: 'Yes', marks: 1 }];
    expect(problemsOf(one)).toContain('A scale needs 2 to 11 choices');
    const twice = structuredClone(base);
    twice.sections[0]!.criteria[0]!.choices = [
      { label: 'Yes', marks: 1 },
      { label: 'yes', marks: 0 },
    ];
    expect(problemsOf(twice)).toContain('Greet: the choice "yes" is there twice');
    const weights = structuredClone(base);
    weights.sections[0]!.weight = 30;
    expect(problemsOf(weights)).toContain('The section weights add up to 110, not 100');
  });
});

describe('the built-in Standard scorecard', () => {
  it('gives every total and grade the spec gives, for every single change from the best marks', () => {
    const cases: TQcScores[] = [bestScores()];
    for (const c of QC_CRITERIA) for (const s of c.scale) cases.push({ ...bestScores(), [c.key]: s.marks });
    cases.push(
      Object.fromEntries(QC_CRITERIA.map((c) => [c.key, Math.min(...c.scale.map((s) => s.marks))])) as TQcScores,
    );
    for (const scores of cases) {
      const m = standardMarksOf(scores);
      expect(marksProblems(STANDARD_SCORECARD, m)).toEqual([]);
      const r = scoreMarks(STANDARD_SCORECARD, m);
      expect([r.total, r.grade]).toEqual([qcTotal(scores), qcGrade(qcTotal(scores))]);
    }
  });

  it("keeps the spec's bands: the lowest takes every total below it", () => {
    expect([90, 89, 80, 70, 69, -45].map((t) => gradeOf(STANDARD_SCORECARD, t))).toEqual([
      'Exceed Expectation',
      'Meet Expectation',
      'Meet Expectation',
      'Average Expectation',
      'Below Expectation',
      'Below Expectation',
    ]);
    expect(ZScorecardDefinition.parse(STANDARD_SCORECARD)).toEqual(STANDARD_SCORECARD);
  });
});
