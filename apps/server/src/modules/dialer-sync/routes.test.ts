// The dialer kept in step (docs/guide/call-loop.md), against the stand-in VICIdial over HTTP: a do-not-call number added
// after a send (every path) reaches VICIdial's DNC list and pulls that number's sent, not completed leads only; a
// quota that fills pulls exactly its cell's sent, uncalled leads; a callback reaches VICIdial; what the screens read.
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ZDialerSyncSummary, ZDncSentCheck, type TDialerSyncSummary } from '@crm/shared';
import { createUser, tokenForRole, useTestApp, type Caller } from '../../test/harness.ts';
import { nextCell } from '../../test/leads-support.ts';
import { national, sendLeads, statusAt, syncRequests } from '../../test/dialer-sync-support.ts';
import { lookupUrl, panelCampaign, saveUrl } from '../../test/crm-support.ts';
import { startFakeVicidial } from '../../test/fake-vicidial.ts';

const fake = await startFakeVicidial();
const t = useTestApp({
  dialer: {
    mode: 'vicidial',
    url: fake.url,
    user: fake.user,
    pass: fake.pass,
    userGroups: ['G1'],
    pollMs: 600_000,
    timeoutMs: 1000,
  },
  // Generous: an answer must never be mistaken for a hang on a busy machine (no test here makes VICIdial hang).
  dialerSend: { timeoutMs: 10_000, retries: 0, backoffMs: 50, concurrency: 4 },
});
afterAll(async () => fake.close());

/** "Within 10 s" of the issue, polled. */
const WITHIN = { timeout: 10_000, interval: 50 };

/** Whether the dialer-sync queue exists in pg-boss (false while pg-boss's tables do not exist either). */
async function queueExists(): Promise<boolean> {
  try {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from pgboss.queue where name = 'dialer-sync'`.execute(t.db);
    return rows[0]?.n === 1;
  } catch {
    return false;
  }
}

async function summaryOf(admin: Caller, url: string): Promise<TDialerSyncSummary> {
  const r = await admin.get(url);
  expect(r.status, r.text).toBe(200);
  return ZDialerSyncSummary.parse(r.body);
}

describe('who may read the dialer sync', () => {
  it('answers 401 without a session and 403 to agents and QC inspectors', async () => {
    const urls = ['/api/dialer/sync/dnc', '/api/dialer/sync/sends/1', '/api/dialer/sync/sent?number=01712345678'];
    for (const url of urls) expect((await t.anonymous.get(url)).status).toBe(401);
    expect((await t.anonymous.post('/api/dialer/sync/retry', {})).status).toBe(401);
    for (const role of ['agent', 'qc'] as const) {
      const caller = await t.callerFor(role);
      for (const url of urls) expect((await caller.get(url)).status).toBe(403);
      expect((await caller.post('/api/dialer/sync/retry', {})).status).toBe(403);
    }
  });
});

describe('a number put on a do-not-call list after a send', () => {
  it("adds it to the campaign's VICIdial DNC list and gives only its sent, not completed lead status=DNC, within 10 s", async () => {
    const admin = await t.callerFor('admin');
    const number = nextCell();
    const sent = await sendLeads(t, admin, [{ cellNumber: number }, { cellNumber: nextCell() }], {
      settings: { vicidialCampaignId: 'SURV1' },
    });
    const [lead, other] = sent.leadIds as [string, string];
    // The same number: a lead of the campaign sent on another day and completed since, one generated but never sent,
    // and a lead of another campaign.
    const campaign = { id: sent.id, campaignName: sent.name };
    const completed = (
      await sendLeads(t, admin, [{ cellNumber: number }], { campaign, settings: { vicidialCampaignId: 'SURV1' } })
    ).leadIds[0]!;
    await t.db.updateTable('leads').set({ isCalled: 1 }).where('id', '=', completed).execute();
    const [unsent] = await t.db
      .insertInto('leads')
      .values({ campaignId: sent.id, cellNumber: number, dataDate: '2025-03-30', forD: 'd', generateStatus: 1 })
      .returning('id')
      .execute();
    const elsewhere = (await sendLeads(t, admin, [{ cellNumber: number }])).leadIds[0]!;

    // The add dialog's warning, before the number is listed.
    const check = ZDncSentCheck.parse(
      (
        await admin.get(
          `/api/dialer/sync/sent?number=${encodeURIComponent(`0${national(number)}`)}&campaignName=${encodeURIComponent(sent.name)}`,
        )
      ).body,
    );
    expect(check).toMatchObject({
      phoneNumber: number,
      dialer: 'vicidial',
      vicidialDncList: 'SURV1',
      leads: [{ leadId: Number(lead), campaignName: sent.name, listId: sent.listId }],
    });
    expect(check.warning).toBe(`sent to VICIdial list ${sent.listId} on ${check.leads[0]!.sentOn}: it will be pulled`);

    // The worker starts once a campaign sends to the dialer: from then on, jobs go in with the rows.
    await expect.poll(queueExists, { timeout: 10_000, interval: 100 }).toBe(true);
    const before = syncRequests(fake);
    const addedAt = Date.now();
    expect((await admin.post('/api/dnc', { number, campaignName: sent.name })).status).toBe(200);
    await expect.poll(() => statusAt(fake, lead), WITHIN).toBe('DNC');
    expect(Date.now() - addedAt).toBeLessThan(10_000);
    await expect.poll(() => fake.lists.dncList('SURV1'), WITHIN).toEqual([national(number)]);

    // The job went in with the rows, in the DNC insert's transaction (both stamped with its start).
    const [job] = (
      await sql<{ same: boolean }>`
      select exists (select 1 from pgboss.job j join dialer_sync_items i on i.created_at = j.created_on
                      where j.name = 'dialer-sync' and i.lead_id = ${lead}::bigint) as same`.execute(t.db)
    ).rows;
    expect(job?.same).toBe(true);
    const after = syncRequests(fake);
    expect(after.dnc.slice(before.dnc.length)).toEqual([
      expect.objectContaining({
        function: 'add_dnc_phone',
        phone_number: national(number),
        campaign_id: 'SURV1',
        source: 'crm',
      }),
    ]);
    expect(after.updates.slice(before.updates.length)).toEqual([
      expect.objectContaining({
        search_method: 'VENDOR_LEAD_CODE',
        search_location: 'LIST',
        list_id: sent.listId,
        vendor_lead_code: lead,
        status: 'DNC',
      }),
    ]);
    expect([
      statusAt(fake, other),
      statusAt(fake, completed),
      statusAt(fake, String(unsent?.id)),
      statusAt(fake, elsewhere),
    ]).toEqual(['NEW', 'NEW', undefined, 'NEW']);
    await expect
      .poll(async () => (await summaryOf(admin, `/api/dialer/sync/sends/${sent.sendId}`)).pulls, WITHIN)
      .toEqual({ done: 1, waiting: 0, refused: 0 });
    // Listed now: nothing left to pull.
    expect(
      ZDncSentCheck.parse(
        (
          await admin.get(
            `/api/dialer/sync/sent?number=${encodeURIComponent(number)}&campaignName=${encodeURIComponent(sent.name)}`,
          )
        ).body,
      ).leads,
    ).toEqual([]);
  });

  it("the system list: SYSTEM_INTERNAL, and the number's sent leads of every campaign", async () => {
    const admin = await t.callerFor('admin');
    const number = nextCell();
    const one = await sendLeads(t, admin, [{ cellNumber: number }]);
    const two = await sendLeads(t, admin, [{ cellNumber: number }]);
    const check = ZDncSentCheck.parse(
      (await admin.get(`/api/dialer/sync/sent?number=${encodeURIComponent(number)}`)).body,
    );
    expect(check.vicidialDncList).toBe('SYSTEM_INTERNAL');
    expect(check.leads.map((l) => l.campaignName)).toEqual([one.name, two.name]);
    expect(check.warning).toMatch(
      new RegExp(
        `^sent to VICIdial list ${one.listId} on \\d{4}-\\d{2}-\\d{2}, list ${two.listId} on \\d{4}-\\d{2}-\\d{2}: it will be pulled$`,
      ),
    );

    expect((await admin.post('/api/dnc', { number })).status).toBe(200);
    await expect
      .poll(() => [statusAt(fake, one.leadIds[0]!), statusAt(fake, two.leadIds[0]!)], WITHIN)
      .toEqual(['DNC', 'DNC']);
    await expect.poll(() => fake.lists.dncList('SYSTEM_INTERNAL').includes(national(number)), WITHIN).toBe(true);
  });

  it("the CSV upload and the agent's button pull too; a campaign without a VICIdial campaign id gets no add_dnc_phone", async () => {
    const admin = await t.callerFor('admin');
    const uploaded = nextCell();
    const pressed = nextCell();
    const sent = await sendLeads(t, admin, [{ cellNumber: uploaded }, { cellNumber: pressed }]);
    const before = syncRequests(fake).dnc.length;

    const form = new FormData();
    form.append('file', new Blob([`number\n0${national(uploaded)}\n`], { type: 'text/csv' }), 'dnc.csv');
    const encoded = new Response(form);
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/dnc/upload?campaignName=${encodeURIComponent(sent.name)}`,
      headers: {
        'content-type': encoded.headers.get('content-type') ?? '',
        authorization: `Bearer ${await tokenForRole(t.app, 'admin')}`,
      },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    await expect.poll(() => statusAt(fake, sent.leadIds[0]!), WITHIN).toBe('DNC');

    const agent = await t.as(await createUser(t.db, { role: 'agent' }), { campaign: sent.name });
    // The button takes a lead the agent is on a call with (issue 33): the agent looks it up first.
    expect((await agent.get(lookupUrl(sent.name, pressed))).status).toBe(200);
    const button = await agent.post('/api/ap/doNotCall', { campaignName: sent.name, leadId: Number(sent.leadIds[1]) });
    expect(button.status, button.text).toBe(200);
    await expect.poll(() => statusAt(fake, sent.leadIds[1]!), WITHIN).toBe('DNC');
    // No VICIdial campaign id in the campaign's dialer settings: no VICIdial DNC list to put the numbers on.
    expect(syncRequests(fake).dnc.length).toBe(before);
  });
});

describe('a quota that fills', () => {
  it("pulls exactly its cell's sent, not yet called leads, to the status the admin picked", async () => {
    const c = await panelCampaign(t);
    const campaign = { id: c.id, campaignName: c.name };
    const dhaka = { region: 'Dhaka', fields: JSON.stringify({ shop: 'Shop 1', tier: 'A' }) };
    const cells = [nextCell(), nextCell(), nextCell(), nextCell()];
    const sent = await sendLeads(
      t,
      c.admin,
      [
        { ...dhaka, cellNumber: cells[0] }, // waiting to be called: pulled
        { ...dhaka, cellNumber: cells[1] }, // the call that fills the quota
        { ...dhaka, cellNumber: cells[2] }, // called once already (not completed): VICIdial keeps its own status
        { region: 'Sylhet', cellNumber: cells[3] }, // another cell
      ],
      { campaign, settings: { quotaStatus: 'qfull' } },
    );
    const [waiting, filling, called, sylhet] = sent.leadIds as [string, string, string, string];
    const [unsent] = await t.db
      .insertInto('leads')
      .values({
        ...dhaka,
        campaignId: c.id,
        cellNumber: nextCell(),
        dataDate: '2025-03-31',
        forD: 'd',
        generateStatus: 1,
      })
      .returning('id')
      .execute();
    const agentUser = await createUser(t.db, { role: 'agent' });
    await t.db
      .insertInto('callAttempts')
      .values({
        leadId: called,
        campaignId: c.id,
        userId: agentUser.id,
        agentId: agentUser.username,
        startedAt: new Date(),
        handleSeconds: 30,
        dispositionCode: 'NA',
        dispositionName: 'No answer',
        dispositionKind: 'retry',
        completed: false,
      })
      .execute();
    expect(
      (await c.admin.get(`/api/dialer/settings?campaignName=${encodeURIComponent(c.name)}`)).json<{
        settings: { quotaStatus: string };
      }>().settings.quotaStatus,
    ).toBe('QFULL');
    const quota = await c.admin.post(`/api/quotas?campaignName=${encodeURIComponent(c.name)}`, {
      field: 'region',
      value: 'Dhaka',
      limit: 1,
    });
    expect(quota.status, quota.text).toBe(200);
    const before = syncRequests(fake).updates.length;

    const saved = await c.agent.put(saveUrl(c.name, cells[1]!, Number(filling)), { Q1: 'Yes', is_called: 1 });
    expect(saved.status, saved.text).toBe(200);
    await expect.poll(() => statusAt(fake, waiting), WITHIN).toBe('QFULL');
    await expect
      .poll(async () => (await summaryOf(c.admin, `/api/dialer/sync/sends/${sent.sendId}`)).pulls, WITHIN)
      .toEqual({ done: 1, waiting: 0, refused: 0 });
    expect(
      syncRequests(fake)
        .updates.slice(before)
        .map((q) => [q.vendor_lead_code, q.status]),
    ).toEqual([[waiting, 'QFULL']]);
    expect([filling, called, sylhet].map((id) => statusAt(fake, id))).toEqual(['NEW', 'NEW', 'NEW']);
    expect(statusAt(fake, String(unsent?.id))).toBeUndefined();
  });

  it('refuses a quota status VICIdial would not take', async () => {
    const admin = await t.callerFor('admin');
    const sent = await sendLeads(t, admin, [{ cellNumber: nextCell() }]);
    const r = await admin.put('/api/dialer/settings', {
      campaignName: sent.name,
      listId: sent.listId,
      duplicateCheck: 'NONE',
      dncCheck: false,
      campaignDncCheck: false,
      vicidialCampaignId: null,
      rate: 0,
      quotaStatus: 'FULL Q',
    });
    expect(r.status).toBe(400);
    expect(r.json<{ message: string }>().message).toMatch(/The quota status is 1 to 6 letters or digits/);
  });
});

describe('a callback on a sent lead', () => {
  it("reaches VICIdial as update_lead callback=Y: the time in the call centre's zone, mine only for the agent, the note", async () => {
    const admin = await t.callerFor('admin');
    const sent = await sendLeads(t, admin, [{ cellNumber: nextCell() }], { settings: { vicidialCampaignId: 'SURV2' } });
    const lead = sent.leadIds[0]!;
    const agentUser = await createUser(t.db, { role: 'agent' });
    // The agent's profile names their VICIdial user: the callback is theirs there.
    await t.db
      .insertInto('agents')
      .values({ userId: agentUser.id, type: 'Physical', vicidialUser: 'vici_ag7' })
      .execute();
    const agent = await t.as(agentUser, { campaign: sent.name });
    await t.db
      .insertInto('callAttempts')
      .values({
        leadId: lead,
        campaignId: sent.id,
        userId: agentUser.id,
        agentId: agentUser.username,
        startedAt: new Date(),
        handleSeconds: 40,
        dispositionCode: 'CB',
        dispositionName: 'Partial / call back',
        dispositionKind: 'callback',
        completed: false,
      })
      .execute();
    const at = new Date(Date.now() + 2 * 3600_000);
    const day = at.toLocaleDateString('sv-SE', { timeZone: t.config.timeZone });
    const time = at.toLocaleTimeString('sv-SE', { timeZone: t.config.timeZone, hour: '2-digit', minute: '2-digit' });
    const r = await agent.post('/api/callbacks', {
      leadId: Number(lead),
      at: `${day} ${time}`,
      mineOnly: true,
      note: 'After lunch',
    });
    expect(r.status, r.text).toBe(200);
    await expect
      .poll(() => fake.lists.leadByVendorCode(lead)?.callback, WITHIN)
      .toEqual({
        at: `${day} ${time}:00`,
        campaignId: 'SURV2',
        type: 'USERONLY',
        user: 'vici_ag7',
        comments: 'After lunch',
        status: 'CALLBK',
      });
    expect(statusAt(fake, lead)).toBe('CBHOLD');
    await expect
      .poll(async () => (await summaryOf(admin, `/api/dialer/sync/sends/${sent.sendId}`)).callbacks, WITHIN)
      .toEqual({ done: 1, waiting: 0, refused: 0 });
  });
});
