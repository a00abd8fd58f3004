// The clients routes (issue 38, docs/guide/clients.md).
import type { App } from '../../app-type.ts';

export async function clientsRoutes(_app: App) {}
