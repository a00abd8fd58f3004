import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { LEAD_MESSAGES, ZLeadUploadResult, leadUploadMessage } from '@crm/shared';
import { poolOf } from '../../db/database.ts';
import { tokenForRole, useTestApp } from '../../test/harness.ts';
import { lockCampaignLeadsOn } from '../leads/lock.ts';
import {
  campaignWithColumns,
  countLeads,
  nextPhone,
  storedLeads,
  uploadLeads,
} from '../../test/lead-upload-support.ts';

const t = useTestApp();
let token: string;

beforeAll(async () => {
  token = await tokenForRole(t.app, 'admin');
});

describe('POST /api/file/uploadCsv: a good file', () => {
  it('stores every lead with its number in E.164 and its date as a date, in file order, and counts them', async () => {
    const campaign = await campaignWithColumns(t.db);
    const [a, b, c] = [nextPhone(), nextPhone(), nextPhone()];
    const csv = [
      'cell_number,data_date,respondent_name,br_id,data_status,target_selector',
      `${a.local},2024-05-01,Rahim,BR1,valid,Smoker`,
      `88${b.local},1/5/2024,Karim,BR2,,`, // 88 prefix, day-first date
      `+88 ${c.local.slice(0, 5)}-${c.local.slice(5)},01-05-2024,Salma,BR1,invalid,Smoker`, // +88, spaces and dash; d-M-yyyy
    ].join('\n');
    const before = await countLeads(t.db);
    const r = await uploadLeads(t.app, token, csv, { tableName: campaign.campaignName });
    expect(r.status, r.text).toBe(200);
    expect(ZLeadUploadResult.parse(r.body)).toEqual({
      message: leadUploadMessage(3, 0),
      rowsRead: 3,
      leadsAdded: 3,
      duplicatesSkipped: 0,
      dncSkipped: 0,
    });
    expect(await countLeads(t.db)).toBe(before + 3);

    const leads = await storedLeads(t.db, campaign.id);
    expect(leads.map((l) => [l.cellNumber, l.dataDate, l.respondentName])).toEqual([
      [a.e164, '2024-05-01', 'Rahim'],
      [b.e164, '2024-05-01', 'Karim'],
      [c.e164, '2024-05-01', 'Salma'],
    ]);
    // Empty cells are NULL; every lead starts fresh.
    expect(leads[1]).toMatchObject({
      dataStatus: null,
      targetSelector: null,
      did: null,
      forD: '',
      generateStatus: 0,
      isCalled: 0,
      fields: {},
    });
  });

  it('takes one number written three ways as one lead, and counts the repeats as duplicates', async () => {
    const campaign = await campaignWithColumns(t.db);
    const p = nextPhone();
    const csv = [
      'cell_number,data_date,respondent_name',
      `${p.local},2024-05-01,First`,
      `88${p.local},2024-05-01,Second`,
      `+88${p.local},1/5/2024,Third`,
      `${p.local},2024-05-02,Other date`, // the same number on another date is another lead
    ].join('\n');
    const r = await uploadLeads(t.app, token, csv, { tableName: campaign.campaignName });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({
      message: leadUploadMessage(2, 2),
      rowsRead: 4,
      leadsAdded: 2,
      duplicatesSkipped: 2,
      dncSkipped: 0,
    });
    // The first row of the file wins.
    expect((await storedLeads(t.db, campaign.id)).map((l) => [l.cellNumber, l.dataDate, l.respondentName])).toEqual([
      [p.e164, '2024-05-01', 'First'],
      [p.e164, '2024-05-02', 'Other date'],
    ]);
  });

  it('skips leads already stored for the campaign, but not those of another campaign', async () => {
    const campaign = await campaignWithColumns(t.db);
    const other = await campaignWithColumns(t.db);
    const [old, fresh] = [nextPhone(), nextPhone()];
    const first = await uploadLeads(t.app, token, `cell_number,data_date\n${old.local},2024-05-01\n`, {
      tableName: campaign.campaignName,
    });
    expect(first.status, first.text).toBe(200);
    await uploadLeads(t.app, token, `cell_number,data_date\n${old.local},2024-05-01\n`, {
      tableName: other.campaignName,
    });

    const r = await uploadLeads(
      t.app,
      token,
      `cell_number,data_date,respondent_name\n+88${old.local},2024-05-01,Again\n${fresh.local},2024-05-01,New\n`,
      { tableName: campaign.campaignName },
    );
    expect(r.body).toEqual({
      message: leadUploadMessage(1, 1),
      rowsRead: 2,
      leadsAdded: 1,
      duplicatesSkipped: 1,
      dncSkipped: 0,
    });
    const leads = await storedLeads(t.db, campaign.id);
    expect(leads.map((l) => [l.cellNumber, l.respondentName])).toEqual([
      [old.e164, null],
      [fresh.e164, 'New'],
    ]);
    expect(await storedLeads(t.db, other.id)).toHaveLength(1);
  });

  it('skips stored leads of every date of the file, a date first met late in the file too', async () => {
    const campaign = await campaignWithColumns(t.db);
    const [a, b, c, d] = [nextPhone(), nextPhone(), nextPhone(), nextPhone()];
    const first = await uploadLeads(
      t.app,
      token,
      `cell_number,data_date\n${a.local},2024-05-01\n${b.local},2024-05-03\n`,
      { tableName: campaign.campaignName },
    );
    expect(first.status, first.text).toBe(200);
    const csv = [
      'cell_number,data_date,respondent_name',
      `${c.local},2024-05-01,New 1`,
      `${a.local},2024-05-02,New 2`, // a stored number, but on another date
      `${d.local},2024-05-03,New 3`,
      `${b.local},3/5/2024,Stored`,
      `${a.local},2024-05-01,Stored`,
      `88${c.local},2024-05-01,Repeat`,
    ].join('\n');
    const r = await uploadLeads(t.app, token, csv, { tableName: campaign.campaignName });
    expect(r.body).toEqual({
      message: leadUploadMessage(3, 3),
      rowsRead: 6,
      leadsAdded: 3,
      duplicatesSkipped: 3,
      dncSkipped: 0,
    });
    expect((await storedLeads(t.db, campaign.id)).map((l) => [l.cellNumber, l.dataDate, l.respondentName])).toEqual([
      [a.e164, '2024-05-01', null],
      [b.e164, '2024-05-03', null],
      [c.e164, '2024-05-01', 'New 1'],
      [a.e164, '2024-05-02', 'New 2'],
      [d.e164, '2024-05-03', 'New 3'],
    ]);
  });

  it("waits for the campaign's other lead operations, then skips what they stored", async () => {
    const campaign = await campaignWithColumns(t.db);
    const [a, b] = [nextPhone(), nextPhone()];
    // Another lead operation of the campaign holds its lock and stores a lead the file also holds.
    const other = await poolOf(t.db).connect();
    try {
      await other.query('begin');
      await lockCampaignLeadsOn(other, campaign.id);
      const upload = uploadLeads(
        t.app,
        token,
        `cell_number,data_date\n${a.local},2024-05-01\n${b.local},2024-05-01\n`,
        { tableName: campaign.campaignName },
      );
      let settled = false;
      void upload.then(() => (settled = true));
      await other.query("insert into leads (campaign_id, cell_number, data_date) values ($1, $2, '2024-05-01')", [
        campaign.id,
        a.e164,
      ]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(settled).toBe(false);
      await other.query('commit');
      const r = await upload;
      expect(r.status, r.text).toBe(200);
      expect(r.body).toEqual({
        message: leadUploadMessage(1, 1),
        rowsRead: 2,
        leadsAdded: 1,
        duplicatesSkipped: 1,
        dncSkipped: 0,
      });
      expect((await storedLeads(t.db, campaign.id)).map((l) => l.cellNumber)).toEqual([a.e164, b.e164]);
    } finally {
      // Undoes what a failed test left open (after the commit it does nothing).
      await other.query('rollback');
      other.release();
    }
  });

  it('reads a spreadsheet export: BOM, CRLF, quoted commas, quotes and line breaks, blank rows, headers in any case and order', async () => {
    const campaign = await campaignWithColumns(t.db);
    const [a, b] = [nextPhone(), nextPhone()];
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'leads-csv-'));
    onTestFinished(() => fs.rm(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'export.csv');
    await fs.writeFile(
      file,
      '\uFEFF' +
        [
          ' Respondent_Name , DATA_DATE,Cell_Number,Region',
          `"Hossain, Rafiq",2024-05-01,${a.local},"Dhaka ""North"""`,
          '',
          `"Two\r\nLines",2024-05-01,${b.local},  Sylhet  `,
          '',
          '',
        ].join('\r\n'),
    );
    const r = await uploadLeads(t.app, token, await fs.readFile(file), {
      tableName: campaign.campaignName.toUpperCase(),
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ rowsRead: 2, leadsAdded: 2 });
    expect((await storedLeads(t.db, campaign.id)).map((l) => [l.respondentName, l.cellNumber, l.region])).toEqual([
      ['Hossain, Rafiq', a.e164, 'Dhaka "North"'],
      ['Two\r\nLines', b.e164, 'Sylhet'],
    ]);
  });

  it("stores the data table's own columns in fields, matched by name in any case; empty ones are left out", async () => {
    const campaign = await campaignWithColumns(t.db, ['Shop Name', 'সিগারেট', 'Notes']);
    const [a, b] = [nextPhone(), nextPhone()];
    const csv = [
      'cell_number,data_date,shop name,সিগারেট,NOTES',
      `${a.local},2024-05-01,Rahman Store,গোল্ড লিফ,"tab\there, back\\slash"`,
      `${b.local},2024-05-01,,বেনসন,`,
    ].join('\n');
    const r = await uploadLeads(t.app, token, csv, { tableName: campaign.campaignName });
    expect(r.status, r.text).toBe(200);
    expect((await storedLeads(t.db, campaign.id)).map((l) => l.fields)).toEqual([
      { 'Shop Name': 'Rahman Store', সিগারেট: 'গোল্ড লিফ', Notes: 'tab\there, back\\slash' },
      { সিগারেট: 'বেনসন' },
    ]);
  });

  it('accepts the columns of the older template (id, createdAt, for_d, …) and ignores their values', async () => {
    const campaign = await campaignWithColumns(t.db);
    const p = nextPhone();
    const csv = `id,cell_number,data_date,for_d,generate_status,is_called,createdAt\n99,${p.local},2024-05-01,d,3,1,2020-01-01\n`;
    const r = await uploadLeads(t.app, token, csv, { tableName: campaign.campaignName });
    expect(r.status, r.text).toBe(200);
    const [lead] = await storedLeads(t.db, campaign.id);
    expect(lead).toMatchObject({ cellNumber: p.e164, forD: '', generateStatus: 0, isCalled: 0 });
    expect(Number(lead?.id)).not.toBe(99);
  });

  it.each([
    ['without duplicates', false],
    ['with duplicates to skip', true],
  ])("gives a big file's leads their ids in file order (%s), whatever the rows' sizes", async (_name, repeat) => {
    const campaign = await campaignWithColumns(t.db, ['note']);
    // Rows of very different sizes, so pages fill unevenly: ids must still follow the file.
    const rows = Array.from(
      { length: 6000 },
      (_, i) => `${nextPhone().local},2024-05-01,${i},${'n'.repeat((i * 37) % 250)}`,
    );
    if (repeat) rows.splice(3000, 0, rows[10] as string);
    const r = await uploadLeads(t.app, token, ['cell_number,data_date,respondent_name,note', ...rows].join('\n'), {
      tableName: campaign.campaignName,
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ leadsAdded: 6000, duplicatesSkipped: repeat ? 1 : 0 });
    const names = (await storedLeads(t.db, campaign.id)).map((l) => Number(l.respondentName));
    expect(names).toEqual(Array.from({ length: 6000 }, (_, i) => i));
  });

  it('takes the campaign from a tableName form field sent before the file', async () => {
    const campaign = await campaignWithColumns(t.db);
    const r = await uploadLeads(t.app, token, `cell_number,data_date\n${nextPhone().local},2024-05-01\n`, {
      tableName: campaign.campaignName,
      tableNameAsField: true,
    });
    expect(r.status, r.text).toBe(200);
    expect(await storedLeads(t.db, campaign.id)).toHaveLength(1);
  });

  // The older client appends the file first and the campaign after it (docs/older-client.md).
  describe('with the tableName field after the file', () => {
    const keptFiles = async () => (await fs.readdir(t.app.config.dataDir)).filter((f) => f.startsWith('.lead-upload-'));

    it('stores the leads, and keeps no copy of the file once stored', async () => {
      const campaign = await campaignWithColumns(t.db, ['Shop']);
      const csv = `cell_number,data_date,Shop\n${nextPhone().local},2024-05-01,One\n${nextPhone().local},2024-05-01,Two\n`;
      const r = await uploadLeads(t.app, token, csv, { tableNameAfterFile: campaign.campaignName });
      expect(r.status, r.text).toBe(200);
      expect((await storedLeads(t.db, campaign.id)).map((l) => l.fields)).toEqual([{ Shop: 'One' }, { Shop: 'Two' }]);
      expect(await keptFiles()).toEqual([]);
    });

    it('answers 404 for an unknown campaign and 400 without one, keeping no copy of the file', async () => {
      const csv = `cell_number,data_date\n${nextPhone().local},2024-05-01\n`;
      const unknown = await uploadLeads(t.app, token, csv, { tableNameAfterFile: 'No Such Campaign' });
      expect(unknown.status, unknown.text).toBe(404);
      const none = await uploadLeads(t.app, token, csv, {});
      expect(none.status, none.text).toBe(400);
      expect(none.json<{ message: string }>().message).toBe(LEAD_MESSAGES.uploadMissing);
      expect(await keptFiles()).toEqual([]);
    });
  });
});
