// The dialer kept in step with do-not-call lists and full quotas (docs/call-loop.md).
import type { App } from '../../app-type.ts';

export async function dialerSyncRoutes(_app: App) {}
