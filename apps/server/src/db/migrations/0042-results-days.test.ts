// Migration 0042 (survey results by day): each lead's latest attempt and its per-day counters are built from what is
// stored, and the triggers keep the counters equal to a direct count of the leads and attempts through saves, re-saves,
// a lead's second attempt on another day, deletes, a question's type change and a change of zone; down() and up again.
import { sql, Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { emptyDatabase } from '../../test/empty-database.ts';
import { ensureResultsZone } from '../../modules/results/days.ts';
import { migrations } from './index.ts';

const db = emptyDatabase('m0042');

type Row = Record<string, unknown>;

/** The counters as stored (slots summed), and as counted directly from leads, attempts and questions. */
async function counters(): Promise<{ shapes: Row[]; values: Row[] }> {
  const shapes = await sql<Row>`select campaign_id, day::text, disposition_code, is_called, last_qno, partial_qno,
      sum(n)::int as n from result_day_shapes group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`.execute(db);
  const values = await sql<Row>`select campaign_id, day::text, disposition_code, is_called, qno, value,
      sum(n)::int as n from result_day_values group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`.execute(db);
  return { shapes: shapes.rows, values: values.rows };
}

async function directCounts(): Promise<{ shapes: Row[]; values: Row[] }> {
  const calls = sql`with latest as (
      select distinct on (lead_id) lead_id, ended_at, disposition_code from call_attempts
       order by lead_id, ended_at desc, id desc
    ), k as (
      select l.id, l.campaign_id, (a.ended_at at time zone z.time_zone)::date as day, a.disposition_code, l.is_called,
             l.answers
        from leads l join latest a on a.lead_id = l.id cross join result_zone z
    )`;
  const shapes = await sql<Row>`${calls}
    select k.campaign_id, k.day::text, k.disposition_code, k.is_called,
           coalesce((select max(substr(key, 2)::int) from jsonb_each_text(k.answers)
                      where key ~ '^Q[0-9]+$' and trim(value) <> ''), -1) as last_qno,
           coalesce((select max(substr(key, 2)::int) from jsonb_each_text(k.answers)
                      where key ~ '^Q[0-9]+$' and trim(value) = 'Partial Call'), -1) as partial_qno,
           count(*)::int as n
      from k group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`.execute(db);
  const values = await sql<Row>`${calls}
    select k.campaign_id, k.day::text, k.disposition_code, k.is_called, substr(e.key, 2)::int as qno,
           case when q.type in ('Select Option', 'Multi Select Option', 'Number') or trim(e.value) = 'Partial Call'
                then e.value else '' end as value,
           count(*)::int as n
      from k cross join jsonb_each_text(k.answers) e
      left join questions q on q.campaign_id = k.campaign_id and q.qno = substr(e.key, 2)::int
     where e.key ~ '^Q[0-9]+$' and trim(e.value) <> ''
     group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6`.execute(db);
  return { shapes: shapes.rows, values: values.rows };
}

const expectCountersTrue = async () => expect(await counters()).toEqual(await directCounts());

let userId = 0;
let campaignId = 0;

async function addLead(cell: string, answers: string, isCalled: 0 | 1, region = 'Dhaka'): Promise<string> {
  const { rows } = await sql<{
    id: string;
  }>`insert into leads (campaign_id, cell_number, data_date, answers, is_called, region)
    values (${campaignId}, ${cell}, '2026-11-20', ${answers}::jsonb, ${isCalled}, ${region}) returning id::text as id`.execute(
    db,
  );
  return rows[0]?.id ?? '';
}

async function attempt(leadId: string, at: string, code: string, agent = 'AG-1'): Promise<string> {
  const { rows } = await sql<{ id: string }>`insert into call_attempts (lead_id, campaign_id, user_id, agent_id,
      started_at, ended_at, handle_seconds, disposition_code, disposition_name, disposition_kind, completed)
    values (${leadId}, ${campaignId}, ${userId}, ${agent}, ${at}::timestamptz - interval '2 minutes', ${at}::timestamptz,
            120, ${code}, ${code}, ${code === 'COMPLETE' ? 'completed' : 'retry'}, ${code === 'COMPLETE'})
    returning id::text as id`.execute(db);
  return rows[0]?.id ?? '';
}

/** The save's own shape: the lead's update and its attempt in one statement. */
async function save(leadId: string, answers: string, isCalled: 0 | 1, at: string, code: string): Promise<void> {
  await sql`with lead as (update leads set answers = ${answers}::jsonb, is_called = ${isCalled} where id = ${leadId}
      returning id)
    insert into call_attempts (lead_id, campaign_id, user_id, agent_id, started_at, ended_at, handle_seconds,
      disposition_code, disposition_name, disposition_kind, completed)
    select id, ${campaignId}, ${userId}, 'AG-2', ${at}::timestamptz - interval '2 minutes', ${at}::timestamptz, 120,
           ${code}, ${code}, 'completed', true from lead`.execute(db);
}

const leadRow = async (leadId: string) =>
  (
    await sql<Row>`select day::text, agent_id, disposition_code, region from result_leads where lead_id = ${leadId}`.execute(
      db,
    )
  ).rows[0];

describe('migration 0042 (results by day)', () => {
  it('builds the latest attempts and counters from what is stored, keeps them true after, and goes down and up', async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0041-results')).error).toBeUndefined();
    const c = await sql<{ id: number }>`insert into campaigns (campaign_id, campaign_name, campaign_type, call_target)
      values ('C1', 'Alpha', 'Outbound', 10) returning id`.execute(db);
    campaignId = c.rows[0]?.id ?? 0;
    const u = await sql<{ id: number }>`insert into users (username, name, password_hash, role)
      values ('AG-1', 'Rina', 'x', 'agent') returning id`.execute(db);
    userId = u.rows[0]?.id ?? 0;
    await sql`insert into questions (campaign_id, qno, title, type, options) values
      (${campaignId}, 1, 'Bought?', 'Select Option', '{Yes,No}'),
      (${campaignId}, 2, 'Brands', 'Multi Select Option', '{Alpha,Beta}'),
      (${campaignId}, 3, 'Packs', 'Number', '{}'),
      (${campaignId}, 4, 'Why?', 'Textarea', '{}')`.execute(db);
    const l1 = await addLead('+8801711000001', '{"Q1": "Yes", "Q2": "Alpha, Beta", "Q3": "4", "Q4": "Good"}', 1);
    const l2 = await addLead('+8801711000002', '{"Q1": "No", "Q3": "Partial Call"}', 0, 'Chittagong');
    const l3 = await addLead('+8801711000003', '{}', 0);
    const l4 = await addLead('+8801711000004', '{"Q1": "Yes"}', 1);
    await attempt(l1, '2026-11-20T04:00:00Z', 'NOANSWER', 'AG-2');
    await attempt(l1, '2026-11-21T04:00:00Z', 'COMPLETE');
    await attempt(l2, '2026-11-20T19:30:00Z', 'CALLBACK');
    await attempt(l3, '2026-11-20T05:00:00Z', 'NOANSWER');

    expect((await migrator.migrateTo('0042-results-days')).error).toBeUndefined();
    // Built in UTC: L1 on its latest attempt's day, L3 (no answers) counted too, L4 (no attempt) not.
    expect(await leadRow(l1)).toEqual({
      day: '2026-11-21',
      agentId: 'AG-1',
      dispositionCode: 'COMPLETE',
      region: 'Dhaka',
    });
    expect(await leadRow(l2)).toMatchObject({ day: '2026-11-20', region: 'Chittagong' });
    expect(await leadRow(l3)).toMatchObject({ day: '2026-11-20', dispositionCode: 'NOANSWER' });
    expect(await leadRow(l4)).toMatchObject({ day: null });
    await expectCountersTrue();
    expect((await counters()).shapes.reduce((s, r) => s + Number(r.n), 0)).toBe(3);

    // The zone: L2's 19:30 UTC attempt falls on 11-21 in Dhaka.
    await ensureResultsZone(db, 'Asia/Dhaka');
    expect(await leadRow(l2)).toMatchObject({ day: '2026-11-21' });
    await expectCountersTrue();

    // A save (answers and completion changed, its attempt in the same statement), then a re-save on another day.
    await save(l2, '{"Q1": "Yes", "Q2": "Beta", "Q3": "7", "Q4": "Cheap"}', 1, '2026-11-22T06:00:00Z', 'COMPLETE');
    expect(await leadRow(l2)).toMatchObject({ day: '2026-11-22', agentId: 'AG-2', dispositionCode: 'COMPLETE' });
    await expectCountersTrue();
    await save(l2, '{"Q1": "No", "Q2": "Alpha", "Q3": "7"}', 1, '2026-11-23T06:00:00Z', 'COMPLETE');
    await expectCountersTrue();
    // A first attempt of a lead saved before (L4), a second attempt of L3 on another day, an older one changing nothing.
    await attempt(l4, '2026-11-23T08:00:00Z', 'COMPLETE');
    await attempt(l3, '2026-11-24T08:00:00Z', 'REFUSED');
    await attempt(l3, '2026-11-19T08:00:00Z', 'NOANSWER');
    expect(await leadRow(l3)).toMatchObject({ day: '2026-11-24', dispositionCode: 'REFUSED' });
    await expectCountersTrue();
    // A lead's field, then answers changed without an attempt.
    await sql`update leads set region = 'Sylhet', answers = '{"Q1": "No", "Q4": "Later"}' where id = ${l1}`.execute(db);
    expect(await leadRow(l1)).toMatchObject({ region: 'Sylhet' });
    await expectCountersTrue();
    // Deletes: the latest attempt of L3 (its earlier one counts again), then a whole lead.
    await sql`delete from call_attempts where lead_id = ${l3} and disposition_code = 'REFUSED'`.execute(db);
    expect(await leadRow(l3)).toMatchObject({ day: '2026-11-20', dispositionCode: 'NOANSWER' });
    await expectCountersTrue();
    await sql`delete from leads where id = ${l2}`.execute(db);
    await expectCountersTrue();
    // A question's type: Q4's answers counted one by one once it is a choice question, and folded again after.
    await sql`update questions set type = 'Select Option' where campaign_id = ${campaignId} and qno = 4`.execute(db);
    await expectCountersTrue();
    expect((await counters()).values.some((r) => r.value === 'Later')).toBe(true);
    await sql`update questions set type = 'Textarea' where campaign_id = ${campaignId} and qno = 4`.execute(db);
    await expectCountersTrue();
    // Back to UTC.
    await ensureResultsZone(db, 'UTC');
    await expectCountersTrue();
    const emptied = await sql<{ n: number }>`select count(*)::int as n from result_day_shapes where n = 0`.execute(db);
    expect(emptied.rows[0]?.n).toBe(0);

    expect((await migrator.migrateTo('0041-results')).error).toBeUndefined();
    const left = await sql<{ n: number }>`select count(*)::int as n from pg_class
      where relname in ('result_day_shapes', 'result_day_values', 'result_zone')`.execute(db);
    expect(left.rows[0]?.n).toBe(0);
    expect((await migrator.migrateTo('0042-results-days')).error).toBeUndefined();
    await expectCountersTrue();
  });
});
