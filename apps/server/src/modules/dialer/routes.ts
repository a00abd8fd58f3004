// Routes of the dialer area (spec §7).
import type { App } from '../../app.ts';

export async function dialerRoutes(_app: App) {}
