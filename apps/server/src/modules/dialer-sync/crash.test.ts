// kill -9 of the real product right after a number went on a do-not-call list, before VICIdial (the stand-in, which
// hangs meanwhile) heard of it: after a restart the number still reaches VICIdial's DNC list and its sent lead gets
// status=DNC, and no other lead is touched. The rows and the job were written in the DNC insert's transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCampaign,
  createInstallation,
  query,
  signIn,
  waitFor,
  type Installation,
} from '../../test/crash-support.ts';
import { dialerEnv, sendFinished } from '../../test/fault-send-support.ts';
import type { RunningServer } from '../../test/process.ts';
import { startFakeVicidial, type FakeVicidial } from '../../test/fake-vicidial.ts';

const DATE = '2024-07-02';
const LIST = '1501';

let fake: FakeVicidial;
let install: Installation;
let server: RunningServer | undefined;

beforeAll(async () => {
  fake = await startFakeVicidial();
  install = await createInstallation('postgres', dialerEnv(fake));
}, 120_000);

afterAll(async () => {
  await server?.kill();
  await install?.remove();
  await fake?.close();
}, 120_000);

describe('a do-not-call number across a kill -9', () => {
  it(
    'reaches VICIdial after the restart: add_dnc_phone and update_lead status=DNC for that lead only',
    { timeout: 240_000 },
    async () => {
      server = await install.start();
      const api = await signIn(server);
      const campaignName = 'Crash sync';
      const campaignId = await addCampaign(api, campaignName, 'CSYNC');
      const url = await install.databaseUrl();
      const leads = await query<{ id: string; cellNumber: string }>(
        url,
        `insert into leads (campaign_id, cell_number, data_date, for_d, generate_status)
       select $1, '+8801' || (710000000 + i)::text, $2::date, 'd', 1 from generate_series(1, 3) i returning id, cell_number as "cellNumber"`,
        [campaignId, DATE],
      );
      const settings = await api.call('PUT', '/api/dialer/settings', {
        campaignName,
        listId: LIST,
        duplicateCheck: 'NONE',
        dncCheck: false,
        campaignDncCheck: false,
        vicidialCampaignId: 'CRASH1',
        rate: 0,
      });
      expect(settings.status).toBe(200);
      const started = await api.call<{ id: number }>('POST', '/api/dialer/sends', { campaignName, date: DATE });
      expect(started.status).toBe(200);
      await sendFinished(api, started.body.id, 60_000);
      const vendorCodes = leads.map((l) => String(l.id));
      const statuses = () => vendorCodes.map((code) => fake.lists.leadByVendorCode(code)?.status);
      expect(statuses()).toEqual(['NEW', 'NEW', 'NEW']);

      // VICIdial stops answering; the number goes on the campaign's list, and the server dies at once.
      fake.setLeads({ kind: 'hang' });
      const listed = leads[0]!.cellNumber;
      expect((await api.call('POST', '/api/dnc', { number: listed, campaignName })).status).toBe(200);
      await server.kill();
      server = undefined;
      const waiting = await query<{ action: string; leadId: string | null; state: string }>(
        url,
        `select action, lead_id::text as "leadId", state from dialer_sync_items order by id`,
      );
      expect(waiting).toEqual([
        { action: 'dnc_number', leadId: null, state: 'waiting' },
        { action: 'lead_dnc', leadId: vendorCodes[0], state: 'waiting' },
      ]);
      expect(statuses()).toEqual(['NEW', 'NEW', 'NEW']);
      expect(fake.lists.dncList('CRASH1')).toEqual([]);

      fake.setLeads({ kind: 'normal' });
      server = await install.start();
      await waitFor(
        () =>
          fake.lists.leadByVendorCode(vendorCodes[0]!)?.status === 'DNC' && fake.lists.dncList('CRASH1').length === 1,
        90_000,
        'the pull to reach VICIdial',
        100,
      );
      expect(statuses()).toEqual(['DNC', 'NEW', 'NEW']);
      expect(fake.lists.dncList('CRASH1')).toEqual([listed.replace(/^\+880/, '')]);
      await waitFor(
        async () =>
          Number(
            (await query<{ n: string }>(url, `select count(*) as n from dialer_sync_items where state <> 'done'`))[0]
              ?.n,
          ) === 0,
        30_000,
        'every row done',
      );
      // Only that lead was ever asked to change.
      const updates = fake.leadRequests.filter(
        (q) => q.get('function') === 'update_lead' && q.get('no_update') !== 'Y',
      );
      expect(new Set(updates.map((q) => q.get('vendor_lead_code')))).toEqual(new Set([vendorCodes[0]]));
    },
  );
});
