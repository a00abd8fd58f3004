// The /api/quotas calls of the quotas editor (docs/guide/quotas.md).
import { z } from 'zod';
import { ZQuota, type TQuota, type TQuotaBody } from '@crm/shared';
import { api } from '../../app/api.ts';

export const QUOTAS_KEY = ['quotas'] as const;
export const campaignQuotasKey = (campaignName: string) => [...QUOTAS_KEY, campaignName] as const;

export function fetchQuotas(campaignName: string): Promise<TQuota[]> {
  return api.get('/api/quotas', { query: { campaignName }, schema: z.array(ZQuota) });
}

/** A refusal (not a column, not an option, a second quota on one value) is shown with the server's words. */
export function createQuota(campaignName: string, body: TQuotaBody): Promise<TQuota> {
  return api.post('/api/quotas', body, { query: { campaignName }, schema: ZQuota });
}

export function updateQuota(id: number, body: TQuotaBody): Promise<TQuota> {
  return api.put(`/api/quotas/${id}`, body, { schema: ZQuota });
}

export async function deleteQuota(id: number): Promise<void> {
  await api.del(`/api/quotas/${id}`);
}

/** What a body of the quota's target and value says with a new limit (PUT takes the whole quota). */
export function bodyWithLimit(quota: TQuota, limit: number): TQuotaBody {
  return quota.field === null
    ? { questionNo: quota.questionNo ?? 0, value: quota.value, limit }
    : { field: quota.field, value: quota.value, limit };
}
