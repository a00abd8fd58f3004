// The dialer's call pushed to the agent's /CRM (docs/call-loop.md, Screen pop).
import type { App } from '../../app-type.ts';

export async function screenPopRoutes(_app: App) {}
