// Routes of QC analytics.
import type { App } from '../../app-type.ts';

export async function qcInsightRoutes(_app: App) {}
