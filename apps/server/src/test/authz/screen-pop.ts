// The authorization matrix's rows and probes of this area's routes (see authz-expectations.ts for the letters).
// The screen pop is an agent's own: their stream of the dialer's calls, and VICIdial's web form opening their /CRM.
import type { ProbeSpec, World } from './types.ts';

export const SCREEN_POP_EXPECTATIONS: Record<string, string> = {
  'GET /api/ap/popStream': 'D A A D D D',
  'POST /api/ap/webFormPop': 'D A A D D D',
};

export function SCREEN_POP_PROBES(_w: World): Record<string, ProbeSpec> {
  return {
    'GET /api/ap/popStream': { url: '/api/ap/popStream' },
    // A number no lead of the world has: the call is answered as a pop with no lead, and no call start is recorded.
    'POST /api/ap/webFormPop': {
      url: '/api/ap/webFormPop',
      body: { phone_number: '01799999999', lead_id: '4242', vendor_lead_code: '' },
    },
  };
}
