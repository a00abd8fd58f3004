// The authorization matrix's rows and probes of this area's routes (see authz-expectations.ts for the letters).
// The dialer kept in step is admins' alone, like the sends and the do-not-call lists it follows.
import type { ProbeSpec, World } from './types.ts';

export const DIALER_SYNC_EXPECTATIONS: Record<string, string> = {
  'GET /api/dialer/sync/dnc': 'D D D D D A',
  'GET /api/dialer/sync/sends/:id': 'D D D D D A',
  'GET /api/dialer/sync/sent': 'D D D D D A',
  'POST /api/dialer/sync/retry': 'D D D D D A',
};

export function DIALER_SYNC_PROBES(w: World): Record<string, ProbeSpec> {
  return {
    'GET /api/dialer/sync/dnc': { url: '/api/dialer/sync/dnc' },
    // A finished send of X of its own (its summary is empty).
    'GET /api/dialer/sync/sends/:id': async () => {
      const send = await w.app.db
        .insertInto('dialerSends')
        .values({
          campaignId: w.x.id,
          dataDate: '2024-06-02',
          state: 'finished',
          listId: '1001',
          duplicateCheck: 'NONE',
          dncCheck: false,
          campaignDncCheck: false,
          vicidialCampaignId: null,
          rate: 0,
          total: 0,
          message: null,
          startedBy: 'admin',
          finishedAt: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { url: `/api/dialer/sync/sends/${send.id}` };
    },
    'GET /api/dialer/sync/sent': {
      url: `/api/dialer/sync/sent?number=01712345678&campaignName=${encodeURIComponent(w.x.name)}`,
    },
    'POST /api/dialer/sync/retry': { url: '/api/dialer/sync/retry', body: {} },
  };
}
