// Leads (docs/product.md §3 Lead, §7 /dynamic and /api/file, §8; docs/architecture.md §4): upload, generate, regenerate, delete, browse, report.
import { z } from 'zod';
import { isIsoDate } from '../domain/dates.ts';
import { zCursor, zKeysetPaged, zLastFlag, zNumberText } from './common.ts';
import { LEAD_COLUMNS, type TDefaultLeadColumn, type TLeadColumn } from '../domain/lead-columns.ts';

// ---- columns

/** Default columns an upload may fill. id, createdAt and the status columns are ignored when a file has them. */
export type TUploadLeadColumn = Extract<TLeadColumn, { filledBy: 'upload' }>['key'];
export const UPLOAD_LEAD_COLUMNS: readonly TUploadLeadColumn[] = LEAD_COLUMNS.flatMap((c) =>
  c.filledBy === 'upload' ? [c.key] : [],
);

/** Default columns a file may carry (the older template had them) but whose values are never read. */
export const IGNORED_UPLOAD_COLUMNS: readonly TDefaultLeadColumn[] = LEAD_COLUMNS.flatMap((c) =>
  c.filledBy === 'upload' ? [] : [c.key],
);

/** Every file must have these two columns. */
export const REQUIRED_UPLOAD_COLUMNS = ['cell_number', 'data_date'] as const satisfies readonly TUploadLeadColumn[];

/** The longest value a lead cell may hold (the older system's VARCHAR(255)). */
export const MAX_LEAD_VALUE_LENGTH = 255;
/** A rejected file's report lists at most this many problems (the count says how many there were). */
export const MAX_UPLOAD_ERRORS_REPORTED = 1000;
/** The largest lead CSV accepted, unless LEAD_UPLOAD_MAX_MB says otherwise (a 1M-row file is ~200 MB). */
export const DEFAULT_LEAD_UPLOAD_MAX_MB = 1024;

/** data_status of a lead that generate takes first. */
export const VALID_DATA_STATUS = 'valid';

/** The key of leads without a target_selector in selector lists and generate targets. */
export const NO_SELECTOR = '';

// ---- lead-state vocabulary (docs/architecture.md §4)

/** for_d of a generated lead; '' while fresh. */
export const GENERATED_FOR_D = 'd';
/** generate_status: 0 fresh, 1 first generate, 2… the regenerate batch that added it. */
export const FIRST_BATCH = 1;

// ---- query shapes

const campaignName = z
  .string({ message: 'tableName (the campaign name) is required' })
  .trim()
  .min(1, 'tableName (the campaign name) is required');
const isoDate = (field: string) =>
  z
    .string({ message: `${field} is required` })
    .trim()
    .refine(isIsoDate, `${field} must be a date written yyyy-MM-dd`);

/** ?tableName= (the campaign name, as the spec calls it). */
export const ZLeadTableQuery = z.object({ tableName: campaignName });
/** /…/{t} path parameter: the campaign name. */
export const ZLeadTableParams = z.object({ t: campaignName });
/** ?tableName=&dataDate= */
export const ZLeadDateQuery = z.object({ tableName: campaignName, dataDate: isoDate('dataDate') });
/** GET /dynamic/leadSummary/{t}?dataDate= */
export const ZLeadSummaryQuery = z.object({ dataDate: isoDate('dataDate') });

/**
 * POST /dynamic/updateData and /dynamic/reGenerateData ?tableName&dataDate[&all=true].
 * all=true generates every fresh lead of the date (an explicit choice; the body is then ignored).
 */
export const ZGenerateQuery = z.object({
  tableName: campaignName,
  dataDate: isoDate('dataDate'),
  all: z
    .enum(['true', 'false'], { message: 'all must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});

const TARGET_MESSAGE = 'each target must be a whole number of leads';

/**
 * The body of generate and regenerate: `{targetSelector: N}`, N per (br_id, target_selector) group.
 * N may come as a number or a numeric string (the older client); blank ('' or null) means "not this selector".
 * The key '' stands for leads without a target_selector.
 */
export const ZGenerateTargets = z
  .record(
    z.string(),
    zNumberText(
      z
        .number()
        .int(TARGET_MESSAGE)
        .min(0, 'a target cannot be negative')
        .max(1_000_000, 'a target can be at most 1,000,000')
        .nullable(),
      TARGET_MESSAGE,
    ),
    { message: 'send the targets as {targetSelector: number}' },
  )
  .transform((targets) =>
    Object.fromEntries(Object.entries(targets).filter((e): e is [string, number] => e[1] !== null)),
  );
export type TGenerateTargetsInput = z.input<typeof ZGenerateTargets>;
export type TGenerateTargets = z.output<typeof ZGenerateTargets>;

/** GET /api/file/generateFullReportCsv ?tableName&startDate&endDate (startDate ≤ endDate). */
export const ZFullReportQuery = z
  .object({ tableName: campaignName, startDate: isoDate('startDate'), endDate: isoDate('endDate') })
  .refine((q) => q.startDate <= q.endDate, { message: 'startDate must not be after endDate', path: ['startDate'] });

/**
 * GET /dynamic/leads/{t}: the lead browser, newest data date first, then upload order, a page at a time by key:
 * no cursor is the first page, `after` / `before` a row's cursor (`yyyy-MM-dd,id`) the page after / before it,
 * `last=true` the last page. At most one of the three.
 */
/** fresh: not generated; generated: generated and not completed; called: called at least once (an attempt); completed: is_called 1. */
export const LEAD_STATUSES = ['fresh', 'generated', 'called', 'completed'] as const;
export type TLeadStatus = (typeof LEAD_STATUSES)[number];
export const ZLeadBrowseQuery = z
  .object({
    size: z.coerce.number().int().min(1).max(100, 'size must be at most 100').default(25),
    dataDate: isoDate('dataDate').optional(),
    status: z.enum(LEAD_STATUSES, { message: `status must be one of: ${LEAD_STATUSES.join(', ')}` }).optional(),
    /** Any way of writing the number. */
    phone: z.string().trim().max(40).optional(),
    after: zCursor('after').optional(),
    before: zCursor('before').optional(),
    last: zLastFlag.optional(),
  })
  .refine((q) => [q.after, q.before, q.last || undefined].filter((v) => v !== undefined).length <= 1, {
    message: 'ask for one of after, before and last',
    path: ['after'],
  });
export type TLeadBrowseQuery = z.output<typeof ZLeadBrowseQuery>;
export type TLeadBrowseQueryInput = z.input<typeof ZLeadBrowseQuery>;

// ---- reply shapes

/**
 * A lead in the spec's flat shape: the 16 default columns (id and generate_status numbers, is_called 0/1,
 * data_date 'yyyy-MM-dd', createdAt ISO), then the data table's own columns, then the answers Q1, Q2, …
 */
export const ZLead = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));
export type TLead = z.infer<typeof ZLead>;

/** A page of the lead browser, with the cursors of the pages around it. */
/**
 * A lead's calls as the lead browser shows them beside its row (docs/guide/call-loop.md): how many attempts, and the last
 * one's disposition, agent and time (null before the first).
 */
export const ZLeadCallSummary = z.object({
  leadId: z.number().int(),
  attempts: z.number().int().min(0),
  lastDisposition: z.string().nullable(),
  lastDispositionName: z.string().nullable(),
  lastAgentId: z.string().nullable(),
  /** ISO-8601 UTC. */
  lastCallAt: z.string().nullable(),
});
export type TLeadCallSummary = z.infer<typeof ZLeadCallSummary>;

/** `calls`: one per lead of the page, in its order (a server from before issue 32 sends none). */
export const ZLeadPage = zKeysetPaged(ZLead).extend({ calls: z.array(ZLeadCallSummary).optional() });
export type TLeadPage = z.infer<typeof ZLeadPage>;

/** One problem of an uploaded file: the row (1 is the header line, so data starts at 2), the column, why. */
export const ZUploadRowError = z.object({ row: z.number().int(), column: z.string(), reason: z.string() });
export type TUploadRowError = z.infer<typeof ZUploadRowError>;

/** 200 of POST /api/file/uploadCsv. */
export const ZLeadUploadResult = z.object({
  message: z.string(),
  rowsRead: z.number().int(),
  leadsAdded: z.number().int(),
  duplicatesSkipped: z.number().int(),
  /**
   * Rows skipped because their number is on the system's or the campaign's do-not-call list (docs/guide/dnc.md). Left out
   * only when the result is rebuilt from an upload's progress record, whose message still names the count.
   */
  dncSkipped: z.number().int().optional(),
});
export type TLeadUploadResult = z.infer<typeof ZLeadUploadResult>;

/** 400 of POST /api/file/uploadCsv when rows are invalid: nothing was stored. errorCount may exceed errors.length. */
export const ZLeadUploadRejected = z.object({
  message: z.string(),
  rowsRead: z.number().int(),
  errorCount: z.number().int(),
  errors: z.array(ZUploadRowError),
});
export type TLeadUploadRejected = z.infer<typeof ZLeadUploadRejected>;

/**
 * 'File uploaded: 998 leads added, 2 duplicates skipped' (the screen adds '!', docs/product.md §8), and when numbers
 * on a do-not-call list were skipped: 'File uploaded: 990 leads added, 2 duplicates skipped, 8 skipped: do not call'.
 */
export function leadUploadMessage(leadsAdded: number, duplicatesSkipped: number, dncSkipped = 0): string {
  const n = (k: number, one: string, many: string) => `${k.toLocaleString('en-US')} ${k === 1 ? one : many}`;
  const dnc = dncSkipped > 0 ? `, ${dncSkipped.toLocaleString('en-US')} skipped: do not call` : '';
  return `File uploaded: ${n(leadsAdded, 'lead', 'leads')} added, ${n(duplicatesSkipped, 'duplicate', 'duplicates')} skipped${dnc}`;
}

/** '3 rows have problems; nothing was stored. Fix them and upload the file again.' */
export function leadUploadRejectedMessage(errorCount: number): string {
  return `${errorCount.toLocaleString('en-US')} ${errorCount === 1 ? 'problem' : 'problems'} in the file; nothing was stored. Fix the file and upload it again.`;
}

/**
 * GET /api/file/uploadStatus/{importId}: the progress of an upload the browser started with ?importId=<uuid>.
 * phase: reading (rows are read and checked as they arrive), storing (duplicates skipped, leads written),
 * finished. status tells how it ended.
 */
export const IMPORT_STATUSES = ['running', 'done', 'rejected', 'failed'] as const;
export const ZImportProgress = z.object({
  importId: z.string(),
  campaignName: z.string(),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  phase: z.enum(['reading', 'storing', 'finished']),
  rowsProcessed: z.number().int(),
  leadsAdded: z.number().int().nullable(),
  duplicatesSkipped: z.number().int().nullable(),
  errorCount: z.number().int().nullable(),
  message: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TImportProgress = z.infer<typeof ZImportProgress>;
export const ZImportIdParams = z.object({ importId: z.uuid({ message: 'importId must be a UUID' }) });
export const ZUploadQuery = z.object({
  tableName: campaignName.optional(),
  importId: z.uuid({ message: 'importId must be a UUID' }).optional(),
});

/** POST /dynamic/updateData. */
/**
 * heldBack: fresh leads of the date left ungenerated because their number is on a do-not-call list (docs/guide/dnc.md) or
 * they are in a full quota on a lead field (docs/guide/quotas.md). Callbacks (docs/guide/call-loop.md): callbacksDue counts the
 * date's generated leads with an open callback due by the end of the date (in TIME_ZONE), to be called beside the new
 * ones; heldForCallbacks the fresh leads left ungenerated because another lead of their number has an open callback
 * (generated, a lookup of the number would open the new lead instead of the one the callback is on).
 */
const callbackCounts = { callbacksDue: z.number().int(), heldForCallbacks: z.number().int() };
export const ZGenerateResult = z.object({
  rowsUpdated: z.number().int(),
  heldBack: z.number().int(),
  ...callbackCounts,
  message: z.string(),
});
export type TGenerateResult = z.infer<typeof ZGenerateResult>;
/** POST /dynamic/reGenerateData; batch is the generate_status the new leads got. */
export const ZRegenerateResult = z.object({
  rowsRegenerated: z.number().int(),
  batch: z.number().int(),
  heldBack: z.number().int(),
  ...callbackCounts,
  message: z.string(),
});
export type TRegenerateResult = z.infer<typeof ZRegenerateResult>;
/** DELETE /dynamic/deleteLead. */
export const ZDeleteLeadsResult = z.object({ rowsDeleted: z.number().int(), message: z.string() });
export type TDeleteLeadsResult = z.infer<typeof ZDeleteLeadsResult>;

const count = z.number().int().min(0);
/** Lead counts of one date: for a selector, or for the whole date. */
export const ZLeadCounts = z.object({
  total: count,
  /** Not generated yet. */
  fresh: count,
  generated: count,
  /** Generated and not called: what regenerate tops up. */
  uncalled: count,
  called: count,
  /** With at least one survey answer (what a delete loses). */
  withAnswers: count,
});
export type TLeadCounts = z.infer<typeof ZLeadCounts>;

/**
 * GET /dynamic/leadSummary/{t}?dataDate: the figures the generate, regenerate and delete screens show.
 * groups = how many br_id groups the selector has (a target N applies to each).
 */
export const ZLeadDateSummary = ZLeadCounts.extend({
  dataDate: z.string(),
  selectors: z.array(ZLeadCounts.extend({ targetSelector: z.string(), groups: count })),
});
export type TLeadDateSummary = z.infer<typeof ZLeadDateSummary>;

// ---- messages (docs/product.md §8 word for word)

export const LEAD_MESSAGES = {
  uploadMissing: 'No file selected or campaign not selected',
  uploadFailed: 'Error uploading file',
  generated: (n: number) => `Data generated successfully! Rows generated: ${n}`,
  noneGenerated: 'No rows were generated. Please check the criteria.',
  generateFailed: 'Failed to generate data. Please try again.',
  regenerated: (n: number) => `Data regenerated successfully! Rows regenerated: ${n}`,
  /** Shown beside the generate/regenerate result when some leads' numbers are on a do-not-call list or in a full quota. */
  heldBack: (n: number) => `${n} held back: do not call or quota full`,
  regeneratedNoCount: 'Data regenerated successfully, but row count is unavailable.',
  regenerateFailed: 'Failed to regenerate data. Please try again.',
  deleted: 'Data deleted successfully!',
  deleteFailed: 'Error deleting data!',
  /** Ours: generate and regenerate without any target and without all=true. */
  noTargets: 'Enter a target for at least one selector, or choose to generate all fresh leads.',
} as const;

/** The file names downloads are saved as (docs/product.md §7). */
export const LEAD_FILE_NAMES = {
  template: (campaign: string) => `${campaign}_columns.csv`,
  forD: 'for_d_report.csv',
  full: 'full_report.csv',
} as const;

/**
 * The full report's columns after the spec's (issue 32, docs/guide/call-loop.md): the lead's call attempts, and the last
 * one's disposition (its name), agent ID and end (yyyy-MM-dd HH:mm:ss in TIME_ZONE); empty before the first call.
 */
export const FULL_REPORT_CALL_COLUMNS = ['attempts', 'last_disposition', 'last_agent', 'last_call_time'] as const;
