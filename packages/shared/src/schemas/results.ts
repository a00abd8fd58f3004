// Schemas of a campaign's survey results (issue 38, docs/guide/results.md): per question, cross-tabs, text answers,
// where calls end and quota progress, under one set of filters. The replies are what the web's /results draws.
import { z } from 'zod';

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
