// The authorization matrix's rows and probes of the quotas (see authz-expectations.ts for the letters).
// Admins' alone. Each probe's quota is on a region no lead of X has, so no lookup of X's leads is ever refused by one.
import type { ProbeSpec, World } from './types.ts';

export const QUOTAS_EXPECTATIONS: Record<string, string> = {
  'GET /api/quotas': 'D D D D D A',
  'POST /api/quotas': 'D D D D D A',
  'PUT /api/quotas/:id': 'D D D D D A',
  'DELETE /api/quotas/:id': 'D D D D D A',
};

let seq = 0;
const freshQuota = () => ({ field: 'region', value: `Probe region ${(seq += 1)}`, limit: 5 });

export function QUOTAS_PROBES(w: World): Record<string, ProbeSpec> {
  const url = `/api/quotas?campaignName=${encodeURIComponent(w.x.name)}`;
  const quotaId = async () => {
    const r = await w.admin.post(url, freshQuota());
    if (r.status !== 200) throw new Error(`quota probe: ${r.status} ${r.text}`);
    return r.json<{ id: number }>().id;
  };
  return {
    'GET /api/quotas': { url },
    'POST /api/quotas': async () => ({ url, body: freshQuota() }),
    'PUT /api/quotas/:id': async () => ({ url: `/api/quotas/${await quotaId()}`, body: freshQuota() }),
    'DELETE /api/quotas/:id': async () => ({ url: `/api/quotas/${await quotaId()}` }),
  };
}
