// The results of a calibration session from its scorings, on each call's scorecard version: marks side by side with
// the spread, agreement per criterion by key (percent agreement, N/A its own answer; Krippendorff's ordinal alpha over
// the marks), each inspector's lean from the consensus (the median marks; N/A left out of means), and where each
// differs from the expert marks (docs/guide/calibration.md "Results", docs/scorecards.md "Calibration").
import {
  LEAN_CRITERION_SHARE,
  LEAN_TOTAL_THRESHOLD,
  criteriaOf,
  krippendorffAlpha,
  marksFromStored,
  median,
  percentAgreement,
  scoreMarks,
  type TCalibrationAgreement,
  type TCalibrationLean,
  type TCalibrationResultCall,
  type TScorecardCriterion,
  type TScorecardDefinition,
  type TStoredMarks,
  type TUnitValues,
} from '@crm/shared';
import type { TScorecardVersion } from '../scorecards/lookup.ts';
import { refOf } from './marks.ts';

export type TFigureInspector = { id: number; name: string };
export type TFigureCall = {
  id: number;
  campaignName: string;
  consumerNumber: string;
  callDate: string;
  fileName: string | null;
  version: TScorecardVersion;
  expert: TStoredMarks | null;
};
export type TFigureScoring = { callId: number; inspectorId: number; marks: TStoredMarks; total: number };

export type TCalibrationFigures = {
  calls: TCalibrationResultCall[];
  criteria: TCalibrationAgreement[];
  overallAgreement: number | null;
  leans: TCalibrationLean[];
  criterionNames: { key: string; name: string; section: string }[];
};

/** N/A in percent agreement: an answer of its own, equal only to another N/A. */
const NA = Number.NEGATIVE_INFINITY;

const mean = (values: number[]): number | null =>
  values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
const rangeOf = (c: TScorecardCriterion): number => {
  const marks = c.choices.map((ch) => ch.marks);
  return Math.max(...marks) - Math.min(...marks);
};
const bestOf = (c: TScorecardCriterion): number => Math.max(...c.choices.map((ch) => ch.marks));

/**
 * The consensus card's total from the median marks of each criterion (null: every answer N/A, left out), with the
 * version's arithmetic: points mode the marks over their best ×100 (on "Standard", whose best add up to 100, the plain
 * sum); weighted mode each section's share times its weight. The auto-fail choice's marks as the median fail it.
 */
export function consensusTotal(d: TScorecardDefinition, medians: ReadonlyMap<string, number | null>): number {
  let points = 0;
  let maxPoints = 0;
  let weighted = 0;
  let weights = 0;
  let autoFailed = false;
  for (const s of d.sections) {
    let sp = 0;
    let sm = 0;
    for (const c of s.criteria) {
      const m = medians.get(c.key) ?? null;
      if (m === null) continue;
      sp += m;
      sm += bestOf(c);
      const fail = c.autoFailChoice === null ? undefined : c.choices.find((ch) => ch.label === c.autoFailChoice);
      if (fail !== undefined && m === fail.marks) autoFailed = true;
    }
    points += sp;
    maxPoints += sm;
    if (sm > 0) {
      weighted += (s.weight ?? 0) * (sp / sm);
      weights += s.weight ?? 0;
    }
  }
  if (autoFailed && d.autoFailResult === 'zeroTotal') return 0;
  if (d.scoringMode === 'weighted') return weights > 0 ? (weighted / weights) * 100 : 0;
  return maxPoints === 100 ? points : maxPoints > 0 ? (points / maxPoints) * 100 : 0;
}

export function calibrationFigures(
  inspectors: readonly TFigureInspector[],
  calls: readonly TFigureCall[],
  scorings: readonly TFigureScoring[],
): TCalibrationFigures {
  const scoringOf = (callId: number, inspectorId: number) =>
    scorings.find((s) => s.callId === callId && s.inspectorId === inspectorId);
  const answerOf = (callId: number, inspectorId: number, key: string) => scoringOf(callId, inspectorId)?.marks[key];
  /** Marks per inspector (null: not scored or N/A). */
  const marksUnit = (callId: number, key: string): TUnitValues =>
    inspectors.map((i) => answerOf(callId, i.id, key)?.marks ?? null);
  /** Answers per inspector for agreement: marks, N/A as its own value, null not scored. */
  const answerUnit = (callId: number, key: string): TUnitValues =>
    inspectors.map((i) => {
      const a = answerOf(callId, i.id, key);
      return a === undefined ? null : (a.marks ?? NA);
    });
  const presentOf = (u: TUnitValues) => u.filter((v): v is number => v !== null);
  const criteriaOfCall = (c: TFigureCall) => criteriaOf(c.version.definition);

  const resultCalls: TCalibrationResultCall[] = calls.map((c) => {
    const criteria = criteriaOfCall(c);
    const sectionOf = new Map(c.version.definition.sections.flatMap((s) => s.criteria.map((x) => [x.key, s.name])));
    return {
      id: c.id,
      campaignName: c.campaignName,
      consumerNumber: c.consumerNumber,
      callDate: c.callDate,
      fileName: c.fileName,
      rows: criteria.map(({ key }) => {
        const marks = marksUnit(c.id, key);
        const given = presentOf(marks);
        return {
          key,
          marks: [...marks],
          median: median(given),
          spread: given.length === 0 ? null : Math.max(...given) - Math.min(...given),
          expert: c.expert?.[key]?.marks ?? null,
        };
      }),
      totals: inspectors.map((i) => scoringOf(c.id, i.id)?.total ?? null),
      expertTotal: c.expert ? scoreMarks(c.version.definition, marksFromStored(c.expert)).total : null,
      scorecardRef: refOf(c.version),
      answers: criteria.map(({ key, name }) => ({
        key,
        section: sectionOf.get(key) ?? '',
        name,
        choices: inspectors.map((i) => answerOf(c.id, i.id, key)?.choice ?? null),
        na: inspectors.map((i) => {
          const a = answerOf(c.id, i.id, key);
          return a !== undefined && a.marks === null;
        }),
        expertChoice: c.expert?.[key]?.choice ?? null,
        expertNa: c.expert?.[key] !== undefined && c.expert[key]?.marks === null,
      })),
    };
  });

  // Every criterion key of the session's versions, in the order the calls first show it.
  const criterionNames: TCalibrationFigures['criterionNames'] = [];
  for (const call of resultCalls)
    for (const a of call.answers)
      if (!criterionNames.some((n) => n.key === a.key))
        criterionNames.push({ key: a.key, name: a.name, section: a.section });
  const callsWith = (key: string) => calls.filter((c) => criteriaOfCall(c).some((x) => x.key === key));

  const criteria: TCalibrationAgreement[] = criterionNames.map(({ key }) => {
    const answers = callsWith(key).map((c) => answerUnit(c.id, key));
    // Alpha is ordinal over the marks: N/A has no place on the scale and is left out there.
    const marks = callsWith(key).map((c) => marksUnit(c.id, key));
    return {
      key,
      percentAgreement: percentAgreement(answers),
      alpha: krippendorffAlpha(marks, 'ordinal'),
      calls: answers.filter((u) => presentOf(u).length >= 2).length,
    };
  });
  const overallAgreement = percentAgreement(
    calls.flatMap((c) => criteriaOfCall(c).map(({ key }) => answerUnit(c.id, key))),
  );

  const leans: TCalibrationLean[] = inspectors.map((inspector, idx) => {
    // Only calls that someone else scored too: alone, an inspector is its own median and would seem to lean 0.
    const compared = calls
      .map((c, i) => ({ call: c, result: resultCalls[i] as TCalibrationResultCall }))
      .filter(({ call, result }) => {
        const given = result.totals.filter((t) => t !== null).length;
        return given >= 2 && scoringOf(call.id, inspector.id) !== undefined;
      });
    const criteriaLeans = criterionNames.map(({ key }) => {
      const diffs: number[] = [];
      const ranges: number[] = [];
      for (const { call, result } of compared) {
        const row = result.rows.find((r) => r.key === key);
        const mine = row?.marks[idx] ?? null;
        if (!row || mine === null || row.median === null) continue;
        diffs.push(mine - row.median);
        ranges.push(rangeOf(criteriaOfCall(call).find((x) => x.key === key) as TScorecardCriterion));
      }
      const lean = mean(diffs);
      // One scale (the usual case): the lean over its range; scales that differ between versions: the mean share.
      const oneRange = ranges.every((r) => r === ranges[0]) && (ranges[0] ?? 0) > 0;
      const share =
        lean === null
          ? null
          : oneRange
            ? lean / (ranges[0] as number)
            : mean(diffs.map((d, i) => ((ranges[i] as number) > 0 ? d / (ranges[i] as number) : 0)));
      return { key, lean, share, flagged: share !== null && Math.abs(share) > LEAN_CRITERION_SHARE };
    });
    const totalLean = mean(
      compared.map(({ call, result }) => {
        const medians = new Map(result.rows.map((r) => [r.key, r.median]));
        return (result.totals[idx] as number) - consensusTotal(call.version.definition, medians);
      }),
    );
    const expertDifferences = calls.flatMap((c) => {
      const s = scoringOf(c.id, inspector.id);
      const expert = c.expert;
      if (!expert || !s) return [];
      return criteriaOfCall(c)
        .filter(({ key }) => (s.marks[key]?.marks ?? null) !== (expert[key]?.marks ?? null))
        .map(({ key }) => ({
          callId: c.id,
          key,
          marks: s.marks[key]?.marks ?? null,
          expert: expert[key]?.marks ?? null,
        }));
    });
    return {
      inspectorId: inspector.id,
      name: inspector.name,
      scored: scorings.filter((s) => s.inspectorId === inspector.id).length,
      lean: totalLean,
      flagged: totalLean !== null && Math.abs(totalLean) > LEAN_TOTAL_THRESHOLD,
      criteria: criteriaLeans,
      expertDifferences,
    };
  });

  return { calls: resultCalls, criteria, overallAgreement, leans, criterionNames };
}
