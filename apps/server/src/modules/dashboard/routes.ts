// GET /dynamic/dashboard (docs/product.md §7): per-campaign lead figures and the calls of a range of days for the admin
// dashboard.
import { ZDashboardFigures, ZDashboardQuery } from '@crm/shared';
import type { App } from '../../app-type.ts';
import { ADMINS } from '../../auth/roles.ts';
import { dashboardRange, findDashboard } from './service.ts';

export async function dashboardRoutes(app: App) {
  app.get(
    '/dynamic/dashboard',
    {
      config: ADMINS,
      schema: {
        summary: "Show each campaign's lead figures and the calls of a range of days for the dashboard",
        description:
          '`totalLeads`, `generatedLeads`, `calledLeads` (leads with a call attempt), `completedLeads` and `sentToDialer` ' +
          'are all time; `attempts`, `attemptedLeads` and `completed` count the call attempts ended from `from` to `to` ' +
          '(local days, both included; without them today, at most 366 days). See docs/guide/dashboard.md.',
        querystring: ZDashboardQuery,
        response: { 200: ZDashboardFigures },
      },
    },
    async (req) => findDashboard(app.db, dashboardRange(req.query, app.config.timeZone)),
  );
}
