// GET /dynamic/dashboard (docs/product.md §7): per-campaign lead figures for the admin dashboard.
import { ZDashboard } from '@crm/shared';
import type { App } from '../../app-type.ts';
import { ADMINS } from '../../auth/roles.ts';
import { findDashboard } from './service.ts';

export async function dashboardRoutes(app: App) {
  app.get(
    '/dynamic/dashboard',
    {
      config: ADMINS,
      schema: {
        summary: "Show each campaign's lead figures for the dashboard",
        description:
          '`calledLeads` counts leads with a call attempt, `completedLeads` those completed. See docs/guide/dashboard.md.',
        response: { 200: ZDashboard },
      },
    },
    async () => findDashboard(app.db),
  );
}
