import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TCallAttempts, TDashboard, TDispositions } from '@crm/shared';
import { useTestApp } from '../test/harness.ts';
import { SPRING_DISPOSITIONS } from './call-attempts.ts';
import { seedDemo } from './seed.ts';
import { allowDemoSeedTime } from '../test/demo-timeout.ts';

allowDemoSeedTime();

const t = useTestApp();

describe('demo data of the call loop', () => {
  it('gives Spring Survey its own dispositions and every called lead one attempt, loaded twice, made once', async () => {
    await seedDemo(t.db);
    const snapshot = async () =>
      (
        await sql<{
          n: number;
          last: number;
        }>`select count(*)::int as n, coalesce(max(id), 0)::int as last from call_attempts`.execute(t.db)
      ).rows[0];
    const first = await snapshot();
    await seedDemo(t.db);
    expect(await snapshot()).toEqual(first);

    const admin = await t.callerFor('admin');
    const set = (await admin.get('/api/dispositions?campaignName=Spring%20Survey')).json<TDispositions>();
    expect(set).toEqual(SPRING_DISPOSITIONS);
    expect(set.at(-1)).toEqual({ code: 'BUSY', name: 'Busy, call later', kind: 'retry', vicidialStatus: 'B' });

    // One attempt per called lead, none for a lead never called; completed exactly when the lead's survey is. The
    // reports' week (demo/reports.ts: retries, every disposition; its own test) is left out.
    const planned = sql`(select id from leads where coalesce(did, '') not like 'WEEK-%')`;
    const { rows: [check] = [] } = await sql<{ called: number; attempted: number; twice: number; wrong: number }>`
      select (select count(*)::int from leads where called_at is not null and id in ${planned}) as called,
             (select count(distinct lead_id)::int from call_attempts where lead_id in ${planned}) as attempted,
             (select count(*)::int from (select lead_id from call_attempts where lead_id in ${planned} group by lead_id having count(*) > 1) x) as twice,
             (select count(*)::int from call_attempts a join leads l on l.id = a.lead_id where a.completed <> (l.is_called = 1) and l.id in ${planned}) as wrong`.execute(
      t.db,
    );
    expect(check?.called).toBeGreaterThan(1000);
    expect(check).toEqual({ called: check?.called, attempted: check?.called, twice: 0, wrong: 0 });

    const { rows: byCode } = await sql<{
      campaign: string;
      code: string;
      n: number;
      shortest: number;
      longest: number;
    }>`
      select c.campaign_name as campaign, a.disposition_code as code, count(*)::int as n, min(a.handle_seconds) as shortest, max(a.handle_seconds) as longest
        from call_attempts a join campaigns c on c.id = a.campaign_id where a.lead_id in ${planned} group by 1, 2 order by 1, 2`.execute(
      t.db,
    );
    const spring = byCode.filter((r) => r.campaign === 'Spring Survey');
    expect(spring.map((r) => r.code).sort()).toEqual(['BUSY', 'CALLBACK', 'COMPLETE', 'NI', 'WRONG']);
    for (const r of byCode) {
      expect(r.shortest, `${r.campaign} ${r.code}`).toBeGreaterThanOrEqual(20);
      expect(r.longest, `${r.campaign} ${r.code}`).toBeLessThanOrEqual(420);
    }
    // The dashboard: called = completed and not.
    const dashboard = (await admin.get('/dynamic/dashboard')).json<TDashboard>();
    const figures = dashboard.find((d) => d.campaignTitle === 'Spring Survey');
    const { rows: [counted] = [] } = await sql<{ called: number; completed: number }>`
      select count(*) filter (where called_at is not null)::int as called, count(*) filter (where is_called = 1)::int as completed
        from leads l join campaigns c on c.id = l.campaign_id where c.campaign_name = 'Spring Survey'`.execute(t.db);
    expect(figures).toMatchObject({ calledLeads: counted?.called, completedLeads: counted?.completed });
    expect(counted?.called).toBeGreaterThan(counted?.completed ?? Infinity);

    // AG-1001's calls of today, as the lead card lists them.
    const ag = await t.db.selectFrom('users').select('id').where('username', '=', 'AG-1001').executeTakeFirstOrThrow();
    const lead = await t.db
      .selectFrom('callAttempts')
      .select('leadId')
      .where('userId', '=', ag.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const attempts = (await admin.get(`/api/leads/${lead.leadId}/attempts`)).json<TCallAttempts>();
    expect(attempts[0]).toMatchObject({ agentId: 'AG-1001', agentName: 'Karim Hossain' });
  });
});
