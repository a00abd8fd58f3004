// VICIdial's state on the floor: agent_status of each signed-in agent's VICIdial user (the profile's, else the agent
// ID), "LOGGED OUT" for one not on VICIdial's agent screen, VICIdial's words when it cannot be read; none without it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDialerConfig } from '../../config.ts';
import { startFakeVicidial, type FakeVicidial } from '../../test/fake-vicidial.ts';
import { lineOf, signedInAgent } from '../../test/floor-support.ts';
import { createCampaign, useTestApp } from '../../test/harness.ts';
import { createFloorDialer } from './dialer.ts';
import { findFloor } from './service.ts';

let fake: FakeVicidial;
beforeAll(async () => {
  fake = await startFakeVicidial();
});
afterAll(async () => fake?.close());

const t = useTestApp();

const vicidial = (): TDialerConfig => ({
  mode: 'vicidial',
  url: fake.url,
  user: fake.user,
  pass: fake.pass,
  userGroups: ['G1'],
  pollMs: 60_000,
  timeoutMs: 1000,
});

describe('the floor with VICIdial', () => {
  it("adds each agent's VICIdial state, read as the agent's VICIdial user", async () => {
    const c = await createCampaign(t.db);
    const onCall = await signedInAgent(t, c.campaignName, { username: 'AG-V1', name: 'Vicky' });
    const profiled = await signedInAgent(t, c.campaignName, { username: 'AG-V2', name: 'Rumana' });
    const unknown = await signedInAgent(t, c.campaignName, { username: 'AG-V3', name: 'Nobody' });
    await t.db
      .insertInto('agents')
      .values({ userId: profiled.user.id, type: 'Physical', vicidialUser: 'vd-rumana' })
      .execute();
    fake.agents.setAgents({
      'AG-V1': { status: 'INCALL', subStatus: 'DEAD', leadId: '7001', callId: 'M1', phoneNumber: '1716000001' },
      'vd-rumana': 'logged-out',
      'AG-V3': 'unknown',
    });
    const dialer = createFloorDialer({ dialer: vicidial(), screenPop: t.config.screenPop });
    if (dialer === undefined) throw new Error('a VICIdial dialer reads agent states');
    try {
      const floor = await findFloor(t.db, t.config.timeZone, dialer.read);
      expect(lineOf(floor, onCall.user.id)?.dialer).toEqual({
        status: 'INCALL',
        subStatus: 'DEAD',
        leadId: '7001',
        error: null,
      });
      expect(lineOf(floor, profiled.user.id)?.dialer).toEqual({
        status: 'LOGGED OUT',
        subStatus: '',
        leadId: '',
        error: null,
      });
      expect(lineOf(floor, unknown.user.id)?.dialer).toMatchObject({
        status: '',
        error: expect.stringMatching(/AGENT NOT FOUND/),
      });

      // VICIdial refuses the API user: each line says so, in VICIdial's words without the credentials.
      fake.agents.setAgentStatus({ kind: 'denied' });
      const refused = await findFloor(t.db, t.config.timeZone, dialer.read);
      const error = lineOf(refused, onCall.user.id)?.dialer?.error ?? '';
      expect(error).toMatch(/^ERROR/);
      expect(error).not.toContain(fake.pass);
    } finally {
      fake.agents.setAgentStatus({ kind: 'normal' });
      dialer.close();
    }
  });

  it('leaves VICIdial out when the dialer is not set up or simulated', async () => {
    expect(createFloorDialer({ dialer: { mode: 'unconfigured' }, screenPop: t.config.screenPop })).toBeUndefined();
    expect(
      createFloorDialer({ dialer: { mode: 'simulated', pollMs: 1000 }, screenPop: t.config.screenPop }),
    ).toBeUndefined();
    const c = await createCampaign(t.db);
    const { user } = await signedInAgent(t, c.campaignName, { username: 'AG-V4', name: 'Plain' });
    const line = lineOf(await findFloor(t.db, t.config.timeZone), user.id);
    expect(line).toBeDefined();
    expect(line && 'dialer' in line).toBe(false);
  });
});
