// Routes of disputes per criterion.
import type { App } from '../../app-type.ts';

export async function disputeRoutes(_app: App) {}
