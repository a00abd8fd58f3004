// The results routes (issue 38, docs/guide/results.md).
import type { App } from '../../app-type.ts';

export async function resultsRoutes(_app: App) {}
