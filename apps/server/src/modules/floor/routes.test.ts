// GET /api/floor and GET /api/floor/stream: who is signed in, on a call (since when, which lead, which question) or idle
// (since when), their calls today by the local day, and the same pushed live on every change.
import { describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { FLOOR_EVENT, ZFloor, type TFloor } from '@crm/shared';
import { useTestApp, type TestUser } from '../../test/harness.ts';
import { addLead, lookUp, panelCampaign, saveUrl } from '../../test/crm-support.ts';
import { floorOf, insertAttempt, lineOf, signedInAgent } from '../../test/floor-support.ts';
import { readSse, type SseReader } from '../../test/sse-client.ts';
import { TEST_TIME_ZONES, atLocal } from '../../test/time-zones.ts';
import { findFloor, maskCellNumber } from './service.ts';

const t = useTestApp();

describe('GET /api/floor', () => {
  it('answers 401 without a session and 403 to an agent', async () => {
    expect((await t.anonymous.get('/api/floor')).status).toBe(401);
    expect((await t.anonymous.get('/api/floor/stream')).status).toBe(401);
    const agent = await t.callerFor('agent');
    expect((await agent.get('/api/floor')).status).toBe(403);
  });

  it('follows an agent: signed in idle, on a call with its lead and question, idle after the save, gone at sign-out', async () => {
    const c = await panelCampaign(t);
    const admin = await t.callerFor('admin');
    const qc = await t.callerFor('qc');
    const { user, api } = await signedInAgent(t, c.name, { username: 'AG-F1', name: 'Farhana' });
    const session = await t.db
      .selectFrom('agentSessions')
      .selectAll()
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow();

    let line = lineOf(await floorOf(admin), user.id);
    expect(line).toEqual({
      userId: user.id,
      agentId: 'AG-F1',
      agentName: 'Farhana',
      campaignName: c.name,
      shift: 'Evening',
      signedInAt: session.signedInAt.toISOString(),
      state: 'idle',
      idleSince: session.signedInAt.toISOString(),
      callsToday: 0,
      completedToday: 0,
    });

    const leadId = await addLead(t, c.id, '+8801716000001');
    await lookUp(api, c.name, '01716000001');
    const start = await t.db
      .selectFrom('callStarts')
      .select('startedAt')
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow();
    line = lineOf(await floorOf(qc), user.id);
    // Before any answer the agent is on the survey's first question.
    expect(line).toMatchObject({
      state: 'onCall',
      callStartedAt: start.startedAt.toISOString(),
      leadId: String(leadId),
      cellNumberMasked: '•••••••••0001',
      question: { qno: 'Q1', title: 'Did you buy it?' },
      callsToday: 0,
    });
    expect(line?.idleSince).toBeUndefined();

    // The agent answered Q1 and moved on to Q3.
    const draft = await api.put(`/api/ap/draft/${leadId}?tableName=${encodeURIComponent(c.name)}`, {
      path: ['Q1', 'Q3'],
      answers: { Q1: 'Yes' },
      leadVersion: 0,
    });
    expect(draft.status, draft.text).toBe(200);
    expect(lineOf(await floorOf(admin), user.id)?.question).toEqual({ qno: 'Q3', title: 'How many packs?' });

    const saved = await api.put(`${saveUrl(c.name, '01716000001', leadId)}&version=0`, {
      Q1: 'Yes',
      Q3: '2',
      is_called: 1,
    });
    expect(saved.status, saved.text).toBe(200);
    const attempt = await t.db
      .selectFrom('callAttempts')
      .select('endedAt')
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow();
    const floor = await floorOf(admin);
    line = lineOf(floor, user.id);
    expect(line).toMatchObject({
      state: 'idle',
      idleSince: attempt.endedAt.toISOString(),
      callsToday: 1,
      completedToday: 1,
    });
    expect(line?.leadId).toBeUndefined();
    expect(line?.question).toBeUndefined();
    expect(floor.totals).toMatchObject({ signedIn: floor.agents.length });

    expect((await api.post('/api/auth/signOut')).status).toBe(200);
    expect(lineOf(await floorOf(admin), user.id)).toBeUndefined();
  });

  it('leaves a lead looked up and left without a save once a later call ends, and shows the agent on the later one', async () => {
    const c = await panelCampaign(t);
    const admin = await t.callerFor('admin');
    const { user, api } = await signedInAgent(t, c.name, { username: 'AG-F2', name: 'Nasir' });
    await addLead(t, c.id, '+8801716000002');
    const second = await addLead(t, c.id, '+8801716000003');
    await lookUp(api, c.name, '01716000002');
    // The first lookup began a minute earlier; the agent went on to the second lead.
    await sql`update call_starts set started_at = started_at - interval '60 seconds' where user_id = ${user.id}`.execute(
      t.db,
    );
    await lookUp(api, c.name, '01716000003');
    expect(lineOf(await floorOf(admin), user.id)).toMatchObject({ state: 'onCall', leadId: String(second) });
    const saved = await api.put(`${saveUrl(c.name, '01716000003', second)}&version=0`, { Q1: 'No', is_called: 0 });
    expect(saved.status, saved.text).toBe(200);
    expect(lineOf(await floorOf(admin), user.id)).toMatchObject({ state: 'idle', callsToday: 1, completedToday: 0 });
  });

  it('sorts on a call first, then idle, the longest in the state first, and adds the totals', async () => {
    const c = await panelCampaign(t);
    const admin = await t.callerFor('admin');
    const agents: { user: TestUser }[] = [];
    for (const [i, name] of ['Ayesha', 'Babul', 'Chandni'].entries())
      agents.push(await signedInAgent(t, c.name, { username: `AG-S${i}`, name }));
    const [a, b, ch] = agents.map((x) => x.user) as [TestUser, TestUser, TestUser];
    // Ayesha signed in 10 min ago, Babul 20 min ago, Chandni 5 min ago and on a call for 2 min.
    for (const [user, minutes] of [
      [a, 10],
      [b, 20],
      [ch, 5],
    ] as const)
      await sql`update agent_sessions set signed_in_at = now() - make_interval(mins => ${minutes})
                 where user_id = ${user.id}`.execute(t.ownerDb);
    await t.db
      .insertInto('callStarts')
      .values({
        userId: ch.id,
        leadId: String(await addLead(t, c.id, '+8801716000009')),
        startedAt: new Date(Date.now() - 120_000),
        sessionId: null,
        dialerCallId: null,
      })
      .execute();
    const floor = await floorOf(admin);
    const mine = floor.agents.filter((x) => [a.id, b.id, ch.id].includes(x.userId)).map((x) => x.agentName);
    expect(mine).toEqual(['Chandni', 'Babul', 'Ayesha']);
    expect(floor.totals.signedIn).toBe(floor.agents.length);
    expect(floor.totals.onCall + floor.totals.idle).toBe(floor.agents.length);
    expect(floor.totals.onCall).toBe(floor.agents.filter((x) => x.state === 'onCall').length);
  });

  it.each(TEST_TIME_ZONES)('counts calls and completes of the local day in %s', async (timeZone) => {
    const c = await panelCampaign(t);
    const { user } = await signedInAgent(t, c.name, { username: `AG-D-${timeZone}`, name: 'Day' });
    const leadId = await addLead(t, c.id, '+8801716000020');
    const at = (wall: string) => atLocal(timeZone, wall);
    // The day asked is 20 Nov: 00:00:00 and 23:59:59 count; 19 Nov 23:59:59 and 21 Nov 00:00:00 do not.
    for (const [wall, completed] of [
      ['2026-11-19 23:59:59', true],
      ['2026-11-20 00:00:00', true],
      ['2026-11-20 12:00:00', false],
      ['2026-11-20 23:59:59', true],
      ['2026-11-21 00:00:00', true],
    ] as const)
      await insertAttempt(t.db, { leadId, campaignId: c.id, user, endedAt: at(wall), completed });
    const floor = await findFloor(t.db, timeZone, undefined, at('2026-11-20 18:00:00'));
    expect(lineOf(floor, user.id)).toMatchObject({ callsToday: 3, completedToday: 2 });
  });

  it('hides all but the last 4 digits of a number', () => {
    expect(maskCellNumber('+8801716000001')).toBe('•••••••••0001');
    expect(maskCellNumber('123')).toBe('123');
  });
});

describe('GET /api/floor/stream', () => {
  async function serverUrl(): Promise<string> {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }

  async function open(role: 'admin' | 'qc', signal: AbortSignal): Promise<SseReader> {
    const media = await (await t.callerFor(role)).get('/api/auth/media-token');
    const token = media.json<{ token: string }>().token;
    const res = await fetch(`${await serverUrl()}/api/floor/stream?token=${encodeURIComponent(token)}`, { signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    return readSse(res.body!);
  }

  /** The next floor event on which `wanted` holds (each change is an event; states between are skipped). */
  async function until(stream: SseReader, wanted: (f: TFloor) => boolean): Promise<TFloor> {
    for (;;) {
      const e = await stream.next(5000);
      if (e === null) throw new Error('the stream ended');
      expect(e.event).toBe(FLOOR_EVENT);
      const floor = ZFloor.parse(JSON.parse(e.data));
      if (wanted(floor)) return floor;
    }
  }

  it('pushes sign-in, call start, question moved, call saved and sign-out to every open stream', async () => {
    const c = await panelCampaign(t);
    const abort = new AbortController();
    try {
      const admin = await open('admin', abort.signal);
      const qc = await open('qc', abort.signal);
      const { user, api } = await signedInAgent(t, c.name, { username: 'AG-L1', name: 'Live' });
      const line = (f: TFloor) => lineOf(f, user.id);
      for (const s of [admin, qc]) expect(line(await until(s, (f) => line(f) !== undefined))?.state).toBe('idle');

      const leadId = await addLead(t, c.id, '+8801716000031');
      await lookUp(api, c.name, '01716000031');
      for (const s of [admin, qc])
        expect(line(await until(s, (f) => line(f)?.state === 'onCall'))).toMatchObject({
          leadId: String(leadId),
          question: { qno: 'Q1' },
        });

      await api.put(`/api/ap/draft/${leadId}?tableName=${encodeURIComponent(c.name)}`, {
        path: ['Q1', 'Q2'],
        answers: { Q1: 'Yes' },
        leadVersion: 0,
      });
      await until(admin, (f) => line(f)?.question?.qno === 'Q2');

      await api.put(`${saveUrl(c.name, '01716000031', leadId)}&version=0`, { Q1: 'Yes', is_called: 1 });
      expect(line(await until(admin, (f) => line(f)?.state === 'idle'))).toMatchObject({
        callsToday: 1,
        completedToday: 1,
      });

      await api.post('/api/auth/signOut');
      await until(admin, (f) => line(f) === undefined);
      await until(qc, (f) => line(f) === undefined);
    } finally {
      abort.abort();
    }
  });
});
