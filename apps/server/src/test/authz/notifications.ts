// The authorization matrix's rows and probes of this area's routes (see authz-expectations.ts for the letters).
// Everyone reads and marks only their own notifications: aX's, qA's and the admin's name aX (a marker of the world),
// the other agent's and inspector's do not, so a reply to them holding a marker is another's notification leaking.
import type { ProbeSpec, World } from './types.ts';
import { notifyUsers } from '../../modules/notifications/notify.ts';

export const NOTIFICATIONS_EXPECTATIONS: Record<string, string> = {
  // Each caller their own: aX, qA and the admin hold markers of aX's and qA's data; aY and qB must see none of them.
  'GET /api/notifications': 'D A S A S A',
  // Ids of another's notification are ignored: any signed-in caller gets 200, only aX's mark changes aX's (tested in
  // notifications/routes.test.ts).
  'POST /api/notifications/read': 'D A A A A A',
  'GET /api/notifications/stream': 'D A A A A A',
};

const made = new WeakMap<World, Promise<number>>();

/** One notification each (once per world): the id of aX's, which every caller then tries to mark read. */
function notifyEveryone(w: World): Promise<number> {
  const known = made.get(w);
  if (known) return known;
  const making = (async () => {
    const { agent, otherAgent, qc, otherQc, admin } = w.users;
    await notifyUsers(w.app.db, [
      {
        userId: agent.id,
        kind: 'qc-record',
        title: 'Your call was scored',
        body: `The call of ${agent.username}`,
      },
      { userId: qc.id, kind: 'dispute-new', title: 'A dispute on your record', body: `${agent.username} disputed it` },
      {
        userId: admin.id,
        kind: 'dispute-escalated',
        title: 'A dispute was escalated',
        body: `${agent.username} escalated it`,
      },
      { userId: otherAgent.id, kind: 'qc-record', title: 'Your call was scored', body: 'matrix other agent' },
      { userId: otherQc.id, kind: 'dispute-new', title: 'A dispute on your record', body: 'matrix other inspector' },
    ]);
    const row = await w.app.db
      .selectFrom('notifications')
      .select('id')
      .where('userId', '=', agent.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return row.id;
  })();
  made.set(w, making);
  return making;
}

export function NOTIFICATIONS_PROBES(w: World): Record<string, ProbeSpec> {
  return {
    'GET /api/notifications': async () => {
      await notifyEveryone(w);
      return { url: '/api/notifications' };
    },
    'POST /api/notifications/read': async () => ({
      url: '/api/notifications/read',
      body: { ids: [await notifyEveryone(w)] },
    }),
    'GET /api/notifications/stream': { url: '/api/notifications/stream' },
  };
}
