// Every call an agent ends is a call attempt (docs/guide/call-loop.md "Call attempts"): the save that ends it writes one, with
// its disposition (the one named, or the campaign's default for the end) and its handle time from the first lookup.
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DISPOSITION_MESSAGES, type TLeadSaveResult } from '@crm/shared';
import { caller, createUser, useTestApp, type Caller } from '../../test/harness.ts';
import {
  addLead,
  lookUp,
  lookupUrl,
  panelCampaign,
  saveUrl,
  storedLead,
  type PanelCampaign,
} from '../../test/crm-support.ts';

const t = useTestApp();

const versioned = (campaign: string, cell: string, id: number, version: number) =>
  `${saveUrl(campaign, cell, id)}&version=${version}`;

async function attemptsOf(leadId: number) {
  return t.db.selectFrom('callAttempts').selectAll().where('leadId', '=', String(leadId)).orderBy('id').execute();
}

async function startOf(leadId: number) {
  return t.db.selectFrom('callStarts').selectAll().where('leadId', '=', String(leadId)).execute();
}

/** The agent's sign-in record (the harness signs each caller in once). */
async function signInOf(userId: number) {
  return t.db.selectFrom('agentSessions').select('id').where('userId', '=', userId).executeTakeFirstOrThrow();
}

/** An agent of the campaign with a username of our choosing (the attempt's agentId). */
async function namedAgent(c: PanelCampaign, username: string): Promise<{ api: Caller; id: number }> {
  const user = await createUser(t.db, { role: 'agent', username });
  return { api: await t.as(user, { campaign: c.name }), id: user.id };
}

async function save(api: Caller, url: string, body: Record<string, unknown>): Promise<TLeadSaveResult> {
  const r = await api.put(url, body);
  expect(r.status, r.text).toBe(200);
  return r.json<TLeadSaveResult>();
}

describe('PUT /dynamic/updateLeadData: the call attempt', () => {
  it('writes one attempt per save that ends a call, from the first lookup to the save, with its handle seconds', async () => {
    const c = await panelCampaign(t);
    const agent = await namedAgent(c, 'AG-8101');
    const id = await addLead(t, c.id, '+8801716000001');
    await lookUp(agent.api, c.name, '01716000001');
    const [start] = await startOf(id);
    // The call began 95 s ago (its first lookup); a second lookup of the same call changes nothing.
    await sql`update call_starts set started_at = started_at - interval '95 seconds' where lead_id = ${id}`.execute(
      t.db,
    );
    await lookUp(agent.api, c.name, '01716000001');
    const result = await save(agent.api, versioned(c.name, '01716000001', id, 0), { Q1: 'Yes', Q3: '2', is_called: 1 });

    const [attempt, ...more] = await attemptsOf(id);
    expect(more).toEqual([]);
    // bigint columns arrive as numbers (db/database.ts).
    expect(Number(attempt?.leadId)).toBe(id);
    expect(attempt).toMatchObject({
      campaignId: c.id,
      userId: agent.id,
      agentId: 'AG-8101',
      sessionId: (await signInOf(agent.id)).id,
      dispositionCode: 'COMPLETE',
      dispositionName: 'Completed',
      dispositionKind: 'completed',
      vicidialStatus: 'SALE',
      completed: true,
      dialerCallId: null,
      dialerStatus: null,
    });
    expect(attempt?.startedAt.getTime()).toBe((start?.startedAt.getTime() ?? 0) - 95_000);
    expect(attempt?.handleSeconds).toBeGreaterThanOrEqual(95);
    expect(attempt?.handleSeconds).toBeLessThan(95 + 30);
    expect(
      Math.abs(
        (attempt?.endedAt.getTime() ?? 0) - (attempt?.startedAt.getTime() ?? 0) - (attempt?.handleSeconds ?? 0) * 1000,
      ),
    ).toBeLessThan(1000);
    expect(result.attempt).toEqual({
      id: Number(attempt?.id),
      handleSeconds: attempt?.handleSeconds,
      disposition: 'COMPLETE',
      dispositionName: 'Completed',
      dispositionKind: 'completed',
      dialerCallId: null,
    });
    // The start is used up: the next call of the lead starts again.
    expect(await startOf(id)).toEqual([]);

    // Called again later (not completed this time): a second attempt, the lead's second.
    await lookUp(agent.api, c.name, '01716000001');
    const second = await save(agent.api, versioned(c.name, '01716000001', id, 1), {
      Q1: 'No',
      is_called: 0,
      disposition: 'NI',
    });
    expect(second.attempt).toMatchObject({
      disposition: 'NI',
      dispositionName: 'Not interested',
      dispositionKind: 'final',
    });
    expect((await attemptsOf(id)).map((a) => [a.dispositionCode, a.completed])).toEqual([
      ['COMPLETE', true],
      ['NI', false],
    ]);
  });

  it("keeps the agent's sign-in on the start and the attempt", async () => {
    const c = await panelCampaign(t);
    const user = await createUser(t.db, { role: 'agent', username: 'AG-8121' });
    await t.db.insertInto('agents').values({ userId: user.id, type: 'Physical' }).execute();
    const signIn = await t.anonymous.post('/api/auth/signInAgent', {
      username: user.username,
      password: user.password,
      shift: 'Morning',
      campaign: c.name,
    });
    expect(signIn.status, signIn.text).toBe(200);
    const agent = caller(t.app, signIn.json<{ jwtToken: string }>().jwtToken);
    const session = await t.db
      .selectFrom('agentSessions')
      .select('id')
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow();
    const id = await addLead(t, c.id, '+8801716000014');
    await lookUp(agent, c.name, '01716000014');
    expect((await startOf(id))[0]?.sessionId).toBe(session.id);
    await save(agent, saveUrl(c.name, '01716000014', id), { Q1: 'Yes', is_called: 1 });
    expect((await attemptsOf(id))[0]).toMatchObject({ sessionId: session.id, agentId: 'AG-8121' });
  });

  it('starts the attempt at the save when there was no lookup (handle 0), and keeps the dialer call id of a popped call', async () => {
    const c = await panelCampaign(t);
    const typed = await addLead(t, c.id, '+8801716000002');
    const none = await save(c.agent, saveUrl(c.name, '01716000002', typed), { Q1: 'Yes', is_called: 1 });
    expect(none.attempt?.handleSeconds).toBe(0);
    const [attempt] = await attemptsOf(typed);
    expect(attempt?.startedAt).toEqual(attempt?.endedAt);

    const popped = await addLead(t, c.id, '+8801716000003');
    expect((await c.agent.get(`${lookupUrl(c.name, '01716000003')}&dialerCallId=5512`)).status).toBe(200);
    const r = await save(c.agent, saveUrl(c.name, '01716000003', popped), { Q1: 'No', is_called: 0 });
    expect(r.attempt?.dialerCallId).toBe('5512');
    expect((await attemptsOf(popped))[0]?.dialerCallId).toBe('5512');
  });

  it("takes the campaign's first completed disposition for a completed save and its first callback one otherwise (older clients)", async () => {
    const c = await panelCampaign(t);
    const done = await addLead(t, c.id, '+8801716000004');
    const partial = await addLead(t, c.id, '+8801716000005');
    const named = await addLead(t, c.id, '+8801716000006');
    expect(
      (await save(c.agent, saveUrl(c.name, '01716000004', done), { Q1: 'Yes', is_called: 1 })).attempt?.disposition,
    ).toBe('COMPLETE');
    expect(
      (await save(c.agent, saveUrl(c.name, '01716000005', partial), { Q1: 'Partial Call', is_called: 0 })).attempt,
    ).toMatchObject({ disposition: 'CALLBACK', dispositionKind: 'callback' });

    // A campaign's own set: its first of each kind, and a code named in any case is stored as the campaign writes it.
    const own = [
      { code: 'NOPE', name: 'Refused', kind: 'final', vicidialStatus: 'NI' },
      { code: 'LATER', name: 'Call me later', kind: 'callback', vicidialStatus: 'CALLBK' },
      { code: 'Done-1', name: 'Done', kind: 'completed', vicidialStatus: 'SALE' },
      { code: 'Done-2', name: 'Done again', kind: 'completed', vicidialStatus: 'SALE' },
    ];
    expect((await c.admin.put('/api/dispositions', { campaignName: c.name, dispositions: own })).status).toBe(200);
    expect(
      (await save(c.agent, saveUrl(c.name, '01716000004', done), { Q1: 'Yes', is_called: 1 })).attempt?.disposition,
    ).toBe('Done-1');
    expect(
      (await save(c.agent, saveUrl(c.name, '01716000005', partial), { Q1: 'Partial Call', is_called: '0' })).attempt
        ?.disposition,
    ).toBe('LATER');
    const r = await save(c.agent, saveUrl(c.name, '01716000006', named), {
      Q1: 'No',
      is_called: 0,
      disposition: 'nope',
    });
    expect(r.attempt).toMatchObject({ disposition: 'NOPE', dispositionName: 'Refused', dispositionKind: 'final' });
    expect(r.ignored).toEqual([]);
    expect((await attemptsOf(named))[0]).toMatchObject({
      dispositionCode: 'NOPE',
      vicidialStatus: 'NI',
      completed: false,
    });
  });

  it('writes no attempt for a correction of answers alone (no is_called), and leaves the call started', async () => {
    const c = await panelCampaign(t);
    const id = await addLead(t, c.id, '+8801716000007');
    await lookUp(c.agent, c.name, '01716000007');
    const qc = await t.callerFor('qc');
    const r = await save(qc, saveUrl(c.name, '01716000007', id), { Q1: 'No' });
    expect(r.attempt).toBeUndefined();
    expect(r).not.toHaveProperty('attempt');
    const agentAnswer = await save(c.agent, saveUrl(c.name, '01716000007', id), { Q4: 'noted', disposition: 'NI' });
    expect(agentAnswer.attempt).toBeUndefined();
    expect(await attemptsOf(id)).toEqual([]);
    expect(await startOf(id)).toHaveLength(1);
  });

  it('refuses an unknown disposition or one the end contradicts with 400 and its code, storing nothing', async () => {
    const c = await panelCampaign(t);
    const id = await addLead(t, c.id, '+8801716000008');
    await lookUp(c.agent, c.name, '01716000008');
    const before = await storedLead(t, id);
    const cases: [Record<string, unknown>, number, { message: string; code?: string }][] = [
      [
        { Q1: 'Yes', is_called: 1, disposition: 'SOLD' },
        400,
        { message: DISPOSITION_MESSAGES.unknown('SOLD', c.name), code: 'DISPOSITION_UNKNOWN' },
      ],
      [
        { Q1: 'Yes', is_called: 1, disposition: 'NI' },
        400,
        {
          message: 'Not interested is not a completed disposition, and the survey was completed',
          code: 'DISPOSITION_CONTRADICTS',
        },
      ],
      [
        { Q1: 'No', is_called: 0, disposition: 'complete' },
        400,
        {
          message: 'Completed is a completed disposition, and the survey was not completed',
          code: 'DISPOSITION_CONTRADICTS',
        },
      ],
      [
        { Q1: 'No', disposition: 'SOLD' },
        400,
        { message: DISPOSITION_MESSAGES.unknown('SOLD', c.name), code: 'DISPOSITION_UNKNOWN' },
      ],
      [
        { Q1: 'No', is_called: 0, disposition: 7 },
        400,
        { message: `The answers were not saved. ${DISPOSITION_MESSAGES.notACode}` },
      ],
    ];
    for (const [body, status, reply] of cases) {
      const r = await c.agent.put(versioned(c.name, '01716000008', id, 0), body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(r.body, JSON.stringify(body)).toEqual(reply);
    }
    // Another campaign's own code is not this campaign's.
    const other = await panelCampaign(t);
    const otherSet = [
      { code: 'ELSEWHERE', name: 'Elsewhere', kind: 'final', vicidialStatus: 'X' },
      { code: 'C', name: 'C', kind: 'completed', vicidialStatus: 'S' },
      { code: 'B', name: 'B', kind: 'callback', vicidialStatus: 'CB' },
    ];
    expect(
      (await other.admin.put('/api/dispositions', { campaignName: other.name, dispositions: otherSet })).status,
    ).toBe(200);
    const elsewhere = await c.agent.put(versioned(c.name, '01716000008', id, 0), {
      Q1: 'No',
      is_called: 0,
      disposition: 'ELSEWHERE',
    });
    expect(elsewhere.body).toEqual({
      message: `ELSEWHERE is not a disposition of ${c.name}`,
      code: 'DISPOSITION_UNKNOWN',
    });

    expect(await storedLead(t, id)).toEqual(before);
    expect(await attemptsOf(id)).toEqual([]);
    expect(await startOf(id)).toHaveLength(1);
    expect(await t.db.selectFrom('leadAnswerHistory').select('id').where('leadId', '=', String(id)).execute()).toEqual(
      [],
    );
  });

  it("answers the retry of the agent's own save with the same attempt and writes no second one; another disposition is a conflict", async () => {
    const c = await panelCampaign(t);
    const id = await addLead(t, c.id, '+8801716000009');
    await lookUp(c.agent, c.name, '01716000009');
    const url = versioned(c.name, '01716000009', id, 0);
    const body = { Q1: 'No', is_called: 0, disposition: 'WRONG' };
    const first = await save(c.agent, url, body);
    expect(first.attempt?.disposition).toBe('WRONG');
    const retry = await c.agent.put(url, body);
    expect(retry.status, retry.text).toBe(200);
    expect(retry.json<TLeadSaveResult>()).toEqual(first);
    expect(await attemptsOf(id)).toHaveLength(1);
    // The same answers with another disposition are another save: refused, nothing written.
    expect((await c.agent.put(url, { ...body, disposition: 'NI' })).status).toBe(409);
    expect((await c.agent.put(url, { Q1: 'No', is_called: 0 })).status).toBe(409);
    expect(await attemptsOf(id)).toHaveLength(1);
  });

  it('puts the number on the campaign do-not-call list for a do-not-call disposition, once however often the save is retried', async () => {
    const c = await panelCampaign(t);
    const id = await addLead(t, c.id, '+8801716000010');
    const url = versioned(c.name, '01716000010', id, 0);
    const first = await save(c.agent, url, { Q1: 'No', is_called: 0, disposition: 'DNC' });
    expect(first.attempt).toMatchObject({ disposition: 'DNC', dispositionKind: 'dnc' });
    expect(first.doNotCall).toEqual({
      message: "+8801716000010 is on the campaign's do-not-call list now",
      phoneNumber: '+8801716000010',
      alreadyListed: false,
    });
    const listed = await t.db
      .selectFrom('dncNumbers')
      .select(['campaignId', 'reason'])
      .where('phoneNumber', '=', '+8801716000010')
      .execute();
    expect(listed).toEqual([{ campaignId: c.id, reason: 'Customer asked not to be called' }]);
    const audit = await t.db
      .selectFrom('auditLog')
      .select(['action', 'changes'])
      .where('objectType', '=', 'dnc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(audit.changes).toMatchObject({ after: { phoneNumber: '+8801716000010', list: c.name, leadId: id } });
    const retry = await save(c.agent, url, { Q1: 'No', is_called: 0, disposition: 'DNC' });
    expect(retry.doNotCall?.alreadyListed).toBe(true);
    expect(
      await t.db.selectFrom('dncNumbers').select('id').where('phoneNumber', '=', '+8801716000010').execute(),
    ).toHaveLength(1);
    // The next lookup of the number is refused as do-not-call.
    expect((await c.agent.get(lookupUrl(c.name, '01716000010'))).status).toBe(403);
  });

  it("closes the lead's open callbacks when a call of it ends, not on a correction", async () => {
    const c = await panelCampaign(t);
    const agent = await namedAgent(c, 'AG-8111');
    const id = await addLead(t, c.id, '+8801716000011');
    const callback = {
      leadId: String(id),
      campaignId: c.id,
      userId: agent.id,
      agentId: 'AG-8111',
      dueAt: new Date(Date.now() + 3_600_000),
      mineOnly: false,
    };
    const open = await t.db.insertInto('callbacks').values(callback).returning('id').executeTakeFirstOrThrow();
    const cancelled = await t.db
      .insertInto('callbacks')
      .values({ ...callback, state: 'cancelled', closedAt: new Date('2026-01-01T00:00:00Z') })
      .returning('id')
      .executeTakeFirstOrThrow();
    const stateOf = async () =>
      t.db
        .selectFrom('callbacks')
        .select(['id', 'state', 'closedAt'])
        .where('leadId', '=', String(id))
        .orderBy('id')
        .execute();
    await save(agent.api, saveUrl(c.name, '01716000011', id), { Q1: 'No' });
    expect((await stateOf()).map((r) => r.state)).toEqual(['open', 'cancelled']);
    await save(agent.api, saveUrl(c.name, '01716000011', id), { Q1: 'Yes', is_called: 1 });
    const [done, untouched] = await stateOf();
    expect(done).toMatchObject({ id: open.id, state: 'done' });
    expect(Date.now() - (done?.closedAt?.getTime() ?? 0)).toBeLessThan(60_000);
    expect(untouched).toEqual({ id: cancelled.id, state: 'cancelled', closedAt: new Date('2026-01-01T00:00:00Z') });
  });

  it('writes the attempt in the transaction of a campaign with quotas, and none for a save a full quota refuses', async () => {
    const c = await panelCampaign(t);
    expect(
      (
        await c.admin.post(`/api/quotas?campaignName=${encodeURIComponent(c.name)}`, {
          questionNo: 1,
          value: 'Yes',
          limit: 1,
        })
      ).status,
    ).toBe(200);
    const a = await addLead(t, c.id, '+8801716000012');
    const b = await addLead(t, c.id, '+8801716000013');
    expect(
      (await save(c.agent, saveUrl(c.name, '01716000012', a), { Q1: 'Yes', is_called: 1 })).attempt?.disposition,
    ).toBe('COMPLETE');
    await lookUp(c.agent, c.name, '01716000013');
    const refused = await c.agent.put(saveUrl(c.name, '01716000013', b), { Q1: 'Yes', is_called: 1 });
    expect(refused.status).toBe(409);
    expect(await attemptsOf(b)).toEqual([]);
    expect(await startOf(b)).toHaveLength(1);
    // Saved as not completed instead: the attempt, from the same start.
    expect(
      (await save(c.agent, saveUrl(c.name, '01716000013', b), { Q1: 'Yes', is_called: 0 })).attempt?.disposition,
    ).toBe('CALLBACK');
    expect(await attemptsOf(a)).toHaveLength(1);
    expect(await attemptsOf(b)).toHaveLength(1);
  });
});
