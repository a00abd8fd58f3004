// Sends to VICIdial against the fake VICIdial (docs/guide/dialer.md): settings, a send's outcomes of every kind, the
// report, progress events, a hang, HTTP 500s, a stop answer, cancel and resume: every lead sent at most once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { DIALER_SEND_MESSAGES, ZDialerSend, type TDialerSend, type TDialerSettingsInput } from '@crm/shared';
import { buildApp, type App } from '../../../app.ts';
import {
  caller,
  createCampaign,
  openTestDatabase,
  testConfig,
  tokenForRole,
  type Caller,
} from '../../../test/harness.ts';
import { insertLeads, many, nextCell, type TestLead } from '../../../test/leads-support.ts';
import { startFakeVicidial, type FakeVicidial } from '../../../test/fake-vicidial.ts';
import { readSse } from '../../../test/sse-client.ts';
import { FAILURES_TO_STOP } from './worker.ts';
import { SEND_LOCK_SPACE } from './send-lock.ts';

/** The add_lead time-out: a hung request is tried again after it. */
const DIALER_TIMEOUT_MS = 10_000;

let fake: FakeVicidial;
let app: App;
let admin: Caller;
let adminToken: string;
let base: string;
let drop: () => Promise<void>;

beforeAll(async () => {
  fake = await startFakeVicidial();
  const { database, drop: dropDb } = await openTestDatabase();
  drop = dropDb;
  const config = await testConfig({
    dialer: {
      mode: 'vicidial',
      url: fake.url,
      user: fake.user,
      pass: fake.pass,
      userGroups: ['G1'],
      pollMs: 60_000,
      timeoutMs: 1000,
    },
    // Generous: an answer must never be mistaken for a hang on a busy machine, so the one hang below costs this much.
    dialerSend: { timeoutMs: DIALER_TIMEOUT_MS, retries: 2, backoffMs: 20, concurrency: 4 },
    logLevel: 'silent',
  });
  app = await buildApp(config, { database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  adminToken = await tokenForRole(app, 'admin');
  admin = caller(app, adminToken);
});

afterAll(async () => {
  await app?.close();
  await drop?.();
  await fake?.close();
});

let dateSeq = 0;
/** A new data date for each scenario, so each has its own generated leads. */
const nextDate = () => `2025-01-${String((dateSeq += 1)).padStart(2, '0')}`;

/** A campaign with dialer settings (list 1001 unless said) and `leads` generated on a date of its own. */
async function campaignWithLeads(leads: TestLead[], settings: Partial<TDialerSettingsInput> = {}) {
  const campaign = await createCampaign(app.db, { campaignType: 'Outbound' });
  const date = nextDate();
  const ids = await insertLeads(
    app.db,
    campaign.id,
    leads.map((l) => ({ dataDate: date, forD: 'd', generateStatus: 1, ...l })),
  );
  const body: TDialerSettingsInput = {
    campaignName: campaign.campaignName,
    listId: '1001',
    duplicateCheck: 'DUPLIST',
    dncCheck: true,
    campaignDncCheck: false,
    vicidialCampaignId: null,
    rate: 0,
    ...settings,
  };
  const r = await admin.put('/api/dialer/settings', body);
  expect(r.status, r.text).toBe(200);
  return { campaign, date, ids: ids.map(String) };
}

async function start(campaignName: string, date: string): Promise<number> {
  const r = await admin.post('/api/dialer/sends', { campaignName, date });
  expect(r.status, r.text).toBe(200);
  return r.json<{ id: number }>().id;
}

async function sendOf(id: number): Promise<TDialerSend> {
  const r = await admin.get(`/api/dialer/sends/${id}`);
  expect(r.status, r.text).toBe(200);
  return ZDialerSend.parse(r.body);
}

/** Waits for the send's state: wide, a send of a few leads takes seconds on a busy machine. */
async function untilState(id: number, state: TDialerSend['state'], timeout = 30_000): Promise<TDialerSend> {
  await expect.poll(async () => (await sendOf(id)).state, { timeout, interval: 50 }).toBe(state);
  return sendOf(id);
}

async function reportOf(id: number): Promise<Record<string, string>[]> {
  const media = await admin.get('/api/auth/media-token');
  const r = await fetch(
    `${base}/api/dialer/sends/${id}/report?token=${encodeURIComponent(media.json<{ token: string }>().token)}`,
  );
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  return parse((await r.text()).replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
}

/** Whether a worker holds the send (its advisory lock): once none does, no request of the send can go out. */
async function sendHeld(id: number): Promise<boolean> {
  const { rows } = await sql<{ held: boolean }>`
    select exists (select 1 from pg_locks where locktype = 'advisory' and classid = ${SEND_LOCK_SPACE}
                   and objid = ${id} and objsubid = 2 and granted) as held`.execute(app.db);
  return rows[0]?.held === true;
}

/** add_lead requests the fake received for each of these lead ids. */
const addsOf = (ids: string[]) => ids.map((id) => fake.leadCounters().addLeadByVendorCode[id] ?? 0);

describe('dialer settings', () => {
  it('are none at first, refused whole when wrong, saved and audited when right', async () => {
    const campaign = await createCampaign(app.db);
    const q = `/api/dialer/settings?campaignName=${encodeURIComponent(campaign.campaignName)}`;
    expect((await admin.get(q)).body).toMatchObject({
      campaignName: campaign.campaignName,
      dialer: 'vicidial',
      settings: null,
      updatedBy: null,
    });

    const good: TDialerSettingsInput = {
      campaignName: campaign.campaignName,
      listId: '1001',
      duplicateCheck: 'DUPCAMP',
      dncCheck: true,
      campaignDncCheck: true,
      vicidialCampaignId: 'SURVEY1',
      rate: 20,
    };
    const badList = await admin.put('/api/dialer/settings', { ...good, listId: '12' });
    expect(badList.status).toBe(400);
    expect(badList.text).toContain('The list id is 3 to 12 digits');
    const noCampaignId = await admin.put('/api/dialer/settings', { ...good, vicidialCampaignId: null });
    expect(noCampaignId.status).toBe(400);
    expect(noCampaignId.text).toContain('The campaign DNC check needs the VICIdial campaign id');
    expect((await admin.get(q)).json<{ settings: unknown }>().settings).toBeNull();

    const saved = await admin.put('/api/dialer/settings', good);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ settings: good, updatedBy: expect.any(String) });
    const changed = await admin.put('/api/dialer/settings', { ...good, rate: 5 });
    expect(changed.json<{ settings: { rate: number } }>().settings.rate).toBe(5);
    const audit = await app.db
      .selectFrom('auditLog')
      .select(['action', 'changes'])
      .where('objectType', '=', 'dialerSettings')
      .where('objectId', '=', campaign.campaignName)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
    expect(audit[1]?.changes).toMatchObject({ before: { rate: 20 }, after: { rate: 5 } });
  });
});

// Each test waits for a send or two to end: a minute and a half on a busy machine.
describe('a send', { timeout: 90_000 }, () => {
  it('sends each generated lead once and reads every kind of answer: added, duplicate, DNC, refused; CRM-listed numbers never go', async () => {
    const dupNumber = nextCell();
    const dncNumber = nextCell();
    const crmListed = nextCell();
    const { campaign, date, ids } = await campaignWithLeads([
      { respondentName: 'Rahim Uddin Ahmed', region: 'Dhaka', fields: { shop: 'Karim Store', city: 'Gulshan' } },
      { cellNumber: dupNumber },
      { cellNumber: dncNumber },
      { cellNumber: '+88012345' },
      { cellNumber: crmListed },
    ]);
    // The dialer's list holds the second number already; the dialer's DNC list the third; the CRM's system list the fifth.
    const national = (e164: string) => e164.replace(/^\+880/, '');
    fake.lists.answer(
      new URLSearchParams({
        function: 'add_lead',
        user: fake.user,
        pass: fake.pass,
        source: 'seed',
        phone_number: national(dupNumber),
        phone_code: '880',
        list_id: '1001',
        vendor_lead_code: 'seed',
      }),
    );
    fake.lists.addDnc(national(dncNumber));
    await app.db.insertInto('dncNumbers').values({ phoneNumber: crmListed, addedBy: 'test' }).execute();
    // A lead of the date that is not generated is not sent.
    const [fresh] = await insertLeads(app.db, campaign.id, [{ dataDate: date }]);

    const id = await start(campaign.campaignName, date);
    const done = await untilState(id, 'finished');
    expect(done).toMatchObject({
      total: 5,
      pending: 0,
      added: 1,
      duplicate: 1,
      dnc: 2,
      refused: 1,
      failed: 0,
      message: null,
      listId: '1001',
    });
    expect(addsOf(ids)).toEqual([1, 1, 1, 1, 0]);
    expect(fake.leadCounters().addLeadByVendorCode[String(fresh)]).toBeUndefined();

    // The first lead went with its name split and its columns as standard (city) or custom (shop, region) fields.
    const first = fake.leadRequests.find((q) => q.get('vendor_lead_code') === ids[0]);
    expect(
      Object.fromEntries(
        [
          'phone_code',
          'list_id',
          'first_name',
          'last_name',
          'city',
          'shop',
          'region',
          'custom_fields',
          'dnc_check',
          'duplicate_check',
        ].map((k) => [k, first?.get(k)]),
      ),
    ).toEqual({
      phone_code: '880',
      list_id: '1001',
      first_name: 'Rahim Uddin',
      last_name: 'Ahmed',
      city: 'Gulshan',
      shop: 'Karim Store',
      region: 'Dhaka',
      custom_fields: 'Y',
      dnc_check: 'Y',
      duplicate_check: 'DUPLIST',
    });

    const rows = await reportOf(id);
    expect(rows.map((r) => [r.lead_id, r.outcome])).toEqual([
      [ids[0], 'added'],
      [ids[1], 'duplicate'],
      [ids[2], 'dnc'],
      [ids[3], 'refused'],
      [ids[4], 'dnc'],
    ]);
    expect(rows[0]?.vicidial_lead_id).toMatch(/^\d+$/);
    expect(rows[1]?.message).toContain('ERROR: add_lead DUPLICATE PHONE NUMBER IN LIST');
    expect(rows[2]?.message).toContain('ERROR: add_lead PHONE NUMBER IN DNC');
    expect(rows[3]?.message).toContain('INVALID PHONE NUMBER LENGTH');
    expect(rows[4]?.message).toBe("On the CRM's system do-not-call list: not sent.");
    expect(rows.every((r) => !(r.message ?? '').includes(fake.pass))).toBe(true);

    // Nothing left: a second send is refused; the date's list shows the send and no unsent lead.
    const again = await admin.post('/api/dialer/sends', { campaignName: campaign.campaignName, date });
    expect(again.status).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(DIALER_SEND_MESSAGES.nothingToSend(date));
    const ofDate = await admin.get(
      `/api/dialer/sends?campaignName=${encodeURIComponent(campaign.campaignName)}&date=${date}`,
    );
    expect(ofDate.json<{ unsent: number; sends: TDialerSend[] }>()).toMatchObject({
      unsent: 0,
      sends: [{ id, state: 'finished' }],
    });
    const audit = await app.db
      .selectFrom('auditLog')
      .select('changes')
      .where('objectType', '=', 'dialerSend')
      .where('objectId', '=', String(id))
      .executeTakeFirstOrThrow();
    expect(audit.changes).toMatchObject({ counts: { total: 5, dnc: 1 } });
  });

  it('is refused without settings, and with no dialer configured', async () => {
    const campaign = await createCampaign(app.db);
    const r = await admin.post('/api/dialer/sends', { campaignName: campaign.campaignName, date: '2025-02-01' });
    expect(r.status).toBe(409);
    expect(r.json<{ message: string }>().message).toBe(DIALER_SEND_MESSAGES.noSettings(campaign.campaignName));

    const { database, drop: dropOther } = await openTestDatabase();
    const bare = await buildApp(await testConfig({ dialer: { mode: 'unconfigured' } }), { database });
    try {
      const c = await createCampaign(bare.db);
      const other = caller(bare, await tokenForRole(bare, 'admin'));
      expect(
        (await other.get(`/api/dialer/settings?campaignName=${encodeURIComponent(c.campaignName)}`)).json<{
          dialer: string;
        }>().dialer,
      ).toBe('unconfigured');
      const refused = await other.post('/api/dialer/sends', { campaignName: c.campaignName, date: '2025-02-01' });
      expect(refused.status).toBe(409);
      expect(refused.json<{ message: string }>().message).toBe(DIALER_SEND_MESSAGES.noDialer);
    } finally {
      await bare.close();
      await dropOther();
    }
  });

  it('retries a hang and a 500 after looking the lead up, and never adds it twice', async () => {
    const { campaign, date, ids } = await campaignWithLeads(many(2, {}));
    fake.setLeads({ kind: 'hang', count: 1 });
    const id = await start(campaign.campaignName, date);
    const done = await untilState(id, 'finished', DIALER_TIMEOUT_MS + 20_000);
    expect(done).toMatchObject({ added: 2, failed: 0 });
    expect(addsOf(ids).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(3);
    expect(fake.lists.leads('1001').filter((l) => ids.includes(l.vendorLeadCode)).length).toBe(2);
    const rows = await reportOf(id);
    // The hung request's lead took three requests: add (hang), look-up (absent), add.
    expect(rows.map((r) => Number(r.attempts)).sort()).toEqual([1, 3]);

    const second = await campaignWithLeads(many(1, {}));
    fake.setLeads({ kind: 'status', code: 500, count: 1 });
    const id2 = await start(second.campaign.campaignName, second.date);
    expect(await untilState(id2, 'finished')).toMatchObject({ added: 1, failed: 0 });
    expect(fake.lists.leads('1001').filter((l) => l.vendorLeadCode === second.ids[0]).length).toBe(1);
  });

  it('stops when the dialer keeps failing, keeps the rest to send, and a resume sends each lead once', async () => {
    const count = FAILURES_TO_STOP + 5;
    const { campaign, date, ids } = await campaignWithLeads(many(count, {}), { duplicateCheck: 'NONE' });
    fake.setLeads({ kind: 'status', code: 500 });
    const id = await start(campaign.campaignName, date);
    const stopped = await untilState(id, 'stopped');
    expect(stopped.message).toBe(
      'The dialer stopped answering: The dialer answered HTTP 500. Resume the send when it is back.',
    );
    expect(stopped.failed).toBeGreaterThanOrEqual(FAILURES_TO_STOP);
    expect(stopped.added).toBe(0);
    expect(stopped.pending + stopped.failed).toBe(count);

    fake.setLeads({ kind: 'normal' });
    const resumed = await admin.post(`/api/dialer/sends/${id}/resume`);
    expect(resumed.status, resumed.text).toBe(200);
    expect(resumed.json<TDialerSend>()).toMatchObject({ state: 'running', failed: 0, message: null });
    expect(await untilState(id, 'finished')).toMatchObject({ added: count, failed: 0, pending: 0 });
    // Even with VICIdial's duplicate check off, no lead is in the list twice.
    const stored = fake.lists
      .leads('1001')
      .filter((l) => ids.includes(l.vendorLeadCode))
      .map((l) => l.vendorLeadCode);
    expect(stored.sort()).toEqual([...ids].sort());
    const again = await admin.post(`/api/dialer/sends/${id}/resume`);
    expect(again.status).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(DIALER_SEND_MESSAGES.nothingToResume);
  });

  it('stops on an answer no lead gets past (a list not allowed), and resumes with the mended settings', async () => {
    fake.resetLeads({ allowedListIds: ['1001'] });
    const { campaign, date } = await campaignWithLeads(many(3, {}), { listId: '999' });
    const id = await start(campaign.campaignName, date);
    const stopped = await untilState(id, 'stopped');
    expect(stopped.message).toContain('NOT AN ALLOWED LIST ID');
    expect(stopped).toMatchObject({ added: 0, refused: 0, failed: 0, pending: 3 });

    await admin.put('/api/dialer/settings', {
      campaignName: campaign.campaignName,
      listId: '1001',
      duplicateCheck: 'DUPLIST',
      dncCheck: false,
      campaignDncCheck: false,
      vicidialCampaignId: null,
      rate: 0,
    });
    expect((await admin.post(`/api/dialer/sends/${id}/resume`)).status).toBe(200);
    expect(await untilState(id, 'finished')).toMatchObject({ added: 3, listId: '1001' });
    fake.resetLeads();
  });

  it('cancels mid-send at the set rate, one running send per campaign, and resumes to the end', async () => {
    const { campaign, date, ids } = await campaignWithLeads(many(30, {}), { rate: 10 });
    const id = await start(campaign.campaignName, date);
    const busy = await admin.post('/api/dialer/sends', { campaignName: campaign.campaignName, date });
    expect(busy.status).toBe(409);
    expect(busy.json<{ message: string }>().message).toBe(DIALER_SEND_MESSAGES.alreadyRunning(id));

    await expect
      .poll(async () => (await sendOf(id)).added, { timeout: 10_000, interval: 50 })
      .toBeGreaterThanOrEqual(3);
    expect(await sendHeld(id)).toBe(true);
    const cancelled = await admin.post(`/api/dialer/sends/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.json<TDialerSend>().state).toBe('cancelled');
    // The worker lets the send go (its requests on the way ended) instead of going on to the end; nothing more goes out.
    await expect.poll(() => sendHeld(id), { timeout: 10_000, interval: 50 }).toBe(false);
    const sentAtCancel = addsOf(ids).reduce((a, b) => a + b, 0);
    await new Promise((r) => setTimeout(r, 800));
    expect(addsOf(ids).reduce((a, b) => a + b, 0)).toBe(sentAtCancel);
    expect(sentAtCancel).toBeLessThan(30);
    expect((await admin.post(`/api/dialer/sends/${id}/cancel`)).status).toBe(409);

    expect((await admin.post(`/api/dialer/sends/${id}/resume`)).status).toBe(200);
    const t0 = Date.now();
    const done = await untilState(id, 'finished');
    expect(done).toMatchObject({ total: 30, added: 30 });
    // The rest went at about 10 a second.
    expect(Date.now() - t0).toBeGreaterThan(((30 - sentAtCancel) / 10) * 1000 * 0.7);
    expect(addsOf(ids).every((n) => n === 1)).toBe(true);
  });

  it('streams its progress as server-sent events until it ends', async () => {
    const { campaign, date } = await campaignWithLeads(many(24, {}), { rate: 12 });
    const id = await start(campaign.campaignName, date);
    const media = await admin.get('/api/auth/media-token');
    const res = await fetch(
      `${base}/api/dialer/sends/${id}/stream?token=${encodeURIComponent(media.json<{ token: string }>().token)}`,
    );
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const events = readSse(res.body!);
    const seen: TDialerSend[] = [];
    for (;;) {
      const e = await events.next();
      if (e === null) break;
      expect(e.event).toBe('send');
      seen.push(ZDialerSend.parse(JSON.parse(e.data)));
    }
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(seen[0]?.state).toBe('running');
    expect(seen.at(-1)).toMatchObject({ state: 'finished', added: 24, pending: 0 });
    // The added count only grows along the way.
    const added = seen.map((s) => s.added);
    expect(added).toEqual([...added].sort((a, b) => a - b));
    expect(new Set(added).size).toBeGreaterThanOrEqual(3);
  });
});
