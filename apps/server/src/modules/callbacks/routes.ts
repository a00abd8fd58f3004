// Callbacks (docs/call-loop.md): set, list, remove, and the missed ones for admins.
import type { App } from '../../app-type.ts';

export async function callbackRoutes(_app: App) {}
