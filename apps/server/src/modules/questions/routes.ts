// Routes of the questions area (spec §7).
import type { App } from '../../app.ts';

export async function questionRoutes(_app: App) {}
