// The demo's quotas on Spring Survey: region = Dhaka with room left, Q5 = "Very good" full; seeding twice adds nothing,
// and the agent's lookups of the demo's numbers to try are not refused by them.
import { describe, expect, it } from 'vitest';
import { LEAD_NOT_GENERATED, type TLead, type TQuota } from '@crm/shared';
import { useTestApp } from '../test/harness.ts';
import { findNumbersToTry } from './crm.ts';
import { DHAKA_ROOM, seedQuotasDemo } from './quotas.ts';
import { seedDemo } from './seed.ts';
import { allowDemoSeedTime } from '../test/demo-timeout.ts';

allowDemoSeedTime();

const t = useTestApp();

describe('demo quotas', () => {
  it('puts region = Dhaka near its completed count and a full answer quota on Spring Survey, once', async () => {
    await seedDemo(t.db);
    expect((await seedQuotasDemo(t.db)).added).toBe(0);
    const admin = await t.callerFor('admin');
    const quotas = (await admin.get('/api/quotas?campaignName=Spring%20Survey')).json<TQuota[]>();
    expect(quotas.map((q) => [q.field ?? `Q${q.questionNo}`, q.value, q.full])).toEqual([
      ['region', 'Dhaka', false],
      ['Q5', 'Very good', true],
    ]);
    const [dhaka, veryGood] = quotas as [TQuota, TQuota];
    expect(dhaka.count).toBeGreaterThan(0);
    expect(dhaka.limit).toBe(dhaka.count + DHAKA_ROOM);
    expect(veryGood.count).toBeGreaterThan(0);

    const agent = await t.callerFor('agent', { campaign: 'Spring Survey' });
    for (const n of (await findNumbersToTry(t.db, 'Spring Survey')).fresh) {
      const r = await agent.get(`/api/ap/getByNumber?tableName=Spring%20Survey&cellNumber=${n}`);
      expect(r.status, n).toBe(200);
      expect(r.json<TLead>().message).not.toBe(LEAD_NOT_GENERATED);
    }
  });
});
