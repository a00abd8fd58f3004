// Routes of the data-tables area (spec §7).
import type { App } from '../../app.ts';

export async function dataTableRoutes(_app: App) {}
