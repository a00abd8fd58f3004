// The authorization matrix's rows and probes of this area's routes (see authz-expectations.ts for the letters).
// Sessions are qA's of aX in campaign X; each probe that moves a session on gets a new one in the state it needs.
import type { ProbeSpec, World } from './types.ts';
import { ok } from './probe-support.ts';

export const COACHING_EXPECTATIONS: Record<string, string> = {
  // Inspectors and admins all; an agent only their own (aY's list holds none of aX's).
  'GET /api/coaching': 'D A S A A A',
  'POST /api/coaching': 'D D D A A A',
  'GET /api/coaching/settings': 'D D D A A A',
  'PUT /api/coaching/settings/:campaignName': 'D D D D D A',
  // The agent their own (without private notes); another agent 403; any inspector or admin.
  'GET /api/coaching/:id': 'D A D A A A',
  // The session's inspector or an admin moves it on; its agent acknowledges.
  'POST /api/coaching/:id/held': 'D D D A D A',
  'POST /api/coaching/:id/acknowledge': 'D A D D D D',
  'POST /api/coaching/:id/close': 'D D D A D A',
};

/** qA's session of aX in X (planned), moved to held when asked. */
async function session(w: World, held = false): Promise<number> {
  const { id } = ok<{ id: number }>(
    await w.qc.post('/api/coaching', {
      agentId: w.users.agent.username,
      campaignName: w.x.name,
      focus: ['greetings'],
      qcRecordIds: [w.record.inHouse],
      notes: 'Probe',
      privateNotes: 'Probe private',
    }),
    'coaching probe',
  );
  if (held) ok(await w.qc.post(`/api/coaching/${id}/held`, {}), 'coaching probe held');
  return id;
}

export function COACHING_PROBES(w: World): Record<string, ProbeSpec> {
  return {
    'GET /api/coaching': async () => {
      await session(w);
      return { url: '/api/coaching' };
    },
    'POST /api/coaching': {
      url: '/api/coaching',
      body: { agentId: w.users.agent.username, campaignName: w.x.name, focus: ['crm'], qcRecordIds: [] },
    },
    'GET /api/coaching/settings': { url: '/api/coaching/settings' },
    'PUT /api/coaching/settings/:campaignName': {
      url: `/api/coaching/settings/${encodeURIComponent(w.x.name)}`,
      body: { samplingFactor: 2, compareCount: 10, acknowledgeDays: 3 },
    },
    'GET /api/coaching/:id': async () => ({ url: `/api/coaching/${await session(w)}` }),
    'POST /api/coaching/:id/held': async () => ({ url: `/api/coaching/${await session(w)}/held`, body: {} }),
    'POST /api/coaching/:id/acknowledge': async () => ({
      url: `/api/coaching/${await session(w, true)}/acknowledge`,
      body: { comment: 'Understood' },
    }),
    'POST /api/coaching/:id/close': async () => ({ url: `/api/coaching/${await session(w, true)}/close`, body: {} }),
  };
}
