// Schemas of QC analytics (docs/guide/qc-insights.md): per agent the weekly grade trend and weakest criteria, per criterion
// the marks lost, per inspector the volume, lean against the floor and dispute outcomes; over a range of call dates.
import { z } from 'zod';
import { QC_GRADES } from '../domain/qc-scoring.ts';
import { checkDayRange, zIsoDate } from './common.ts';

/** The longest range one request may cover: a year, leap day included (the reply holds ≤ 53 weeks per agent). */
export const MAX_INSIGHT_DAYS = 366;
/**
 * An inspector whose mean total is this many marks above the floor's mean is "lenient", this many below "strict":
 * one Need Improvement step of a 10-mark criterion, half of a grade band (docs/guide/qc-insights.md "The lean").
 */
export const LEAN_THRESHOLD_MARKS = 5;
/** Fewer records than this in the range give no indicator: one odd call would move the mean too far. */
export const MIN_LEAN_RECORDS = 10;

export const QC_INSIGHT_SECTIONS = ['agents', 'criteria', 'inspectors'] as const;
export type TQcInsightSection = (typeof QC_INSIGHT_SECTIONS)[number];

const rangeQuery = z.object({
  startDate: zIsoDate('startDate'),
  endDate: zIsoDate('endDate'),
  /** One campaign's records (as the records name it); missing or '' for every campaign. */
  campaignName: z
    .string()
    .trim()
    .max(200, 'campaignName can be at most 200 characters')
    .optional()
    .transform((v) => (v ? v : undefined)),
});

const checkRange = <T extends { startDate: string; endDate: string }>(schema: z.ZodType<T>) =>
  checkDayRange(schema, { from: 'startDate', to: 'endDate' }, MAX_INSIGHT_DAYS);

export const ZQcInsightsQuery = checkRange(rangeQuery);
export type TQcInsightsQuery = z.infer<typeof ZQcInsightsQuery>;

/** The export: every section (one sheet each), or the one named. */
export const ZQcInsightsExportQuery = checkRange(
  rangeQuery.extend({
    section: z
      .enum(QC_INSIGHT_SECTIONS, { message: `section must be one of ${QC_INSIGHT_SECTIONS.join(', ')}` })
      .optional(),
  }),
);
export type TQcInsightsExportQuery = z.infer<typeof ZQcInsightsExportQuery>;

/** A criterion's key: one of the spec's 14 on "Standard", the admin's key on another scorecard (docs/scorecards.md). */
const criterion = z.string();
const grade = z.enum(QC_GRADES);

/** One week (Monday to Sunday) of an agent's records: how many, their mean total and the grade of that mean. */
export const ZInsightWeek = z.object({
  weekStart: z.string(),
  records: z.number().int(),
  meanTotal: z.number(),
  grade,
});
export type TInsightWeek = z.infer<typeof ZInsightWeek>;

/**
 * Marks lost on one criterion: its best mark minus the mark given, averaged over the records that scored it (N/A left
 * out). A criterion of a scorecard other than "Standard" names it (scorecardId: the scorecard's first version's id).
 */
export const ZCriterionLoss = z.object({
  criterion,
  name: z.string(),
  meanLost: z.number(),
  scorecardId: z.number().int().optional(),
  scorecard: z.string().optional(),
});
export type TCriterionLoss = z.infer<typeof ZCriterionLoss>;

/**
 * Records of the range awaiting the agent's acknowledgement (in-house, neither acknowledged, reviewed nor disputed),
 * and those of them past their campaign's window (docs/qc-records.md, Overdue).
 */
export const ZAcknowledgementFigures = z.object({
  unacknowledged: z.number().int(),
  overdue: z.number().int(),
});
export type TAcknowledgementFigures = z.infer<typeof ZAcknowledgementFigures>;

export const ZAgentInsight = z.object({
  agentId: z.string(),
  agentName: z.string(),
  records: z.number().int(),
  meanTotal: z.number(),
  grade,
  weeks: z.array(ZInsightWeek),
  /** The three criteria with the most marks lost on average (only criteria that lost any), worst first. */
  weakest: z.array(ZCriterionLoss),
  /** Of the agent's records of the range: awaiting acknowledgement, and overdue. */
  acknowledgements: ZAcknowledgementFigures,
});
export type TAgentInsight = z.infer<typeof ZAgentInsight>;

/** One version's share of a criterion whose scale changed between versions. */
export const ZCriterionVersionInsight = z.object({
  /** The version's id (scorecards.id), its number and its name. */
  versionId: z.number().int(),
  version: z.number().int(),
  scorecard: z.string(),
  name: z.string(),
  /** The scale as "Yes 10 / No 0". */
  scale: z.string(),
  maxMarks: z.number(),
  records: z.number().int(),
  marksLost: z.number(),
  meanLost: z.number(),
  recordsLosing: z.number().int(),
});
export type TCriterionVersionInsight = z.infer<typeof ZCriterionVersionInsight>;

export const ZCriterionInsight = z.object({
  criterion,
  name: z.string(),
  /** The criterion's best mark (0 for the deduction-only criteria such as Fatal); its newest version's when they differ. */
  maxMarks: z.number(),
  /** Marks lost over every record of the range. */
  marksLost: z.number(),
  meanLost: z.number(),
  /** Records that lost any mark on it. */
  recordsLosing: z.number().int(),
  /** The scorecard it belongs to (its first version's id; 1 is "Standard") and that scorecard's newest name. */
  scorecardId: z.number().int(),
  scorecard: z.string(),
  /** Records that scored it (N/A left out): meanLost = marksLost ÷ records. */
  records: z.number().int(),
  /** Per version, only when its versions in the range differ in scale (choices or best mark); else empty. */
  versions: z.array(ZCriterionVersionInsight),
});
export type TCriterionInsight = z.infer<typeof ZCriterionInsight>;

export const INSIGHT_LEANS = ['lenient', 'in line', 'strict', 'too few records'] as const;
export type TInsightLean = (typeof INSIGHT_LEANS)[number];

/** Disputes of the inspector's records in the range: raised and escalated count disputes; the outcomes count disputed criteria. */
export const ZDisputeOutcomes = z.object({
  raised: z.number().int(),
  criteria: z.number().int(),
  /** Final outcome (the admin's decision when there is one, else the inspector's answer): the agent's mark accepted. */
  accepted: z.number().int(),
  /** Final outcome kept: the dispute rejected. */
  rejected: z.number().int(),
  /** Final outcome another mark. */
  changed: z.number().int(),
  /** Not answered yet. */
  awaiting: z.number().int(),
  escalated: z.number().int(),
  /** Median of answered_at − raised_at over the answered disputes, in hours (null without any). */
  medianHoursToAnswer: z.number().nullable(),
});
export type TDisputeOutcomes = z.infer<typeof ZDisputeOutcomes>;

export const ZInspectorInsight = z.object({
  inspectorId: z.number().int().nullable(),
  /** The inspector as the records name it (the username). */
  inspector: z.string(),
  /** The account's name (users.name); the recorded inspector once the account is gone. What the screen shows. */
  inspectorName: z.string(),
  records: z.number().int(),
  meanTotal: z.number(),
  /** meanTotal − the floor's mean total. */
  difference: z.number(),
  lean: z.enum(INSIGHT_LEANS),
  disputes: ZDisputeOutcomes,
});
export type TInspectorInsight = z.infer<typeof ZInspectorInsight>;

/** The reply does not repeat the range: the caller named it. */
export const ZQcInsights = z.object({
  campaignName: z.string().nullable(),
  /** Every inspector's in-house records of the range (and campaign): the yardstick of each inspector's lean. */
  floor: z.object({ records: z.number().int(), meanTotal: z.number() }),
  leanThreshold: z.number(),
  minLeanRecords: z.number().int(),
  agents: z.array(ZAgentInsight),
  criteria: z.array(ZCriterionInsight),
  inspectors: z.array(ZInspectorInsight),
  /** The agents' figures summed: every record of the range (the caller's own, for an inspector). */
  acknowledgements: ZAcknowledgementFigures,
});
export type TQcInsights = z.infer<typeof ZQcInsights>;

/** The export's file name: QC_Insights_{start}_to_{end}.xlsx, the section's name added when it is one. */
export function qcInsightsFileName(q: {
  startDate: string;
  endDate: string;
  section?: TQcInsightSection | undefined;
}): string {
  return `QC_Insights${q.section ? `_${q.section}` : ''}_${q.startDate}_to_${q.endDate}.xlsx`;
}
