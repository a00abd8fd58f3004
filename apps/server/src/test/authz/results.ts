// The authorization matrix's rows and probes of this area's routes (see authz-expectations.ts for the letters).
import type { ProbeSpec, World } from './types.ts';

/** Admins every campaign; the client of campaign X reads X's results, the client of Y is refused X's (403 NOT_YOUR_CAMPAIGN). */
const ADMINS_AND_X_CLIENT = 'D D D D D A A D';
/** The agent picker: admins and both inspectors, any campaign; no client, not even of X (agent profiles, issue 38). */
const SCORERS_NO_CLIENT = 'D D D A A A D D';

export const RESULTS_EXPECTATIONS: Record<string, string> = {
  'GET /api/results': ADMINS_AND_X_CLIENT,
  'GET /api/results/crosstab': ADMINS_AND_X_CLIENT,
  'GET /api/results/text': ADMINS_AND_X_CLIENT,
  'GET /api/results/export': ADMINS_AND_X_CLIENT,
  'GET /api/results/agents': SCORERS_NO_CLIENT,
};

export function RESULTS_PROBES(w: World): Record<string, ProbeSpec> {
  const on = (extra: Record<string, string> = {}) =>
    new URLSearchParams({ campaignName: w.x.name, from: '2026-11-20', to: '2026-11-21', ...extra }).toString();
  return {
    'GET /api/results': { url: `/api/results?${on()}` },
    'GET /api/results/crosstab': { url: `/api/results/crosstab?${on({ row: 'Q1', col: 'region' })}` },
    'GET /api/results/text': { url: `/api/results/text?${on({ question: 'Q1' })}` },
    'GET /api/results/export': { url: `/api/results/export?${on({ format: 'csv' })}` },
    'GET /api/results/agents': {
      url: `/api/results/agents?${new URLSearchParams({ campaignName: w.x.name }).toString()}`,
    },
  };
}
