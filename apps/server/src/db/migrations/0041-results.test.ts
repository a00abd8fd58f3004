// Migration 0041 (survey results' summaries): the leads saved before it are copied in, its trigger follows every later
// change of answers, completion and number, and its down() leaves the schema as 0040 had it.
import { sql, Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { emptyDatabase } from '../../test/empty-database.ts';
import { migrations } from './index.ts';

const db = emptyDatabase('m0041');

type LeadSummary = {
  leadId: string;
  isCalled: number;
  phoneKey: string;
  lastQno: number | null;
  partialQno: number | null;
};

const summaries = async () =>
  (
    await sql<LeadSummary>`select lead_id::text as lead_id, is_called, phone_key, last_qno, partial_qno
      from result_leads order by lead_id`.execute(db)
  ).rows;
const answers = async () =>
  (
    await sql<{ leadId: string; qno: number; value: string }>`select lead_id::text as lead_id, qno, value
      from result_answers order by lead_id, qno`.execute(db)
  ).rows;

async function addLead(campaignId: number, cell: string, answersJson: string, isCalled: 0 | 1): Promise<string> {
  const { rows } = await sql<{ id: string }>`insert into leads (campaign_id, cell_number, data_date, answers, is_called)
    values (${campaignId}, ${cell}, '2026-11-20', ${answersJson}::jsonb, ${isCalled}) returning id::text as id`.execute(
    db,
  );
  return rows[0]?.id ?? '';
}

describe('migration 0041 (results)', () => {
  it('copies the leads saved before it, follows each change after it, and goes down and up again', async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0040-suspicious')).error).toBeUndefined();
    const { rows } = await sql<{
      id: number;
    }>`insert into campaigns (campaign_id, campaign_name, campaign_type, call_target)
      values ('C1', 'Alpha', 'Outbound', 10) returning id`.execute(db);
    const campaignId = rows[0]?.id ?? 0;
    const saved = await addLead(campaignId, '+8801711000001', '{"Q1": "Yes", "Q3": "Partial Call", "Q2": " "}', 0);
    const fresh = await addLead(campaignId, '+8801711000002', '{}', 0);

    expect((await migrator.migrateTo('0041-results')).error).toBeUndefined();
    expect(await summaries()).toEqual([
      { leadId: saved, isCalled: 0, phoneKey: '8801711000001', lastQno: 3, partialQno: 3 },
    ]);
    expect(await answers()).toEqual([
      { leadId: saved, qno: 1, value: 'Yes' },
      { leadId: saved, qno: 3, value: 'Partial Call' },
    ]);

    await sql`update leads set answers = '{"Q1": "No", "Q2": "Alpha, Beta", "Q10": "ভালো"}', is_called = 1 where id = ${saved}`.execute(
      db,
    );
    await sql`update leads set is_called = 1 where id = ${fresh}`.execute(db);
    expect(await summaries()).toEqual([
      { leadId: saved, isCalled: 1, phoneKey: '8801711000001', lastQno: 10, partialQno: null },
      { leadId: fresh, isCalled: 1, phoneKey: '8801711000002', lastQno: null, partialQno: null },
    ]);
    expect(await answers()).toEqual([
      { leadId: saved, qno: 1, value: 'No' },
      { leadId: saved, qno: 2, value: 'Alpha, Beta' },
      { leadId: saved, qno: 10, value: 'ভালো' },
    ]);
    await sql`delete from leads where id = ${saved}`.execute(db);
    expect((await answers()).length).toBe(0);

    expect((await migrator.migrateDown()).error).toBeUndefined();
    const left = await sql<{ n: number }>`select count(*)::int as n from pg_class
      where relname in ('result_leads', 'result_answers', 'qc_records_campaign_day_idx')`.execute(db);
    expect(left.rows[0]?.n).toBe(0);
    await sql`update leads set answers = '{"Q1": "Yes"}' where id = ${fresh}`.execute(db);
    expect((await migrator.migrateTo('0041-results')).error).toBeUndefined();
    expect(await answers()).toEqual([{ leadId: fresh, qno: 1, value: 'Yes' }]);
  });
});
