// A quick measure of the survey results' reads (docs/guide/results.md, "Speed"), outside the test runner: a scratch
// database migrated to the latest schema, one campaign of 10 questions with N leads, a fifth of them completed with
// answers and an attempt over 30 days (Asia/Dhaka), 5% more leads with a retry, and a QC record of half the completes;
// then each read 12 times, its p95 printed. Usage: node --import tsx apps/server/src/test/results-speed.ts <admin url> 100000 1000000
import { Migrator, sql } from 'kysely';
import pg from 'pg';
import type { TTokenPayload } from '@crm/shared';
import { createKysely } from '../db/connect.ts';
import type { Db } from '../db/schema.ts';
import { migrations } from '../db/migrations/index.ts';
import { databaseUrl, dropDatabase, withClient } from './databases.ts';
import { findResultCrosstab, findResultTexts, findResults } from '../modules/results/service.ts';

const ZONE = 'Asia/Dhaka';
const ADMIN: TTokenPayload = {
  sub: '1',
  userName: 'admin',
  name: 'Admin',
  roles: [{ roleName: 'ADMIN', roleDescription: '' }],
};

async function seed(db: Db, leads: number): Promise<string> {
  await sql`insert into users (username, name, password_hash, role)
    select 'AG-' || g, 'Agent ' || g, 'x', 'agent' from generate_series(1, 200) g`.execute(db);
  const { rows } = await sql<{
    id: number;
  }>`insert into campaigns (campaign_id, campaign_name, campaign_type, call_target)
    values ('SPEED', 'Speed', 'Outbound', 40) returning id`.execute(db);
  const c = rows[0]?.id ?? 0;
  await sql`insert into data_tables (campaign_id, name, columns) values (${c}, 'Speed_table', '{Outlet type}')`.execute(
    db,
  );
  await sql`insert into questions (campaign_id, qno, title, type, options)
    select ${c}, g, 'Question ' || g,
      (array['Select Option','Select Option','Multi Select Option','Number','Number','Select Option','Multi Select Option','Select Option','Number','Textarea'])[g],
      case when g in (1) then '{হ্যাঁ,না}'::text[] when g in (2,3,6,7,8) then '{A,B,C,D}'::text[] else '{}'::text[] end
      from generate_series(1, 10) g`.execute(db);
  await sql`update campaigns set next_qno = 11 where id = ${c}`.execute(db);
  // Leads in batches of 100k: a fifth completed with answers (Q1 না skips Q2–Q5), the rest untouched.
  for (let from = 1; from <= leads; from += 100_000) {
    const to = Math.min(leads, from + 99_999);
    await sql`insert into leads (campaign_id, cell_number, data_date, region, fields, is_called, answers, for_d, generate_status)
      select ${c}, '+88017' || lpad(g::text, 8, '0'), '2026-11-01',
        (array['Dhaka','Chattogram','Khulna','Rajshahi','Sylhet','Barishal','Rangpur','Mymensingh'])[1 + g % 8],
        jsonb_build_object('Outlet type', (array['Grocery','Tea stall','Super shop'])[1 + g % 3]),
        case when g % 5 = 0 then 1 else 0 end,
        case when g % 5 <> 0 then '{}'::jsonb
          when g % 35 = 0 then jsonb_build_object('Q1', 'না', 'Q6', 'B', 'Q7', 'A, C', 'Q8', 'D', 'Q9', (g % 500)::text, 'Q10', 'মন্তব্য ' || g)
          else jsonb_build_object('Q1', 'হ্যাঁ', 'Q2', (array['A','B','C','D'])[1 + g % 4], 'Q3', (array['A, B','B','C, D, A','D'])[1 + g % 4],
            'Q4', (g % 30)::text, 'Q5', (g % 40)::text, 'Q6', (array['A','B','C','D'])[1 + g / 5 % 4],
            'Q7', (array['A','B, C','D'])[1 + g % 3], 'Q8', (array['A','B','C','D'])[1 + g / 7 % 4], 'Q9', (g % 500)::text,
            'Q10', 'answer ' || g) end,
        'd', 1
      from generate_series(${from}::int, ${to}::int) g`.execute(db);
  }
  await sql`insert into call_attempts (lead_id, campaign_id, user_id, agent_id, started_at, ended_at, handle_seconds,
      disposition_code, disposition_name, disposition_kind, completed)
    select l.id, l.campaign_id, u.id, u.username, t - interval '3 minutes', t, 180,
      case when l.is_called = 1 then 'COMPLETE' else 'NOANSWER' end, 'x',
      case when l.is_called = 1 then 'completed' else 'retry' end, l.is_called = 1
      from leads l
      cross join lateral (select timestamptz '2026-11-01 03:00+00' + ((l.id % 30) || ' days')::interval
        + ((l.id % 600) || ' minutes')::interval as t) x
      join users u on u.username = 'AG-' || (1 + l.id % 200)
     where l.campaign_id = ${c} and (l.is_called = 1 or l.id % 20 = 1)`.execute(db);
  await sql`insert into qc_records (kind, call_date, agent_id, agent_name, campaign_id, campaign_name, consumer_number,
      qc_inspector, scorecard_id, marks, fatal_reason, eas_voice_matched_with_report, suggestion, total, agent_grade)
    select 'in-house', (a.ended_at at time zone ${ZONE})::date, a.agent_id, 'Agent', ${c}, 'Speed', l.cell_number, 'qc', 1,
      '{}', '', 'yes', '', 50 + l.id % 51, 'Good'
      from call_attempts a join leads l on l.id = a.lead_id where a.completed and l.id % 2 = 0`.execute(db);
  await sql`analyze`.execute(db);
  return 'Speed';
}

async function p95(what: string, run: () => Promise<unknown>): Promise<void> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < 12; i += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = times[Math.ceil(times.length * 0.95) - 1] ?? 0;
  console.log(`  ${what}: p50 ${Math.round(times[6] ?? 0)} ms, p95 ${Math.round(at)} ms`);
}

async function measure(adminUrl: string, leads: number): Promise<void> {
  const name = `crm_results_speed_${leads}`;
  await dropDatabase(adminUrl, name).catch(() => undefined);
  await withClient(adminUrl, (c) => c.query(`create database ${pg.escapeIdentifier(name)}`));
  const db = createKysely(databaseUrl(adminUrl, name), 4);
  try {
    const migrated = await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateToLatest();
    if (migrated.error) throw migrated.error;
    const started = performance.now();
    const campaignName = await seed(db, leads);
    console.log(`${leads} leads seeded in ${Math.round((performance.now() - started) / 1000)} s`);
    const range = {
      campaignName,
      from: '2026-11-01',
      to: '2026-11-30',
      completedOnly: false,
      qcPassed: false,
      agentId: undefined,
      disposition: undefined,
    };
    const f = { ...range, fieldValues: {} };
    await p95('results', () => findResults(db, ADMIN, f));
    await p95('results, region = Dhaka', () => findResults(db, ADMIN, { ...f, fieldValues: { region: 'Dhaka' } }));
    await p95('results, completed only, one agent', () =>
      findResults(db, ADMIN, { ...f, completedOnly: true, agentId: 'AG-7' }),
    );
    await p95('crosstab Q1 × region', () => findResultCrosstab(db, ADMIN, { ...f, row: 'Q1', col: 'region' }));
    await p95('crosstab Q2 × Q3, QC-passed', () =>
      findResultCrosstab(db, ADMIN, { ...f, qcPassed: true, row: 'Q2', col: 'Q3' }),
    );
    await p95('results, QC-passed', () => findResults(db, ADMIN, { ...f, qcPassed: true }));
    await p95('text Q10 page 0, search', () =>
      findResultTexts(db, ADMIN, { ...f, question: 'Q10', page: 0, size: 25, q: 'মন্তব্য' }),
    );
  } finally {
    await db.destroy();
    // RESULTS_SPEED_KEEP=1 keeps the database, to look at the plans.
    if (process.env.RESULTS_SPEED_KEEP !== '1') await dropDatabase(adminUrl, name);
  }
}

const [adminUrl, ...sizes] = process.argv.slice(2);
if (adminUrl === undefined) throw new Error('usage: results-speed.ts <admin database url> <leads>…');
for (const size of sizes) await measure(adminUrl, Number(size));
