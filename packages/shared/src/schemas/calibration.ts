// Schemas of calibration sessions (docs/guide/calibration.md): sessions, their calls, blind scorings, expert marks, results.
import { z } from 'zod';
import { isIsoDate } from '../domain/dates.ts';
import { QC_CRITERION_KEYS } from '../domain/qc-scoring.ts';
import { ZQcSpecScores, MAX_QC_TEXT } from './qc.ts';
import { recordingFileNameProblem } from './voicelog.ts';
import { ZScorecardBlock, ZScorecardMarks } from './scorecards.ts';
import { noControlChars, zPaged } from './common.ts';

/**
 * An inspector leans when, over the session's calls, their total is on average more than this many marks above or
 * below the consensus card (the median mark of each criterion). 5 marks is half a grade band (the bands are 10 wide,
 * docs/product.md §9): a lean that size moves about every second call across a grade boundary.
 */
export const LEAN_TOTAL_THRESHOLD = 5;
/**
 * A criterion leans when the mean difference from its median is more than this share of the criterion's scale range
 * (10 for Yes 10 / NI 5 / No 0, 5 for Yes 0 / No −5, 20 for CRM, 100 for Fatal): a quarter of the range is one step
 * of a three-choice scale on every second call, or one step of a two-choice scale on every fourth.
 */
export const LEAN_CRITERION_SHARE = 0.25;

export const CALIBRATION_LIMITS = { calls: 20, inspectors: 20, name: 200 } as const;

export const CALIBRATION_MESSAGES = {
  notParticipant: 'You are not taking part in this calibration session',
  resultsWhileOpen: 'The results show once the session is closed',
  closed: 'This calibration session is closed',
  alreadyClosed: 'This calibration session is already closed',
  alreadyScored: 'You have already submitted your scoring of this call: a submission is final',
  scored: 'Scoring submitted',
  expertSaved: 'Expert marks saved',
  sessionClosed: 'Session closed',
  created: 'Calibration session created',
} as const;

const isoDate = (field: string) =>
  z
    .string({ message: `${field} is required` })
    .trim()
    .refine(isIsoDate, `${field} must be a date written yyyy-MM-dd`);

/** A call of the session, as the admin names it: campaign, consumer number, call date, and optionally a recording of that date. */
export const ZCalibrationCallInput = z.object({
  campaignName: z.string({ message: 'campaignName is required' }).trim().min(1, 'campaignName is required').max(200),
  consumerNumber: z
    .union([z.string(), z.number().transform(String)], { message: 'consumerNumber is required' })
    .pipe(z.string().trim().min(1, 'consumerNumber is required').max(40)),
  callDate: isoDate('callDate'),
  fileName: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .superRefine((v, ctx) => {
      const problem = v === null ? null : recordingFileNameProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});
export type TCalibrationCallInput = z.input<typeof ZCalibrationCallInput>;

/** POST /api/calibration. The deadline is a day: the session closes at the start of the next day (the server's time zone). */
export const ZCalibrationSessionCreate = z.object({
  name: z
    .string({ message: 'name is required' })
    .refine(...noControlChars('name'))
    .trim()
    .min(1, 'name is required')
    .max(CALIBRATION_LIMITS.name, `name must be at most ${CALIBRATION_LIMITS.name} characters`),
  deadline: isoDate('deadline'),
  inspectorIds: z
    .array(z.number().int().positive(), { message: 'inspectorIds must be a list of QC inspector ids' })
    .min(2, 'Choose at least two inspectors')
    .max(CALIBRATION_LIMITS.inspectors, `Choose at most ${CALIBRATION_LIMITS.inspectors} inspectors`)
    .refine((ids) => new Set(ids).size === ids.length, 'An inspector is chosen twice'),
  calls: z
    .array(ZCalibrationCallInput, { message: 'calls must be a list' })
    .min(1, 'Add at least one call')
    .max(CALIBRATION_LIMITS.calls, `Add at most ${CALIBRATION_LIMITS.calls} calls`),
});
export type TCalibrationSessionCreateInput = z.input<typeof ZCalibrationSessionCreate>;
export type TCalibrationSessionCreate = z.output<typeof ZCalibrationSessionCreate>;

/** The 14 marks, each on its criterion's scale (the same checks and words as a QC record). */
export const ZCalibrationScores = ZQcSpecScores;
export type TCalibrationScores = z.output<typeof ZCalibrationScores>;

/**
 * The 14 spec fields are required with the same words as before scorecards, unless the body carries `scorecard: {id,
 * marks}` (a call on another scorecard, or a Standard call scored the new way): then they are not read.
 */
function requireSpecScores(body: { scorecard?: unknown } & Record<string, unknown>, ctx: z.RefinementCtx): void {
  if (body.scorecard !== undefined) return;
  for (const key of QC_CRITERION_KEYS) {
    if (body[key] !== undefined) continue;
    const missing = ZQcSpecScores.shape[key].safeParse(undefined);
    ctx.addIssue({ code: 'custom', path: [key], message: missing.error?.issues[0]?.message ?? `${key} is required` });
  }
}

/** The 14 fields, each optional here and required by requireSpecScores unless `scorecard` is sent. */
const ZOptionalSpecScores = ZQcSpecScores.partial();

/** Marks on the call's scorecard version (docs/scorecards.md, Calibration): `{id, marks: [{key, choice|null, comment?}]}`. */
export const ZCalibrationScorecardMarks = ZScorecardMarks;

/**
 * PUT /api/calibration/{id}/calls/{callId}/scoring: the marks and an optional comment. The marks are the 14 spec
 * fields (a call on "Standard") or `scorecard: {id, marks}` on the call's version (any call).
 */
export const ZCalibrationScoringSubmit = ZOptionalSpecScores.extend({
  scorecard: ZCalibrationScorecardMarks.optional(),
  comment: z
    .string()
    .trim()
    .max(MAX_QC_TEXT, `comment can be at most ${MAX_QC_TEXT} characters`)
    .nullish()
    .transform((v) => v ?? ''),
}).superRefine(requireSpecScores);
export type TCalibrationScoringSubmitInput = z.input<typeof ZCalibrationScoringSubmit>;
export type TCalibrationScoringSubmit = z.output<typeof ZCalibrationScoringSubmit>;

/** PUT /api/calibration/{id}/calls/{callId}/expert: the agreed marks, as the 14 fields or `scorecard: {id, marks}`. */
export const ZCalibrationExpertSubmit = ZOptionalSpecScores.extend({
  scorecard: ZCalibrationScorecardMarks.optional(),
}).superRefine(requireSpecScores);
export type TCalibrationExpertSubmitInput = z.input<typeof ZCalibrationExpertSubmit>;
export type TCalibrationExpertSubmit = z.output<typeof ZCalibrationExpertSubmit>;

/** The scorecard version a call is scored on (the campaign's in-house version when the session was created). */
export const ZCalibrationScorecardRef = z.object({
  id: z.number().int(),
  scorecardId: z.number().int(),
  name: z.string(),
  version: z.number().int(),
});
export type TCalibrationScorecardRef = z.infer<typeof ZCalibrationScorecardRef>;

const id = (what: string) =>
  z.coerce
    .number({ message: `${what} must be an id` })
    .int(`${what} must be an id`)
    .positive(`${what} must be an id`);
export const ZCalibrationIdParams = z.object({ id: id('id') });
export const ZCalibrationCallParams = z.object({ id: id('id'), callId: id('callId') });

export const CALIBRATION_STATUSES = ['open', 'closed'] as const;
export type TCalibrationStatus = (typeof CALIBRATION_STATUSES)[number];

/** Stored marks by criterion (all 14). */
const ZStoredScores = z.record(z.enum(QC_CRITERION_KEYS), z.number());

/** A list row: the session and how far its scoring is. */
export const ZCalibrationSessionSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The last day of scoring, yyyy-MM-dd. */
  deadline: z.string(),
  /** When scoring closes (ISO): the start of the day after the deadline. */
  closesAt: z.string(),
  status: z.enum(CALIBRATION_STATUSES),
  /** When an admin closed it (ISO); null when open or closed by its deadline. */
  closedAt: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  callCount: z.number().int(),
  inspectorCount: z.number().int(),
  /** Scorings submitted, of callCount × inspectorCount. */
  scoringCount: z.number().int(),
  /** The calls the caller has scored (0 for a non-participant). */
  scoredByMe: z.number().int(),
});
export type TCalibrationSessionSummary = z.infer<typeof ZCalibrationSessionSummary>;
export const ZCalibrationSessionPage = zPaged(ZCalibrationSessionSummary);

/** One inspector's submitted scoring of a call. */
export const ZCalibrationScoring = z.object({
  inspectorId: z.number().int(),
  inspectorName: z.string(),
  /** The 14 marks on "Standard"; null on a call of another scorecard (its marks are in `scorecard`). */
  scores: ZStoredScores.nullable(),
  total: z.number(),
  /** One of the spec's four grades on "Standard"; the version's own band names on others. */
  grade: z.string(),
  /** The marks on the call's version: each criterion's choice (null: N/A), marks and comment. */
  scorecard: ZScorecardBlock,
  comment: z.string(),
  submittedAt: z.string(),
});
export type TCalibrationScoring = z.infer<typeof ZCalibrationScoring>;

export const ZCalibrationInspector = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  scored: z.number().int(),
});
export type TCalibrationInspector = z.infer<typeof ZCalibrationInspector>;

/** A call as the caller may see it: its own scoring, the others' only once it has submitted (or as an admin). */
export const ZCalibrationCall = z.object({
  id: z.number().int(),
  position: z.number().int(),
  campaignName: z.string(),
  consumerNumber: z.string(),
  callDate: z.string(),
  fileName: z.string().nullable(),
  myScoring: ZCalibrationScoring.nullable(),
  /** The other inspectors' scorings; empty (hidden) until the caller has submitted its own, unless an admin. */
  scorings: z.array(ZCalibrationScoring),
  /** How many inspectors have submitted (visible to all: a count tells nothing of the marks). */
  scoredCount: z.number().int(),
  /** The agreed marks: an admin's always, an inspector's once the session is closed (null on other scorecards). */
  expert: ZStoredScores.nullable(),
  expertTotal: z.number().nullable(),
  /** The version the call is scored on. */
  scorecardId: z.number().int(),
  scorecardRef: ZCalibrationScorecardRef,
  /** The agreed marks on the call's version, when visible and recorded. */
  expertScorecard: ZScorecardBlock.nullable(),
});
export type TCalibrationCall = z.infer<typeof ZCalibrationCall>;

/** GET /api/calibration/{id}. */
export const ZCalibrationSession = ZCalibrationSessionSummary.extend({
  inspectors: z.array(ZCalibrationInspector),
  calls: z.array(ZCalibrationCall),
  /** Whether the caller is one of the inspectors. */
  participant: z.boolean(),
});
export type TCalibrationSession = z.infer<typeof ZCalibrationSession>;

/** One criterion of one call in the results: every inspector's mark (in `inspectors` order) and the spread. */
export const ZCalibrationResultRow = z.object({
  /** A criterion key of the call's version (one of the spec's 14 on "Standard"). */
  key: z.string(),
  /** null where the inspector did not score the call, or answered N/A (see the call's `answers`). */
  marks: z.array(z.number().nullable()),
  median: z.number().nullable(),
  /** Highest minus lowest mark given; 0 when all agree. */
  spread: z.number().nullable(),
  expert: z.number().nullable(),
});

/** What each inspector answered on one criterion: the choice's label (null: not scored) and N/A. */
export const ZCalibrationAnswers = z.object({
  key: z.string(),
  section: z.string(),
  name: z.string(),
  choices: z.array(z.string().nullable()),
  na: z.array(z.boolean()),
  expertChoice: z.string().nullable(),
  expertNa: z.boolean(),
});
export type TCalibrationAnswers = z.infer<typeof ZCalibrationAnswers>;

export const ZCalibrationResultCall = z.object({
  id: z.number().int(),
  campaignName: z.string(),
  consumerNumber: z.string(),
  callDate: z.string(),
  fileName: z.string().nullable(),
  rows: z.array(ZCalibrationResultRow),
  totals: z.array(z.number().nullable()),
  expertTotal: z.number().nullable(),
  scorecardRef: ZCalibrationScorecardRef,
  /** Each criterion's choices per inspector (label; null not scored) and whether it was N/A, in `rows` order. */
  answers: z.array(ZCalibrationAnswers),
});
export type TCalibrationResultCall = z.infer<typeof ZCalibrationResultCall>;

export const ZCalibrationAgreement = z.object({
  /** A criterion key: criteria of different versions are matched by key. */
  key: z.string(),
  /** Pairwise percent agreement, 0..1; null when no call has two marks. */
  percentAgreement: z.number().nullable(),
  /** Krippendorff's ordinal alpha; null when undefined (nothing to compare, or every mark the same). */
  alpha: z.number().nullable(),
  /** The calls with at least two marks. */
  calls: z.number().int(),
});
export type TCalibrationAgreement = z.infer<typeof ZCalibrationAgreement>;

export const ZCalibrationCriterionLean = z.object({
  key: z.string(),
  /** Mean (mark − median) in marks; null when the inspector marked no call with others. */
  lean: z.number().nullable(),
  /** lean as a share of the criterion's scale range. */
  share: z.number().nullable(),
  flagged: z.boolean(),
});

export const ZCalibrationExpertDifference = z.object({
  callId: z.number().int(),
  key: z.string(),
  /** null: N/A. */
  marks: z.number().nullable(),
  expert: z.number().nullable(),
});
export type TCalibrationExpertDifference = z.infer<typeof ZCalibrationExpertDifference>;

export const ZCalibrationLean = z.object({
  inspectorId: z.number().int(),
  name: z.string(),
  scored: z.number().int(),
  /** Mean (total − consensus total) per scored call, in marks; null when nothing was scored. */
  lean: z.number().nullable(),
  flagged: z.boolean(),
  criteria: z.array(ZCalibrationCriterionLean),
  /** Where the inspector's marks differ from the expert marks recorded. */
  expertDifferences: z.array(ZCalibrationExpertDifference),
});
export type TCalibrationLean = z.infer<typeof ZCalibrationLean>;

/** GET /api/calibration/{id}/results. */
export const ZCalibrationResults = z.object({
  session: ZCalibrationSessionSummary,
  inspectors: z.array(ZCalibrationInspector),
  calls: z.array(ZCalibrationResultCall),
  criteria: z.array(ZCalibrationAgreement),
  /** Percent agreement over every criterion of every call. */
  overallAgreement: z.number().nullable(),
  leans: z.array(ZCalibrationLean),
  thresholds: z.object({ total: z.number(), criterionShare: z.number() }),
  /** Every criterion of the session's versions by key, in the order of the calls: its name and section. */
  criterionNames: z.array(z.object({ key: z.string(), name: z.string(), section: z.string() })),
});
export type TCalibrationResults = z.infer<typeof ZCalibrationResults>;
