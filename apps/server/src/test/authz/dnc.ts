// The authorization matrix's rows and probes of this area's routes (see authz-expectations.ts for the letters).
// The do-not-call lists are admins' alone; each probe that adds or removes a number uses a new one.
import type { ProbeSpec, World } from './types.ts';

export const DNC_EXPECTATIONS: Record<string, string> = {
  'GET /api/dnc/pagination/:page/:size': 'D D D D D A',
  'GET /api/dnc/counts': 'D D D D D A',
  'POST /api/dnc': 'D D D D D A',
  'DELETE /api/dnc/:id': 'D D D D D A',
  'POST /api/dnc/upload': 'D D D D D A',
  // The agent panel's end-of-call button (crm/do-not-call.ts): agents of the lead's campaign and admins.
  'POST /api/ap/doNotCall': 'D A D D D A',
};

let seq = 0;
/** A Bangladeshi mobile number no other probe uses. */
const freshNumber = () => `0191${String((seq += 1)).padStart(7, '0')}`;

export function DNC_PROBES(w: World): Record<string, ProbeSpec> {
  return {
    'GET /api/dnc/pagination/:page/:size': {
      url: `/api/dnc/pagination/0/10?campaignName=${encodeURIComponent(w.x.name)}`,
    },
    'GET /api/dnc/counts': { url: '/api/dnc/counts' },
    'POST /api/dnc': async () => ({
      url: '/api/dnc',
      body: { number: freshNumber(), campaignName: w.x.name, reason: 'Probe' },
    }),
    'DELETE /api/dnc/:id': async () => {
      const r = await w.admin.post('/api/dnc', { number: freshNumber() });
      if (r.status !== 200) throw new Error(`dnc probe entry: ${r.status} ${r.text}`);
      return { url: `/api/dnc/${r.json<{ id: number }>().id}` };
    },
    'POST /api/dnc/upload': async () => ({
      url: `/api/dnc/upload?campaignName=${encodeURIComponent(w.x.name)}`,
      form: { field: 'file', fileName: 'dnc.csv', content: `number\n${freshNumber()}\n`, type: 'text/csv' },
    }),
    // A new lead of X each time: listing X's own lead would turn the agent panel's lookups of it into 403s.
    'POST /api/ap/doNotCall': async () => {
      const local = freshNumber();
      const lead = await w.app.db
        .insertInto('leads')
        .values({ campaignId: w.x.id, cellNumber: `+880${local.slice(1)}`, dataDate: '2024-05-01' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { url: '/api/ap/doNotCall', body: { campaignName: w.x.name, leadId: Number(lead.id) } };
    },
  };
}
