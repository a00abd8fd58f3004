// Coaching sessions (docs/coaching.md): planned, held, acknowledged by the agent, closed with a before/after figure.
import type { App } from '../../app-type.ts';

export async function coachingRoutes(_app: App) {}
