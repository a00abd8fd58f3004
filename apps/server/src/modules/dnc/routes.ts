// Routes of the do-not-call lists (docs/dnc.md).
import type { App } from '../../app-type.ts';

export async function dncRoutes(_app: App) {}
