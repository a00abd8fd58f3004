import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionTokenFor } from '../../test/harness.ts';
import {
  mediaTokenOf,
  nextPop,
  nextReady,
  openPopStream,
  popAgent,
  startPopApp,
  type PopAgent,
  type PopApp,
} from '../../test/screen-pop-support.ts';

let s: PopApp;

beforeAll(async () => {
  // The simulated dialer, sped up: saves looked at every 200 ms, the next call 300 ms after a save.
  s = await startPopApp({
    dialer: { mode: 'simulated', pollMs: 60_000 },
    screenPop: { pollMs: 200, concurrency: 5, timeoutMs: 1000, simulatedDelayMs: 300 },
  });
});
afterAll(async () => s?.stop());

/** The agent ends a call (what a save writes): the simulated dialer plans the next one after it. */
async function save(a: PopAgent, leadId: number) {
  await s.app.db
    .insertInto('callAttempts')
    .values({
      leadId: String(leadId),
      campaignId: a.campaign.id,
      userId: a.user.id,
      agentId: a.user.username,
      sessionId: null,
      startedAt: new Date(Date.now() - 30_000),
      handleSeconds: 30,
      dispositionCode: 'COMPLETED',
      dispositionName: 'Completed',
      dispositionKind: 'completed',
      vicidialStatus: 'SALE',
      completed: true,
      dialerCallId: null,
    })
    .execute();
  await s.app.db.updateTable('leads').set({ isCalled: 1 }).where('id', '=', String(leadId)).execute();
}

describe('the simulated dialer (DIALER=simulated)', () => {
  it("puts the next generated, uncalled lead of the agent's campaign through a few seconds after each save, never the same lead twice", async () => {
    const a = await popAgent(s.app, ['+8801713000001', '+8801713000002', '+8801713000003', '+8801713000004']);
    const [first, second, third, fourth] = a.leadIds as [number, number, number, number];
    // The first lead was called already; the fourth is of an older data date, so it comes last.
    await save(a, first);
    await s.app.db.updateTable('leads').set({ dataDate: '2024-04-01' }).where('id', '=', String(fourth)).execute();
    const stream = await openPopStream(s.base, await mediaTokenOf(s.app, a.session));
    try {
      expect(await nextReady(stream.events!)).toEqual({ source: 'simulated', vicidialUser: null });
      // A save from before the screen opened brings no call.
      await expect(stream.events!.next(1000)).rejects.toThrow(/no event/);
      await save(a, first);
      const pop = await nextPop(stream.events!, 3000);
      expect(pop).toMatchObject({
        source: 'simulated',
        leadId: second,
        cellNumber: '+8801713000002',
        dialerLeadId: `SIM-${second}`,
        vendorLeadCode: String(second),
        campaignName: a.campaign.name,
      });
      const start = await s.app.db
        .selectFrom('callStarts')
        .select(['leadId', 'dialerCallId'])
        .where('userId', '=', a.user.id)
        .executeTakeFirstOrThrow();
      expect({ ...start, leadId: Number(start.leadId) }).toEqual({ leadId: second, dialerCallId: `SIM-${second}` });
      // Saved: the next one; the lead on the agent's screen is never offered again meanwhile.
      await s.app.db.deleteFrom('callStarts').where('userId', '=', a.user.id).execute();
      await save(a, second);
      expect(await nextPop(stream.events!, 3000)).toMatchObject({ leadId: third });
      await s.app.db.deleteFrom('callStarts').where('userId', '=', a.user.id).execute();
      await save(a, third);
      expect(await nextPop(stream.events!, 3000)).toMatchObject({ leadId: fourth });
    } finally {
      stream.close();
    }
  });

  it('leaves an agent who looked a number up after their save alone, and gives two agents of a campaign different leads', async () => {
    const a = await popAgent(s.app, ['+8801713000011', '+8801713000012', '+8801713000013']);
    const [first] = a.leadIds as [number];
    // Another agent, signed into a's campaign.
    const b = { ...(await popAgent(s.app, [])), campaign: a.campaign };
    const bSession = await sessionTokenFor(s.app, b.user, { campaign: a.campaign.name });
    const streamA = await openPopStream(s.base, await mediaTokenOf(s.app, a.session));
    const streamB = await openPopStream(s.base, await mediaTokenOf(s.app, bSession));
    try {
      await nextReady(streamA.events!);
      await nextReady(streamB.events!);
      await new Promise((r) => setTimeout(r, 400)); // both watched
      await save(a, first);
      await save(b, first);
      const [popA, popB] = await Promise.all([nextPop(streamA.events!, 3000), nextPop(streamB.events!, 3000)]);
      expect(popA.leadId).not.toBe(popB.leadId);
      expect([popA.leadId, popB.leadId].sort()).toEqual([a.leadIds[1], a.leadIds[2]].sort());
      // a looks a number up right after the next save (the lookup records the call's start): no call is put through.
      await s.app.db.deleteFrom('callStarts').where('userId', '=', a.user.id).execute();
      await save(a, popA.leadId!);
      await s.app.db
        .insertInto('callStarts')
        .values({
          userId: a.user.id,
          leadId: String(first),
          startedAt: new Date(Date.now() + 50),
          sessionId: null,
          dialerCallId: null,
        })
        .execute();
      await expect(streamA.events!.next(1500)).rejects.toThrow(/no event/);
    } finally {
      streamA.close();
      streamB.close();
    }
  });
});
