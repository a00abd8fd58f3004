import { beforeAll, describe, expect, it } from 'vitest';
import {
  LEAD_MESSAGES,
  MAX_LEAD_VALUE_LENGTH,
  MAX_UPLOAD_ERRORS_REPORTED,
  leadUploadRejectedMessage,
} from '@crm/shared';
import { poolOf } from '../../db/database.ts';
import { tokenForRole, type Reply, useTestApp } from '../../test/harness.ts';
import { CONCURRENT_DUPLICATE_MESSAGE, EMPTY_FILE_MESSAGE, NOT_UTF8_MESSAGE, NO_LEADS_MESSAGE } from './lead-import.ts';
import {
  campaignWithColumns,
  countLeads,
  expectRejected,
  nextPhone,
  uploadLeads,
  type UploadOptions,
} from '../../test/lead-upload-support.ts';

const t = useTestApp();
let token: string;
let campaignName: string;

beforeAll(async () => {
  token = await tokenForRole(t.app, 'admin');
  campaignName = (await campaignWithColumns(t.db, ['shop'])).campaignName;
  // A stored lead: a refused file must leave it alone.
  const r = await uploadLeads(t.app, token, `cell_number,data_date\n${nextPhone().local},2024-05-01\n`, {
    tableName: campaignName,
  });
  expect(r.status, r.text).toBe(200);
});

/** Uploads and checks the leads table did not change; returns the reply. */
async function refused(content: string | Buffer, options: UploadOptions = {}): Promise<Reply> {
  const before = await countLeads(t.db);
  const r = await uploadLeads(t.app, token, content, { tableName: campaignName, ...options });
  expect(await countLeads(t.db)).toBe(before);
  return r;
}

function message(r: Reply, status = 400): string {
  expect(r.status, r.text).toBe(status);
  return r.json<{ message: string }>().message;
}

const good = () => `${nextPhone().local},2024-05-01`;

describe('POST /api/file/uploadCsv: bad rows reject the whole file', () => {
  it('lists every bad row by spreadsheet row and column, and stores none of the good ones', async () => {
    const long = 'x'.repeat(MAX_LEAD_VALUE_LENGTH + 1);
    const csv = [
      'cell_number,data_date,respondent_name,shop',
      `${good()},Fine,Store`, // row 2: good
      '12345,2024-05-01,Bad Phone,', // row 3
      `${nextPhone().local},2024-13-01,Bad Date,`, // row 4
      '', // row 5: blank, skipped but counted
      `${nextPhone().local},2024-05-01,${long},`, // row 6
      `${nextPhone().local},2024-05-01,Too Few`, // row 7
      `,,No Number,${'y'.repeat(MAX_LEAD_VALUE_LENGTH)}`, // row 8: 255 characters is fine
    ].join('\n');
    const body = expectRejected(await refused(csv));
    expect(body).toEqual({
      message: leadUploadRejectedMessage(6),
      rowsRead: 6,
      errorCount: 6,
      errors: [
        { row: 3, column: 'cell_number', reason: '"12345" is not a phone number' },
        { row: 4, column: 'data_date', reason: '"2024-13-01" is not a date: write yyyy-MM-dd or d/M/yyyy' },
        { row: 6, column: 'respondent_name', reason: `the value is longer than ${MAX_LEAD_VALUE_LENGTH} characters` },
        { row: 7, column: '', reason: 'the row has 3 fields; the header has 4' },
        { row: 8, column: 'cell_number', reason: 'cell_number is required' },
        { row: 8, column: 'data_date', reason: 'data_date is required' },
      ],
    });
  });

  it(`counts every problem but reports the first ${MAX_UPLOAD_ERRORS_REPORTED}`, async () => {
    const rows = Array.from({ length: MAX_UPLOAD_ERRORS_REPORTED + 5 }, () => 'not-a-phone,2024-05-01');
    const body = expectRejected(await refused(['cell_number,data_date', ...rows].join('\n')));
    expect(body.errorCount).toBe(MAX_UPLOAD_ERRORS_REPORTED + 5);
    expect(body.errors).toHaveLength(MAX_UPLOAD_ERRORS_REPORTED);
    expect(body.errors.at(-1)?.row).toBe(MAX_UPLOAD_ERRORS_REPORTED + 1);
  });

  it('refuses a value too long in a data table column', async () => {
    const body = expectRejected(await refused(`cell_number,data_date,shop\n${good()},${'z'.repeat(300)}\n`));
    expect(body.errors).toEqual([
      { row: 2, column: 'shop', reason: `the value is longer than ${MAX_LEAD_VALUE_LENGTH} characters` },
    ]);
  });
});

describe('POST /api/file/uploadCsv: a header that does not fit', () => {
  it.each([
    [
      'an unknown column',
      'cell_number,data_date,colour',
      'colour',
      /"colour" is not a column of this campaign's leads/,
    ],
    ['no cell_number column', 'data_date,respondent_name', 'cell_number', /the header has no cell_number column/],
    ['no data_date column', 'cell_number,respondent_name', 'data_date', /the header has no data_date column/],
    ['a repeated column', 'cell_number,data_date,Shop,shop', 'shop', /the column shop appears twice/],
  ])('refuses %s, naming it', async (_case, header, column, reason) => {
    const body = expectRejected(await refused(`${header}\n${good()},x,y\n`));
    expect(body.message).toMatch(reason);
    expect(body.errors).toEqual([expect.objectContaining({ row: 1, column })]);
  });
});

describe('POST /api/file/uploadCsv: a file that is not a lead CSV', () => {
  it('refuses a quote left open, naming the row', async () => {
    const body = expectRejected(
      await refused(`cell_number,data_date,respondent_name\n${good()},Fine\n${good()},"Open\n${good()},Next\n`),
    );
    expect(body.message).toMatch(/^The file is not valid CSV: row 3: /);
    expect(body.errors).toEqual([{ row: 3, column: '', reason: expect.stringMatching(/closing quote/) }]);
  });

  it('refuses a stray quote inside a value', async () => {
    const body = expectRejected(await refused(`cell_number,data_date,respondent_name\n${good()},Sa"lma\n`));
    expect(body.message).toMatch(/^The file is not valid CSV: row 2: /);
  });

  it('refuses a file that is not UTF-8', async () => {
    const latin1 = Buffer.concat([
      Buffer.from(`cell_number,data_date,respondent_name\n${good()},Jos`),
      Buffer.from([0xe9]),
      Buffer.from('\n'),
    ]);
    expect(message(await refused(latin1))).toBe(NOT_UTF8_MESSAGE);
  });

  it('refuses an empty file, and a file with only the header', async () => {
    expect(message(await refused(''))).toBe(EMPTY_FILE_MESSAGE);
    expect(message(await refused('\uFEFF\r\n\r\n'))).toBe(EMPTY_FILE_MESSAGE);
    expect(message(await refused('cell_number,data_date\r\n\r\n'))).toBe(NO_LEADS_MESSAGE);
  });

  it('refuses a file not named .csv', async () => {
    expect(message(await refused(`cell_number,data_date\n${good()}\n`, { fileName: 'leads.xlsx' }))).toBe(
      'Only CSV files (.csv) can be uploaded.',
    );
  });

  it('refuses a request without a file or without a campaign', async () => {
    expect(message(await refused(`cell_number,data_date\n${good()}\n`, { field: 'attachment' }))).toBe(
      LEAD_MESSAGES.uploadMissing,
    );
    expect(message(await refused(`cell_number,data_date\n${good()}\n`, { tableName: undefined }))).toBe(
      LEAD_MESSAGES.uploadMissing,
    );
  });

  it('refuses with 409, storing nothing, when a lead of the file is stored meanwhile without the campaign lock', async () => {
    const [a, b] = [nextPhone(), nextPhone()];
    const other = await poolOf(t.db).connect();
    try {
      // Not yet committed when the upload looks at the stored leads; committed while its COPY waits on it.
      await other.query('begin');
      const campaign = await other.query<{ id: number }>('select id from campaigns where campaign_name = $1', [
        campaignName,
      ]);
      await other.query("insert into leads (campaign_id, cell_number, data_date) values ($1, $2, '2024-05-09')", [
        campaign.rows[0]?.id,
        b.e164,
      ]);
      const before = await countLeads(t.db);
      const upload = uploadLeads(
        t.app,
        token,
        `cell_number,data_date\n${a.local},2024-05-09\n${b.local},2024-05-09\n`,
        { tableName: campaignName },
      );
      // Asked outside `other`'s transaction: within one, pg_stat_activity is read once and then kept.
      const copyWaiting = async () =>
        Number(
          (
            await poolOf(t.db).query<{ n: string }>(
              "select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like 'copy leads (%'",
            )
          ).rows[0]?.n,
        );
      await expect.poll(copyWaiting, { timeout: 15_000, interval: 50 }).toBeGreaterThanOrEqual(1);
      await other.query('commit');
      expect(message(await upload, 409)).toBe(CONCURRENT_DUPLICATE_MESSAGE);
      expect(await countLeads(t.db)).toBe(before + 1);
    } finally {
      // Undoes what a failed test left open (after the commit it does nothing).
      await other.query('rollback');
      other.release();
    }
  });

  it('answers 404 for a campaign that does not exist', async () => {
    const r = await refused(`cell_number,data_date\n${good()}\n`, { tableName: 'No Such Campaign' });
    expect(r.status).toBe(404);
  });
});
