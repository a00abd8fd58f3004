// The authorization matrix's rows and probes of this area's routes (see authz-expectations.ts for the letters).
// Callbacks are set and listed by those who open /CRM (agents of the lead's campaign, admins); each list is the caller's
// own (another agent's mine-only callbacks are never in it: modules/callbacks/list.test.ts); missed ones are admins'.
// The agent's shift (GET /api/ap/myShift) is each caller's own figures, numbers only.
import type { ProbeSpec, World } from './types.ts';
import { insertAttempt, insertCallback, minutesFromNow, typedTime } from '../callbacks-support.ts';

export const CALLBACKS_EXPECTATIONS: Record<string, string> = {
  'POST /api/callbacks': 'D A D D D A',
  'GET /api/callbacks': 'D A A D D A',
  'DELETE /api/callbacks/:id': 'D A D D D A',
  'GET /api/callbacks/missed': 'D D D D D A',
  'GET /api/ap/myShift': 'D A A D D A',
};

export function CALLBACKS_PROBES(w: World): Record<string, ProbeSpec> {
  const agent = w.users.agent;
  return {
    // aX has called X's lead, so aX's call sets the callback; the admin's is refused as never called (400, allowed).
    'POST /api/callbacks': async () => {
      await insertAttempt(w.app.db, { leadId: w.x.leadId, campaignId: w.x.id, user: agent });
      return {
        url: '/api/callbacks',
        body: {
          leadId: w.x.leadId,
          at: typedTime(minutesFromNow(60), w.app.config.timeZone),
          mineOnly: false,
          note: 'Probe',
        },
      };
    },
    'GET /api/callbacks': { url: '/api/callbacks' },
    // A new callback of aX's each time: the owner's call cancels it.
    'DELETE /api/callbacks/:id': async () => {
      const id = await insertCallback(w.app.db, {
        leadId: w.x.leadId,
        campaignId: w.x.id,
        user: agent,
        dueAt: minutesFromNow(30),
      });
      return { url: `/api/callbacks/${id}` };
    },
    'GET /api/callbacks/missed': { url: '/api/callbacks/missed' },
    'GET /api/ap/myShift': { url: '/api/ap/myShift' },
  };
}
