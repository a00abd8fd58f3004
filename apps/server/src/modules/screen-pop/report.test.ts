import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDialerConfig } from '../../config.ts';
import { createCampaign, createUser, useTestApp } from '../../test/harness.ts';
import { insertLeads } from '../../test/leads-support.ts';
import { startFakeVicidial, type FakeVicidial } from '../../test/fake-vicidial.ts';
import { reportDispositionToDialer } from './report.ts';

let fake: FakeVicidial;
beforeAll(async () => {
  fake = await startFakeVicidial();
});
afterAll(async () => fake?.close());

const t = useTestApp({ timeZone: 'Asia/Dhaka' });

function vicidial(timeoutMs = 1000): TDialerConfig {
  return {
    mode: 'vicidial',
    url: fake.url,
    user: fake.user,
    pass: fake.pass,
    userGroups: ['G1'],
    pollMs: 60_000,
    timeoutMs,
  };
}

let seq = 0;
/** An ended call of an agent (VICIdial user: their agent ID, or `vicidialUser`), as a save writes it. */
async function attempt(
  options: {
    vicidialUser?: string;
    kind?: 'completed' | 'callback' | 'final';
    status?: string | null;
    dialerCallId?: string | null;
  } = {},
) {
  seq += 1;
  const c = await createCampaign(t.db);
  const user = await createUser(t.db, { role: 'agent', username: `AG-R${seq}` });
  await t.db
    .insertInto('agents')
    .values({ userId: user.id, type: 'Physical', vicidialUser: options.vicidialUser ?? null })
    .execute();
  const [leadId] = await insertLeads(t.db, c.id, [
    { cellNumber: `+88017120000${String(seq).padStart(2, '0')}`, forD: 'd', generateStatus: 1 },
  ]);
  const kind = options.kind ?? 'final';
  const row = await t.db
    .insertInto('callAttempts')
    .values({
      leadId: String(leadId),
      campaignId: c.id,
      userId: user.id,
      agentId: user.username,
      sessionId: null,
      startedAt: new Date(Date.now() - 60_000),
      handleSeconds: 60,
      dispositionCode: kind === 'callback' ? 'CALLBACK' : 'NI',
      dispositionName: kind === 'callback' ? 'Partial / call back' : 'Not interested',
      dispositionKind: kind,
      vicidialStatus: options.status === undefined ? (kind === 'callback' ? 'CALLBK' : 'NI') : options.status,
      completed: false,
      dialerCallId: options.dialerCallId === undefined ? '77001' : options.dialerCallId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    id: Number(row.id),
    user,
    leadId: leadId as number,
    campaignId: c.id,
    agentUser: options.vicidialUser ?? user.username,
  };
}

const storedStatus = async (id: number) =>
  (await t.db.selectFrom('callAttempts').select('dialerStatus').where('id', '=', String(id)).executeTakeFirstOrThrow())
    .dialerStatus;
const lastRequest = () => fake.agents.counters().externalStatus.at(-1);
/** As if the attempt's disposition had never been sent (each is sent once): the same attempt tried another way. */
const unsent = (id: number) =>
  t.db.updateTable('callAttempts').set({ dialerStatus: null }).where('id', '=', String(id)).execute();

describe("sending a dialer call's disposition to VICIdial (external_status)", () => {
  it("sends the disposition's VICIdial status for the agent's VICIdial user, keeps VICIdial's answer on the attempt and says it was sent", async () => {
    const a = await attempt({ vicidialUser: 'vici8001' });
    fake.agents.setAgents({ vici8001: { status: 'INCALL', leadId: '77001' } });
    const report = await reportDispositionToDialer(
      t.db,
      { dialer: vicidial(), timeZone: t.config.timeZone },
      { attemptId: a.id },
    );
    expect(report).toEqual({ status: 'sent', message: 'SUCCESS: external_status function set - NI|vici8001' });
    expect(lastRequest()).toEqual({
      agentUser: 'vici8001',
      value: 'NI',
      callbackDatetime: null,
      callbackType: null,
      callbackComments: null,
      answer: report.message,
    });
    expect(await storedStatus(a.id)).toBe(report.message);
    // Sent once: a retried save gets the first answer, and VICIdial no second external_status (it would set the next call's).
    const sent = fake.agents.counters().externalStatus.length;
    expect(
      await reportDispositionToDialer(t.db, { dialer: vicidial(), timeZone: t.config.timeZone }, { attemptId: a.id }),
    ).toEqual(report);
    expect(fake.agents.counters().externalStatus.length).toBe(sent);
  });

  it('sends a callback disposition with the time, the type and the note of the callback the save carried', async () => {
    const a = await attempt({ kind: 'callback' });
    fake.agents.setAgents({ [a.agentUser]: { status: 'INCALL', leadId: '77001' } });
    const mine = await reportDispositionToDialer(
      t.db,
      { dialer: vicidial(), timeZone: t.config.timeZone },
      { attemptId: a.id, callback: { at: '2026-11-20 15:30', mineOnly: true, note: 'After the Asr prayer' } },
    );
    expect(mine.status).toBe('sent');
    expect(lastRequest()).toMatchObject({
      value: 'CALLBK',
      callbackDatetime: '2026-11-20 15:30:00',
      callbackType: 'USERONLY',
      callbackComments: 'After the Asr prayer',
    });
    // Without one in the save, the callback set against the attempt (anyone's, here), its time in TIME_ZONE.
    const b = await attempt({ kind: 'callback' });
    fake.agents.setAgents({ [b.agentUser]: { status: 'INCALL', leadId: '77001' } });
    await t.db
      .insertInto('callbacks')
      .values({
        leadId: String(b.leadId),
        campaignId: b.campaignId,
        userId: b.user.id,
        agentId: b.agentUser,
        attemptId: String(b.id),
        dueAt: new Date('2026-11-21T03:00:00Z'),
        mineOnly: false,
        note: '',
      })
      .execute();
    await reportDispositionToDialer(t.db, { dialer: vicidial(), timeZone: t.config.timeZone }, { attemptId: b.id });
    expect(lastRequest()).toMatchObject({
      value: 'CALLBK',
      callbackDatetime: '2026-11-21 09:00:00',
      callbackType: 'ANYONE',
      callbackComments: null,
    });
    // A disposition of another kind never carries callback fields.
    const c = await attempt();
    fake.agents.setAgents({ [c.agentUser]: { status: 'INCALL', leadId: '77001' } });
    await reportDispositionToDialer(
      t.db,
      { dialer: vicidial(), timeZone: t.config.timeZone },
      { attemptId: c.id, callback: { at: '2026-11-20 15:30', mineOnly: true, note: 'x' } },
    );
    expect(lastRequest()).toMatchObject({ value: 'NI', callbackDatetime: null, callbackType: null });
  });

  it("returns VICIdial's ERROR in its own words as refused, and keeps it on the attempt", async () => {
    const out = await attempt();
    fake.agents.setAgents({ [out.agentUser]: 'logged-out' });
    const refused = await reportDispositionToDialer(
      t.db,
      { dialer: vicidial(), timeZone: t.config.timeZone },
      { attemptId: out.id },
    );
    expect(refused).toEqual({ status: 'refused', message: `ERROR: agent_user is not logged in - ${out.agentUser}` });
    expect(await storedStatus(out.id)).toBe(refused.message);
    const unknown = await attempt({ vicidialUser: 'nobody99' });
    fake.agents.setAgents({ nobody99: 'unknown' });
    expect(
      await reportDispositionToDialer(
        t.db,
        { dialer: vicidial(), timeZone: t.config.timeZone },
        { attemptId: unknown.id },
      ),
    ).toEqual({ status: 'refused', message: 'ERROR: no user found - nobody99' });
    // Wrong API credentials: the documented auth line, with the API user kept out of what the screen shows.
    await unsent(out.id);
    const denied = await reportDispositionToDialer(
      t.db,
      { dialer: { ...vicidial(), pass: 'wrong' } as TDialerConfig, timeZone: t.config.timeZone },
      { attemptId: out.id },
    );
    expect(denied).toEqual({
      status: 'refused',
      message: 'ERROR: auth USER DOES NOT HAVE PERMISSION TO USE THIS FUNCTION - ***|external_status|ADMIN',
    });
  });

  it('says it failed, never throwing, when VICIdial is down, slow, erring or answering garbage', async () => {
    const a = await attempt();
    fake.agents.setAgents({ [a.agentUser]: { status: 'INCALL', leadId: '77001' } });
    const send = async (dialer: TDialerConfig = vicidial(300)) => {
      await unsent(a.id);
      return reportDispositionToDialer(t.db, { dialer, timeZone: t.config.timeZone }, { attemptId: a.id });
    };
    try {
      fake.agents.setAgentApi({ kind: 'garbage' });
      expect(await send()).toEqual({
        status: 'failed',
        message:
          'VICIdial sent a reply to external_status that could not be read; the disposition may not have reached it.',
      });
      fake.agents.setAgentApi({ kind: 'status', code: 503 });
      expect(await send()).toEqual({
        status: 'failed',
        message: 'VICIdial answered external_status with HTTP 503; the disposition was not set there.',
      });
      fake.agents.setAgentApi({ kind: 'hang' });
      expect(await send()).toEqual({
        status: 'failed',
        message: 'VICIdial did not answer external_status within 300 ms; the disposition may not have reached it.',
      });
      fake.agents.setAgentApi({ kind: 'normal' });
      const down = await send({ ...vicidial(), agentApiUrl: 'http://127.0.0.1:9/agc/api.php' } as TDialerConfig);
      expect(down).toEqual({
        status: 'failed',
        message: 'Cannot reach VICIdial at 127.0.0.1:9; the disposition was not set there.',
      });
      expect(await storedStatus(a.id)).toBe(down.message);
    } finally {
      fake.agents.setAgentApi({ kind: 'normal' });
    }
  });

  it('answers for the simulated dialer as VICIdial would, and sends nothing for a call the dialer did not put through', async () => {
    const a = await attempt({ vicidialUser: 'sim5001' });
    const before = fake.agents.counters().externalStatus.length;
    expect(
      await reportDispositionToDialer(
        t.db,
        { dialer: { mode: 'simulated', pollMs: 5000 }, timeZone: t.config.timeZone },
        { attemptId: a.id },
      ),
    ).toEqual({ status: 'sent', message: 'SUCCESS: external_status function set - NI|sim5001' });
    const typed = await attempt({ dialerCallId: null });
    expect(
      (
        await reportDispositionToDialer(
          t.db,
          { dialer: vicidial(), timeZone: t.config.timeZone },
          { attemptId: typed.id },
        )
      ).status,
    ).toBe('failed');
    expect(await storedStatus(typed.id)).toBeNull();
    expect(fake.agents.counters().externalStatus.length).toBe(before);
  });
});
