// Dashboard shapes (docs/product.md §3 Dashboard per campaign): the per-campaign lead figures and the bare totals.
import { z } from 'zod';

const count = z.number().int().min(0);

/** One campaign's lead figures on the dashboard (GET /dynamic/dashboard). */
export const ZDashboardCampaign = z.object({
  campaignTitle: z.string(),
  totalLeads: count,
  generatedLeads: count,
  /** Leads called at least once: with a call attempt (a save that ended a call), completed or not (docs/guide/call-loop.md). */
  calledLeads: count,
  /** Leads whose survey was completed (is_called = 1); before issue 32 this was "called". */
  completedLeads: count,
  /** Leads VICIdial added over all the campaign's sends (docs/guide/dialer.md); 0 before the first send. */
  sentToDialer: count,
});
export type TDashboardCampaign = z.infer<typeof ZDashboardCampaign>;

export const ZDashboard = z.array(ZDashboardCampaign);
export type TDashboard = z.infer<typeof ZDashboard>;

/** The "total…" endpoints (totalAgents, totalCampaigns, totalInbound, totalOutbound, totalDataTables) answer a bare integer. */
export const ZTotal = count;
export type TTotal = z.infer<typeof ZTotal>;
