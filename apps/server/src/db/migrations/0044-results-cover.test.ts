// Migration 0044 (results at index speed): result_qc_passed built from the QC records already stored (the built-in
// "Standard" scorecard, pass mark 70), the covering indexes in place of 0042's, and down() and up again.
import { sql, Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { emptyDatabase } from '../../test/empty-database.ts';
import { migrations } from './index.ts';

const db = emptyDatabase('m0044');

const indexes = async () =>
  (
    await sql<{ name: string }>`select indexname as name from pg_indexes
      where tablename in ('result_leads', 'result_answers') order by 1`.execute(db)
  ).rows.map((r) => r.name);

const passed = async () =>
  (await sql<{ phoneKey: string; n: number }>`select phone_key, n from result_qc_passed order by 1`.execute(db)).rows;

describe('migration 0044 (results at index speed)', () => {
  it('counts the passed QC records already stored, swaps the indexes, and goes down and up', async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0043-suspicious-days')).error).toBeUndefined();
    const before = await indexes();
    const c = await sql<{ id: number }>`insert into campaigns (campaign_id, campaign_name, campaign_type, call_target)
      values ('C1', 'Alpha', 'Outbound', 10) returning id`.execute(db);
    const campaignId = c.rows[0]?.id ?? 0;
    const record = (number: string, total: number) => sql`insert into qc_records (kind, call_date, agent_id, agent_name,
        campaign_id, campaign_name, consumer_number, duration, qc_inspector, scorecard_id, marks, fatal_reason,
        eas_voice_matched_with_report, suggestion, total, agent_grade)
      values ('in-house', '2026-11-20', 'AG-1', 'Rina', ${campaignId}, 'Alpha', ${number}, 90, 'qc1', 1, '{}', '',
        'Yes', '', ${total}, 'x')`;
    await record('+880 1711-000001', 80).execute(db);
    await record('01711000002', 60).execute(db);

    expect((await migrator.migrateTo('0044-results-cover')).error).toBeUndefined();
    expect(await passed()).toEqual([{ phoneKey: '8801711000001', n: 1 }]);
    expect(await indexes()).toEqual([
      'result_answers_long_idx',
      'result_answers_pkey',
      'result_answers_short_idx',
      'result_leads_campaign_agent_day_idx',
      'result_leads_campaign_day_idx',
      'result_leads_pkey',
    ]);
    await record('01711000003', 71).execute(db);
    expect(await passed()).toHaveLength(2);

    expect((await migrator.migrateTo('0043-suspicious-days')).error).toBeUndefined();
    expect(await indexes()).toEqual(before);
    const left = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_class where relname = 'result_qc_passed'`.execute(db);
    expect(left.rows[0]?.n).toBe(0);
    expect((await migrator.migrateTo('0044-results-cover')).error).toBeUndefined();
    expect(await passed()).toHaveLength(2);
  });
});
