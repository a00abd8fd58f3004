// The authorization matrix's rows and probes of this area's routes (see authz-expectations.ts for the letters).
import type { ProbeSpec, World } from './types.ts';

/** The floor names every agent signed in: admins and QC inspectors see all of it; agents and clients none. */
const FLOOR_READERS = 'D D D A A A';

export const FLOOR_EXPECTATIONS: Record<string, string> = {
  'GET /api/floor': FLOOR_READERS,
  'GET /api/floor/stream': FLOOR_READERS,
};

export function FLOOR_PROBES(_w: World): Record<string, ProbeSpec> {
  return {
    'GET /api/floor': { url: '/api/floor' },
    'GET /api/floor/stream': { url: '/api/floor/stream' },
  };
}
