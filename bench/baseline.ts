// The quick guard's baseline (bench/baseline.json): the last release's same-run ratios with when, where and on which
// commit they were measured, and the comparison of a run's ratios with them (more than 15 % below is MISSED).
import fs from 'node:fs/promises';
import path from 'node:path';

export const BASELINE_FILE = path.join(import.meta.dirname, 'baseline.json');

/**
 * How far below its baseline a ratio may fall before it is MISSED, as a share of the baseline (0.15: a 40 % ratio may
 * go down to 34 %). Same-run ratios of short runs on the shared 2-core machines move by about a tenth between runs.
 */
export const TOLERANCE = 0.15;

/** One same-run ratio in percent (the product's speed ÷ its reference's, measured side by side), and what it is. */
export type Ratio = { value: number; what: string };

export type Baseline = {
  /** ISO date and time of the run. */
  measuredAt: string;
  machine: string;
  /** The load averages (1, 5, 15 min) when the run ended. */
  load: string;
  commit: string;
  ratios: Record<string, Ratio>;
};

export type Verdict = {
  name: string;
  what: string;
  value: number;
  /** Undefined when the baseline has no such ratio yet (a new one is never MISSED). */
  baseline?: number;
  /** The lowest value still ok: baseline × (1 − tolerance). */
  floor?: number;
  /** value ÷ baseline − 1, e.g. −0.2 for 20 % below. */
  change?: number;
  missed: boolean;
};

/** Each ratio of the run against the baseline's; a ratio that could not be measured (NaN, ∞) is MISSED. */
export function compareWithBaseline(
  ratios: Record<string, Ratio>,
  baseline: Baseline | undefined,
  tolerance = TOLERANCE,
): Verdict[] {
  return Object.entries(ratios).map(([name, { value, what }]) => {
    const before = baseline?.ratios[name]?.value;
    if (before === undefined) return { name, what, value, missed: !Number.isFinite(value) };
    const floor = before * (1 - tolerance);
    return { name, what, value, baseline: before, floor, change: value / before - 1, missed: !(value >= floor) };
  });
}

const pct = (n: number | undefined) => (n === undefined ? '-' : `${n.toFixed(1)} %`);
const signed = (share: number) => `${share >= 0 ? '+' : '−'}${Math.abs(share * 100).toFixed(0)} %`;

/** The comparison as table rows: ratio, now, baseline, change, verdict (bench/table.ts's printRows). */
export const VERDICT_HEAD = ['ratio', 'now', 'baseline', 'change', 'verdict'];
export function verdictRows(verdicts: readonly Verdict[]): string[][] {
  return verdicts.map((v) => [
    v.what,
    pct(v.value),
    pct(v.baseline),
    v.change === undefined ? '-' : signed(v.change),
    v.missed ? 'MISSED' : v.baseline === undefined ? 'ok (no baseline yet)' : 'ok',
  ]);
}

/** One line per MISSED ratio, or one `ok` line; each says against which run. */
export function verdictLines(verdicts: readonly Verdict[], baseline: Baseline | undefined): string[] {
  const of = baseline
    ? `the baseline of ${baseline.measuredAt.slice(0, 10)} (commit ${baseline.commit}, load ${baseline.load})`
    : 'no baseline (bench/baseline.json missing)';
  const missed = verdicts.filter((v) => v.missed);
  if (missed.length === 0) return [`ok: ${verdicts.length} ratios within ${TOLERANCE * 100} % of ${of}`];
  return missed.map((v) =>
    v.baseline === undefined
      ? `MISSED: ${v.what}: not measured (${v.value})`
      : `MISSED: ${v.what}: ${pct(v.value)}, ${signed(v.change ?? Number.NaN)} against ${pct(v.baseline)}, below ${pct(v.floor)} (${TOLERANCE * 100} % under ${of})`,
  );
}

/**
 * A caution when this run or the baseline's ran with more runnable processes than cores: the references (the bare
 * route above all) lose more of their speed to a busy machine than the product does, so such ratios move by more than
 * the tolerance. Undefined when both were quiet.
 */
export function loadCaution(baseline: Baseline | undefined, load: number, cores: number): string | undefined {
  const before = baseline === undefined ? Number.NaN : Number.parseFloat(baseline.load);
  if (!(load > cores) && !(before > cores)) return undefined;
  const then = Number.isNaN(before) ? '' : `, the baseline's ${before.toFixed(1)}`;
  return `(load ${load.toFixed(1)} now${then}, on ${cores} cores: ratios measured on a busy machine move by more than ${TOLERANCE * 100} %; compare runs at a similar, low load before believing a MISSED)`;
}

/** Checks a baseline file's text; throws saying what is wrong. */
export function parseBaseline(text: string): Baseline {
  const data: unknown = JSON.parse(text);
  const fail = (what: string): never => {
    throw new Error(`bench/baseline.json: ${what}`);
  };
  if (typeof data !== 'object' || data === null) return fail('not an object');
  const record = data as Record<string, unknown>;
  for (const key of ['measuredAt', 'machine', 'load', 'commit'])
    if (typeof record[key] !== 'string') fail(`"${key}" is not a string`);
  const ratios = record.ratios;
  if (typeof ratios !== 'object' || ratios === null) return fail('"ratios" is not an object');
  for (const [name, ratio] of Object.entries(ratios)) {
    const r = ratio as Partial<Ratio> | null;
    if (typeof r?.value !== 'number' || !Number.isFinite(r.value) || typeof r.what !== 'string')
      fail(`ratio "${name}" needs a finite "value" and a "what"`);
  }
  return data as Baseline;
}

/** The baseline in the repository, or undefined when there is none yet. */
export async function readBaseline(file = BASELINE_FILE): Promise<Baseline | undefined> {
  const text = await fs.readFile(file, 'utf8').catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return undefined;
    throw e;
  });
  return text === undefined ? undefined : parseBaseline(text);
}

export async function writeBaseline(baseline: Baseline, file = BASELINE_FILE): Promise<void> {
  await fs.writeFile(file, `${JSON.stringify(baseline, null, 2)}\n`);
}
