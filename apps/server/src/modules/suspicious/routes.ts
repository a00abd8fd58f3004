// The suspicious routes (issue 38, docs/guide/suspicious.md).
import type { App } from '../../app-type.ts';

export async function suspiciousRoutes(_app: App) {}
