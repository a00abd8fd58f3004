// The results of a calibration session from its scorings: marks side by side with the spread, agreement per
// criterion (percent agreement and Krippendorff's ordinal alpha), each inspector's lean from the consensus (the
// median mark), and where each differs from the expert marks (docs/guide/calibration.md "Results").
import {
  LEAN_CRITERION_SHARE,
  LEAN_TOTAL_THRESHOLD,
  QC_CRITERIA,
  krippendorffAlpha,
  median,
  percentAgreement,
  type TCalibrationAgreement,
  type TCalibrationLean,
  type TCalibrationResultCall,
  type TQcCriterionKey,
  type TQcScores,
  type TUnitValues,
} from '@crm/shared';

export type TFigureInspector = { id: number; name: string };
export type TFigureCall = {
  id: number;
  campaignName: string;
  consumerNumber: string;
  callDate: string;
  fileName: string | null;
  expert: TQcScores | null;
};
export type TFigureScoring = { callId: number; inspectorId: number; scores: TQcScores; total: number };

export type TCalibrationFigures = {
  calls: TCalibrationResultCall[];
  criteria: TCalibrationAgreement[];
  overallAgreement: number | null;
  leans: TCalibrationLean[];
};

const mean = (values: number[]): number | null =>
  values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
const range = (key: TQcCriterionKey): number => {
  const marks = QC_CRITERIA.find((c) => c.key === key)?.scale.map((s) => s.marks) ?? [0];
  return Math.max(...marks) - Math.min(...marks);
};

export function calibrationFigures(
  inspectors: readonly TFigureInspector[],
  calls: readonly TFigureCall[],
  scorings: readonly TFigureScoring[],
): TCalibrationFigures {
  const scoringOf = (callId: number, inspectorId: number) =>
    scorings.find((s) => s.callId === callId && s.inspectorId === inspectorId);
  /** marks[call][criterion] per inspector, in `inspectors` order. */
  const unit = (callId: number, key: TQcCriterionKey): TUnitValues =>
    inspectors.map((i) => scoringOf(callId, i.id)?.scores[key] ?? null);
  const presentOf = (u: TUnitValues) => u.filter((v): v is number => v !== null);

  const resultCalls: TCalibrationResultCall[] = calls.map((c) => ({
    id: c.id,
    campaignName: c.campaignName,
    consumerNumber: c.consumerNumber,
    callDate: c.callDate,
    fileName: c.fileName,
    rows: QC_CRITERIA.map(({ key }) => {
      const marks = unit(c.id, key);
      const given = presentOf(marks);
      return {
        key,
        marks: [...marks],
        median: median(given),
        spread: given.length === 0 ? null : Math.max(...given) - Math.min(...given),
        expert: c.expert?.[key] ?? null,
      };
    }),
    totals: inspectors.map((i) => scoringOf(c.id, i.id)?.total ?? null),
    expertTotal: c.expert ? QC_CRITERIA.reduce((sum, { key }) => sum + (c.expert as TQcScores)[key], 0) : null,
  }));

  const criteria: TCalibrationAgreement[] = QC_CRITERIA.map(({ key }) => {
    const units = calls.map((c) => unit(c.id, key));
    return {
      key,
      percentAgreement: percentAgreement(units),
      alpha: krippendorffAlpha(units, 'ordinal'),
      calls: units.filter((u) => presentOf(u).length >= 2).length,
    };
  });
  const overallAgreement = percentAgreement(calls.flatMap((c) => QC_CRITERIA.map(({ key }) => unit(c.id, key))));

  const leans: TCalibrationLean[] = inspectors.map((inspector) => {
    // Only calls that someone else scored too: alone, an inspector is its own median and would seem to lean 0.
    const compared = resultCalls.filter((c) => {
      const given = c.totals.filter((t) => t !== null).length;
      return given >= 2 && scoringOf(c.id, inspector.id) !== undefined;
    });
    const idx = inspectors.indexOf(inspector);
    const criteriaLeans = QC_CRITERIA.map(({ key }) => {
      const diffs = compared.map((c) => {
        const row = c.rows.find((r) => r.key === key);
        return (row?.marks[idx] as number) - (row?.median as number);
      });
      const lean = mean(diffs);
      const share = lean === null ? null : lean / range(key);
      return { key, lean, share, flagged: share !== null && Math.abs(share) > LEAN_CRITERION_SHARE };
    });
    const totalLean = mean(
      compared.map((c) => (c.totals[idx] as number) - c.rows.reduce((sum, r) => sum + (r.median as number), 0)),
    );
    const expertDifferences = calls.flatMap((c) => {
      const s = scoringOf(c.id, inspector.id);
      if (!c.expert || !s) return [];
      const expert = c.expert;
      return QC_CRITERIA.filter(({ key }) => s.scores[key] !== expert[key]).map(({ key }) => ({
        callId: c.id,
        key,
        marks: s.scores[key],
        expert: expert[key],
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

  return { calls: resultCalls, criteria, overallAgreement, leans };
}
