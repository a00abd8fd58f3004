// The calls of the generate, regenerate and delete screens: a date's lead figures, the campaign's quotas and the three actions.
// The actions pass notify: false because each screen shows its own docs/product.md §8 message with the server's reason, and
// wait LONG_JOB_TIMEOUT_MS: they run on the server's bulk pool, whose work may take many minutes on a big date.
import { z } from 'zod';
import { ZDeleteLeadsResult, ZQuota, type TDeleteLeadsResult, type TQuota } from '@crm/shared';
import { api, LONG_JOB_TIMEOUT_MS } from '../../app/api.ts';

// Read by the lead reports too (components/lead-dates.ts).
export { fetchLeadSummary, leadSummaryKey } from '../../components/lead-dates.ts';

export type TLeadActionRequest = {
  campaign: string;
  dataDate: string;
  /** Every fresh lead of the date (regenerate: every group topped up by its uncalled leads); targets are then not sent. */
  all: boolean;
  targets: Record<string, number>;
};

// Spec §8 reads the counts leniently: a missing count is a message of its own, not a broken reply.
// heldBack: leads left out because their number is on a do-not-call list (docs/guide/dnc.md) or they are in a full quota
// (docs/guide/quotas.md); missing reads as none.
const ZGenerateReply = z.object({ rowsUpdated: z.number().int().nullish(), heldBack: z.number().int().nullish() });
const ZRegenerateReply = z.object({
  rowsRegenerated: z.number().int().nullish(),
  heldBack: z.number().int().nullish(),
});

/** The count of leads generated (null when the reply has none) and how many were held back: do not call or quota full. */
export type TLeadActionOutcome = { count: number | null; heldBack: number };

function actionQuery({ campaign, dataDate, all }: TLeadActionRequest) {
  return { tableName: campaign, dataDate, all: all ? 'true' : undefined };
}

/** POST /dynamic/updateData; the count of leads generated, and of those held back. */
export async function generateLeads(request: TLeadActionRequest): Promise<TLeadActionOutcome> {
  const reply = await api.post('/dynamic/updateData', request.all ? {} : request.targets, {
    query: actionQuery(request),
    schema: ZGenerateReply,
    notify: false,
    timeoutMs: LONG_JOB_TIMEOUT_MS,
  });
  return { count: reply.rowsUpdated ?? null, heldBack: reply.heldBack ?? 0 };
}

/** POST /dynamic/reGenerateData; the count of leads added, and of those held back. */
export async function regenerateLeads(request: TLeadActionRequest): Promise<TLeadActionOutcome> {
  const reply = await api.post('/dynamic/reGenerateData', request.all ? {} : request.targets, {
    query: actionQuery(request),
    schema: ZRegenerateReply,
    notify: false,
    timeoutMs: LONG_JOB_TIMEOUT_MS,
  });
  return { count: reply.rowsRegenerated ?? null, heldBack: reply.heldBack ?? 0 };
}

/** DELETE /dynamic/deleteLead: every lead of one data date of the campaign. */
export function deleteLeadsOfDate(campaign: string, dataDate: string): Promise<TDeleteLeadsResult> {
  return api.del('/dynamic/deleteLead', {
    query: { tableName: campaign, dataDate },
    schema: ZDeleteLeadsResult,
    notify: false,
    timeoutMs: LONG_JOB_TIMEOUT_MS,
  });
}

export const campaignQuotasKey = (campaign: string) => ['quotas', campaign] as const;

/** GET /api/quotas?campaignName=: the quotas generate holds leads back for when full (docs/guide/quotas.md). */
export function fetchCampaignQuotas(campaign: string): Promise<TQuota[]> {
  return api.get('/api/quotas', { query: { campaignName: campaign }, schema: z.array(ZQuota), notify: false });
}
