// kill -9 of the real product in the middle of a send to VICIdial (the fake), on PostgreSQL (DATABASE_URL) and on the
// embedded PostgreSQL (DATA_DIR): after a restart the send goes on by itself and every lead reaches the dialer's list
// exactly once; the leads that were on their way when the process died are looked up, not sent again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDialerSend } from '@crm/shared';
import {
  addCampaign,
  createInstallation,
  query,
  signIn,
  waitFor,
  type Installation,
  type Mode,
} from '../../../test/crash-support.ts';
import type { RunningServer } from '../../../test/process.ts';
import { startFakeVicidial, type FakeVicidial } from '../../../test/fake-vicidial.ts';
import { dialerEnv } from '../../../test/fault-send-support.ts';

const LEADS = 400;
const DATE = '2024-07-01';
/** The process dies once the dialer has taken this many requests (of LEADS, in flight 4 at a time). */
const KILL_AFTER = 120;

let fake: FakeVicidial;
beforeAll(async () => {
  fake = await startFakeVicidial();
});
afterAll(async () => {
  await fake?.close();
});

describe.each<Mode>(['postgres', 'embedded'])('a send killed mid-way (%s)', (mode) => {
  let install: Installation;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    install = await createInstallation(mode, dialerEnv(fake));
  }, 120_000);
  afterAll(async () => {
    await server?.kill();
    await install?.remove();
  }, 120_000);

  it('goes on after the restart and sends every lead exactly once', async () => {
    fake.resetLeads();
    // Slow enough answers that the kill lands in the middle of a batch, with requests on their way.
    fake.setLeads({ kind: 'normal', latencyMs: 15 });
    server = await install.start();
    const api = await signIn(server);
    const campaignName = `Crash send ${mode}`;
    const campaignId = await addCampaign(api, campaignName, `CS${mode.slice(0, 3)}`);
    const url = await install.databaseUrl();
    await query(
      url,
      `insert into leads (campaign_id, cell_number, data_date, for_d, generate_status)
                      select $1, '+8801' || (700000000 + i)::text, $2::date, 'd', 1 from generate_series(1, $3::int) i`,
      [campaignId, DATE, LEADS],
    );
    const settings = await api.call('PUT', '/api/dialer/settings', {
      campaignName,
      listId: '1001',
      duplicateCheck: 'NONE',
      dncCheck: false,
      campaignDncCheck: false,
      vicidialCampaignId: null,
      rate: 0,
    });
    expect(settings.status).toBe(200);
    const started = await api.call<{ id: number }>('POST', '/api/dialer/sends', { campaignName, date: DATE });
    expect(started.status).toBe(200);
    const id = started.body.id;

    await waitFor(() => fake.leadCounters().requests >= KILL_AFTER, 60_000, `${KILL_AFTER} requests at the dialer`, 5);
    await server.kill();
    const atKill = fake.leadCounters().requests;
    expect(atKill).toBeLessThan(LEADS);
    // Some leads reached the list before the kill: their rows do not say so yet.
    expect(fake.lists.leads('1001').length).toBeGreaterThan(0);
    // Leads handed to the dialer whose answer was never stored: the restart must look them up.
    const [open] = await query<{ n: string }>(
      await install.databaseUrl(),
      `select count(*) as n from dialer_send_leads where send_id = $1 and outcome = 'sending'`,
      [id],
    );
    expect(Number(open?.n)).toBeGreaterThan(0);

    server = await install.start();
    const after = await signIn(server);
    await waitFor(
      async () => (await after.call<TDialerSend>('GET', `/api/dialer/sends/${id}`)).body.state === 'finished',
      120_000,
      'the send to finish',
      200,
    );
    const done = (await after.call<TDialerSend>('GET', `/api/dialer/sends/${id}`)).body;
    expect(done).toMatchObject({ total: LEADS, added: LEADS, failed: 0, pending: 0 });

    const stored = fake.lists.leads('1001').map((l) => l.vendorLeadCode);
    expect(stored.length).toBe(LEADS);
    expect(new Set(stored).size).toBe(LEADS);
    // No add_lead twice for any lead, although some were on their way when the process died.
    expect(Math.max(...Object.values(fake.leadCounters().addLeadByVendorCode))).toBe(1);
  }, 300_000);
});
