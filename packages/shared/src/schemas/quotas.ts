// Quotas (docs/guide/quotas.md): per campaign, a limit on completed calls by a lead field's value or by an answer.
import { z } from 'zod';
import { formatQno } from './questions.ts';

/**
 * The default lead columns a quota may name (besides the campaign's own columns): those a lead upload fills, less
 * the number and the data date (a quota per phone number or per day is not a quota).
 */
export const QUOTA_LEAD_COLUMNS = [
  'did',
  'data_status',
  'br_id',
  'region',
  'territory',
  'area',
  'respondent_name',
  'brand',
  'target_selector',
] as const;

export const ZQuota = z.object({
  id: z.number().int(),
  campaignName: z.string(),
  /** The lead field counted, or null for a quota on a question's answer. */
  field: z.string().nullable(),
  /** The question (its Q number) whose answer is counted, or null for a quota on a lead field. */
  questionNo: z.number().int().nullable(),
  value: z.string(),
  limit: z.number().int(),
  /** The completed calls in the quota. */
  count: z.number().int(),
  /** count >= limit: no more completed calls are taken in it. */
  full: z.boolean(),
});
export type TQuota = z.infer<typeof ZQuota>;

export const ZQuotaListQuery = z.object({
  campaignName: z.string().trim().min(1, 'campaignName is required').max(200),
});
export type TQuotaListQuery = z.infer<typeof ZQuotaListQuery>;

export const ZQuotaIdParams = z.object({ id: z.coerce.number().int().min(1) });

export const QUOTA_MESSAGES = {
  fieldOrQuestion: 'Give either a lead field or a question, not both.',
  valueRequired: 'value is required',
  limitPositive: 'limit must be a whole number above 0',
  notFound: 'No such quota.',
  notAColumn: (campaignName: string, field: string) => `"${field}" is not a lead field of ${campaignName}`,
  noSuchQuestion: (campaignName: string, qno: number) => `${campaignName} has no question ${formatQno(qno)}`,
  notAnOption: (qno: number, value: string) => `"${value}" is not one of the options of ${formatQno(qno)}`,
  alreadyExists: 'The campaign already has a quota on that value.',
} as const;

/** POST /api/quotas?campaignName= and PUT /api/quotas/{id}: exactly one of field or questionNo. */
export const ZQuotaBody = z
  .object({
    field: z.string().trim().min(1).max(64).optional(),
    questionNo: z.number().int().min(1).optional(),
    value: z.string().trim().min(1, QUOTA_MESSAGES.valueRequired).max(500),
    limit: z
      .number({ message: QUOTA_MESSAGES.limitPositive })
      .int(QUOTA_MESSAGES.limitPositive)
      .min(1, QUOTA_MESSAGES.limitPositive)
      .max(10_000_000),
  })
  .refine((b) => (b.field === undefined) !== (b.questionNo === undefined), {
    message: QUOTA_MESSAGES.fieldOrQuestion,
    path: ['field'],
  });
export type TQuotaBody = z.infer<typeof ZQuotaBody>;
export const ZQuotaCreate = ZQuotaBody;
export type TQuotaCreate = TQuotaBody;
export const ZQuotaUpdate = ZQuotaBody;
export type TQuotaUpdate = TQuotaBody;

/** What a quota counts, as its messages name it: the field, or the question's Q number. */
export function quotaName(quota: Pick<TQuota, 'field' | 'questionNo'>): string {
  return quota.field ?? formatQno(quota.questionNo ?? 0);
}

/** How the 409 QUOTA_FULL of a lookup or a save begins (screens tell it by the code, schemas/refusals.ts). */
export const QUOTA_FULL_PREFIX = 'Quota full for ';

/** "Quota full for region = Dhaka", "Quota full for Q3 = Yes": the 409 of a lookup or a save. */
export function quotaFullMessage(quota: Pick<TQuota, 'field' | 'questionNo' | 'value'>): string {
  return `${QUOTA_FULL_PREFIX}${quotaName(quota)} = ${quota.value}`;
}
