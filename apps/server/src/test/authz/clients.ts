// The authorization matrix's rows and probes of this area's routes (see authz-expectations.ts for the letters).
import type { ProbeSpec, World } from './types.ts';

export const CLIENTS_EXPECTATIONS: Record<string, string> = {
  // A client account's own name, campaigns and recordings flag: client accounts only, each its own.
  'GET /api/clients/me': 'D D D D D D A A',
};

export function CLIENTS_PROBES(_w: World): Record<string, ProbeSpec> {
  return {
    'GET /api/clients/me': { url: '/api/clients/me' },
  };
}
