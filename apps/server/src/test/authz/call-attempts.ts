// The authorization matrix's rows and probes of this area's routes (see authz-expectations.ts for the letters).
// A lead's call attempts: admins and QC inspectors, whoever made the calls.
import type { ProbeSpec, World } from './types.ts';

export const CALL_ATTEMPTS_EXPECTATIONS: Record<string, string> = {
  'GET /api/leads/:id/attempts': 'D D D A A A',
};

export function CALL_ATTEMPTS_PROBES(w: World): Record<string, ProbeSpec> {
  return {
    'GET /api/leads/:id/attempts': { url: `/api/leads/${w.x.leadId}/attempts` },
  };
}
