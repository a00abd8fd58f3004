// Schemas of a campaign's survey results (issue 38, docs/guide/results.md): per question, cross-tabs, text answers,
// where calls end and quota progress, under one set of filters. The replies are what the web's /results draws.
import { z } from 'zod';
import { dayRangeProblem, zIsoDate } from './common.ts';

/** One option of a Select / Multi Select question: calls that chose it, and its share of the calls that answered. */
export const ZResultOption = z.object({
  option: z.string(),
  count: z.number().int(),
  /** count / answered × 100, two decimals (a multi-select's options add up to more than 100). */
  percent: z.number(),
});

/** One bar of a Number question's histogram: values v with from ≤ v < to (the last bar includes its `to`). */
export const ZResultBin = z.object({ from: z.number(), to: z.number(), count: z.number().int() });

export const ZResultNumbers = z.object({
  mean: z.number().nullable(),
  median: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  histogram: z.array(ZResultBin),
});

export const ZResultQuestion = z.object({
  questionId: z.number().int(),
  qno: z.string(),
  title: z.string(),
  type: z.string(),
  /** Calls with an answer to it. */
  answered: z.number().int(),
  /** Calls that passed it by a condition or a logic jump (it was never shown). */
  skipped: z.number().int(),
  /** Calls that ended before it. */
  notReached: z.number().int(),
  options: z.array(ZResultOption).optional(),
  numbers: ZResultNumbers.optional(),
  /** Text questions: how many answers /api/results/text lists. */
  texts: z.number().int().optional(),
});

/** Where calls end: per question, the not-completed and partial calls whose last question shown was it. */
export const ZResultEndedAt = z.object({
  qno: z.string(),
  notCompleted: z.number().int(),
  partial: z.number().int(),
});

export const ZResultQuota = z.object({
  quotaId: z.number().int(),
  name: z.string(),
  count: z.number().int(),
  limit: z.number().int(),
  /** count / limit × 100, two decimals. */
  fillPercent: z.number(),
  /** Completes counted to the quota per call date (yyyy-MM-dd), oldest first. */
  perDay: z.array(z.object({ day: z.string(), count: z.number().int() })),
});

export const ZResults = z.object({
  /** The calls the filters select. */
  calls: z.number().int(),
  questions: z.array(ZResultQuestion),
  endedAt: z.array(ZResultEndedAt),
  quotas: z.array(ZResultQuota),
});

/** A cross-tab: counts[r][c] calls with rows[r] and cols[c] (a multi-select counts once per option chosen). */
export const ZResultCrosstab = z.object({
  rows: z.array(z.string()),
  cols: z.array(z.string()),
  counts: z.array(z.array(z.number().int())),
  rowTotals: z.array(z.number().int()),
  colTotals: z.array(z.number().int()),
  total: z.number().int(),
});

export const ZResultText = z.object({
  leadId: z.string(),
  /** The call date (yyyy-MM-dd, local time). */
  day: z.string(),
  agentId: z.string(),
  answer: z.string(),
});

export const ZResultTexts = z.object({
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  items: z.array(ZResultText),
});

export type TResultOption = z.infer<typeof ZResultOption>;
export type TResultNumbers = z.infer<typeof ZResultNumbers>;
export type TResultQuestion = z.infer<typeof ZResultQuestion>;
export type TResultEndedAt = z.infer<typeof ZResultEndedAt>;
export type TResultQuota = z.infer<typeof ZResultQuota>;
export type TResults = z.infer<typeof ZResults>;
export type TResultCrosstab = z.infer<typeof ZResultCrosstab>;
export type TResultText = z.infer<typeof ZResultText>;
export type TResultTexts = z.infer<typeof ZResultTexts>;

// ---- queries

/** The longest range of call dates one request may cover: a year, leap day included. */
export const MAX_RESULT_DAYS = 366;
/** The lead columns a filter, a cross-tab or the export may name, beside the campaign's own columns (leads.fields). */
export const RESULT_LEAD_FIELDS = ['region', 'territory', 'area', 'brand', 'targetSelector', 'dataStatus'] as const;
/** A filter on a lead field is written `field.<name>=<value>` in the query string. */
export const RESULT_FIELD_PREFIX = 'field.';
export const DEFAULT_RESULT_TEXT_SIZE = 25;
export const MAX_RESULT_TEXT_SIZE = 500;
export const RESULT_EXPORT_FORMATS = ['xlsx', 'csv'] as const;

const day = zIsoDate;

const optionalText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${field} can be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

/** A yes/no filter: 'true' or '1' turns it on; missing, '', 'false' or '0' leave it off. */
const flag = (field: string) =>
  z
    .enum(['true', 'false', '1', '0', ''], { message: `${field} must be true or false` })
    .optional()
    .transform((v) => v === 'true' || v === '1');

/** A question (Q<number>) or a lead field: a cross-tab's row or column. */
const dimension = (field: string) =>
  z
    .string({ message: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(200, `${field} can be at most 200 characters`);

const filterShape = {
  campaignName: z
    .string({ message: 'campaignName is required' })
    .trim()
    .min(1, 'campaignName is required')
    .max(200, 'campaignName can be at most 200 characters'),
  from: day('from'),
  to: day('to'),
  completedOnly: flag('completedOnly'),
  qcPassed: flag('qcPassed'),
  agentId: optionalText('agentId', 100),
  disposition: optionalText('disposition', 20),
};

/** A download's link carries the session as ?token= (the server's guard reads it): not a filter, and not refused. */
const DOWNLOAD_TOKEN = 'token';

type TFilterInput = z.infer<z.ZodObject<typeof filterShape>> & Record<string, unknown>;

/** The filters every results request takes: the declared ones, and `field.<name>=<value>` as fieldValues. */
export type TResultFilters = z.infer<z.ZodObject<typeof filterShape>> & {
  /** Lead field (or campaign column) name → the value the call's lead must have. */
  fieldValues: Record<string, string>;
};

function withFilters<S extends z.ZodRawShape>(extra: S) {
  return z
    .object({ ...filterShape, ...extra })
    .catchall(z.unknown())
    .superRefine((q, ctx) => {
      const input = q as TFilterInput;
      const range = dayRangeProblem(input.from, input.to, MAX_RESULT_DAYS);
      if (range !== undefined) ctx.addIssue({ code: 'custom', path: ['to'], message: range });
      for (const [key, value] of Object.entries(input)) {
        if (key in filterShape || key in extra || key === DOWNLOAD_TOKEN) continue;
        if (!key.startsWith(RESULT_FIELD_PREFIX) || key.length === RESULT_FIELD_PREFIX.length)
          ctx.addIssue({ code: 'custom', path: [key], message: `${key} is not a filter of the results` });
        else if (typeof value !== 'string')
          ctx.addIssue({ code: 'custom', path: [key], message: `${key} must be given once` });
      }
    })
    .transform((q) => {
      const fieldValues: Record<string, string> = {};
      const rest: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(q)) {
        if (key === DOWNLOAD_TOKEN) continue;
        if (key.startsWith(RESULT_FIELD_PREFIX) && !(key in filterShape) && !(key in extra))
          fieldValues[key.slice(RESULT_FIELD_PREFIX.length)] = String(value).trim();
        else rest[key] = value;
      }
      return { ...(rest as z.infer<z.ZodObject<typeof filterShape & S>>), fieldValues };
    });
}

/** GET /api/results. */
export const ZResultsQuery = withFilters({});
export type TResultsQuery = z.output<typeof ZResultsQuery>;

/** GET /api/results/crosstab: `row` and `col` each a question (Q3) or a lead field (region, or a campaign column). */
export const ZResultCrosstabQuery = withFilters({ row: dimension('row'), col: dimension('col') });
export type TResultCrosstabQuery = z.output<typeof ZResultCrosstabQuery>;

/** GET /api/results/text: a Text / Number / Email question's answers, newest call first, `q` searched in them. */
export const ZResultTextQuery = withFilters({
  question: dimension('question'),
  page: z.coerce.number().int('page must be a whole number').min(0, 'page must be 0 or more').default(0),
  size: z.coerce
    .number()
    .int('size must be a whole number')
    .min(1, 'size must be at least 1')
    .max(MAX_RESULT_TEXT_SIZE, `size must be at most ${MAX_RESULT_TEXT_SIZE}`)
    .default(DEFAULT_RESULT_TEXT_SIZE),
  q: optionalText('q', 200),
});
export type TResultTextQuery = z.output<typeof ZResultTextQuery>;

/**
 * GET /api/results/export: xlsx (a sheet per question, a cross-tab sheet when row and col are given, the answers as
 * rows with the lead fields named in `fields`, comma-separated) or, with format=csv, the answers as rows in CSV.
 */
export const ZResultExportQuery = withFilters({
  row: dimension('row').optional(),
  col: dimension('col').optional(),
  fields: z
    .string()
    .max(2000, 'fields can be at most 2000 characters')
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((f) => f.trim())
        .filter((f) => f !== ''),
    ),
  format: z
    .enum(RESULT_EXPORT_FORMATS, { message: `format must be one of ${RESULT_EXPORT_FORMATS.join(', ')}` })
    .default('xlsx'),
}).refine((q) => (q.row === undefined) === (q.col === undefined), {
  message: 'A cross-tab needs both row and col',
  path: ['col'],
});
export type TResultExportQuery = z.output<typeof ZResultExportQuery>;

/**
 * The download's name: results-<campaign>-<from>-<to>.xlsx (or .csv); the campaign's name in ASCII letters, digits, _
 * and - only, as a header carries it (a Bengali name becomes _).
 */
export function resultsFileName(q: Pick<TResultExportQuery, 'campaignName' | 'from' | 'to' | 'format'>): string {
  const name = q.campaignName.replace(/[^A-Za-z0-9_-]+/g, '_');
  return `results-${name}-${q.from}-${q.to}.${q.format}`;
}
