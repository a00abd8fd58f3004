// The authorization matrix's rows and probes of this area's routes (see authz-expectations.ts for the letters).
import type { ProbeSpec, World } from './types.ts';

/** Admins and QC inspectors read; clients never. */
const SCORERS = 'D D D A A A';
const ADMIN = 'D D D D D A';

export const SUSPICIOUS_EXPECTATIONS: Record<string, string> = {
  'GET /api/suspicious': SCORERS,
  'GET /api/suspicious/settings': SCORERS,
  'PUT /api/suspicious/settings/:campaignName': ADMIN,
};

export function SUSPICIOUS_PROBES(w: World): Record<string, ProbeSpec> {
  const campaign = encodeURIComponent(w.x.name);
  return {
    'GET /api/suspicious': { url: `/api/suspicious?date=2026-11-20&campaignName=${campaign}` },
    'GET /api/suspicious/settings': { url: '/api/suspicious/settings' },
    'PUT /api/suspicious/settings/:campaignName': {
      url: `/api/suspicious/settings/${campaign}`,
      body: { minHandleSeconds: 60, hourlyLimit: 12, flaggedFirst: true },
    },
  };
}
