// The figures of survey results from the database's counts (docs/guide/results.md, "The figures"): options and their
// shares, a Number question's mean, median, min, max and histogram, answered / skipped / not reached, where calls end.
import { splitMultiSelect, type TResultEndedAt, type TResultNumbers, type TResultOption } from '@crm/shared';
import { PARTIAL, type ResultQuestionDef } from './calls.ts';

/** A stored value of a question and how many calls hold it. */
export type ValueCount = { value: string; count: number };

/** Calls by their shape: completed, the last question holding a value, the question a partial call stopped on. */
export type CallShape = { isCalled: number; lastQno: number | null; partialQno: number | null; count: number };

const round2 = (v: number) => Math.round(v * 100) / 100;

/** count / answered × 100, two decimals; 0 when nothing was answered. */
export const percentOf = (count: number, whole: number) => (whole === 0 ? 0 : round2((count / whole) * 100));

/** The values that are answers: 'Partial Call' marks where a call stopped, it answers nothing. */
export function answersOf(values: readonly ValueCount[]): ValueCount[] {
  return values.filter((v) => v.value.trim() !== PARTIAL);
}

/** The labels of a choice question's values, in its options' order, then any other value by count and name. */
export function optionCounts(q: ResultQuestionDef, values: readonly ValueCount[]): Map<string, number> {
  const counts = new Map<string, number>(q.options.map((o) => [o, 0]));
  const others = new Map<string, number>();
  for (const { value, count } of answersOf(values)) {
    const chosen = q.type === 'Multi Select Option' ? splitMultiSelect(value) : [value.trim()];
    for (const option of new Set(chosen)) {
      if (counts.has(option)) counts.set(option, (counts.get(option) ?? 0) + count);
      else others.set(option, (others.get(option) ?? 0) + count);
    }
  }
  const rest = [...others].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return new Map([...counts, ...rest]);
}

export function optionsOf(q: ResultQuestionDef, values: readonly ValueCount[], answered: number): TResultOption[] {
  return [...optionCounts(q, values)].map(([option, count]) => ({
    option,
    count,
    percent: percentOf(count, answered),
  }));
}

/** Bars of the histogram when the values are not a few whole numbers. */
export const HISTOGRAM_BARS = 10;

/**
 * A Number question's figures over its answers that are numbers (others are left out). The histogram: one bar per whole
 * number when every value is whole and they span at most 10 numbers (from v to v + 1); else 10 bars of equal width from
 * min to max, the last including max; one bar [min, max] when all values are equal.
 */
export function numbersOf(values: readonly ValueCount[]): TResultNumbers {
  const points = answersOf(values)
    .map(({ value, count }) => ({ v: Number(value.trim()), count }))
    .filter((p) => Number.isFinite(p.v))
    .sort((a, b) => a.v - b.v);
  const n = points.reduce((s, p) => s + p.count, 0);
  if (n === 0) return { mean: null, median: null, min: null, max: null, histogram: [] };
  const sum = points.reduce((s, p) => s + p.v * p.count, 0);
  const min = points[0]?.v ?? 0;
  const max = points[points.length - 1]?.v ?? 0;
  /** The value at 0-based position i of the sorted answers. */
  const at = (i: number) => {
    let seen = 0;
    for (const p of points) {
      seen += p.count;
      if (i < seen) return p.v;
    }
    return max;
  };
  const median = n % 2 === 1 ? at((n - 1) / 2) : (at(n / 2 - 1) + at(n / 2)) / 2;
  return { mean: round2(sum / n), median: round2(median), min, max, histogram: histogramOf(points, min, max) };
}

function histogramOf(points: ReadonlyArray<{ v: number; count: number }>, min: number, max: number) {
  const total = points.reduce((s, p) => s + p.count, 0);
  if (min === max) return [{ from: min, to: max, count: total }];
  if (points.every((p) => Number.isInteger(p.v)) && max - min + 1 <= HISTOGRAM_BARS) {
    return Array.from({ length: max - min + 1 }, (_, i) => ({
      from: min + i,
      to: min + i + 1,
      count: points.filter((p) => p.v === min + i).reduce((s, p) => s + p.count, 0),
    }));
  }
  const width = (max - min) / HISTOGRAM_BARS;
  const bars = Array.from({ length: HISTOGRAM_BARS }, (_, i) => ({
    from: round2(min + i * width),
    to: i === HISTOGRAM_BARS - 1 ? max : round2(min + (i + 1) * width),
    count: 0,
  }));
  for (const p of points) {
    const i = Math.min(HISTOGRAM_BARS - 1, Math.floor((p.v - min) / width));
    const bar = bars[i];
    if (bar) bar.count += p.count;
  }
  return bars;
}

/**
 * answered / skipped / not reached of question n over the calls (they add up to the calls): answered, a value that is
 * not 'Partial Call'; skipped, no value while the call holds a value of a later question; not reached, the rest (the
 * call's last value is of an earlier question, it stopped on this one with 'Partial Call', or it holds no answer).
 */
export function reachOf(
  n: number,
  values: readonly ValueCount[],
  shapes: readonly CallShape[],
): { answered: number; skipped: number; notReached: number } {
  const calls = shapes.reduce((s, c) => s + c.count, 0);
  const held = values.reduce((s, v) => s + v.count, 0);
  const answered = answersOf(values).reduce((s, v) => s + v.count, 0);
  const past = shapes.filter((c) => c.lastQno !== null && c.lastQno > n).reduce((s, c) => s + c.count, 0);
  const endingHere = shapes.filter((c) => c.lastQno === n).reduce((s, c) => s + c.count, 0);
  // A call past n holds a value of n unless it skipped n; every call whose last value is of n holds one.
  const skipped = past - (held - endingHere);
  return { answered, skipped, notReached: calls - answered - skipped };
}

/**
 * Where calls end, per question: partial calls that stopped on it ('Partial Call'), and not-completed calls (not
 * partial) whose last value is of it. Questions no call ended on are left out; so are calls that hold no answer.
 */
export function endedAtOf(questions: readonly ResultQuestionDef[], shapes: readonly CallShape[]): TResultEndedAt[] {
  return questions
    .map((q) => ({
      qno: q.qno,
      notCompleted: shapes
        .filter((c) => c.isCalled !== 1 && c.partialQno === null && c.lastQno === q.n)
        .reduce((s, c) => s + c.count, 0),
      partial: shapes.filter((c) => c.partialQno === q.n).reduce((s, c) => s + c.count, 0),
    }))
    .filter((e) => e.notCompleted > 0 || e.partial > 0);
}
