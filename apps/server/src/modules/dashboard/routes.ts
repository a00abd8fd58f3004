// Routes of the dashboard area (spec §7).
import type { App } from '../../app.ts';

export async function dashboardRoutes(_app: App) {}
