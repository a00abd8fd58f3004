// Routes of the logic area (spec §7).
import type { App } from '../../app.ts';

export async function logicRoutes(_app: App) {}
