// A lead upload skips numbers on the system's or the campaign's do-not-call list (docs/guide/dnc.md), counted beside duplicates.
import { beforeAll, describe, expect, it } from 'vitest';
import { ZLeadUploadResult, leadUploadMessage } from '@crm/shared';
import { sql } from 'kysely';
import { tokenForRole, useTestApp } from '../../test/harness.ts';
import { campaignWithColumns, storedLeads, nextPhone, uploadLeads } from '../../test/lead-upload-support.ts';
import { DNC_NUMBERS_HELD } from './lead-import.ts';

const t = useTestApp();
let token: string;

beforeAll(async () => {
  token = await tokenForRole(t.app, 'admin');
});

async function list(campaignId: number | null, phoneNumber: string): Promise<void> {
  await t.db.insertInto('dncNumbers').values({ campaignId, phoneNumber, addedBy: 'admin' }).execute();
}

async function auditCounts(campaignName: string): Promise<unknown> {
  const row = await t.db
    .selectFrom('auditLog')
    .select('changes')
    .where('objectType', '=', 'leads')
    .where('objectId', '=', campaignName)
    .where('action', '=', 'upload')
    .executeTakeFirst();
  return (row?.changes as { counts?: unknown } | undefined)?.counts;
}

describe('POST /api/file/uploadCsv and the do-not-call lists', () => {
  it("skips numbers on the system list and the campaign's list, counts them apart from duplicates, and says so", async () => {
    const campaign = await campaignWithColumns(t.db);
    const other = await campaignWithColumns(t.db);
    const [a, b, c, d] = [nextPhone(), nextPhone(), nextPhone(), nextPhone()];
    await list(null, b.e164);
    await list(campaign.id, c.e164);
    await list(other.id, d.e164); // another campaign's list does not keep this campaign's lead out
    const csv = [
      'cell_number,data_date,respondent_name',
      `${a.local},2024-05-01,A`,
      `${b.local},2024-05-01,B`,
      `+88${c.local},2024-05-01,C`,
      `${d.local},2024-05-01,D`,
      `${a.local},2024-05-01,A again`,
      `${b.local},2024-05-02,B another day`,
    ].join('\n');
    const r = await uploadLeads(t.app, token, csv, { tableName: campaign.campaignName });
    expect(r.status, r.text).toBe(200);
    expect(ZLeadUploadResult.parse(r.body)).toEqual({
      message: leadUploadMessage(2, 1, 3),
      rowsRead: 6,
      leadsAdded: 2,
      duplicatesSkipped: 1,
      dncSkipped: 3,
    });
    expect(r.json<{ message: string }>().message).toBe(
      'File uploaded: 2 leads added, 1 duplicate skipped, 3 skipped: do not call',
    );
    expect((await storedLeads(t.db, campaign.id)).map((l) => l.respondentName)).toEqual(['A', 'D']);
    expect(await auditCounts(campaign.campaignName)).toEqual({
      rowsRead: 6,
      leadsAdded: 2,
      duplicatesSkipped: 1,
      dncSkipped: 3,
    });
  });

  it('checks every chunk of a big file: listed numbers anywhere in it are skipped and the rest stored in order', async () => {
    const campaign = await campaignWithColumns(t.db, ['note']);
    const phones = Array.from({ length: 6000 }, () => nextPhone());
    const listed = [0, 1999, 3000, 5999];
    for (const i of listed) await list(i % 2 === 0 ? null : campaign.id, phones[i]!.e164);
    const rows = phones.map((p, i) => `${p.local},2024-05-01,${i},${'n'.repeat((i * 37) % 250)}`);
    const r = await uploadLeads(t.app, token, ['cell_number,data_date,respondent_name,note', ...rows].join('\n'), {
      tableName: campaign.campaignName,
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ rowsRead: 6000, leadsAdded: 5996, duplicatesSkipped: 0, dncSkipped: 4 });
    const names = (await storedLeads(t.db, campaign.id)).map((l) => Number(l.respondentName));
    expect(names).toEqual(Array.from({ length: 6000 }, (_, i) => i).filter((i) => !listed.includes(i)));
  });

  it('still refuses a file with a bad row whole, listed numbers or not', async () => {
    const campaign = await campaignWithColumns(t.db);
    const p = nextPhone();
    await list(null, p.e164);
    const r = await uploadLeads(
      t.app,
      token,
      `cell_number,data_date\n${p.local},2024-05-01\nnot-a-number,2024-05-01\n`,
      { tableName: campaign.campaignName },
    );
    expect(r.status).toBe(400);
    expect(await storedLeads(t.db, campaign.id)).toEqual([]);
  });

  it('skips listed numbers the same way when the lists are too large to hold in memory', async () => {
    const campaign = await campaignWithColumns(t.db);
    const [a, b, c] = [nextPhone(), nextPhone(), nextPhone()];
    // More numbers than an upload holds: each chunk's numbers are looked up in the database instead.
    await sql`insert into dnc_numbers (campaign_id, phone_number, added_by)
      select null, '+8801600' || lpad(g::text, 7, '0'), 'admin' from generate_series(1, ${DNC_NUMBERS_HELD + 1}) g`.execute(
      t.db,
    );
    try {
      await list(null, b.e164);
      await list(campaign.id, c.e164);
      const csv = ['cell_number,data_date,respondent_name', `${a.local},2024-05-01,A`, `${b.local},2024-05-01,B`];
      csv.push(`${c.local},2024-05-01,C`, `${b.local},2024-05-01,B again`, `${a.local},2024-05-01,A again`);
      const r = await uploadLeads(t.app, token, csv.join('\n'), { tableName: campaign.campaignName });
      expect(r.status, r.text).toBe(200);
      expect(r.body).toMatchObject({ rowsRead: 5, leadsAdded: 1, duplicatesSkipped: 1, dncSkipped: 3 });
      expect((await storedLeads(t.db, campaign.id)).map((l) => l.respondentName)).toEqual(['A']);
    } finally {
      await sql`delete from dnc_numbers where phone_number like '+8801600%'`.execute(t.db);
    }
  });
});
