// Routes of calibration sessions.
import type { App } from '../../app-type.ts';

export async function calibrationRoutes(_app: App) {}
