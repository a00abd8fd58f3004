// The authorization matrix's rows and probes of the scorecards (see authz-expectations.ts for the letters).
// Admins build, publish, retire and choose; QC inspectors read, export and try what-if. Each probe that changes a
// version gets a scorecard of its own; campaign X's choice stays "Standard", which the other areas' probes score on.
import { STANDARD_SCORECARD_ID } from '@crm/shared';
import type { ProbeSpec, World } from './types.ts';
import { ok } from './probe-support.ts';
import { scorecardFile, smallDefinition } from '../scorecards-support.ts';

const ADMIN = 'D D D D D A';
const SCORERS = 'D D D A A A';

export const SCORECARDS_EXPECTATIONS: Record<string, string> = {
  'GET /api/scorecards': SCORERS,
  'GET /api/scorecards/:id': SCORERS,
  'POST /api/scorecards': ADMIN,
  'PUT /api/scorecards/:id': ADMIN,
  'POST /api/scorecards/:id/publish': ADMIN,
  'POST /api/scorecards/:id/retire': ADMIN,
  'POST /api/scorecards/:id/what-if': SCORERS,
  'GET /api/scorecards/:id/export': SCORERS,
  'POST /api/scorecards/import': ADMIN,
  'GET /api/campaign-scorecards': SCORERS,
  'PUT /api/campaign-scorecards': ADMIN,
};

export function SCORECARDS_PROBES(w: World): Record<string, ProbeSpec> {
  const draft = async () => ok<{ id: number }>(await w.admin.post('/api/scorecards', smallDefinition()), 'draft').id;
  const published = async () => {
    const id = await draft();
    ok(await w.admin.post(`/api/scorecards/${id}/publish`), 'publish probe');
    return id;
  };
  const standard = `/api/scorecards/${STANDARD_SCORECARD_ID}`;
  return {
    'GET /api/scorecards': { url: '/api/scorecards' },
    'GET /api/scorecards/:id': { url: standard },
    'POST /api/scorecards': async () => ({ url: '/api/scorecards', body: smallDefinition() }),
    'PUT /api/scorecards/:id': async () => ({ url: `/api/scorecards/${await draft()}`, body: smallDefinition() }),
    'POST /api/scorecards/:id/publish': async () => ({ url: `/api/scorecards/${await draft()}/publish` }),
    'POST /api/scorecards/:id/retire': async () => ({ url: `/api/scorecards/${await published()}/retire` }),
    'POST /api/scorecards/:id/what-if': {
      url: `${standard}/what-if`,
      body: { campaignName: w.x.name, from: '2026-11-01', to: '2026-11-30' },
    },
    'GET /api/scorecards/:id/export': { url: `${standard}/export` },
    'POST /api/scorecards/import': async () => ({
      url: '/api/scorecards/import',
      body: scorecardFile(smallDefinition()),
    }),
    'GET /api/campaign-scorecards': { url: `/api/campaign-scorecards?campaignName=${encodeURIComponent(w.x.name)}` },
    'PUT /api/campaign-scorecards': {
      url: '/api/campaign-scorecards',
      body: { campaignName: w.x.name, inHouse: STANDARD_SCORECARD_ID, client: STANDARD_SCORECARD_ID },
    },
  };
}
