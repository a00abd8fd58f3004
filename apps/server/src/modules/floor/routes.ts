// The floor routes (issue 38, docs/guide/floor.md).
import type { App } from '../../app-type.ts';

export async function floorRoutes(_app: App) {}
