// The QC loop's agent side of a scored record (issue 37, docs/qc-records.md): comments on a moment of the recording or
// on a criterion, the agent's acknowledgement, the overdue acknowledgements and the per-campaign window.
import { z } from 'zod';
import { isIsoDate } from '../domain/dates.ts';
import { zPaged } from './common.ts';

export const QC_RECORD_COMMENT_MAX = 2000;
export const ACKNOWLEDGEMENT_COMMENT_MAX = 1000;
/** Days after scoring an agent has to acknowledge a record, unless the campaign sets its own. */
export const DEFAULT_ACKNOWLEDGEMENT_WINDOW_DAYS = 3;
export const ACKNOWLEDGEMENT_WINDOW_LIMITS = { min: 1, max: 60 } as const;
/** The longest moment a comment may name (a day), whatever the recording. */
export const MAX_COMMENT_SECONDS = 86_400;

export const QC_RECORDS_MESSAGES = {
  noRecord: (id: number) => `No QC record with id ${id}`,
  noComment: (id: number) => `No comment with id ${id} on this QC record`,
  pastRecording: (duration: number) => `atSeconds must be within the recording's ${duration} seconds`,
  unknownCriterion: (key: string, scorecard: string) => `"${key}" is not a criterion of the scorecard "${scorecard}"`,
  agentsOnly: 'Only the agent scored on this QC record can acknowledge it',
  notInHouse: 'Only in-house QC records are acknowledged',
  alreadyAcknowledged: (at: string) => `You already acknowledged this QC record on ${at}`,
  noCampaign: (name: string) => `No campaign named "${name}"`,
  overdueTitle: (agentName: string, callDate: string) => `Acknowledgement overdue: ${agentName}, call of ${callDate}`,
  overdueBody: (days: number) =>
    `The agent has not acknowledged or disputed this QC record within the campaign's ${days}-day window.`,
} as const;

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const ZQcRecordIdParams = z.object({ id });
export const ZQcRecordCommentParams = z.object({ id, commentId: id });

/**
 * POST /api/qc-records/{id}/comments: on a moment of the recording (atSeconds), on a criterion of the record's scorecard
 * version (criterionKey), both, or neither. The server refuses a moment past the recording and a key not of the
 * version (400 INVALID_VALUE with the field).
 */
export const ZQcRecordCommentCreate = z.object({
  atSeconds: z
    .number({ message: 'atSeconds must be a number of seconds' })
    .min(0, 'atSeconds must be 0 or more')
    .max(MAX_COMMENT_SECONDS, `atSeconds must be at most ${MAX_COMMENT_SECONDS}`)
    .nullish()
    .transform((v) => (v == null ? null : Math.round(v * 100) / 100)),
  criterionKey: z
    .string({ message: 'criterionKey must be text' })
    .trim()
    .max(100, 'criterionKey must be at most 100 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
  text: z
    .string({ message: 'text is required' })
    .trim()
    .min(1, 'Write the comment')
    .max(QC_RECORD_COMMENT_MAX, `The comment can be at most ${QC_RECORD_COMMENT_MAX} characters`),
});
export type TQcRecordCommentCreate = z.output<typeof ZQcRecordCommentCreate>;
export type TQcRecordCommentCreateInput = z.input<typeof ZQcRecordCommentCreate>;

export const ZQcRecordComment = z.object({
  id: z.number().int(),
  qcRecordId: z.number().int(),
  /** The moment of the recording, in seconds (two decimals); null: not on the timeline. */
  atSeconds: z.number().nullable(),
  criterionKey: z.string().nullable(),
  /** The criterion's name on the record's scorecard version; null when the comment is on no criterion. */
  criterionName: z.string().nullable(),
  text: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
});
export type TQcRecordComment = z.infer<typeof ZQcRecordComment>;

/** GET /api/qc-records/{id}/comments: the timeline's first (by moment), then the others, each oldest first. */
export const ZQcRecordComments = z.array(ZQcRecordComment);

/** POST /api/qc-records/{id}/acknowledge. */
export const ZQcRecordAcknowledge = z.object({
  comment: z
    .string({ message: 'comment must be text' })
    .trim()
    .max(ACKNOWLEDGEMENT_COMMENT_MAX, `The comment can be at most ${ACKNOWLEDGEMENT_COMMENT_MAX} characters`)
    .nullish()
    .transform((v) => v ?? ''),
});
export type TQcRecordAcknowledgeInput = z.input<typeof ZQcRecordAcknowledge>;

export const ZQcRecordAcknowledgement = z.object({
  qcRecordId: z.number().int(),
  acknowledgedAt: z.string(),
  comment: z.string(),
});
export type TQcRecordAcknowledgement = z.infer<typeof ZQcRecordAcknowledgement>;

/**
 * Which records GET /api/qc-records/unacknowledged lists: `overdue` (the default) those past their campaign's window,
 * `all` every record awaiting its agent's acknowledgement, the overdue ones first.
 */
export const UNACKNOWLEDGED_STATES = ['overdue', 'all'] as const;
export type TUnacknowledgedState = (typeof UNACKNOWLEDGED_STATES)[number];
/** The web's list of unacknowledged records: its query takes the API's names (state, agentId, campaignName, dates). */
export const UNACKNOWLEDGED_LIST_PATH = '/qc-acknowledgements';

/** A text filter: trimmed, '' or missing for none. */
const filterText = (field: string) =>
  z
    .string()
    .trim()
    .max(200, `${field} can be at most 200 characters`)
    .optional()
    .transform((v) => (v ? v : undefined));
const filterDate = (field: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || isIsoDate(v), `${field} must be a date written yyyy-MM-dd`);

/**
 * GET /api/qc-records/unacknowledged: 0-based page and size (default 25), which records (state), and the agent, the
 * campaign and the call dates (from/to, both counted) to narrow them to.
 */
export const ZUnacknowledgedQuery = z.object({
  page: z.coerce.number().int().min(0, 'page must be 0 or more').default(0),
  size: z.coerce.number().int().min(1, 'size must be at least 1').max(500, 'size must be at most 500').default(25),
  state: z
    .enum(UNACKNOWLEDGED_STATES, { message: `state must be one of ${UNACKNOWLEDGED_STATES.join(', ')}` })
    .default('overdue'),
  agentId: filterText('agentId'),
  campaignName: filterText('campaignName'),
  startDate: filterDate('startDate'),
  endDate: filterDate('endDate'),
});
export type TUnacknowledgedQuery = z.output<typeof ZUnacknowledgedQuery>;

export const ZUnacknowledgedRecord = z.object({
  qcRecordId: z.number().int(),
  callDate: z.string(),
  agentId: z.string(),
  agentName: z.string(),
  campaignName: z.string(),
  qcInspector: z.string(),
  total: z.number(),
  grade: z.string(),
  scoredAt: z.string(),
  /** scoredAt + the campaign's window. */
  dueAt: z.string(),
  /** Whole days past dueAt (0 in the first day, and while not overdue). */
  daysOverdue: z.number().int(),
  /** Past dueAt: the campaign's window has passed without the agent's answer. */
  overdue: z.boolean(),
  /** The campaign's acknowledgement window in days (the default when it sets none). */
  windowDays: z.number().int(),
});
export type TUnacknowledgedRecord = z.infer<typeof ZUnacknowledgedRecord>;
export const ZUnacknowledgedPage = zPaged(ZUnacknowledgedRecord);
export type TUnacknowledgedPage = z.infer<typeof ZUnacknowledgedPage>;

/** GET/PUT /api/qc-records/settings?campaignName=. */
export const ZAcknowledgementSettingsQuery = z.object({
  campaignName: z.string({ message: 'campaignName is required' }).trim().min(1, 'campaignName is required').max(100),
});
const { min, max } = ACKNOWLEDGEMENT_WINDOW_LIMITS;
export const ZAcknowledgementSettingsUpdate = z.object({
  acknowledgementWindowDays: z
    .number({ message: 'acknowledgementWindowDays must be a number' })
    .int('acknowledgementWindowDays must be a whole number of days')
    .min(min, `acknowledgementWindowDays must be ${min} to ${max}`)
    .max(max, `acknowledgementWindowDays must be ${min} to ${max}`),
});
export type TAcknowledgementSettingsUpdate = z.infer<typeof ZAcknowledgementSettingsUpdate>;
export const ZAcknowledgementSettings = z.object({
  campaignName: z.string(),
  acknowledgementWindowDays: z.number().int(),
  /** True while the campaign has no window of its own (the default applies). */
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type TAcknowledgementSettings = z.infer<typeof ZAcknowledgementSettings>;

// ---- the agent's QC Review list (GET /api/qcReport/list-of-qc-records-by-agent-id): what each record adds

/** A criterion where marks were lost: below its best choice (N/A is not a loss). */
export const ZLostCriterion = z.object({
  key: z.string(),
  name: z.string(),
  choice: z.string().nullable(),
  marks: z.number(),
  bestMarks: z.number(),
  comment: z.string(),
});
export type TLostCriterion = z.infer<typeof ZLostCriterion>;

/** The fields the agent's QC Review list adds to each record (additive: the older client's shape stays). */
export const agentReviewDetails = {
  /** The record's grade (the same as agentGrade). */
  grade: z.string(),
  lostCriteria: z.array(ZLostCriterion),
  comments: z.array(ZQcRecordComment),
  acknowledgedAt: z.string().nullable(),
  acknowledgementComment: z.string().nullable(),
  /** The end of the dispute window (scored at + the dispute settings' days). */
  disputeUntil: z.string(),
};
