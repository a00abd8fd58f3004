// Quality control (docs/product.md §2 QC screens, §3 QC report / Report file / Agent review / summaries, §7 QC calls, §8 QC and
// Reviews messages, §9): QC records in-house and client, their recordings, agent reviews and the report calls.
import { z } from 'zod';
import { QC_CRITERIA, isOnScale, scaleText, type TQcCriterion, type TQcCriterionKey } from '../domain/qc-scoring.ts';
import { MAX_PAGE_SIZE, checkDayRange, zCursor, zIsoDate, zKeysetPaged, zLastFlag } from './common.ts';
import { ZScorecardBlock, ZScorecardMarks } from './scorecards.ts';
import { agentReviewDetails } from './qc-records.ts';
import { recordingFileNameProblem } from './voicelog.ts';

export const QC_MESSAGES = {
  durationNotAvailable: 'Duration not available yet!',
  successfulCall: 'Successful Call Detected!',
  tickTooltip: 'Click to mark it successful',
  reportSubmitted: 'Report submitted successfully!',
  fileStored: 'File name stored successfully!',
  leadUpdated: 'Lead data updated successfully!',
  leadUpdateFailed: 'Failed to update lead data. Please try again.',
  updateSuccessful: 'Update Successful!',
  updateFailed: 'Update failed',
  deleteTitle: 'Are you sure?',
  deleteText: (agent: string) => `Do you really want to delete ${agent}'s record? This process cannot be undone!`,
  reviewSubmitted: 'Review submitted successfully!',
  reviewFailed: 'Failed to submit review',
  reviewResolved: 'Review has been marked as resolved.',
  resolveFailed: 'Failed to update review status.',
  concernRaised: 'Concern Raised',
  concernRemoved: 'Concern Removed',
  noAudioReview: 'No audio file available',
  noAudioFlags: 'No audio available',
  commentPlaceholder: 'Enter your comment here',
  searchRequired: 'Choose a campaign, a consumer number and a call date',
  otherInspector: "This is another inspector's QC record",
  otherAgent: 'You can only see your own QC records',
  alreadyReviewed: 'This QC record has already been reviewed',
  /** PUT editqc / edit-Client-Qc with a version that is no longer current (409); nothing was changed. */
  staleRecord: (by: string, at: string) =>
    `This QC record was changed by ${by} at ${at}. Open it again to see their changes.`,
  /** PUT editqc with applyToClient, the client record saved since it was read (409); nothing was changed. */
  staleClientRecord: (by: string, at: string) =>
    `The client QC record of this call was changed by ${by} at ${at}. Nothing was saved: open this record again to see their changes.`,
  /** PUT editqc with applyToClient on a call without a client record (deleted since it was read) (409). */
  noClientRecord: 'This call has no client QC record any more. Nothing was saved: open this record again.',
  appliedToClient: (fields: string) => `Also applied to the client record: ${fields}.`,
  recordingNotInVoiceLog: (fileName: string, callDate: string) =>
    `"${fileName}" is not in the voice log of ${callDate}, the record's call date: link one of that day's recordings`,
  recordingOfOtherNumber: (fileName: string, consumerNumber: string) =>
    `"${fileName}" is not a recording of ${consumerNumber}, the record's consumer number`,
} as const;

/** The two kinds of QC record: the in-house scoring and the client's scoring of the same call. */
export const QC_KINDS = ['in-house', 'client'] as const;
export type TQcKind = (typeof QC_KINDS)[number];

export const MAX_QC_TEXT = 2000;

const isoDate = zIsoDate;
const text = (field: string) =>
  z
    .string({ message: `${field} must be text` })
    .trim()
    .max(MAX_QC_TEXT, `${field} can be at most ${MAX_QC_TEXT} characters`);
/** Missing and null read as ''. */
const optionalText = (field: string) =>
  text(field)
    .nullish()
    .transform((v) => v ?? '');

/** A criterion's marks: a number (or numeric text, as the older client sent) on its scale, else 400 naming it. */
function zMarks(c: TQcCriterion) {
  const problem = `${c.name} must be one of ${scaleText(c)}`;
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d+(\.\d+)?$/)
          .transform(Number),
      ],
      { message: problem },
    )
    .refine((v) => isOnScale(c, v), problem);
}

type OptionalMarks = z.ZodOptional<ReturnType<typeof zMarks>>;
type ScoreShape = { [K in TQcCriterionKey]: OptionalMarks };
type MarksShape = { [K in TQcCriterionKey as `${K}Marks`]: OptionalMarks };
/** The spec's 14 marks, every one required (calibration's scorings). */
export const ZQcSpecScores = z.object(
  Object.fromEntries(QC_CRITERIA.map((c) => [c.key, zMarks(c)])) as {
    [K in TQcCriterionKey]: ReturnType<typeof zMarks>;
  },
);
// Optional here, required by requireSpecMarks unless the body scores on another scorecard (`scorecard`).
const scoreShape = Object.fromEntries(QC_CRITERIA.map((c) => [c.key, zMarks(c).optional()])) as ScoreShape;
const marksShape = Object.fromEntries(QC_CRITERIA.map((c) => [`${c.key}Marks`, zMarks(c).optional()])) as MarksShape;

/**
 * A save's `scorecard`: marks on a scorecard. A record read back and sent again carries the reply's block (`criteria`,
 * no `marks`): that is not marks and is left out, so the spec's fields are what the save scores.
 */
const zSaveScorecard = z.preprocess(
  (v) => (typeof v === 'object' && v !== null && !('marks' in v) && 'criteria' in v ? undefined : v),
  ZScorecardMarks.optional(),
);

/**
 * The spec's 14 marks are required, with the same words as before scorecards (a missing one is "not on its scale"),
 * unless the body carries `scorecard: {id, marks}` (docs/scorecards.md, Saving a record): then they are not read.
 */
function requireSpecMarks(suffix: '' | 'Marks') {
  return (body: { scorecard?: unknown } & Record<string, unknown>, ctx: z.RefinementCtx) => {
    if (body.scorecard !== undefined) return;
    for (const c of QC_CRITERIA)
      if (body[`${c.key}${suffix}`] === undefined)
        ctx.addIssue({
          code: 'custom',
          path: [`${c.key}${suffix}`],
          message: `${c.name} must be one of ${scaleText(c)}`,
        });
  };
}

const callShape = {
  callDate: isoDate('callDate'),
  /** The scored agent's agentId; the server fills agentName from the agent. */
  agentId: z
    .string({ message: 'agentId (the agent scored) is required' })
    .trim()
    .min(1, 'agentId (the agent scored) is required')
    .max(100),
  campaignName: z.string({ message: 'campaignName is required' }).trim().min(1, 'campaignName is required').max(200),
  /** Any common format; stored normalised like lead numbers. */
  consumerNumber: z
    .union([z.string(), z.number().transform(String)], { message: 'consumerNumber is required' })
    .pipe(z.string().trim().min(1, 'consumerNumber is required').max(40)),
  /** Whole seconds of the recording, from the player; '' or null when nothing was played. */
  duration: z
    .union([z.number(), z.string().trim(), z.null()])
    .optional()
    .transform((v) => (v === '' || v === null || v === undefined ? null : Number(v)))
    .refine((v) => v === null || (Number.isInteger(v) && v >= 0 && v <= 86_400), 'duration must be whole seconds'),
};

/** The three texts of a scoring, under the in-house names and under the client's Marks-suffixed ones. */
const textShape = {
  fatalReason: optionalText('fatalReason'),
  easVoiceMatchedWithReport: optionalText('easVoiceMatchedWithReport'),
  suggestion: optionalText('suggestion'),
};
const clientTextShape = {
  fatalReasonMarks: optionalText('fatalReasonMarks'),
  easVoiceMatchedWithReportMarks: optionalText('easVoiceMatchedWithReportMarks'),
  suggestionMarks: optionalText('suggestionMarks'),
};

/**
 * POST /api/qcReport/add. total, agentGrade, agentName and qcInspector may be sent (the older client did) but are
 * ignored: the server computes the first two, fills the name from the agent and records the signed-in inspector.
 */
export const ZQcRecordCreate = z
  .object({
    ...callShape,
    ...scoreShape,
    ...textShape,
    /** Marks on the campaign's scorecard (docs/scorecards.md); instead of the 14 spec fields. */
    scorecard: zSaveScorecard,
  })
  .superRefine(requireSpecMarks(''));
export type TQcRecordCreateInput = z.input<typeof ZQcRecordCreate>;
export type TQcRecordCreate = z.output<typeof ZQcRecordCreate>;

/** POST /api/qcReport/addforclient: the client's scoring, Marks-suffixed names (docs/product.md §3 QC report (client)). */
export const ZQcClientRecordCreate = z
  .object({
    ...callShape,
    ...marksShape,
    ...clientTextShape,
    scorecard: zSaveScorecard,
  })
  .superRefine(requireSpecMarks('Marks'));
export type TQcClientRecordCreateInput = z.input<typeof ZQcClientRecordCreate>;
export type TQcClientRecordCreate = z.output<typeof ZQcClientRecordCreate>;

const id = z.coerce
  .number({ message: 'id must be a record id' })
  .int('id must be a record id')
  .positive('id must be a record id');

/** PUT /api/qcReport/editqc: the scores and texts change; the call, the agent and the inspector do not. */
export const ZQcRecordEdit = z
  .object({
    id,
    /** The version read (recordShape.version): a newer one stored answers 409 instead of overwriting it. Optional for older clients. */
    version: z.number().int().min(0).optional(),
    ...scoreShape,
    ...textShape,
    /** Marks on the record's own scorecard version (an edit never moves a record to another version). */
    scorecard: zSaveScorecard,
    /**
     * Also apply the fields this edit changes to the client record of the same call (`clientRecord` of getqc), in the
     * same transaction; refused whole (409 CLIENT_RECORD_CHANGED) when that record is no longer at `clientVersion`.
     */
    applyToClient: z.boolean().optional(),
    /** The client record's version read with `clientRecord`; required with `applyToClient`. */
    clientVersion: z.number().int().min(0).optional(),
  })
  .superRefine(requireSpecMarks(''))
  .refine((b) => b.applyToClient !== true || b.clientVersion !== undefined, {
    message: "clientVersion (the client record's version you read) is required with applyToClient",
    path: ['clientVersion'],
  });
export type TQcRecordEditInput = z.input<typeof ZQcRecordEdit>;
export type TQcRecordEdit = z.output<typeof ZQcRecordEdit>;

/** PUT /api/qcReport/edit-Client-Qc. */
export const ZQcClientRecordEdit = z
  .object({
    id,
    /** The version read (recordShape.version): a newer one stored answers 409 instead of overwriting it. Optional for older clients. */
    version: z.number().int().min(0).optional(),
    ...marksShape,
    ...clientTextShape,
    scorecard: zSaveScorecard,
  })
  .superRefine(requireSpecMarks('Marks'));
export type TQcClientRecordEditInput = z.input<typeof ZQcClientRecordEdit>;
export type TQcClientRecordEdit = z.output<typeof ZQcClientRecordEdit>;

/** One of the spec's four grades on "Standard"; another scorecard's own band names on others. */
const grade = z.string();
/** null on a record of another scorecard than "Standard" (its marks are in `scorecard`). */
const marks = z.number().nullable();
const recordShape = {
  id: z.number().int(),
  callDate: z.string(),
  agentName: z.string(),
  agentId: z.string(),
  campaignName: z.string(),
  consumerNumber: z.string(),
  duration: z.number().int().nullable(),
  qcInspector: z.string(),
  total: z.number(),
  agentGrade: grade,
  /** The recording linked to the record (add-qc-report-file), played from {callDate}/{fileName}; null when none. */
  fileName: z.string().nullable(),
  createdAt: z.string(),
  /** Raised by every edit; sent back with an edit so a stale one is refused (409). */
  version: z.number().int(),
  /** The scorecard version the record was scored on (1: the built-in "Standard"). */
  scorecardId: z.number().int(),
  /** One record's reads (getqc, getClientQc, add, edit): the version and every criterion's choice, marks and comment. */
  scorecard: ZScorecardBlock.optional(),
};

/** An in-house QC record (docs/product.md §3 QC report (in-house)). */
export const ZQcRecord = z.object({
  ...recordShape,
  ...(Object.fromEntries(QC_CRITERIA.map((c) => [c.key, marks])) as { [K in TQcCriterionKey]: typeof marks }),
  fatalReason: z.string(),
  easVoiceMatchedWithReport: z.string(),
  suggestion: z.string(),
  /** getqc only: the client record of the same call (campaign, agent, number, day, inspector), or null when none. */
  clientRecord: z.object({ id: z.number().int(), version: z.number().int() }).nullable().optional(),
});
export type TQcRecord = z.infer<typeof ZQcRecord>;

/** A client QC record (docs/product.md §3 QC report (client)): the Marks-suffixed names. */
export const ZQcClientRecord = z.object({
  ...recordShape,
  ...(Object.fromEntries(QC_CRITERIA.map((c) => [`${c.key}Marks`, marks])) as {
    [K in TQcCriterionKey as `${K}Marks`]: typeof marks;
  }),
  fatalReasonMarks: z.string(),
  easVoiceMatchedWithReportMarks: z.string(),
  suggestionMarks: z.string(),
});
export type TQcClientRecord = z.infer<typeof ZQcClientRecord>;

/**
 * PUT editqc's reply: the in-house record, and with `applyToClient` what was applied to the client record: the
 * criterion keys whose choice or comment it took, the texts (in-house names) it took, and the client record after.
 */
export const ZQcRecordEditReply = ZQcRecord.extend({
  appliedToClient: z
    .object({
      criteria: z.array(z.string()),
      texts: z.array(z.enum(['fatalReason', 'easVoiceMatchedWithReport', 'suggestion'])),
      record: ZQcClientRecord,
    })
    .optional(),
});
export type TQcRecordEditReply = z.infer<typeof ZQcRecordEditReply>;

export const ZQcIdParams = z.object({ id });

/**
 * GET /api/qcReport/getqcreportbyqcinspector and /getQcRecordsClientViewByQcInspector (also with /{page}/{size}):
 * ?username= names the inspector (an inspector may only name itself; an admin any, or none for all),
 * page is 0-based, search matches agent name or id, campaign or consumer number, date narrows to one call date.
 * Newest call first. By key (docs/api.md "Pages"): `after` / `before` a row's cursor (`yyyy-MM-dd,id`) give the page
 * after / before it, `last=true` the last page, `from=yyyy-MM-dd` the page that starts at that call date (its newest
 * record on or before it); any of them sets page aside. At most one of the four.
 */
export const ZQcListQuery = z
  .object({
    username: z.string().trim().max(100).optional(),
    page: z.coerce.number().int().min(0, 'page must be 0 or more').default(0),
    size: z.coerce
      .number()
      .int()
      .min(1, 'size must be at least 1')
      .max(MAX_PAGE_SIZE, `size must be at most ${MAX_PAGE_SIZE}`)
      .default(10),
    search: z.string().trim().max(200).optional(),
    date: isoDate('date').optional(),
    after: zCursor('after').optional(),
    before: zCursor('before').optional(),
    last: zLastFlag.optional(),
    from: isoDate('from').optional(),
  })
  .refine((q) => [q.after, q.before, q.last || undefined, q.from].filter((v) => v !== undefined).length <= 1, {
    message: 'ask for one of after, before, last and from',
    path: ['after'],
  });
export type TQcListQuery = z.output<typeof ZQcListQuery>;
export const ZQcListParams = z.object({
  page: z.coerce.number().int().min(0, 'page must be 0 or more'),
  size: z.coerce
    .number()
    .int()
    .min(1, 'size must be at least 1')
    .max(MAX_PAGE_SIZE, `size must be at most ${MAX_PAGE_SIZE}`),
});

export const ZQcRecordPage = zKeysetPaged(ZQcRecord);
export const ZQcClientRecordPage = zKeysetPaged(ZQcClientRecord);

/** POST /api/qcReport/add-qc-report-file: links a recording (a file of the call's date folder) to a record. */
export const ZQcRecordFileCreate = z.object({
  qcReport: z.object({ id }, { message: 'qcReport {id} is required' }),
  fileName: z
    .string({ message: 'fileName is required' })
    .trim()
    .min(1, 'fileName is required')
    .max(255)
    .refine((f) => !/[/\\]/.test(f) && f !== '.' && f !== '..', 'fileName must be a file name, not a path')
    // The name the recording has in its date folder: one the player can never open is refused now, not at playback.
    .superRefine((f, ctx) => {
      const problem = recordingFileNameProblem(f);
      if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
    }),
});
export type TQcRecordFileCreate = z.infer<typeof ZQcRecordFileCreate>;
export const ZQcRecordFile = z.object({
  id: z.number().int(),
  fileName: z.string(),
  qcReport: z.object({ id: z.number().int() }),
  callDate: z.string(),
});
export type TQcRecordFile = z.infer<typeof ZQcRecordFile>;

// ---- agent reviews (docs/product.md §3 Agent review, §4 review lifecycle)

export const AGREED = ['Yes', 'No'] as const;

/**
 * POST /api/qcReport/submit. qcId names the record; the call date, number, total, suggestion and inspector are
 * the record's own (any sent are ignored), and the reviewer is the signed-in agent.
 */
export const ZAgentReviewSubmit = z.object({
  qcId: id,
  agreed: z
    .enum(AGREED, { message: 'agreed must be Yes or No' })
    .nullish()
    .transform((v) => v ?? null),
  raiseConcern: z
    .boolean({ message: 'raiseConcern must be true or false' })
    .nullish()
    .transform((v) => v ?? false),
  comment: optionalText('comment'),
});
export type TAgentReviewSubmitInput = z.input<typeof ZAgentReviewSubmit>;

/** PUT /api/qcReport/agent-review/{id}. */
export const ZAgentReviewResolve = z.object({
  isResolved: z.literal(true, { message: 'isResolved must be true' }),
  resolvedMessage: text('resolvedMessage').min(1, 'Write what was done about the concern'),
});
export type TAgentReviewResolve = z.infer<typeof ZAgentReviewResolve>;

export const ZAgentReview = z.object({
  id: z.number().int(),
  qcId: z.number().int(),
  callDate: z.string(),
  consumerNumber: z.string(),
  total: z.number(),
  suggestion: z.string(),
  qcInspector: z.string(),
  agentName: z.string(),
  agentId: z.string(),
  agreed: z.enum(AGREED).nullable(),
  raiseConcern: z.boolean(),
  comment: z.string(),
  isResolved: z.boolean(),
  resolvedMessage: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  createdAt: z.string(),
  /** {callDate}/{fileName} of the record's recording, or null. */
  voiceLog: z.string().nullable(),
});
export type TAgentReview = z.infer<typeof ZAgentReview>;

/**
 * GET /api/qcReport/list-of-qc-records-by-agent-id: the agent's own in-house records, newest call first, each with its
 * review once written. `startDate`/`endDate` narrow to call dates (both included). With `size`, `after`, `before` or
 * `last` the reply is a keyset page (docs/api.md "Pages"); without, the older client's plain array up to its cap.
 */
export const ZAgentQcRecordsQuery = z
  .object({
    agentId: z.string().trim().max(100).optional(),
    size: z.coerce
      .number()
      .int()
      .min(1, 'size must be at least 1')
      .max(MAX_PAGE_SIZE, `size must be at most ${MAX_PAGE_SIZE}`)
      .optional(),
    after: zCursor('after').optional(),
    before: zCursor('before').optional(),
    last: zLastFlag.optional(),
    startDate: isoDate('startDate').optional(),
    endDate: isoDate('endDate').optional(),
  })
  .refine((q) => [q.after, q.before, q.last || undefined].filter((v) => v !== undefined).length <= 1, {
    message: 'ask for one of after, before and last',
    path: ['after'],
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    message: 'The end date must be on or after the start date',
    path: ['endDate'],
  });
export type TAgentQcRecordsQuery = z.output<typeof ZAgentQcRecordsQuery>;
/**
 * A record of the agent's QC Review: the record, its review, and (issue 37, docs/qc-records.md) its grade, the criteria
 * where marks were lost, the inspector's comments, the acknowledgement and the dispute window's end. The server always
 * sends those; they are optional here so that replies of the older shape still parse.
 */
export const ZAgentQcRecord = ZQcRecord.extend({
  review: ZAgentReview.nullable(),
  grade: agentReviewDetails.grade.optional(),
  lostCriteria: agentReviewDetails.lostCriteria.optional(),
  comments: agentReviewDetails.comments.optional(),
  acknowledgedAt: agentReviewDetails.acknowledgedAt.optional(),
  acknowledgementComment: agentReviewDetails.acknowledgementComment.optional(),
  disputeUntil: agentReviewDetails.disputeUntil.optional(),
});
export type TAgentQcRecord = z.infer<typeof ZAgentQcRecord>;
export const ZAgentQcRecordPage = zKeysetPaged(ZAgentQcRecord);
export type TAgentQcRecordPage = z.infer<typeof ZAgentQcRecordPage>;

// ---- reports (docs/product.md §2 QC Reports, §3 summaries; the files in docs/product.md §9)

export const QC_REPORT_TYPES = [
  'Daily Qc Records (In-House)',
  'Daily Qc Records (Client)',
  'Daily Qc Summary',
  'Monthly Qc Summary',
] as const;
export type TQcReportType = (typeof QC_REPORT_TYPES)[number];

/** The longest range of the monthly summary, in days (inclusive). */
export const MAX_SUMMARY_DAYS = 366;

export const ZQcDateQuery = z.object({ date: isoDate('date') });
export const ZQcCallDateQuery = z.object({ callDate: isoDate('callDate') });

export const ZQcRangeQuery = checkDayRange(
  z.object({ startDate: isoDate('startDate'), endDate: isoDate('endDate') }),
  { from: 'startDate', to: 'endDate' },
  MAX_SUMMARY_DAYS,
);
export type TQcRangeQuery = z.infer<typeof ZQcRangeQuery>;

/** Daily summary item (docs/product.md §3 Agent summary): the day's average in its colour's field, the others ''. */
export const ZAgentSummary = z.object({
  agentName: z.string(),
  agentId: z.string(),
  red: z.string(),
  yellow: z.string(),
  blue: z.string(),
  green: z.string(),
  suggestions: z.string(),
});
export type TAgentSummary = z.infer<typeof ZAgentSummary>;

/** Range summary item (docs/product.md §3 Agent performance summary): one key per day of the range, null without records. */
export const ZAgentPerformanceSummary = z.object({
  agentName: z.string(),
  agentId: z.string(),
  dailyAverages: z.record(z.string(), z.number().nullable()),
  sum: z.number(),
  count: z.number().int(),
  average: z.number(),
});
export type TAgentPerformanceSummary = z.infer<typeof ZAgentPerformanceSummary>;

/** GET /api/qcReport/grade-distribution?date=: how many in-house records of the day fell in each grade. */
export const ZGradeCount = z.object({ grade: grade, count: z.number().int() });
export type TGradeCount = z.infer<typeof ZGradeCount>;

/** The xlsx downloads (plain links with a media token): path and file name of each report type. */
export const QC_EXPORTS = {
  inHouse: {
    path: '/api/qcReport/export/in-house',
    fileName: (date: string) => `QC_Records_In-House_${date}.xlsx`,
    sheet: 'QC Records',
  },
  client: {
    path: '/api/qcReport/export/client',
    fileName: (date: string) => `QC_Records_Client_${date}.xlsx`,
    sheet: 'QC Records',
  },
  dailySummary: {
    path: '/api/qcReport/export/daily-summary',
    fileName: (date: string) => `Daily_Qc_Summary_${date}.xlsx`,
    sheet: 'Agent Summaries',
  },
  monthlySummary: {
    path: '/api/qcReport/export/monthly-summary',
    fileName: (start: string, end: string) => `Monthly_Qc_Summary_${start}_to_${end}.xlsx`,
    sheet: 'Performance Summary',
  },
} as const;
