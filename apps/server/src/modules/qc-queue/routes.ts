// Routes of the QC work queue.
import type { App } from '../../app-type.ts';

export async function qcQueueRoutes(_app: App) {}
