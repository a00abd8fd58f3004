// Schemas of disputes per criterion (docs/guide/disputes.md): an agent disputes criteria of an in-house QC record, the
// record's inspector answers each, the agent may escalate a rejected answer once, an admin decides.
import { z } from 'zod';
import { isIsoDate } from '../domain/dates.ts';
import {
  QC_CRITERIA,
  QC_CRITERION_KEYS,
  isOnScale,
  scaleText,
  type TQcCriterion,
  type TQcCriterionKey,
} from '../domain/qc-scoring.ts';
import { zPaged } from './common.ts';
import { MAX_QC_TEXT } from './qc.ts';

export const DISPUTE_STATUSES = ['open', 'answered', 'escalated', 'decided'] as const;
export type TDisputeStatusName = (typeof DISPUTE_STATUSES)[number];
/** kept: the mark stays as scored; accepted: the agent's proposed mark; changed: another mark of the scale. */
export const DISPUTE_OUTCOMES = ['kept', 'accepted', 'changed'] as const;
export type TDisputeOutcomeName = (typeof DISPUTE_OUTCOMES)[number];
/** The list's ?status=: one status, or active (open and escalated: those waiting for someone). */
export const DISPUTE_LIST_STATUSES = [...DISPUTE_STATUSES, 'active'] as const;

export const DISPUTE_LIMITS = { windowDays: { min: 1, max: 90 }, answerHours: { min: 1, max: 720 } } as const;

export const DISPUTE_MESSAGES = {
  raised: 'Dispute raised: the inspector will answer each criterion',
  answered: 'Dispute answered',
  escalated: 'Dispute escalated to an admin',
  decided: 'Decision recorded: it is final',
  settingsSaved: 'Dispute settings saved',
  windowClosed: (until: string, days: number) =>
    `The time to dispute this QC record ended on ${until} (${days} day${days === 1 ? '' : 's'} after it was scored)`,
  sameMark: (name: string, marks: number) => `${name} is already ${marks}: propose a different mark`,
  notOpen: 'This dispute has already been answered',
  notEscalated: 'Only an escalated dispute is decided by an admin',
  alreadyDecided: 'This dispute has already been decided: the decision is final',
  escalateOnce: 'This dispute has already been escalated: it can be escalated once',
  notAnswered: 'This dispute has not been answered yet: it can be escalated once it is',
  nothingRejected: 'Every disputed criterion was accepted: there is nothing to escalate',
  otherAgent: 'This is another agent’s dispute',
  notDisputed: (name: string) => `${name} is not a disputed criterion of this dispute`,
  missingAnswer: (names: string) => `Answer every disputed criterion: ${names} not answered`,
  missingDecision: (names: string) => `Decide every rejected criterion: ${names} not decided`,
  alreadyAccepted: (name: string) => `${name} was accepted: only rejected criteria are decided`,
  sameChoice: (name: string, choice: string) => `${name} is already "${choice}": propose a different choice`,
  unknownCriterion: (keys: readonly string[]) => `criterion must be one of ${keys.join(', ')}`,
  namedTwice: (name: string) => `${name} is named twice`,
  chooseMark: 'Choose the right mark',
  sayWhy: (name: string) => `${name}: say why`,
  chooseToSet: (name: string) => `${name}: choose the mark to set`,
  offScale: (name: string, choices: readonly TDisputeChoice[]) => `${name} must be one of ${choicesText(choices)}`,
  standardMarkOnly: (name: string) => `${name}: this record is not on "Standard": propose a choice (proposedChoice)`,
} as const;

/** A choice of a criterion's scale: its label and marks. */
export type TDisputeChoice = { label: string; marks: number };
/** "Yes (20), Need Improvement (10), No (0)": a scale in the words refusals use. */
export const choicesText = (choices: readonly TDisputeChoice[]) =>
  choices.map((ch) => `${ch.label} (${ch.marks})`).join(', ');

const text = (field: string) =>
  z
    .string({ message: `${field} must be text` })
    .trim()
    .max(MAX_QC_TEXT, `${field} can be at most ${MAX_QC_TEXT} characters`);
const id = z.coerce
  .number({ message: 'id must be a record id' })
  .int('id must be a record id')
  .positive('id must be a record id');
// Any key of the record's version: the server names the criteria of that version when a key is not one of them.
const criterionKey = z
  .string({ message: `criterion must be one of ${QC_CRITERION_KEYS.join(', ')}` })
  .trim()
  .min(1, `criterion must be one of ${QC_CRITERION_KEYS.join(', ')}`)
  .max(60, 'criterion can be at most 60 characters');
const choiceLabel = (field: string) =>
  z
    .string({ message: `${field} must be a choice's label` })
    .trim()
    .min(1, `${field} must be a choice's label`)
    .max(80);

export function criterionOf(key: TQcCriterionKey): TQcCriterion {
  return QC_CRITERIA.find((c) => c.key === key) as TQcCriterion;
}
export const criterionName = (key: string): string => QC_CRITERIA.find((c) => c.key === key)?.name ?? key;

function marksProblem(key: TQcCriterionKey, marks: number): string | undefined {
  const c = criterionOf(key);
  return isOnScale(c, marks) ? undefined : `${c.name} must be one of ${scaleText(c)}`;
}

// ---- raising

/**
 * One disputed criterion: its key on the record's version and the choice the agent believes right, as `proposedChoice`
 * (a label of the criterion's scale, any version) or `proposedMark` (marks of the scale, records on "Standard"). The
 * server checks both against the record's version, naming the criterion by its name there.
 */
export const ZDisputeCriterionRaise = z
  .object({
    criterion: criterionKey,
    proposedMark: z
      .number({ message: 'proposedMark must be a number' })
      .int('proposedMark must be a whole number')
      .optional(),
    proposedChoice: choiceLabel('proposedChoice').optional(),
    reason: text('reason').min(1, 'Say why this mark is right'),
  })
  .superRefine((c, ctx) => {
    if (c.proposedMark === undefined && c.proposedChoice === undefined)
      ctx.addIssue({ code: 'custom', path: ['proposedChoice'], message: DISPUTE_MESSAGES.chooseMark });
  });

/** POST /api/disputes: a Raise Concern (agreed No) with the criteria disputed, each with the mark the agent believes right. */
export const ZDisputeRaise = z.object({
  qcId: id,
  comment: text('comment')
    .nullish()
    .transform((v) => v ?? ''),
  criteria: z
    .array(ZDisputeCriterionRaise, { message: 'criteria must be a list' })
    .min(1, 'Choose at least one criterion to dispute')
    .max(200),
});
export type TDisputeRaiseInput = z.input<typeof ZDisputeRaise>;
export type TDisputeRaise = z.output<typeof ZDisputeRaise>;

// ---- answering and deciding

/**
 * The mark a criterion ends at for an answer or decision: kept → the mark as scored, accepted → the proposed mark,
 * changed → the given mark, which must be on the scale and neither of those two. A string is what is wrong.
 */
export function disputedMarkFor(
  key: TQcCriterionKey,
  c: { originalMark: number; proposedMark: number },
  outcome: TDisputeOutcomeName,
  mark: number | null | undefined,
): number | string {
  const name = criterionOf(key).name;
  if (outcome === 'kept')
    return mark === null || mark === undefined || mark === c.originalMark
      ? c.originalMark
      : `${name}: a kept mark stays ${c.originalMark}`;
  if (outcome === 'accepted')
    return mark === null || mark === undefined || mark === c.proposedMark
      ? c.proposedMark
      : `${name}: an accepted mark is the proposed ${c.proposedMark}`;
  if (mark === null || mark === undefined) return `${name}: choose the mark to set`;
  const problem = marksProblem(key, mark);
  if (problem) return problem;
  if (mark === c.originalMark) return `${name}: ${mark} is the mark as scored; choose Keep`;
  if (mark === c.proposedMark) return `${name}: ${mark} is the proposed mark; choose Accept`;
  return mark;
}

/**
 * The choice a criterion ends at for an answer or decision, on any version: kept → the choice as scored, accepted → the
 * proposed one, changed → the given choice (by `choice`, or by `mark` where one choice has those marks), which must be
 * on the scale and neither of those two. A string is what is wrong, naming the criterion by `c.name`.
 */
export function disputedChoiceFor(
  c: {
    name: string;
    choices: readonly TDisputeChoice[];
    original: { choice: string | null; marks: number };
    proposed: { choice: string; marks: number };
  },
  outcome: TDisputeOutcomeName,
  given: { choice?: string | null; mark?: number | null },
): { choice: string | null; marks: number } | string {
  const { name, original, proposed } = c;
  const byMark = given.mark !== null && given.mark !== undefined;
  const byChoice = given.choice !== null && given.choice !== undefined;
  const shown = (x: { choice: string | null; marks: number }) =>
    byChoice ? `"${x.choice ?? 'N/A'}"` : String(x.marks);
  let target: TDisputeChoice | undefined;
  if (byChoice) target = c.choices.find((ch) => ch.label === given.choice);
  else if (byMark) {
    const matches = c.choices.filter((ch) => ch.marks === given.mark);
    target = matches.length === 1 ? matches[0] : undefined;
  }
  const same = (x: { choice: string | null }) => target !== undefined && target.label === x.choice;
  if (outcome === 'kept')
    return !byMark && !byChoice
      ? original
      : same(original)
        ? original
        : `${name}: a kept mark stays ${shown(original)}`;
  if (outcome === 'accepted')
    return !byMark && !byChoice
      ? proposed
      : same(proposed)
        ? proposed
        : `${name}: an accepted mark is the proposed ${shown(proposed)}`;
  if (!byMark && !byChoice) return DISPUTE_MESSAGES.chooseToSet(name);
  if (target === undefined) return DISPUTE_MESSAGES.offScale(name, c.choices);
  const what = byChoice ? `"${target.label}"` : String(target.marks);
  if (same(original)) return `${name}: ${what} is the mark as scored; choose Keep`;
  if (same(proposed)) return `${name}: ${what} is the proposed mark; choose Accept`;
  return { choice: target.label, marks: target.marks };
}

/**
 * One answered criterion: kept, accepted, or changed to `choice` (a label, any version) or `mark` (records on
 * "Standard"). The reason is required unless accepted; the server checks it naming the criterion on its version.
 */
export const ZDisputeCriterionAnswer = z.object({
  criterion: criterionKey,
  outcome: z.enum(DISPUTE_OUTCOMES, { message: 'outcome must be kept, accepted or changed' }),
  mark: z.number({ message: 'mark must be a number' }).finite('mark must be a number').nullish(),
  choice: choiceLabel('choice').nullish(),
  reason: text('reason')
    .nullish()
    .transform((v) => v ?? ''),
});
export type TDisputeCriterionAnswer = z.output<typeof ZDisputeCriterionAnswer>;

/** PUT /api/disputes/{id}/answer (the inspector: every disputed criterion) and /decision (an admin: every rejected one). */
export const ZDisputeAnswer = z.object({
  criteria: z
    .array(ZDisputeCriterionAnswer, { message: 'criteria must be a list' })
    .min(1, 'Answer at least one criterion')
    .max(200),
});
export type TDisputeAnswerInput = z.input<typeof ZDisputeAnswer>;
export type TDisputeAnswer = z.output<typeof ZDisputeAnswer>;

/** POST /api/disputes/{id}/escalate. */
export const ZDisputeEscalate = z.object({ reason: text('reason').min(1, 'Say why the answer is wrong') });
export type TDisputeEscalate = z.infer<typeof ZDisputeEscalate>;

export const ZDisputeIdParams = z.object({ id });

// ---- the replies

export const ZDisputeCriterion = z.object({
  criterion: z.string(),
  name: z.string(),
  originalMark: z.number(),
  proposedMark: z.number(),
  reason: z.string(),
  outcome: z.enum(DISPUTE_OUTCOMES).nullable(),
  answeredMark: z.number().nullable(),
  answerReason: z.string().nullable(),
  decision: z.enum(DISPUTE_OUTCOMES).nullable(),
  decidedMark: z.number().nullable(),
  decisionReason: z.string().nullable(),
  /** The decision when there is one, else the answer; null while open. */
  finalOutcome: z.enum(DISPUTE_OUTCOMES).nullable(),
  finalMark: z.number().nullable(),
  /** The choices (labels) beside the marks: as scored (null: N/A), proposed, answered, decided, final. */
  originalChoice: z.string().nullable(),
  proposedChoice: z.string().nullable(),
  answeredChoice: z.string().nullable(),
  decidedChoice: z.string().nullable(),
  finalChoice: z.string().nullable(),
});
export type TDisputeCriterion = z.infer<typeof ZDisputeCriterion>;

export const ZDispute = z.object({
  id: z.number().int(),
  qcId: z.number().int(),
  reviewId: z.number().int(),
  status: z.enum(DISPUTE_STATUSES),
  /** The review's comment. */
  comment: z.string(),
  agentName: z.string(),
  agentId: z.string(),
  campaignName: z.string(),
  callDate: z.string(),
  consumerNumber: z.string(),
  /** The record's inspector: username, and name (users.name) for the screens. */
  qcInspector: z.string(),
  qcInspectorName: z.string(),
  total: z.number(),
  agentGrade: z.string(),
  /** {callDate}/{fileName} of the record's recording, or null. */
  voiceLog: z.string().nullable(),
  raisedAt: z.string(),
  answerDueAt: z.string(),
  /** When the one it waits for should act: the inspector (open) by answerDueAt, an admin (escalated) by the answer window after escalating; null once nobody is waited for. */
  dueAt: z.string().nullable(),
  overdue: z.boolean(),
  answeredAt: z.string().nullable(),
  answeredBy: z.string().nullable(),
  answeredByName: z.string().nullable(),
  escalatedAt: z.string().nullable(),
  escalationReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedByName: z.string().nullable(),
  /** Answered, not escalated yet, and at least one criterion rejected (kept or changed). */
  canEscalate: z.boolean(),
  criteria: z.array(ZDisputeCriterion),
  /** The record's scorecard version (1: "Standard"). */
  scorecardId: z.number().int(),
});
export type TDispute = z.infer<typeof ZDispute>;

// ---- the record's criteria to dispute

/** A criterion of the record's version as the dispute dialogs show it: its scale and the record's choice. */
export const ZDisputableCriterion = z.object({
  key: z.string(),
  section: z.string(),
  name: z.string(),
  question: z.string(),
  choices: z.array(z.object({ label: z.string(), marks: z.number() })),
  /** The record's choice (null: N/A) and marks. */
  choice: z.string().nullable(),
  marks: z.number().nullable(),
});
export type TDisputableCriterion = z.infer<typeof ZDisputableCriterion>;

/** GET /api/disputes/criteria/{qcId}: the record's version and its criteria, in the version's order. */
export const ZDisputableCriteria = z.object({
  qcId: z.number().int(),
  scorecard: z.object({
    id: z.number().int(),
    scorecardId: z.number().int(),
    name: z.string(),
    version: z.number().int(),
  }),
  criteria: z.array(ZDisputableCriterion),
});
export type TDisputableCriteria = z.infer<typeof ZDisputableCriteria>;

export const ZDisputeListQuery = z.object({
  status: z
    .enum(DISPUTE_LIST_STATUSES, { message: `status must be one of ${DISPUTE_LIST_STATUSES.join(', ')}` })
    .optional(),
  qcId: id.optional(),
});
export type TDisputeListQuery = z.infer<typeof ZDisputeListQuery>;
export const ZDisputePage = zPaged(ZDispute);
export type TDisputePage = z.infer<typeof ZDisputePage>;

// ---- settings

export const ZDisputeSettings = z.object({
  disputeWindowDays: z.number().int(),
  answerWindowHours: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type TDisputeSettings = z.infer<typeof ZDisputeSettings>;

const { windowDays, answerHours } = DISPUTE_LIMITS;
export const ZDisputeSettingsUpdate = z.object({
  disputeWindowDays: z
    .number({ message: 'disputeWindowDays must be a number' })
    .int('disputeWindowDays must be a whole number of days')
    .min(windowDays.min, `disputeWindowDays must be ${windowDays.min} to ${windowDays.max}`)
    .max(windowDays.max, `disputeWindowDays must be ${windowDays.min} to ${windowDays.max}`),
  answerWindowHours: z
    .number({ message: 'answerWindowHours must be a number' })
    .int('answerWindowHours must be a whole number of hours')
    .min(answerHours.min, `answerWindowHours must be ${answerHours.min} to ${answerHours.max}`)
    .max(answerHours.max, `answerWindowHours must be ${answerHours.min} to ${answerHours.max}`),
});
export type TDisputeSettingsUpdate = z.infer<typeof ZDisputeSettingsUpdate>;

// ---- figures

const day = (name: string) =>
  z.string().trim().refine(isIsoDate, `${name} must be a date written yyyy-MM-dd`).optional();
/** GET /api/disputes/figures: disputes raised on these local days (both optional, both included). */
export const ZDisputeFiguresQuery = z
  .object({ startDate: day('startDate'), endDate: day('endDate') })
  .refine((q) => q.startDate === undefined || q.endDate === undefined || q.startDate <= q.endDate, {
    message: 'startDate must not be after endDate',
    path: ['startDate'],
  });
export type TDisputeFiguresQuery = z.infer<typeof ZDisputeFiguresQuery>;

/**
 * disputes: disputes raised; criteria: criteria disputed; accepted / rejected (kept) / changed / pending: criteria by
 * final outcome; escalated: disputes escalated; medianHoursToAnswer: of answered disputes, answered_at − raised_at.
 */
export const ZDisputeFigureLine = z.object({
  disputes: z.number().int(),
  criteria: z.number().int(),
  accepted: z.number().int(),
  rejected: z.number().int(),
  changed: z.number().int(),
  pending: z.number().int(),
  escalated: z.number().int(),
  medianHoursToAnswer: z.number().nullable(),
});
export type TDisputeFigureLine = z.infer<typeof ZDisputeFigureLine>;

export const ZDisputeFigures = z.object({
  total: ZDisputeFigureLine,
  /** inspector: the inspector's name (users.name). */
  byInspector: z.array(ZDisputeFigureLine.extend({ inspectorId: z.number().int().nullable(), inspector: z.string() })),
  /**
   * One line per criterion key within a scorecard (across its versions; two scorecards' "greeting" are two lines):
   * scorecardId is the scorecard's first version's id (1: "Standard"), scorecard its newest version's name, name the
   * criterion's name on the newest version that has it.
   */
  byCriterion: z.array(
    ZDisputeFigureLine.extend({
      criterion: z.string(),
      name: z.string(),
      scorecardId: z.number().int(),
      scorecard: z.string(),
    }),
  ),
});
export type TDisputeFigures = z.infer<typeof ZDisputeFigures>;
