// Routes of the agents area (spec §7).
import type { App } from '../../app.ts';

export async function agentRoutes(_app: App) {}
