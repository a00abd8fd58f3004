// Schemas of coaching (issue 37, docs/coaching.md): a session of an agent with an inspector on the focus criteria of
// the campaign's in-house scorecard, planned → held → acknowledged by the agent → closed with a before/after figure.
import { z } from 'zod';
import { isIsoDate } from '../domain/dates.ts';

export const COACHING_STATES = ['planned', 'held', 'acknowledged', 'closed'] as const;
export const ZCoachingState = z.enum(COACHING_STATES, {
  message: `state must be one of ${COACHING_STATES.join(', ')}`,
});
export type TCoachingState = z.infer<typeof ZCoachingState>;

/** improved / worse: the focus criteria's average share of their scale moved by at least the threshold. */
export const COACHING_VERDICTS = ['improved', 'unchanged', 'worse', 'unknown'] as const;
export type TCoachingVerdict = (typeof COACHING_VERDICTS)[number];

/** The per-campaign settings a campaign without its own row uses. */
export const COACHING_DEFAULTS = {
  /** The QC queue's target per agent and day is multiplied by this while a session of the agent is open. */
  samplingFactor: 2,
  /** Records compared before and after the session, on closing. */
  compareCount: 10,
  /** Days after "held" within which the agent should acknowledge. */
  acknowledgeDays: 3,
} as const;

export const COACHING_LIMITS = {
  samplingFactor: { min: 1, max: 10 },
  compareCount: { min: 1, max: 100 },
  acknowledgeDays: { min: 1, max: 60 },
  /** Percentage points of the focus criteria's scale the average must move to count as improved or worse. */
  verdictThreshold: 5,
  text: 5000,
  focus: 20,
  records: 50,
  actionItems: 20,
} as const;

export const COACHING_MESSAGES = {
  noAgent: (agentId: string) => `No agent with agentId "${agentId}"`,
  noCampaign: (name: string) => `No campaign named "${name}"`,
  noSession: (id: number) => `No coaching session with id ${id}`,
  unknownFocus: (keys: string[], scorecard: string, known: string[]) =>
    `${keys.map((k) => `"${k}"`).join(', ')} ${keys.length === 1 ? 'is not a criterion' : 'are not criteria'} of "${scorecard}" (the campaign's in-house scorecard): choose from ${known.join(', ')}`,
  notAgentsRecords: (ids: number[]) =>
    `QC record${ids.length === 1 ? '' : 's'} ${ids.join(', ')} ${ids.length === 1 ? 'is not an in-house record' : 'are not in-house records'} of this agent`,
  otherAgent: 'This coaching session is not yours',
  notCoach: "Only the session's inspector or an admin may change this coaching session",
  illegalStep: (state: TCoachingState, step: string, hint: string) =>
    `A ${state} coaching session cannot be ${step}: ${hint}`,
  planned: (campaign: string) => `Coaching session planned (${campaign})`,
  held: 'Coaching session held: please acknowledge it',
  closed: 'Coaching session closed',
  acknowledged: 'Coaching session acknowledged',
} as const;

const id = z.coerce.number().int().positive();
const day = (name: string) => z.string().trim().refine(isIsoDate, `${name} must be a date written yyyy-MM-dd`);
const text = (name: string) =>
  z.string().max(COACHING_LIMITS.text, `${name} is at most ${COACHING_LIMITS.text} characters`);

export const ZCoachingActionItem = z.object({
  text: z.string().trim().min(1, 'An action item needs its text').max(500, 'An action item is at most 500 characters'),
  due: day('due'),
});
export type TCoachingActionItem = z.infer<typeof ZCoachingActionItem>;

/** POST /api/coaching. agentId is the agent's sign-in name (as QC records name it). */
export const ZCoachingCreate = z.object({
  agentId: z.string().trim().min(1, 'agentId is required'),
  campaignName: z.string().trim().min(1, 'campaignName is required'),
  focus: z
    .array(z.string().trim().min(1))
    .min(1, 'Choose at least one focus criterion')
    .max(COACHING_LIMITS.focus, `At most ${COACHING_LIMITS.focus} focus criteria`),
  qcRecordIds: z.array(id).max(COACHING_LIMITS.records, `At most ${COACHING_LIMITS.records} QC records`).default([]),
  notes: text('notes').default(''),
  privateNotes: text('privateNotes').optional(),
  actionItems: z
    .array(ZCoachingActionItem)
    .max(COACHING_LIMITS.actionItems, `At most ${COACHING_LIMITS.actionItems} action items`)
    .default([]),
  meetingDate: day('meetingDate').nullable().optional(),
});
export type TCoachingCreate = z.infer<typeof ZCoachingCreate>;
export type TCoachingCreateInput = z.input<typeof ZCoachingCreate>;

export const ZCoachingAcknowledge = z.object({ comment: text('comment').default('') });
export type TCoachingAcknowledge = z.infer<typeof ZCoachingAcknowledge>;

export const ZCoachingIdParams = z.object({ id });

export const ZCoachingListQuery = z.object({
  agentId: z.string().trim().min(1).optional(),
  state: ZCoachingState.optional(),
  campaignName: z.string().trim().min(1).optional(),
});
export type TCoachingListQuery = z.infer<typeof ZCoachingListQuery>;

// ---- the replies

/** The focus criteria's figure over one side (before or after): how many records and the averages. */
export const ZCoachingSide = z.object({
  /** Records used (at most the campaign's compare count). */
  records: z.number().int(),
  /** The focus criteria's average share of their scale (worst choice 0, best 100), null without a scored mark. */
  share: z.number().nullable(),
});

export const ZCoachingCriterionFigure = z.object({
  key: z.string(),
  name: z.string(),
  /** The criterion's average marks over the records that scored it (N/A left out), before and after. */
  before: z.number().nullable(),
  after: z.number().nullable(),
});

/** The before/after figure of a closed session (computed when it closes, kept). */
export const ZCoachingResult = z.object({
  compareCount: z.number().int(),
  before: ZCoachingSide,
  after: ZCoachingSide,
  criteria: z.array(ZCoachingCriterionFigure),
  /** after.share − before.share, in percentage points; null when a side has none. */
  change: z.number().nullable(),
  verdict: z.enum(COACHING_VERDICTS),
  /** The figure in words, e.g. "Improved: 62.5 → 81.3 (+18.8 points) over 10 records before and 4 after (fewer than 10)". */
  summary: z.string(),
});
export type TCoachingResult = z.infer<typeof ZCoachingResult>;

export const ZCoachingRecordRef = z.object({
  id: z.number().int(),
  callDate: z.string(),
  total: z.number(),
  agentGrade: z.string(),
});

export const ZCoachingSession = z.object({
  id: z.number().int(),
  state: ZCoachingState,
  agentUserId: z.number().int(),
  agentId: z.string(),
  agentName: z.string(),
  campaignId: z.number().int(),
  campaignName: z.string(),
  /** The in-house scorecard version the focus criteria belong to. */
  scorecardId: z.number().int(),
  focus: z.array(z.object({ key: z.string(), name: z.string() })),
  qcRecords: z.array(ZCoachingRecordRef),
  notes: z.string(),
  /** Absent from the agent's view. */
  privateNotes: z.string().optional(),
  actionItems: z.array(ZCoachingActionItem),
  meetingDate: z.string().nullable(),
  /** Opened by a fatal (auto-fail) QC record rather than by hand. */
  autoOpened: z.boolean(),
  coachId: z.number().int().nullable(),
  coach: z.string(),
  createdAt: z.string(),
  heldAt: z.string().nullable(),
  /** When the agent should have acknowledged by: held + the campaign's window. */
  acknowledgeDueAt: z.string().nullable(),
  /** Held, not acknowledged, and past acknowledgeDueAt. */
  overdue: z.boolean(),
  acknowledgedAt: z.string().nullable(),
  acknowledgement: z.string().nullable(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  result: ZCoachingResult.nullable(),
});
export type TCoachingSession = z.infer<typeof ZCoachingSession>;

export const ZCoachingList = z.array(ZCoachingSession);

// ---- settings

export const ZCoachingSettingsUpdate = z.object({
  samplingFactor: z
    .number()
    .min(COACHING_LIMITS.samplingFactor.min, `Sampling factor must be at least ${COACHING_LIMITS.samplingFactor.min}`)
    .max(COACHING_LIMITS.samplingFactor.max, `Sampling factor must be at most ${COACHING_LIMITS.samplingFactor.max}`),
  compareCount: z
    .number()
    .int('Records compared must be a whole number')
    .min(COACHING_LIMITS.compareCount.min, `Records compared must be at least ${COACHING_LIMITS.compareCount.min}`)
    .max(COACHING_LIMITS.compareCount.max, `Records compared must be at most ${COACHING_LIMITS.compareCount.max}`),
  acknowledgeDays: z
    .number()
    .int('Acknowledgement window must be a whole number of days')
    .min(
      COACHING_LIMITS.acknowledgeDays.min,
      `Acknowledgement window must be at least ${COACHING_LIMITS.acknowledgeDays.min} day`,
    )
    .max(
      COACHING_LIMITS.acknowledgeDays.max,
      `Acknowledgement window must be at most ${COACHING_LIMITS.acknowledgeDays.max} days`,
    ),
});
export type TCoachingSettingsUpdate = z.infer<typeof ZCoachingSettingsUpdate>;

export const ZCoachingSettings = ZCoachingSettingsUpdate.extend({
  campaignId: z.number().int(),
  campaignName: z.string(),
  isDefault: z.boolean(),
});
export type TCoachingSettings = z.infer<typeof ZCoachingSettings>;

export const ZCoachingSettingsParams = z.object({ campaignName: z.string().trim().min(1) });
