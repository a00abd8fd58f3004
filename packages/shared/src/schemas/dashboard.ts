// Dashboard shapes (docs/product.md §3 Dashboard per campaign, docs/guide/dashboard.md): the per-campaign lead figures,
// the calls of a range of days beside them, and the bare totals.
import { z } from 'zod';
import { isIsoDate } from '../domain/dates.ts';
import { checkDayRange } from './common.ts';

const count = z.number().int().min(0);

/** One campaign's lead figures (GET /dynamic/dashboard; the leads screen reads these alone). All time, not the range. */
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

/** The longest range of days the dashboard answers for: a year, leap day included. */
export const MAX_DASHBOARD_DAYS = 366;

const day = (field: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || isIsoDate(v), `${field} must be a date written yyyy-MM-dd`);

/**
 * The days of the calls counted (local days of TIME_ZONE, both included); without them, today. One of them alone is
 * that one day.
 */
export const ZDashboardQuery = checkDayRange(
  z.object({ from: day('from'), to: day('to') }),
  { from: 'from', to: 'to' },
  MAX_DASHBOARD_DAYS,
);
export type TDashboardQuery = z.infer<typeof ZDashboardQuery>;

/**
 * A campaign's row of the dashboard: its lead figures (all time) and its calls whose attempt ended in the range's days
 * (call_attempts, docs/guide/call-loop.md).
 */
export const ZDashboardCampaignFigures = ZDashboardCampaign.extend({
  /** Call attempts ended in the range: every save that ended a call, whatever its disposition. */
  attempts: count,
  /** Leads with at least one call attempt ended in the range ("Attempted" on the screen). */
  attemptedLeads: count,
  /** Call attempts ended in the range whose disposition completed the survey ("Completed" on the screen). */
  completed: count,
});
export type TDashboardCampaignFigures = z.infer<typeof ZDashboardCampaignFigures>;

export const ZDashboardFigures = z.array(ZDashboardCampaignFigures);
export type TDashboardFigures = z.infer<typeof ZDashboardFigures>;

/** The "total…" endpoints (totalAgents, totalCampaigns, totalInbound, totalOutbound, totalDataTables) answer a bare integer. */
export const ZTotal = count;
export type TTotal = z.infer<typeof ZTotal>;
