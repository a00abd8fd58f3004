import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { dashboardRange, findDashboard } from '../modules/dashboard/service.ts';
import { useTestApp } from '../test/harness.ts';
import { DEMO_LEAD_PLAN, seedLeads } from './leads.ts';
import { seedDemo } from './seed.ts';
import { allowDemoSeedTime } from '../test/demo-timeout.ts';

allowDemoSeedTime();

const t = useTestApp();

describe('demo leads', () => {
  it('gives each demo campaign thousands of leads over several dates, generated in two batches, called with answers, and changes nothing when run again', async () => {
    await seedDemo(t.db);
    const first = await findDashboard(t.db, dashboardRange({}, t.config.timeZone));
    // The reports' week (demo/reports.ts) adds its own generated leads, marked by their did.
    const week = await t.db
      .selectFrom('leads')
      .innerJoin('campaigns', 'campaigns.id', 'leads.campaignId')
      .select(['campaigns.campaignName', (eb) => eb.fn.countAll<string>().as('n')])
      .where('leads.did', 'like', 'WEEK-%')
      .groupBy('campaigns.campaignName')
      .execute();
    const weekOf = (name: string) => Number(week.find((w) => w.campaignName === name)?.n ?? 0);
    expect(weekOf('Spring Survey')).toBeGreaterThan(0);
    for (const plan of DEMO_LEAD_PLAN) {
      const figures = first.find((c) => c.campaignTitle === plan.campaignName);
      const added = weekOf(plan.campaignName);
      expect(figures?.totalLeads, plan.campaignName).toBe(plan.dates.reduce((n, d) => n + d.leads, 0) + added);
      expect(figures?.generatedLeads, plan.campaignName).toBe(
        plan.dates.reduce((n, d) => n + d.generated + d.regenerated, 0) + added,
      );
      expect(figures?.calledLeads, plan.campaignName).toBeGreaterThan(0);
    }

    const rows = await t.db
      .selectFrom('leads')
      .select([
        sql<number>`count(*) filter (where generate_status = 2)::int`.as('regenerated'),
        sql<number>`count(*) filter (where answers <> '{}'::jsonb)::int`.as('answered'),
        sql<number>`count(*) filter (where answers::text like '%Partial Call%')::int`.as('partial'),
        sql<number>`count(*) filter (where cell_number !~ '^\\+8801[3-9][0-9]{8}$')::int`.as('badNumbers'),
        sql<number>`count(distinct data_date)::int`.as('dates'),
      ])
      // The plan's leads; the reports' week has its own test (demo/reports.test.ts).
      .where(sql<boolean>`coalesce(did, '') not like 'WEEK-%'`)
      .executeTakeFirstOrThrow();
    expect(rows.regenerated).toBeGreaterThan(0);
    expect(rows.answered).toBeGreaterThan(1000);
    expect(rows.partial).toBeGreaterThan(0);
    expect(rows.badNumbers).toBe(0);
    expect(rows.dates).toBe(4);

    // An answered lead's answers are keys of its campaign's questions.
    const sample = await t.db
      .selectFrom('leads')
      .select(['campaignId', 'answers'])
      .where(sql<boolean>`answers <> '{}'::jsonb`)
      .limit(50)
      .execute();
    for (const lead of sample) {
      const qnos = (
        await t.db.selectFrom('questions').select('qno').where('campaignId', '=', lead.campaignId).execute()
      ).map((q) => `Q${q.qno}`);
      for (const key of Object.keys(lead.answers)) expect(qnos).toContain(key);
    }

    await seedLeads(t.db);
    expect(await findDashboard(t.db, dashboardRange({}, t.config.timeZone))).toEqual(first);
  });
});
