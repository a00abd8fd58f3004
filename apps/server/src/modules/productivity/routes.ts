// The productivity routes (issue 38, docs/guide/productivity.md).
import type { App } from '../../app-type.ts';

export async function productivityRoutes(_app: App) {}
