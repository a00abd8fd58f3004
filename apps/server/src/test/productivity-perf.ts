// A quick local measure of GET /api/productivity's service (docs/guide/productivity.md, Speed): 200 agents over 30 days,
// 200k attempts, 6,000 sign-ins, 20k QC records in a database of its own. Run by hand: npx tsx <this file> <admin url>.
import { sql } from 'kysely';
import { createKysely } from '../db/connect.ts';
import { migrateToLatest } from '../db/database.ts';
import { findProductivity } from '../modules/productivity/service.ts';
import { ensureSummaryZone } from '../modules/productivity/summary.ts';
import { rangeOf, sumCalls, sumQc, sumSignedIn } from '../modules/productivity/reads.ts';

const adminUrl = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `prod_perf_${process.pid}`;
const admin = createKysely(adminUrl, 1);
await sql.raw(`create database ${name}`).execute(admin);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const db = createKysely(url.toString(), 4);
try {
  await migrateToLatest(db);
  await sql`insert into campaigns (campaign_id, campaign_name, campaign_type, call_target)
    values ('P1', 'Perf One', 'Outbound', 40), ('P2', 'Perf Two', 'Outbound', 30)`.execute(db);
  await sql`insert into users (username, name, role, password_hash)
    select 'PA-' || g, 'Agent ' || g, 'agent', 'x' from generate_series(1, 200) g`.execute(db);
  await sql`insert into leads (campaign_id, cell_number, data_date)
    select c.id, '0171' || lpad(g::text, 7, '0'), '2026-11-01' from generate_series(1, 2000) g
    join campaigns c on c.campaign_id = case when g % 2 = 0 then 'P1' else 'P2' end`.execute(db);
  // Each agent one 8-hour sign-in a day for 30 days (UTC 03:00 → 11:00), morning or evening by agent.
  await sql`insert into agent_sessions (user_id, agent_id, agent_name, shift, campaign_id, campaign_name, signed_in_at, expires_at, signed_out_at)
    select u.id, u.username, u.name, case when u.id % 2 = 0 then 'Morning' else 'Evening' end, c.id, c.campaign_name,
      timestamptz '2026-10-02 03:00Z' + d * interval '1 day', timestamptz '2026-10-02 15:00Z' + d * interval '1 day',
      timestamptz '2026-10-02 11:00Z' + d * interval '1 day'
    from users u cross join generate_series(0, 29) d
    join campaigns c on c.campaign_id = case when u.id % 2 = 0 then 'P1' else 'P2' end
    where u.username like 'PA-%'`.execute(db);
  // 200k attempts: 33 or 34 per agent-day, within its sign-in, 5 dispositions.
  await sql`insert into call_attempts (lead_id, campaign_id, user_id, agent_id, session_id, started_at, ended_at,
      handle_seconds, disposition_code, disposition_name, disposition_kind, completed)
    select l.id, s.campaign_id, s.user_id, s.agent_id, s.id, s.signed_in_at + (g * 14) * interval '1 minute',
      s.signed_in_at + (g * 14 + 2) * interval '1 minute', 120,
      (array['COMPLETE','NOANSWER','CALLBACK','REFUSED','BUSY'])[1 + g % 5], 'x',
      (array['completed','retry','callback','final','retry'])[1 + g % 5], g % 5 = 0
    from agent_sessions s cross join generate_series(0, 33) g
    join lateral (select id from leads where campaign_id = s.campaign_id offset (g * 7 + s.id) % 1000 limit 1) l on true
    where g < 33 or s.id % 3 = 0`.execute(db);
  await sql`insert into qc_records (kind, call_date, agent_user_id, agent_id, agent_name, campaign_name, consumer_number,
      duration, qc_inspector, marks, fatal_reason, eas_voice_matched_with_report, suggestion, total, agent_grade)
    select 'in-house', date '2026-10-02' + (g % 30), u.id, u.username, u.name, c.campaign_name, '01712345678', 90, 'qc1',
      '{}', '', 'Yes', '', 50 + g % 50, 'x'
    from generate_series(1, 20000) g join users u on u.username = 'PA-' || (1 + g % 200)
    join campaigns c on c.campaign_id = case when u.id % 2 = 0 then 'P1' else 'P2' end`.execute(db);
  await sql`analyze`.execute(db);
  const counts = await sql<{
    attempts: string;
    summary: string;
  }>`select (select count(*) from call_attempts) as attempts,
    (select count(*) from agent_day_calls) as summary`.execute(db);
  console.log('rows', counts.rows[0]);
  const rebuild = performance.now();
  await ensureSummaryZone(db, 'Asia/Dhaka');
  console.log('rebuild in Asia/Dhaka', (performance.now() - rebuild).toFixed(0), 'ms');
  const r = rangeOf('2026-10-02', '2026-10-31', 'Asia/Dhaka');
  for (const [label, read] of [
    ['calls', () => sumCalls(db, r, true)],
    ['signedIn', () => sumSignedIn(db, r, new Date())],
    ['qc', () => sumQc(db, r)],
  ] as const) {
    const started = performance.now();
    await read();
    console.log(label, (performance.now() - started).toFixed(0), 'ms');
  }
  for (const timeZone of ['Asia/Dhaka']) {
    const times: number[] = [];
    for (let i = 0; i < 15; i += 1) {
      const started = performance.now();
      const p = await findProductivity(db, timeZone, {
        from: '2026-10-02',
        to: '2026-10-31',
        campaignName: undefined,
        groupBy: 'agentDay',
      });
      times.push(performance.now() - started);
      if (i === 0) console.log(timeZone, 'rows', p.rows.length, 'calls', p.totals.calls);
    }
    times.sort((a, b) => a - b);
    console.log(timeZone, 'median', times[7]?.toFixed(0), 'ms; p95', times[14]?.toFixed(0), 'ms');
  }
} finally {
  await db.destroy();
  await sql.raw(`drop database ${name}`).execute(admin);
  await admin.destroy();
}
