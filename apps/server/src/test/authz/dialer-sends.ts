// The authorization matrix's rows and probes of the sends to VICIdial (see authz-expectations.ts for the letters).
// Admins' alone. The send probes make real sends to the simulated dialer, each of a campaign of its own.
import type { ProbeSpec, World } from './types.ts';

export const DIALER_SENDS_EXPECTATIONS: Record<string, string> = {
  'GET /api/dialer/settings': 'D D D D D A',
  'PUT /api/dialer/settings': 'D D D D D A',
  'GET /api/dialer/sends': 'D D D D D A',
  'POST /api/dialer/sends': 'D D D D D A',
  'GET /api/dialer/sends/:id': 'D D D D D A',
  'GET /api/dialer/sends/:id/stream': 'D D D D D A',
  'POST /api/dialer/sends/:id/cancel': 'D D D D D A',
  'POST /api/dialer/sends/:id/resume': 'D D D D D A',
  'GET /api/dialer/sends/:id/report': 'D D D D D A',
};

let seq = 0;

/**
 * A send of its own campaign (one running send per campaign): `leads` generated leads of a date, the dialer settings at
 * `rate` a second, started by the admin; cancelled when `cancel`.
 */
async function newSend(w: World, options: { leads: number; rate: number; cancel?: boolean }): Promise<number> {
  seq += 1;
  const campaign = await w.app.db
    .insertInto('campaigns')
    .values({ campaignId: `DS${seq}`, campaignName: `Dialer send probe ${seq}`, campaignType: 'Outbound' })
    .returning(['id', 'campaignName'])
    .executeTakeFirstOrThrow();
  const date = '2024-06-01';
  await w.app.db
    .insertInto('leads')
    .values(
      Array.from({ length: options.leads }, (_, i) => ({
        campaignId: campaign.id,
        cellNumber: `+88017${String(seq * 1000 + i).padStart(8, '0')}`,
        dataDate: date,
        forD: 'd',
        generateStatus: 1,
      })),
    )
    .execute();
  const settings = await w.admin.put('/api/dialer/settings', {
    campaignName: campaign.campaignName,
    listId: '1001',
    duplicateCheck: 'NONE',
    dncCheck: false,
    campaignDncCheck: false,
    vicidialCampaignId: null,
    rate: options.rate,
  });
  if (settings.status !== 200) throw new Error(`dialer settings probe: ${settings.status} ${settings.text}`);
  const started = await w.admin.post('/api/dialer/sends', { campaignName: campaign.campaignName, date });
  if (started.status !== 200) throw new Error(`dialer send probe: ${started.status} ${started.text}`);
  const { id } = started.json<{ id: number }>();
  if (options.cancel) {
    const cancelled = await w.admin.post(`/api/dialer/sends/${id}/cancel`);
    if (cancelled.status !== 200) throw new Error(`dialer send cancel probe: ${cancelled.status} ${cancelled.text}`);
  }
  return id;
}

export function DIALER_SENDS_PROBES(w: World): Record<string, ProbeSpec> {
  const campaignName = encodeURIComponent(w.x.name);
  // A slow send (1 lead a second) is still running when it is cancelled; a quick one is over in a moment.
  const running = () => newSend(w, { leads: 5, rate: 1 });
  const quick = () => newSend(w, { leads: 1, rate: 0 });
  return {
    'GET /api/dialer/settings': { url: `/api/dialer/settings?campaignName=${campaignName}` },
    'PUT /api/dialer/settings': {
      url: '/api/dialer/settings',
      body: {
        campaignName: w.x.name,
        listId: '1001',
        duplicateCheck: 'DUPLIST',
        dncCheck: true,
        campaignDncCheck: false,
        vicidialCampaignId: null,
        rate: 20,
      },
    },
    'GET /api/dialer/sends': { url: `/api/dialer/sends?campaignName=${campaignName}&date=2024-05-01` },
    'POST /api/dialer/sends': async () => {
      seq += 1;
      const date = `2023-01-${String((seq % 28) + 1).padStart(2, '0')}`;
      await w.app.db
        .insertInto('leads')
        .values({
          campaignId: w.x.id,
          cellNumber: `+88019${String(seq).padStart(8, '0')}`,
          dataDate: date,
          forD: 'd',
          generateStatus: 1,
        })
        .execute();
      await w.admin.put('/api/dialer/settings', {
        campaignName: w.x.name,
        listId: '1001',
        duplicateCheck: 'NONE',
        dncCheck: false,
        campaignDncCheck: false,
        vicidialCampaignId: null,
        rate: 0,
      });
      return { url: '/api/dialer/sends', body: { campaignName: w.x.name, date } };
    },
    'GET /api/dialer/sends/:id': async () => ({ url: `/api/dialer/sends/${await quick()}` }),
    'GET /api/dialer/sends/:id/stream': async () => ({ url: `/api/dialer/sends/${await quick()}/stream` }),
    'POST /api/dialer/sends/:id/cancel': async () => ({ url: `/api/dialer/sends/${await running()}/cancel` }),
    'POST /api/dialer/sends/:id/resume': async () => ({
      url: `/api/dialer/sends/${await newSend(w, { leads: 5, rate: 1, cancel: true })}/resume`,
    }),
    'GET /api/dialer/sends/:id/report': async () => ({ url: `/api/dialer/sends/${await quick()}/report` }),
  };
}
