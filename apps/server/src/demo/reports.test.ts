// The reports' demo: the client account of Spring Survey, a week of calls by six agents on both shifts with the
// campaign's dispositions and answered leads (some in Bengali), the four kinds of suspicious complete, and in-house QC
// records of yesterday's calls beside the QC month.
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { STANDARD_SCORECARD, addDays, localDayText, startOfLocalDay } from '@crm/shared';
import { useTestApp } from '../test/harness.ts';
import { SPRING_DISPOSITIONS } from './call-attempts.ts';
import { DEMO_CLIENT, REPORTS_AGENTS, REPORTS_DAYS, SUSPICIOUS_DEMO } from './reports.ts';
import { WEEK_QC_DEMO } from './reports-qc.ts';
import { seedDemo } from './seed.ts';

const t = useTestApp({ timeZone: 'Asia/Dhaka' });

// Whichever test runs first seeds the whole demo from cold: past the default 30 s on a busy machine (a backstop only).
describe('the reports demo', { timeout: 180_000 }, () => {
  it('gives Spring Survey a client account, a week of calls by six agents on both shifts, and loads once', async () => {
    const tz = t.config.timeZone;
    await seedDemo(t.db, [], tz);
    const today = localDayText(new Date(), tz);
    const weekStart = startOfLocalDay(addDays(today, -REPORTS_DAYS), tz);
    const todayStart = startOfLocalDay(today, tz);

    const client = await t.db
      .selectFrom('users')
      .innerJoin('clientCampaigns', 'clientCampaigns.userId', 'users.id')
      .innerJoin('campaigns', 'campaigns.id', 'clientCampaigns.campaignId')
      .select(['users.role', 'users.active', 'campaigns.campaignName'])
      .where('users.username', '=', DEMO_CLIENT.username)
      .execute();
    expect(client).toEqual([{ role: 'client', active: true, campaignName: 'Spring Survey' }]);

    const week = async () =>
      (
        await sql<{ agentId: string; days: number; attempts: number; completes: number; codes: string[] }>`
          select a.agent_id, count(distinct (a.ended_at at time zone ${tz})::date)::int as days, count(*)::int as attempts,
            (count(*) filter (where a.completed))::int as completes, array_agg(distinct a.disposition_code) as codes
          from call_attempts a join campaigns c on c.id = a.campaign_id
          where c.campaign_name = 'Spring Survey' and a.ended_at >= ${weekStart} and a.ended_at < ${todayStart}
          group by a.agent_id order by a.agent_id`.execute(t.db)
      ).rows;
    const first = await week();
    expect(first.map((r) => r.agentId)).toEqual(REPORTS_AGENTS.map((a) => a.agentId));
    const spring = new Set(SPRING_DISPOSITIONS.map((d) => d.code));
    for (const row of first) {
      expect(row.days, row.agentId).toBe(REPORTS_DAYS);
      // A shift of about six hours: dozens of calls a day, about a third completed.
      expect(row.attempts / REPORTS_DAYS, row.agentId).toBeGreaterThan(30);
      expect(row.completes / row.attempts, row.agentId).toBeGreaterThan(0.2);
      expect(row.completes / row.attempts, row.agentId).toBeLessThan(0.55);
      for (const code of row.codes) expect(spring.has(code), code).toBe(true);
    }

    // Each agent's week: one sign-in a day on its shift, every call inside one.
    const sessions = await sql<{ shift: string; n: number; outside: number }>`
      select s.shift, count(*)::int as n,
        (select count(*)::int from call_attempts a where a.session_id is not null and a.ended_at >= ${weekStart}
          and a.ended_at < ${todayStart} and not exists (select 1 from agent_sessions x where x.id = a.session_id
            and a.started_at >= x.signed_in_at and a.ended_at <= x.signed_out_at)) as outside
      from agent_sessions s where s.signed_in_at >= ${weekStart} and s.signed_in_at < ${todayStart}
      group by s.shift order by s.shift`.execute(t.db);
    expect(sessions.rows).toEqual([
      { shift: 'Evening', n: 3 * REPORTS_DAYS, outside: 0 },
      { shift: 'Morning', n: 3 * REPORTS_DAYS, outside: 0 },
    ]);

    // Completed leads hold their answers; some open answers are in Bengali.
    const answered = await sql<{ completed: number; bengali: number; empty: number }>`
      select (count(*) filter (where l.is_called = 1))::int as completed,
        (count(*) filter (where l.is_called = 1 and l.answers::text ~ '[\u0980-\u09FF]'))::int as bengali,
        (count(*) filter (where l.is_called = 1 and l.answers = '{}'::jsonb))::int as empty
      from leads l where l.did like 'WEEK-%'`.execute(t.db);
    expect(answered.rows[0]?.completed).toBeGreaterThan(200);
    expect(answered.rows[0]?.bengali).toBeGreaterThan(10);
    expect(answered.rows[0]?.empty).toBe(0);

    await seedDemo(t.db, [], tz);
    expect(await week()).toEqual(first);
  });

  it('shows each kind of suspicious complete to /api/suspicious', async () => {
    const tz = t.config.timeZone;
    await seedDemo(t.db, [], tz);
    const admin = await t.callerFor('admin');
    const today = localDayText(new Date(), tz);
    const reasonsOn = async (day: string) => {
      const r = await admin.get(`/api/suspicious?date=${day}&campaignName=Spring%20Survey`);
      expect(r.status, r.text).toBe(200);
      return r.json<{ agentId: string; reasons: string[] }[]>();
    };
    const yesterday = await reasonsOn(addDays(today, -1));
    const reasons = (agentId: string) => yesterday.filter((f) => f.agentId === agentId).flatMap((f) => f.reasons);
    expect(reasons(SUSPICIOUS_DEMO.short)).toContain('short');
    expect(reasons(SUSPICIOUS_DEMO.repeated)).toContain('repeatedAnswers');
    expect(reasons(SUSPICIOUS_DEMO.hourly)).toContain('overHourlyLimit');
    // Nothing else of yesterday is flagged: the rest of the week is clean calls.
    expect(new Set(yesterday.map((f) => f.agentId))).toEqual(
      new Set([SUSPICIOUS_DEMO.short, SUSPICIOUS_DEMO.repeated, SUSPICIOUS_DEMO.hourly]),
    );
    // The day before: its recordings indexed, one complete without its recording.
    const before = await reasonsOn(addDays(today, -2));
    expect(before.map((f) => [f.agentId, f.reasons])).toEqual([[SUSPICIOUS_DEMO.noRecording, ['noRecording']]]);
  });

  it("fills productivity's QC columns for yesterday beside the QC month: two agents' first record auto-failed", async () => {
    const tz = t.config.timeZone;
    await seedDemo(t.db, [], tz);
    const today = localDayText(new Date(), tz);
    const yesterday = addDays(today, -1);
    const round2 = (v: number) => Math.round(v * 100) / 100;

    // Each agent's first three completes of yesterday, in the order they ended.
    const firstCompletes = (
      await sql<{ agentId: string; cellNumber: string }>`
        select agent_id, cell_number from (
          select a.agent_id, l.cell_number, row_number() over (partition by a.agent_id order by a.ended_at, a.id) as n
          from call_attempts a join leads l on l.id = a.lead_id join campaigns c on c.id = a.campaign_id
          where c.campaign_name = 'Spring Survey' and l.did like 'WEEK-%' and a.completed
            and a.ended_at >= ${startOfLocalDay(yesterday, tz)} and a.ended_at < ${startOfLocalDay(today, tz)}) x
        where n <= ${WEEK_QC_DEMO.perAgent} order by agent_id, n`.execute(t.db)
    ).rows;
    expect(firstCompletes).toHaveLength(REPORTS_AGENTS.length * WEEK_QC_DEMO.perAgent);
    const weekNumbers = new Set(firstCompletes.map((c) => c.cellNumber));
    const records = await t.db
      .selectFrom('qcRecords')
      .select(['agentId', 'consumerNumber', 'total', 'qcInspector'])
      .where('kind', '=', 'in-house')
      .where('campaignName', '=', 'Spring Survey')
      .where('callDate', '=', yesterday)
      .orderBy('id')
      .execute();

    const admin = await t.callerFor('admin');
    const r = await admin.get(
      `/api/productivity?from=${yesterday}&to=${yesterday}&campaignName=Spring%20Survey&groupBy=agent`,
    );
    expect(r.status, r.text).toBe(200);
    type Row = { agentId: string; qcRecords: number; qcAverage: number | null; qcPassRate: number | null };
    const byAgent = new Map(r.json<{ rows: Row[] }>().rows.map((row) => [row.agentId, row]));
    for (const { agentId } of REPORTS_AGENTS) {
      const failed = (WEEK_QC_DEMO.autoFailed as readonly string[]).includes(agentId);
      // The week's three, by the first demo inspector: every criterion at its best (100), an auto-fail Fatal (0).
      expect(
        records.filter((x) => x.agentId === agentId && weekNumbers.has(x.consumerNumber)),
        agentId,
      ).toEqual(
        firstCompletes
          .filter((c) => c.agentId === agentId)
          .map((c, i) => ({
            agentId,
            consumerNumber: c.cellNumber,
            total: failed && i === 0 ? 0 : 100,
            qcInspector: WEEK_QC_DEMO.inspector,
          })),
      );
      // Productivity reads every in-house record of the agent's day: the week's and any of the QC month's.
      const day = records.filter((x) => x.agentId === agentId);
      const passed = day.filter((x) => x.total >= STANDARD_SCORECARD.passMark).length;
      expect(byAgent.get(agentId), agentId).toMatchObject({
        qcRecords: day.length,
        qcAverage: round2(day.reduce((sum, x) => sum + x.total, 0) / day.length),
        qcPassRate: round2((100 * passed) / day.length),
      });
    }
    // AG-1005 is inactive, so the QC month never scored it: its day is the week's alone, 2 of 3 passed, mean 66.67.
    expect(byAgent.get('AG-1005')).toMatchObject({ qcRecords: 3, qcAverage: 66.67, qcPassRate: 66.67 });

    // The QC month is still seeded (it seeds only into a table without records): in-house records of Spring Survey
    // on each of the 29 days before yesterday, two to four calls a day, by both demo inspectors.
    const month = await sql<{ records: number; days: number; inspectors: number }>`
      select count(*)::int as records, count(distinct call_date)::int as days,
        count(distinct qc_inspector)::int as inspectors
      from qc_records where kind = 'in-house' and campaign_name = 'Spring Survey' and call_date < ${yesterday}::date
        and call_date >= ${addDays(today, -30)}::date`.execute(t.db);
    expect(month.rows[0]?.days).toBe(29);
    expect(month.rows[0]?.records).toBeGreaterThanOrEqual(2 * 29);
    expect(month.rows[0]?.inspectors).toBe(2);

    // Loaded again, nothing is added twice.
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('qcRecords')
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await seedDemo(t.db, [], tz);
    expect(await count()).toBe(before);
  });
});
