import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREEN_POP_CODES } from '@crm/shared';
import { caller, tokenForRole } from '../../test/harness.ts';
import {
  mediaTokenOf,
  nextPop,
  nextReady,
  openPopStream,
  popAgent,
  startPopApp,
  type PopApp,
} from '../../test/screen-pop-support.ts';
import { startFakeVicidial, type FakeVicidial } from '../../test/fake-vicidial.ts';

let fake: FakeVicidial;
let s: PopApp;

beforeAll(async () => {
  fake = await startFakeVicidial();
  // The default watch: one pass a second, 20 reads at once, a read failing after 2 s.
  s = await startPopApp({
    dialer: {
      mode: 'vicidial',
      url: fake.url,
      user: fake.user,
      pass: fake.pass,
      userGroups: ['G1'],
      pollMs: 60_000,
      timeoutMs: 1000,
    },
  });
});
afterAll(async () => {
  await s?.stop();
  await fake?.close();
});

const INCALL = { status: 'INCALL', campaignId: 'TESTCAMP', sessionId: '8600051' };

describe('GET /api/ap/popStream', () => {
  it("is an agent's own: 401 without a token, 403 for admins and QC inspectors", async () => {
    expect((await s.app.inject({ method: 'GET', url: '/api/ap/popStream' })).statusCode).toBe(401);
    for (const role of ['admin', 'qc'] as const) {
      const media = await mediaTokenOf(s.app, await tokenForRole(s.app, role));
      const stream = await openPopStream(s.base, media);
      expect(stream.status, role).toBe(403);
    }
    // A session token never travels in a URL.
    const a = await popAgent(s.app, []);
    expect((await openPopStream(s.base, a.session)).status).toBe(401);
  });

  it("pushes a call VICIdial connects (agent_status INCALL) to the agent's stream within 2 s, naming the lead, and records its start", async () => {
    const a = await popAgent(s.app, ['+8801711000001', '+8801711000002'], { vicidialUser: 'vici7001' });
    fake.agents.setAgents({ vici7001: { ...INCALL, status: 'PAUSED' } });
    const stream = await openPopStream(s.base, await mediaTokenOf(s.app, a.session));
    try {
      expect(await nextReady(stream.events!)).toEqual({ source: 'vicidial', vicidialUser: 'vici7001' });
      const [first, second] = a.leadIds as [number, number];
      // By vendor_lead_code (our lead id, as sends set it): the number VICIdial dials may be written its own way.
      const connected = Date.now();
      fake.agents.setAgents({
        vici7001: {
          ...INCALL,
          callId: 'M4050908070000012345',
          leadId: '12345',
          phoneNumber: '1711000001',
          vendorLeadCode: String(first),
        },
      });
      const pop = await nextPop(stream.events!, 2000);
      expect(Date.now() - connected).toBeLessThan(2000);
      expect(pop).toMatchObject({
        source: 'vicidial',
        dialerLeadId: '12345',
        callId: 'M4050908070000012345',
        phoneNumber: '1711000001',
        vendorLeadCode: String(first),
        dialerCampaign: 'TESTCAMP',
        campaignName: a.campaign.name,
        leadId: first,
        cellNumber: '+8801711000001',
      });
      const start = await s.app.db
        .selectFrom('callStarts')
        .selectAll()
        .where('userId', '=', a.user.id)
        .executeTakeFirstOrThrow();
      expect({ ...start, leadId: Number(start.leadId) }).toMatchObject({ leadId: first, dialerCallId: '12345' });
      expect(start.startedAt.toISOString()).toBe(pop.connectedAt);
      // The same call is pushed once, however many passes see it.
      await expect(stream.events!.next(1500)).rejects.toThrow(/no event/);
      // The next call, by number alone (no vendor code): the campaign's generated lead with it.
      fake.agents.setAgents({
        vici7001: {
          ...INCALL,
          callId: 'M4050908070000012346',
          leadId: '12346',
          phoneNumber: '01711000002',
          vendorLeadCode: '',
        },
      });
      expect(await nextPop(stream.events!, 2000)).toMatchObject({
        dialerLeadId: '12346',
        leadId: second,
        cellNumber: '+8801711000002',
      });
      // A number no lead of the campaign has: pushed with no lead (the screen says so), no start recorded.
      fake.agents.setAgents({
        vici7001: { ...INCALL, callId: 'M3', leadId: '12347', phoneNumber: '1719999999', vendorLeadCode: '999999' },
      });
      expect(await nextPop(stream.events!, 2000)).toMatchObject({ leadId: null, cellNumber: '+8801719999999' });
      expect(
        await s.app.db.selectFrom('callStarts').select('leadId').where('userId', '=', a.user.id).execute(),
      ).toHaveLength(2);
    } finally {
      stream.close();
    }
  });

  it("reads an agent's VICIdial session only once their screen can receive a pop, and sends a reload the call still on their record", async () => {
    const a = await popAgent(s.app, ['+8801711000011']);
    const vicidialUser = a.user.username;
    fake.agents.setAgents({
      [vicidialUser]: {
        ...INCALL,
        callId: 'M11',
        leadId: '111',
        phoneNumber: '1711000011',
        vendorLeadCode: String(a.leadIds[0]),
      },
    });
    const before = fake.agents.counters().agentStatusByUser[vicidialUser] ?? 0;
    expect(before).toBe(0); // never read before a stream opened
    const first = await openPopStream(s.base, await mediaTokenOf(s.app, a.session));
    expect(await nextReady(first.events!)).toEqual({ source: 'vicidial', vicidialUser });
    const pop = await nextPop(first.events!, 2000);
    first.close();
    // The reload: ready, then the call on now.
    const second = await openPopStream(s.base, await mediaTokenOf(s.app, a.session));
    try {
      await nextReady(second.events!);
      expect(await nextPop(second.events!, 1000)).toEqual(pop);
    } finally {
      second.close();
    }
  });

  it('keeps the stream open and the server answering through ERROR lines, garbage and a VICIdial that is down, logging it once', async () => {
    const a = await popAgent(s.app, ['+8801711000021']);
    const vicidialUser = a.user.username;
    fake.agents.setAgents({ [vicidialUser]: 'logged-out' });
    const stream = await openPopStream(s.base, await mediaTokenOf(s.app, a.session));
    try {
      await nextReady(stream.events!);
      await expect
        .poll(() => fake.agents.counters().agentStatusByUser[vicidialUser] ?? 0, { timeout: 3000 })
        .toBeGreaterThan(0);
      const warnings = () =>
        s.lines.filter((l) => l.msg.startsWith('screen pop: VICIdial agent_status cannot be read')).length;
      const already = warnings();
      for (const behaviour of [
        { kind: 'denied' },
        { kind: 'garbage' },
        { kind: 'status', code: 500 },
        { kind: 'reset' },
      ] as const) {
        fake.agents.setAgentStatus(behaviour);
        const seen = fake.agents.counters().agentStatusRequests;
        await expect
          .poll(() => fake.agents.counters().agentStatusRequests, { timeout: 5000 })
          .toBeGreaterThan(seen + 1);
        expect((await a.api.get('/api/auth/me')).status).toBe(200);
      }
      // One outage, one warning (the VICIdial API password never in it).
      expect(warnings()).toBe(already + 1);
      expect(JSON.stringify(s.lines)).not.toContain(fake.pass);
      fake.agents.setAgentStatus({ kind: 'normal' });
      fake.agents.setAgents({
        [vicidialUser]: { ...INCALL, callId: 'M21', leadId: '121', phoneNumber: '1711000021', vendorLeadCode: '' },
      });
      expect(await nextPop(stream.events!, 4000)).toMatchObject({ leadId: a.leadIds[0], dialerLeadId: '121' });
      expect(s.lines.filter((l) => l.msg === 'screen pop: VICIdial agent_status answers again').length).toBeGreaterThan(
        0,
      );
      // The agent's own "not logged in" was logged once, as that agent's state.
      expect(
        s.lines.filter(
          (l) =>
            l.msg === "screen pop: agent's VICIdial session" &&
            l.agentId === a.user.username &&
            l.state === 'not logged in to VICIdial',
        ),
      ).toHaveLength(1);
    } finally {
      fake.agents.setAgentStatus({ kind: 'normal' });
      stream.close();
    }
  });
});

describe('POST /api/ap/webFormPop', () => {
  it("opens the call VICIdial's web form names, as the pop would, for the agent it names", async () => {
    const a = await popAgent(s.app, ['+8801711000031'], { vicidialUser: 'vici7031' });
    const r = await a.api.post('/api/ap/webFormPop', {
      phone_number: '1711000031',
      vendor_lead_code: '',
      lead_id: '31031',
      user: 'VICI7031',
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({
      source: 'webform',
      dialerLeadId: '31031',
      leadId: a.leadIds[0],
      cellNumber: '+8801711000031',
      campaignName: a.campaign.name,
    });
    const starts = await s.app.db
      .selectFrom('callStarts')
      .select(['leadId', 'dialerCallId'])
      .where('userId', '=', a.user.id)
      .execute();
    expect(starts.map((r) => ({ ...r, leadId: Number(r.leadId) }))).toEqual([
      { leadId: a.leadIds[0], dialerCallId: '31031' },
    ]);
  });

  it("refuses another VICIdial user's call, and a web form with nothing to open, storing nothing", async () => {
    const a = await popAgent(s.app, ['+8801711000041']);
    const other = await a.api.post('/api/ap/webFormPop', {
      phone_number: '1711000041',
      lead_id: '41',
      user: 'someone',
    });
    expect(other.status).toBe(400);
    expect(other.body).toEqual({
      message: `This call is VICIdial user someone's; you are VICIdial user ${a.user.username}`,
      code: SCREEN_POP_CODES.otherVicidialUser,
    });
    const empty = await a.api.post('/api/ap/webFormPop', { lead_id: '41', user: a.user.username });
    expect(empty.status).toBe(400);
    expect(empty.json<{ code: string }>().code).toBe(SCREEN_POP_CODES.nothingToPop);
    expect(await s.app.db.selectFrom('callStarts').select('leadId').where('userId', '=', a.user.id).execute()).toEqual(
      [],
    );
    // Admins have no campaign to open it in.
    expect(
      (
        await caller(s.app, await tokenForRole(s.app, 'admin')).post('/api/ap/webFormPop', {
          phone_number: '1711000041',
        })
      ).status,
    ).toBe(403);
  });
});
