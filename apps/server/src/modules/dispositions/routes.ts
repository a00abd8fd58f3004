// A campaign's dispositions (docs/call-loop.md): GET /api/dispositions, PUT /api/dispositions.
import type { App } from '../../app-type.ts';

export async function dispositionRoutes(_app: App) {}
