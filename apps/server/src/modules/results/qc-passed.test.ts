// "QC-passed only" reads result_qc_passed (migration 0044): per campaign, call date and number's digits, how many QC
// records passed. Against a real database, after records are added, edited (total, day, number, campaign, an auto-fail
// choice), deleted, and a draft scorecard's pass mark changes, it equals a direct count of qc_records judged by each
// version's pass mark and auto-fail choices.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createCampaign, useTestApp } from '../../test/harness.ts';
import { createDraft, createPublished, smallDefinition } from '../../test/scorecards-support.ts';

const t = useTestApp();

type Row = { campaignId: number; callDate: string; phoneKey: string; n: number };

const kept = async () =>
  (
    await sql<Row>`select campaign_id, to_char(call_date, 'YYYY-MM-DD') as call_date, phone_key, n
      from result_qc_passed order by 1, 2, 3`.execute(t.db)
  ).rows;

const direct = async () =>
  (
    await sql<Row>`select r.campaign_id, to_char(r.call_date, 'YYYY-MM-DD') as call_date,
        regexp_replace(r.consumer_number, '\\D', '', 'g') as phone_key, count(*)::int as n
      from qc_records r join scorecards s on s.id = r.scorecard_id
     where r.campaign_id is not null and r.total >= (s.definition ->> 'passMark')::numeric
       and not exists (select 1 from jsonb_array_elements(s.definition -> 'sections') sec,
             jsonb_array_elements(sec -> 'criteria') c
            where c ->> 'autoFailChoice' is not null
              and r.marks -> (c ->> 'key') ->> 'choice' = c ->> 'autoFailChoice')
     group by 1, 2, 3 order by 1, 2, 3`.execute(t.db)
  ).rows;

async function expectKept(): Promise<Row[]> {
  const rows = await kept();
  expect(rows).toEqual(await direct());
  return rows;
}

const yes = {
  greeting: { choice: 'Yes', marks: 10, comment: '' },
  resolved: { choice: 'Yes', marks: 20, comment: '' },
};
const summary = (choice: 'Yes' | 'No') => ({
  ...yes,
  summary: { choice, marks: choice === 'Yes' ? 10 : 0, comment: '' },
});

async function insertRecord(r: {
  campaign: { id: number; campaignName: string };
  day: string;
  number: string;
  total: number;
  scorecardId: number;
  choice?: 'Yes' | 'No';
}): Promise<number> {
  const { rows } = await sql<{ id: number }>`insert into qc_records (kind, call_date, agent_id, agent_name, campaign_id,
      campaign_name, consumer_number, duration, qc_inspector, scorecard_id, marks, fatal_reason,
      eas_voice_matched_with_report, suggestion, total, agent_grade)
    values ('in-house', ${r.day}, 'AG-1', 'Rina', ${r.campaign.id}, ${r.campaign.campaignName}, ${r.number}, 90, 'qc1',
      ${r.scorecardId}, ${JSON.stringify(summary(r.choice ?? 'Yes'))}::jsonb, '', 'Yes', '', ${r.total}, 'x')
    returning id`.execute(t.db);
  return rows[0]?.id ?? 0;
}

describe('the QC-passed numbers by day (migration 0044)', () => {
  it('equals a direct count after inserts, updates, deletes and a draft scorecard changed', async () => {
    const alpha = await createCampaign(t.db, { campaignName: 'QC Passed Alpha' });
    const beta = await createCampaign(t.db, { campaignName: 'QC Passed Beta' });
    const admin = await t.callerFor('admin');
    const card = await createPublished(admin, smallDefinition());
    const one = await insertRecord({
      campaign: alpha,
      day: '2026-11-20',
      number: '+880 1711-000001',
      total: 90,
      scorecardId: card.id,
    });
    // The same number and day written another way, passed too: counted twice under one key.
    await insertRecord({
      campaign: alpha,
      day: '2026-11-20',
      number: '8801711000001',
      total: 80,
      scorecardId: card.id,
    });
    const low = await insertRecord({
      campaign: alpha,
      day: '2026-11-20',
      number: '01711000002',
      total: 60,
      scorecardId: card.id,
    });
    const fatal = await insertRecord({
      campaign: beta,
      day: '2026-11-21',
      number: '01711000003',
      total: 95,
      scorecardId: card.id,
      choice: 'No',
    });
    // Hand-counted: pass mark 75; 60 under it, 95 auto-failed by Summary "No".
    expect(await expectKept()).toEqual([
      { campaignId: alpha.id, callDate: '2026-11-20', phoneKey: '8801711000001', n: 2 },
    ]);

    await sql`update qc_records set total = 76 where id = ${low}`.execute(t.db);
    await expectKept();
    await sql`update qc_records set marks = ${JSON.stringify(summary('Yes'))}::jsonb where id = ${fatal}`.execute(t.db);
    await expectKept();
    await sql`update qc_records set call_date = '2026-11-22', consumer_number = '01711000009' where id = ${one}`.execute(
      t.db,
    );
    await expectKept();
    await sql`update qc_records set campaign_id = ${beta.id} where id = ${low}`.execute(t.db);
    expect(await expectKept()).toHaveLength(4);

    // A draft version's pass mark changed while it has records: every figure again.
    const draft = await createDraft(admin, smallDefinition());
    await insertRecord({ campaign: beta, day: '2026-11-23', number: '01711000004', total: 74, scorecardId: draft.id });
    await expectKept();
    await sql`update scorecards set definition = jsonb_set(definition, '{passMark}', '70') where id = ${draft.id}`.execute(
      t.db,
    );
    expect((await expectKept()).some((r) => r.phoneKey === '01711000004')).toBe(true);

    await sql`delete from qc_records where id = ${one}`.execute(t.db);
    await expectKept();
    await sql`delete from qc_records where call_date = '2026-11-21'`.execute(t.db);
    await expectKept();
    const zero = await sql<{ n: number }>`select count(*)::int as n from result_qc_passed where n = 0`.execute(t.db);
    expect(zero.rows[0]?.n).toBe(0);
  });
});
