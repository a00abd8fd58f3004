// The QC records' daily summary (qc_days, migration 0043) against a real database: after records are added, edited
// (total, day, kind, agent, campaign), deleted, and a draft scorecard's pass mark changes, productivity's QC figures
// read from it equal a direct count of qc_records with each version's pass mark and auto-fail choices.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/schema.ts';
import { createCampaign, createUser, useTestApp } from '../../test/harness.ts';
import { insertQcRecord } from '../../test/productivity-support.ts';
import { createDraft, createPublished, smallDefinition } from '../../test/scorecards-support.ts';
import { rangeOf, sumQc } from './reads.ts';

const t = useTestApp({ timeZone: 'Asia/Dhaka' });

/** qc_records counted directly: per agent (account, else by username), call date and campaign (by name). */
async function directQc(db: Db, from: string, to: string) {
  const { rows } = await sql<{
    userId: number;
    day: string;
    campaignId: number;
    records: string;
    totalSum: string;
    passed: string;
  }>`
    select coalesce(r.agent_user_id, u.id) as "userId", to_char(r.call_date, 'YYYY-MM-DD') as day,
      c.id as "campaignId", count(*)::text as records, sum(r.total)::text as "totalSum",
      count(*) filter (where r.total >= (s.definition ->> 'passMark')::numeric
        and not exists (select 1 from jsonb_array_elements(s.definition -> 'sections') sec,
          jsonb_array_elements(sec -> 'criteria') cr
          where cr ->> 'autoFailChoice' is not null
            and r.marks -> (cr ->> 'key') ->> 'choice' = cr ->> 'autoFailChoice'))::text as passed
    from qc_records r
    join campaigns c on c.campaign_name = r.campaign_name
    left join users u on r.agent_user_id is null and u.username = r.agent_id
    left join scorecards s on s.id = r.scorecard_id
    where r.kind = 'in-house' and r.call_date between ${from}::date and ${to}::date
      and coalesce(r.agent_user_id, u.id) is not null
    group by 1, 2, 3`.execute(db);
  return figures(rows);
}

const figures = (
  rows: { userId: number; day: string; campaignId: number; records: string; totalSum: string; passed: string }[],
) =>
  Object.fromEntries(
    rows
      .map(
        (r) =>
          [
            `${r.userId}|${r.day}|${r.campaignId}`,
            { records: Number(r.records), totalSum: Number(r.totalSum), passed: Number(r.passed) },
          ] as const,
      )
      .sort(([a], [b]) => a.localeCompare(b)),
  );

async function expectKept(): Promise<Record<string, { records: number; totalSum: number; passed: number }>> {
  const kept = figures(await sumQc(t.db, rangeOf('2026-10-01', '2026-12-31', 'Asia/Dhaka')));
  expect(kept).toEqual(await directQc(t.db, '2026-10-01', '2026-12-31'));
  return kept;
}

describe('the QC records’ daily summary (migration 0043)', () => {
  it('equals a direct count after inserts, updates, deletes and a draft scorecard changed', async () => {
    const alpha = await createCampaign(t.db, { campaignName: 'QC Days Alpha' });
    const beta = await createCampaign(t.db, { campaignName: 'QC Days Beta' });
    const a = await createUser(t.db, { role: 'agent', username: 'QCD-A', name: 'QC Days A' });
    const b = await createUser(t.db, { role: 'agent', username: 'QCD-B', name: 'QC Days B' });
    const admin = await t.callerFor('admin');
    const card = await createPublished(admin, smallDefinition());
    const yes = {
      greeting: { choice: 'Yes', marks: 10, comment: '' },
      resolved: { choice: 'Yes', marks: 20, comment: '' },
    };
    const one = await insertQcRecord(t.db, {
      agent: a,
      campaignName: alpha.campaignName,
      callDate: '2026-11-20',
      total: 92,
    });
    await insertQcRecord(t.db, { agent: a, campaignName: alpha.campaignName, callDate: '2026-11-20', total: 64.5 });
    const client = await insertQcRecord(t.db, {
      agent: a,
      campaignName: alpha.campaignName,
      callDate: '2026-11-20',
      total: 10,
      kind: 'client',
    });
    const failed = await insertQcRecord(t.db, {
      agent: b,
      byUsername: true,
      campaignName: beta.campaignName,
      callDate: '2026-11-21',
      total: 80,
      scorecardId: card.id,
      marks: { ...yes, summary: { choice: 'No', marks: 0, comment: '' } },
    });
    await insertQcRecord(t.db, {
      agent: b,
      byUsername: true,
      campaignName: beta.campaignName,
      callDate: '2026-11-21',
      total: 90,
      scorecardId: card.id,
      marks: { ...yes, summary: { choice: 'Yes', marks: 10, comment: '' } },
    });
    // A record naming an agent who has no account: not counted.
    await sql`insert into qc_records (kind, call_date, agent_user_id, agent_id, agent_name, campaign_name, consumer_number,
        duration, qc_inspector, marks, fatal_reason, eas_voice_matched_with_report, suggestion, total, agent_grade)
      values ('in-house', '2026-11-21', null, 'NOBODY', 'Nobody', ${beta.campaignName}, '0171', 90, 'qc1', '{}', '',
        'Yes', '', 70, 'x')`.execute(t.db);
    const kept = await expectKept();
    // Hand-counted: A on the 20th, Alpha: 92 and 64.5 (the client record left out), one passed (mark 70); B on the 21st,
    // Beta, by username: 80 auto-failed and 90 passed.
    expect(kept[`${a.id}|2026-11-20|${alpha.id}`]).toEqual({ records: 2, totalSum: 156.5, passed: 1 });
    expect(kept[`${b.id}|2026-11-21|${beta.id}`]).toEqual({ records: 2, totalSum: 170, passed: 1 });

    // Updates: a total, a day, the kind, the agent (an account given), the campaign's name on the record.
    await sql`update qc_records set total = 60 where id = ${one}`.execute(t.db);
    await expectKept();
    await sql`update qc_records set call_date = '2026-11-22' where id = ${one}`.execute(t.db);
    await expectKept();
    await sql`update qc_records set kind = 'in-house' where id = ${client}`.execute(t.db);
    await expectKept();
    await sql`update qc_records set agent_user_id = ${b.id} where id = ${failed}`.execute(t.db);
    await expectKept();
    await sql`update qc_records set campaign_name = ${alpha.campaignName} where id = ${failed}`.execute(t.db);
    await expectKept();
    // The campaign renamed: the summary keeps names, joined to campaigns when read.
    await sql`update campaigns set campaign_name = 'QC Days Gamma' where id = ${beta.id}`.execute(t.db);
    await expectKept();
    // A draft version's pass mark changed while it has records: every figure again.
    const draft = await createDraft(admin, smallDefinition());
    await insertQcRecord(t.db, {
      agent: a,
      campaignName: alpha.campaignName,
      callDate: '2026-11-23',
      total: 72,
      scorecardId: draft.id,
    });
    await expectKept();
    await sql`update scorecards set definition = jsonb_set(definition, '{passMark}', '73') where id = ${draft.id}`.execute(
      t.db,
    );
    expect((await expectKept())[`${a.id}|2026-11-23|${alpha.id}`]?.passed).toBe(0);

    // Deletes: one record, then every record of a day.
    await sql`delete from qc_records where id = ${one}`.execute(t.db);
    await expectKept();
    await sql`delete from qc_records where call_date = '2026-11-21'`.execute(t.db);
    await expectKept();
    expect(
      (await sql<{ n: number }>`select count(*)::int as n from qc_days where records = 0`.execute(t.db)).rows[0]?.n,
    ).toBe(0);
  });
});
