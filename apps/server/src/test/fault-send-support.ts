// Helpers of the fault tests that send leads to the stand-in VICIdial (test/fake-vicidial.ts) while the
// database fails: the dialer settings a server needs, a send started through the real API, and what the stand-in got.
import type { TDialerSend } from '@crm/shared';
import type { FakeVicidial } from './fake-vicidial.ts';
import { SEND_LOCK_SPACE } from '../modules/dialer/sends/send-lock.ts';
import { addCampaign, query, waitFor, type Api } from './crash-support.ts';

export const SEND_LIST = '1001';

/** A server's settings for sending to `fake`: short time-outs, so a test waits seconds, not minutes. */
export function dialerEnv(fake: FakeVicidial): Record<string, string> {
  return {
    VICIDIAL_URL: fake.url,
    VICIDIAL_USER: fake.user,
    VICIDIAL_PASS: fake.pass,
    VICIDIAL_USER_GROUPS: 'G1',
    DIALER_POLL_MS: '600000',
    DIALER_SEND_CONCURRENCY: '4',
    DIALER_SEND_TIMEOUT_MS: '1000',
  };
}

/** A campaign with `leads` generated leads of one date, its dialer settings at `rate` leads a second, and its send started. */
export async function startSend(
  admin: Api,
  databaseUrl: string,
  options: { label: string; leads: number; rate: number },
): Promise<number> {
  const campaignName = `Fault send ${options.label}`;
  const date = '2024-07-01';
  const campaignId = await addCampaign(admin, campaignName, `FS-${options.label.toUpperCase()}`);
  await query(
    databaseUrl,
    `insert into leads (campaign_id, cell_number, data_date, for_d, generate_status)
     select $1, '+8801' || (700000000 + i)::text, $2::date, 'd', 1 from generate_series(1, $3::int) i`,
    [campaignId, date, options.leads],
  );
  const settings = await admin.call('PUT', '/api/dialer/settings', {
    campaignName,
    listId: SEND_LIST,
    duplicateCheck: 'NONE',
    dncCheck: false,
    campaignDncCheck: false,
    vicidialCampaignId: null,
    rate: options.rate,
  });
  if (settings.status !== 200) throw new Error(`dialer settings: ${settings.status} ${JSON.stringify(settings.body)}`);
  const started = await admin.call<{ id: number }>('POST', '/api/dialer/sends', { campaignName, date });
  if (started.status !== 200) throw new Error(`send: ${started.status} ${JSON.stringify(started.body)}`);
  return started.body.id;
}

/** Waits for the send to finish (read through `api`, retried while the server answers 503) and returns it. */
export async function sendFinished(api: Api, id: number, timeoutMs: number): Promise<TDialerSend> {
  let send: TDialerSend | undefined;
  await waitFor(
    async () => {
      const r = await api.call<TDialerSend>('GET', `/api/dialer/sends/${id}`).catch(() => undefined);
      if (r?.status === 200) send = r.body;
      return send?.state === 'finished';
    },
    timeoutMs,
    `send ${id} to finish`,
    200,
  );
  return send!;
}

/** What the stand-in holds: the leads on the list, how many distinct, and the most add_lead requests any lead got. */
export function standInLeads(fake: FakeVicidial): { stored: number; distinct: number; mostAddsOfOneLead: number } {
  const codes = fake.lists.leads(SEND_LIST).map((l) => l.vendorLeadCode);
  const adds = Object.values(fake.leadCounters().addLeadByVendorCode);
  return {
    stored: codes.length,
    distinct: new Set(codes).size,
    mostAddsOfOneLead: adds.length === 0 ? 0 : Math.max(...adds),
  };
}

/** The backend holding the send's advisory lock, if any. */
export async function sendLockHolder(databaseUrl: string, sendId: number): Promise<number | undefined> {
  const [row] = await query<{ pid: number }>(
    databaseUrl,
    `select pid from pg_locks where locktype = 'advisory' and classid = $1 and objid = $2 and objsubid = 2 and granted`,
    [SEND_LOCK_SPACE, sendId],
  );
  return row?.pid;
}
