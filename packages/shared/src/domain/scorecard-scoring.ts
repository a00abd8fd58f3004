// Scoring a call on any scorecard (docs/scorecards.md, The arithmetic): marks checked against the version, the total in
// points or weighted mode with N/A left out, auto-fail, grade and pass; and the built-in "Standard" scorecard.
import {
  DEFAULT_GRADE_BANDS,
  HOLD_TAG,
  type TScorecardCriterion,
  type TScorecardDefinition,
  type TScorecardMark,
  type TScoredCriterion,
  type TStoredMarks,
} from '../schemas/scorecards.ts';
import { QC_CRITERIA, QC_CRITERION_KEYS, type TQcScores } from './qc-scoring.ts';

/** The spec's scorecard as version 1 of "Standard": the 14 criteria, their scales, today's bands; total = the sum. */
export const STANDARD_SCORECARD: TScorecardDefinition = {
  name: 'Standard',
  description: "The spec's scorecard: 14 criteria, the total is their sum (docs/product.md §5, §9).",
  scoringMode: 'points',
  passMark: 70,
  autoFailResult: 'zeroTotal',
  gradeBands: DEFAULT_GRADE_BANDS.map((b) => ({ ...b })),
  sections: [
    {
      name: 'Call quality',
      weight: null,
      criteria: QC_CRITERIA.map((c) => ({
        key: c.key,
        name: c.name,
        question: c.clientHeader,
        guidance: '',
        choices: c.scale.map((s) => ({ label: s.label, marks: s.marks })),
        allowNa: false,
        autoFailChoice: null,
        commentRequired: false,
        tags: c.key === 'holdProcess' ? [HOLD_TAG] : [],
      })),
    },
  ],
};

export function criteriaOf(d: Pick<TScorecardDefinition, 'sections'>): TScorecardCriterion[] {
  return d.sections.flatMap((s) => s.criteria);
}

export function bestChoiceMarks(c: Pick<TScorecardCriterion, 'choices'>): number {
  return Math.max(...c.choices.map((ch) => ch.marks));
}

export function round2(v: number): number {
  return Math.round(v * 100) / 100;
}

/** The grade of a total: the first band (highest lower bound first) it reaches; the lowest band takes everything below. */
export function gradeOf(d: Pick<TScorecardDefinition, 'gradeBands'>, total: number): string {
  const bands = [...d.gradeBands].sort((a, b) => b.from - a.from);
  return (bands.find((b) => total >= b.from) ?? bands[bands.length - 1]!).name;
}

export function lowestGrade(d: Pick<TScorecardDefinition, 'gradeBands'>): string {
  return [...d.gradeBands].sort((a, b) => a.from - b.from)[0]!.name;
}

export type TScoreResult = {
  total: number;
  grade: string;
  passed: boolean;
  autoFailed: boolean;
  /** Marks of the scored criteria, and their best marks (N/A left out of both). */
  points: number;
  maxPoints: number;
  criteria: TScoredCriterion[];
};

/** A reason marks cannot be saved, and the criterion key it belongs to (null: the whole card). */
export type TMarkProblem = { key: string | null; message: string };

/**
 * Every reason the marks cannot be saved on this version, naming the criterion: a missing or unknown criterion, a
 * choice not on its scale, N/A where not allowed, a comment it requires. Empty when they can.
 */
export function markProblems(d: TScorecardDefinition, marks: readonly TScorecardMark[]): TMarkProblem[] {
  const problems: TMarkProblem[] = [];
  const push = (key: string | null, message: string) => problems.push({ key, message });
  const byKey = new Map<string, TScorecardMark>();
  const criteria = criteriaOf(d);
  const known = new Set(criteria.map((c) => c.key));
  for (const m of marks) {
    if (!known.has(m.key)) push(m.key, `"${m.key}" is not a criterion of "${d.name}"`);
    else if (byKey.has(m.key)) push(m.key, `"${m.key}" is marked twice`);
    byKey.set(m.key, m);
  }
  let scoredMax = 0;
  let scored = 0;
  for (const c of criteria) {
    const m = byKey.get(c.key);
    if (!m) {
      push(c.key, `${c.name} must be scored`);
      continue;
    }
    if (m.choice === null) {
      if (!c.allowNa) push(c.key, `${c.name} cannot be N/A`);
      continue;
    }
    const choice = c.choices.find((ch) => ch.label === m.choice);
    if (!choice) {
      push(c.key, `${c.name} must be one of ${c.choices.map((ch) => `${ch.label} (${ch.marks})`).join(', ')}`);
      continue;
    }
    scored += 1;
    scoredMax += bestChoiceMarks(c);
    if (c.commentRequired && choice.marks < bestChoiceMarks(c) && m.comment.trim() === '')
      push(c.key, `${c.name} needs a comment when it is not at its best mark`);
  }
  if (problems.length === 0 && d.scoringMode === 'points' && (scored === 0 || scoredMax <= 0))
    push(null, 'At least one criterion worth marks must be scored (not N/A)');
  if (problems.length === 0 && d.scoringMode === 'weighted' && scored === 0)
    push(null, 'At least one criterion must be scored (not N/A)');
  return problems;
}

/** {@link markProblems}' messages. */
export function marksProblems(d: TScorecardDefinition, marks: readonly TScorecardMark[]): string[] {
  return markProblems(d, marks).map((p) => p.message);
}

/**
 * The total, grade and pass of marks that {@link marksProblems} accepts. Points mode: the scored criteria's marks as a
 * share of their best marks, ×100 (the "Standard" card's best marks add up to 100, so its total is their plain sum).
 * Weighted mode: each section's share of its best marks times its weight; sections all N/A are left out and the others'
 * weights scaled up to 100. Totals are rounded to two decimals. An auto-fail choice fails the call whatever the total.
 */
export function scoreMarks(d: TScorecardDefinition, marks: readonly TScorecardMark[]): TScoreResult {
  const byKey = new Map(marks.map((m) => [m.key, m]));
  const criteria: TScoredCriterion[] = [];
  let points = 0;
  let maxPoints = 0;
  let weighted = 0;
  let weights = 0;
  let autoFailed = false;
  for (const s of d.sections) {
    let sectionPoints = 0;
    let sectionMax = 0;
    for (const c of s.criteria) {
      const m = byKey.get(c.key);
      const choice = m?.choice == null ? null : (c.choices.find((ch) => ch.label === m.choice) ?? null);
      const best = bestChoiceMarks(c);
      const failed = choice !== null && c.autoFailChoice === choice.label;
      autoFailed ||= failed;
      if (choice !== null) {
        sectionPoints += choice.marks;
        sectionMax += best;
      }
      criteria.push({
        key: c.key,
        section: s.name,
        name: c.name,
        question: c.question,
        choice: choice?.label ?? null,
        marks: choice?.marks ?? null,
        bestMarks: best,
        comment: m?.comment ?? '',
        autoFailed: failed,
      });
    }
    points += sectionPoints;
    maxPoints += sectionMax;
    if (d.scoringMode === 'weighted' && sectionMax > 0) {
      weighted += (s.weight ?? 0) * (sectionPoints / sectionMax);
      weights += s.weight ?? 0;
    }
  }
  let total: number;
  if (d.scoringMode === 'weighted') total = weights > 0 ? round2((weighted / weights) * 100) : 0;
  // Exact when the best marks add up to 100 (Standard): no division, so 85 stays 85.
  else total = maxPoints === 100 ? round2(points) : maxPoints > 0 ? round2((points / maxPoints) * 100) : 0;
  if (autoFailed && d.autoFailResult === 'zeroTotal') total = 0;
  const grade = autoFailed && d.autoFailResult === 'failGrade' ? lowestGrade(d) : gradeOf(d, total);
  return {
    total,
    grade,
    passed: !autoFailed && total >= d.passMark,
    autoFailed,
    points: round2(points),
    maxPoints: round2(maxPoints),
    criteria,
  };
}

/** The marks as qc_records.marks keeps them. */
export function storedMarksOf(result: Pick<TScoreResult, 'criteria'>): TStoredMarks {
  return Object.fromEntries(
    result.criteria.map((c) => [c.key, { choice: c.choice, marks: c.marks, comment: c.comment }]),
  );
}

/** Stored marks back as the marks of a save (for what-if and for scoring a stored record again). */
export function marksFromStored(stored: TStoredMarks): TScorecardMark[] {
  return Object.entries(stored).map(([key, m]) => ({ key, choice: m.choice, comment: m.comment ?? '' }));
}

/** The spec's 14 marks as marks of the "Standard" scorecard: each mark's label on its criterion's scale. */
export function standardMarksOf(scores: TQcScores, comments: Partial<Record<string, string>> = {}): TScorecardMark[] {
  return QC_CRITERION_KEYS.map((key) => {
    const c = QC_CRITERIA.find((q) => q.key === key)!;
    const choice = c.scale.find((s) => s.marks === scores[key]);
    return { key, choice: choice?.label ?? String(scores[key]), comment: comments[key] ?? '' };
  });
}
