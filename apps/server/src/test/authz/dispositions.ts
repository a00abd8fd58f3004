// The authorization matrix's rows and probes of this area's routes (see authz-expectations.ts for the letters).
// A campaign's dispositions: read by everyone who works on it (agents their own campaign's), changed by admins; the
// probe's PUT stores the default set, so no other probe's save meets a different one.
import { DEFAULT_DISPOSITIONS } from '@crm/shared';
import type { ProbeSpec, World } from './types.ts';

export const DISPOSITIONS_EXPECTATIONS: Record<string, string> = {
  'GET /api/dispositions': 'D A D A A A',
  'PUT /api/dispositions': 'D D D D D A',
};

export function DISPOSITIONS_PROBES(w: World): Record<string, ProbeSpec> {
  return {
    'GET /api/dispositions': { url: `/api/dispositions?campaignName=${encodeURIComponent(w.x.name)}` },
    'PUT /api/dispositions': {
      url: '/api/dispositions',
      body: { campaignName: w.x.name, dispositions: DEFAULT_DISPOSITIONS },
    },
  };
}
