// The authorization matrix's rows and probes of this area's routes (see authz-expectations.ts for the letters).
import type { ProbeSpec, World } from './types.ts';

/** Admins and QC inspectors read every agent's figures; agents and clients none (6 letters: both clients denied). */
const READERS = 'D D D A A A';

export const PRODUCTIVITY_EXPECTATIONS: Record<string, string> = {
  'GET /api/productivity': READERS,
  'GET /api/productivity/export': READERS,
};

// The world's call date (authz-world.ts): a range of one day.
const RANGE = new URLSearchParams({ from: '2026-11-20', to: '2026-11-20' }).toString();

export function PRODUCTIVITY_PROBES(_w: World): Record<string, ProbeSpec> {
  return {
    'GET /api/productivity': { url: `/api/productivity?${RANGE}&groupBy=agentDay` },
    'GET /api/productivity/export': { url: `/api/productivity/export?${RANGE}` },
  };
}
