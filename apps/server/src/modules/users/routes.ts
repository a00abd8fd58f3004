// Routes of the users area (spec §7).
import type { App } from '../../app.ts';

export async function userRoutes(_app: App) {}
