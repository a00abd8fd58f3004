// The demo's callbacks: AG-1001 signs in to Spring Survey and finds its own callback due now (on its partial call of
// today) and AG-1002's anyone-callback later today; each on a lead its agent called. Loading the demo twice adds none.
import { describe, expect, it } from 'vitest';
import type { TCallbacks } from '@crm/shared';
import { caller, useTestApp } from '../test/harness.ts';
import { middayTimeZone } from '../test/callbacks-support.ts';
import { seedCallbacksDemo } from './callbacks.ts';
import { seedDemo } from './seed.ts';
import { allowDemoSeedTime } from '../test/demo-timeout.ts';

allowDemoSeedTime();

const ZONE = middayTimeZone();
const t = useTestApp({ timeZone: ZONE });

describe('demo data of callbacks', () => {
  it("gives AG-1001 a callback due now and a colleague's anyone-callback later today, once", async () => {
    await seedDemo(t.db, [], ZONE);
    const stored = async () =>
      t.db.selectFrom('callbacks').select(['id', 'leadId', 'userId', 'attemptId', 'state']).orderBy('id').execute();
    const first = await stored();
    await seedDemo(t.db, [], ZONE);
    expect(await stored()).toEqual(first);
    expect(await seedCallbacksDemo(t.db, ZONE)).toEqual({ added: 0 });
    expect(first).toHaveLength(2);

    // Each on a lead its agent called: the attempt it names is that agent's, on that lead.
    for (const cb of first) {
      const attempt = await t.db
        .selectFrom('callAttempts')
        .select(['leadId', 'userId'])
        .where('id', '=', cb.attemptId ?? '0')
        .executeTakeFirstOrThrow();
      expect(attempt).toEqual({ leadId: cb.leadId, userId: cb.userId });
    }

    const signIn = await t.anonymous.post('/api/auth/signInAgent', {
      username: 'AG-1001',
      password: 'demo-agent-pass',
      shift: 'Morning',
      campaign: 'Spring Survey',
    });
    expect(signIn.status, signIn.text).toBe(200);
    const callbacks = (
      await caller(t.app, signIn.json<{ jwtToken: string }>().jwtToken).get('/api/callbacks')
    ).json<TCallbacks>();
    expect(callbacks.dueCount).toBe(1);
    expect(callbacks.callbacks.map((c) => [c.agentId, c.mineOnly, c.due, c.blocked])).toEqual([
      ['AG-1001', true, true, null],
      ['AG-1002', false, false, null],
    ]);
  }, 120_000);
});
