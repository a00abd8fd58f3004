import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { poolOf } from '../../db/database.ts';
import { useTestApp } from '../../test/harness.ts';
import { addLead, panelCampaign } from '../../test/crm-support.ts';
import { RECORD_STARTS, startsJson } from './call-starts.ts';
import { LOOKUP, asksJson } from './lookup-batch.ts';

const t = useTestApp();

type Statement = { name: string; text: string };

/** Runs the named statement `times` times on one connection; answers its plans as pg_prepared_statements counts them. */
async function plansOf(
  statement: Statement,
  valuesOf: (i: number) => unknown[],
  times: number,
): Promise<{ generic: number; custom: number; rows: number[] }> {
  const client: pg.PoolClient = await poolOf(t.db).connect();
  try {
    const rows: number[] = [];
    for (let i = 0; i < times; i++)
      rows.push((await client.query({ ...statement, values: valuesOf(i) })).rowCount ?? 0);
    const { rows: plans } = await client.query<{ generic_plans: string; custom_plans: string }>(
      'select generic_plans, custom_plans from pg_prepared_statements where name = $1',
      [statement.name],
    );
    return { generic: Number(plans[0]?.generic_plans), custom: Number(plans[0]?.custom_plans), rows };
  } finally {
    client.release();
  }
}

// A statement given arrays was planned anew at every run of a few numbers (PostgreSQL estimates unnest of an array it
// is given by its length, so a custom plan of one number always looked cheaper): ~1.5 ms of planning per lookup.
// PostgreSQL tries five custom plans before it weighs the generic one; from then on the generic one must be kept.
describe('the busy statements keep one generic plan per connection however few numbers a batch asks', () => {
  it('the lookup', async () => {
    const c = await panelCampaign(t);
    const phones = ['+8801711000001', '+8801711000002', '+8801711000003'];
    for (const phone of phones) await addLead(t, c.id, phone);
    const campaign = c.name.toLowerCase();
    const plans = await plansOf(
      LOOKUP,
      (i) => [campaign, asksJson([{ campaign, phone: phones[i % 3] ?? '', start: null }]), null],
      12,
    );
    expect(plans.rows).toEqual(Array.from({ length: 12 }, () => 1));
    expect(plans.custom).toBeLessThanOrEqual(5);
    expect(plans.generic).toBeGreaterThanOrEqual(7);
  });

  it("the call starts of a pinned lookup or the dialer's pop", async () => {
    const c = await panelCampaign(t);
    const leadId = await addLead(t, c.id, '+8801711000004');
    const user = await t.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const start = { userId: user.id, leadId: String(leadId), sessionId: null, dialerCallId: null };
    const plans = await plansOf(RECORD_STARTS, () => [startsJson([start])], 12);
    expect(plans.rows).toEqual(Array.from({ length: 12 }, () => 1));
    expect(plans.custom).toBeLessThanOrEqual(5);
    expect(plans.generic).toBeGreaterThanOrEqual(7);
  });
});
