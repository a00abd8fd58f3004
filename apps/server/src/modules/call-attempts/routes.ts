// A lead's call attempts (docs/call-loop.md): GET /api/leads/{id}/attempts.
import type { App } from '../../app-type.ts';

export async function callAttemptRoutes(_app: App) {}
