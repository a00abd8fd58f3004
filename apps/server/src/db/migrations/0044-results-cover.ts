// Cross-tabs and filtered results read at index speed (issue 38, docs/performance.md "Reports (issue 38)"):
// - result_qc_passed: per campaign, call date and number (its digits), how many QC records passed (their scorecard
//   version's pass mark, no auto-fail choice), kept by statement triggers on qc_records, so "QC-passed only" no longer
//   judges every record of the range (1.1 s at 100k records);
// - result_leads' (campaign, day) index covers what the filters and the cross-tabs read (its lead, its attempt's key,
//   the number and the fixed lead fields), so a month's calls are read from the index, not from the wide rows;
// - result_answers' (campaign, qno, day) index becomes two: short values (choices, numbers) covered with the lead, the
//   value and the call's key, and the rest (long text answers, which a B-tree entry could not hold) bare.
import { sql, type Kysely } from 'kysely';

/** Values at most this long (bytes) are held in the covering index; longer ones only in the bare one. */
export const COVERED_VALUE_BYTES = 512;

/** SQL text of our own making only (no value from outside), run as it is. */
const run = (db: Kysely<unknown>, text: string) => sql.raw(text).execute(db);

/** Passed deltas of `source` (qc_records rows), signed: one row per record that passed. */
const passedOf = (source: string, sign: string) => `
  select r.campaign_id, r.call_date, regexp_replace(r.consumer_number, '\\D', '', 'g') as phone_key, ${sign}1 as n
    from ${source} r join scorecards s on s.id = r.scorecard_id
   where r.campaign_id is not null and r.call_date is not null
     and r.total >= (s.definition ->> 'passMark')::numeric
     and not exists (select 1 from jsonb_array_elements(s.definition -> 'sections') sec,
           jsonb_array_elements(sec -> 'criteria') c
          where c ->> 'autoFailChoice' is not null and r.marks -> (c ->> 'key') ->> 'choice' = c ->> 'autoFailChoice')`;

async function createPassedFunction(db: Kysely<unknown>, name: string, deltas: string): Promise<void> {
  await run(
    db,
    `create function ${name}() returns trigger language plpgsql as $body$
     begin
       with delta as (
         select campaign_id, call_date, phone_key, sum(n) as n from (${deltas}) d
          group by 1, 2, 3 having sum(n) <> 0
       )
       insert into result_qc_passed as p (campaign_id, call_date, phone_key, n)
       select campaign_id, call_date, phone_key, n from delta order by 1, 2, 3
       on conflict (campaign_id, call_date, phone_key) do update set n = p.n + excluded.n;
       delete from result_qc_passed p using (${deltas}) d
        where p.n = 0 and p.campaign_id = d.campaign_id and p.call_date = d.call_date and p.phone_key = d.phone_key;
       return null;
     end
     $body$`,
  );
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`lock table qc_records, scorecards in share mode`.execute(db);
  await run(
    db,
    `create table result_qc_passed (
      campaign_id integer not null,
      call_date date not null,
      phone_key text not null,
      n integer not null,
      primary key (campaign_id, call_date, phone_key)
    )`,
  );
  await run(
    db,
    `insert into result_qc_passed (campaign_id, call_date, phone_key, n)
     select campaign_id, call_date, phone_key, sum(n) from (${passedOf('qc_records', '+')}) d group by 1, 2, 3`,
  );
  // Its statistics at once: a semi-join planned on an unanalysed table's guess probes call by call.
  await run(db, `analyze result_qc_passed`);
  await createPassedFunction(db, 'result_qc_passed_inserted', passedOf('new_records', '+'));
  await createPassedFunction(db, 'result_qc_passed_deleted', passedOf('old_records', '-'));
  await createPassedFunction(
    db,
    'result_qc_passed_updated',
    `${passedOf('new_records', '+')} union all ${passedOf('old_records', '-')}`,
  );
  await run(
    db,
    `create function result_qc_passed_rebuilt() returns trigger language plpgsql as $body$
     begin
       delete from result_qc_passed;
       insert into result_qc_passed (campaign_id, call_date, phone_key, n)
       select campaign_id, call_date, phone_key, sum(n) from (${passedOf('qc_records', '+')}) d group by 1, 2, 3;
       return null;
     end
     $body$`,
  );
  for (const [event, rows, fn] of [
    ['insert', 'referencing new table as new_records', 'inserted'],
    ['update', 'referencing old table as old_records new table as new_records', 'updated'],
    ['delete', 'referencing old table as old_records', 'deleted'],
  ] as const)
    await run(
      db,
      `create trigger result_qc_passed_${event} after ${event} on qc_records ${rows}
       for each statement execute function result_qc_passed_${fn}()`,
    );
  await run(
    db,
    `create trigger result_qc_passed_truncate after truncate on qc_records
     for each statement execute function result_qc_passed_rebuilt()`,
  );
  // A scorecard version's content is never changed once published; were a draft's (with records) changed, all again.
  await run(
    db,
    `create trigger result_qc_passed_scorecard after update of definition on scorecards
     for each statement execute function result_qc_passed_rebuilt()`,
  );

  await run(db, `drop index result_leads_campaign_day_idx`);
  await run(
    db,
    `create index result_leads_campaign_day_idx on result_leads (campaign_id, day)
     include (lead_id, is_called, disposition_code, agent_id, last_qno, partial_qno, phone_key, region, territory,
              area, brand, data_status, br_id, target_selector)`,
  );
  await run(db, `drop index result_answers_campaign_qno_day_idx`);
  await run(
    db,
    `create index result_answers_short_idx on result_answers (campaign_id, qno, day)
     include (lead_id, value, is_called, disposition_code) where octet_length(value) <= ${COVERED_VALUE_BYTES}`,
  );
  await run(
    db,
    `create index result_answers_long_idx on result_answers (campaign_id, qno, day)
     where octet_length(value) > ${COVERED_VALUE_BYTES}`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await run(db, `drop index result_answers_long_idx`);
  await run(db, `drop index result_answers_short_idx`);
  await run(db, `create index result_answers_campaign_qno_day_idx on result_answers (campaign_id, qno, day)`);
  await run(db, `drop index result_leads_campaign_day_idx`);
  await run(db, `create index result_leads_campaign_day_idx on result_leads (campaign_id, day)`);
  await run(db, `drop trigger result_qc_passed_scorecard on scorecards`);
  for (const event of ['insert', 'update', 'delete', 'truncate'])
    await run(db, `drop trigger result_qc_passed_${event} on qc_records`);
  for (const fn of ['inserted', 'deleted', 'updated', 'rebuilt'])
    await run(db, `drop function result_qc_passed_${fn}()`);
  await run(db, `drop table result_qc_passed`);
}
