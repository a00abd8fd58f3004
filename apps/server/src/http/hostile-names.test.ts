// Hostile names for campaigns, data table columns and questions: quotes, semicolons, SQL, Bengali, emoji, RTL text
// and 1,000 characters. Each is either accepted and stored exactly (the round trip shows the same text and only the
// table it belongs to changed) or refused with a 400 that says why (a length limit) and nothing changed. Never a 500.
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  controlCharsMessage,
  MAX_CAMPAIGN_TEXT_LENGTH,
  MAX_COLUMN_NAME_LENGTH,
  MAX_QUESTION_TITLE_LENGTH,
  type TCampaign,
  type TDataTable,
  type TQuestion,
} from '@crm/shared';
import { campaignWithColumns, nextPhone, storedLeads, uploadLeads } from '../test/lead-upload-support.ts';
import { type Caller, createCampaign, tokenForRole, type Reply, useTestApp } from '../test/harness.ts';
import { changedTables, checksumTables } from '../test/table-checksums.ts';

const t = useTestApp();
let admin: Caller;

beforeAll(async () => {
  admin = await t.callerFor('admin');
  // Something in the tables besides what each case adds.
  await createCampaign(t.db, { campaignName: 'Existing' });
});

/** Names every field must take as they are: none is blank, longer than any limit, or holds a comma. */
const ACCEPTED: [string, string][] = [
  ['single and double quotes', `O'Brien "Best" Survey`],
  ['semicolons', 'North; South; East'],
  ['SQL', "'; drop table leads; --"],
  ['SQL with a comment and a union', 'x" union select password_hash from users /*'],
  ['Bengali', 'বসন্ত জরিপ ২০২৬'],
  ['emoji', 'Spring 🎉🚀 Survey'],
  ['Arabic (right to left)', 'استطلاع الربيع'],
  ['backslashes and percent signs', 'C:\\x\\%_%'],
  ['HTML', '<b>bold</b> & <i>it</i>'],
];
const THOUSAND = 'n'.repeat(1000);
/** Shows as "invoiceexe.png": a data-table column may hold it (stored exactly); a name shown in screens and files may not. */
const RTL_OVERRIDE = 'invoice\u202Egnp.exe';

/** Calls, and returns the reply with the tables that changed. */
async function withChanges(send: () => Promise<Reply>): Promise<{ r: Reply; changed: string[] }> {
  const before = await checksumTables(t.db);
  const r = await send();
  return { r, changed: changedTables(before, await checksumTables(t.db)) };
}

let n = 0;
const code = () => `HN-${++n}`;

describe('campaign names', () => {
  it.each(ACCEPTED)('with %s: accepted and stored exactly; only campaigns changed', async (_case, name) => {
    const { r, changed } = await withChanges(() =>
      admin.post('/cc/addCampaign', {
        campaignType: 'Outbound',
        campaignName: name,
        campaignId: code(),
        callTarget: 5,
      }),
    );
    expect(r.status, r.text).toBe(200);
    expect(changed).toEqual(['audit_log', 'campaigns']);
    const stored = r.json<TCampaign>();
    expect(stored.campaignName).toBe(name);
    expect((await admin.get(`/cc/campaign/${stored.id}`)).json<TCampaign>().campaignName).toBe(name);
    // A campaign name travels in paths and queries too; it reaches its own (empty) data, nothing else.
    expect((await admin.get(`/dynamic/unique_data_dates/${encodeURIComponent(name)}`)).body).toEqual([]);
    expect((await admin.get(`/questions/getToSetLogic/${encodeURIComponent(name)}`)).body).toEqual([]);
    // Renamed to itself with a campaign code just as hostile: stored exactly too.
    const update = await admin.put('/cc/updateCampaign', {
      id: stored.id,
      campaignName: name,
      campaignId: `${name.slice(0, 40)}-${stored.id}`,
    });
    expect(update.status, update.text).toBe(200);
    expect(update.json<TCampaign>().campaignId).toBe(`${name.slice(0, 40)}-${stored.id}`);
  });

  it.each([
    ['a line break', 'Spring\r\nSurvey'],
    ['a line break at the end', 'Spring Survey\n'],
    ['a tab', 'Spring\tSurvey'],
    ['a NUL character', 'Spring\u0000'],
    ['a C1 control character', 'Spring\u0085Survey'],
    ['an RTL override character', RTL_OVERRIDE],
  ])('with %s: refused (400) naming the field, nothing changed (issue 33)', async (_case, name) => {
    const { r, changed } = await withChanges(() =>
      admin.post('/cc/addCampaign', {
        campaignType: 'Outbound',
        campaignName: name,
        campaignId: code(),
        callTarget: 5,
      }),
    );
    expect([r.status, r.json<{ message: string }>().message]).toEqual([
      400,
      `body.campaignName: ${controlCharsMessage('campaignName')}`,
    ]);
    expect(changed).toEqual([]);
  });

  it(`of 1,000 characters: refused (400, at most ${MAX_CAMPAIGN_TEXT_LENGTH}), nothing changed`, async () => {
    const { r, changed } = await withChanges(() =>
      admin.post('/cc/addCampaign', { campaignType: 'Inbound', campaignName: THOUSAND, campaignId: code() }),
    );
    expect([r.status, r.json<{ message: string }>().message]).toEqual([
      400,
      `body.campaignName: campaignName must be at most ${MAX_CAMPAIGN_TEXT_LENGTH} characters`,
    ]);
    expect(changed).toEqual([]);
  });
});

describe('data table column names', () => {
  it('with quotes, semicolons, SQL, Bengali, emoji, RTL text: accepted and stored exactly; only data_tables changed; the template lists them', async () => {
    const campaign = await createCampaign(t.db);
    const columns = [...ACCEPTED.map(([, name]) => name), RTL_OVERRIDE];
    const { r, changed } = await withChanges(() =>
      admin.post('/dt/addDataTables', { campaignName: campaign.campaignName, numberOfField: columns.length, columns }),
    );
    expect(r.status, r.text).toBe(200);
    expect(changed).toEqual(['audit_log', 'data_tables']);
    expect(r.json<TDataTable>().columns).toEqual(columns);
    const all = (await admin.get('/dt/viewAllDataTables')).json<TDataTable[]>();
    expect(all.find((d) => d.campaignName === campaign.campaignName)?.columns).toEqual(columns);
    const template = await admin.get(
      `/api/file/download/columns/csv?tableName=${encodeURIComponent(campaign.campaignName)}`,
    );
    expect(template.status).toBe(200);
    const [header = []] = parse(template.text, { bom: true }) as string[][];
    expect(header.slice(-columns.length)).toEqual(columns);
  });

  it.each([
    [
      '1,000 characters',
      THOUSAND,
      `Column name "${THOUSAND.slice(0, 20)}…" is longer than ${MAX_COLUMN_NAME_LENGTH} characters`,
    ],
    ['a comma (it would split into two columns)', 'a, b', 'Column name "a, b" may not contain a comma'],
    ['a default lead column, with spaces around', ' cell_number ', 'Column name "cell_number" already exists!'],
    ['a tab inside', 'Shop\tsize', 'Column name "Shop\\tsize" may not contain control characters (tabs, line breaks…)'],
    [
      'a line break at the end',
      'Shop\n',
      'Column name "Shop\\n" may not contain control characters (tabs, line breaks…)',
    ],
    [
      'a tab first (a formula start too)',
      '\t=1+1',
      'Column name "\\t=1+1" may not contain control characters (tabs, line breaks…)',
    ],
    [
      'a CR first (a formula start too)',
      '\r=1+1',
      'Column name "\\r=1+1" may not contain control characters (tabs, line breaks…)',
    ],
    [
      'a NUL character',
      'Shop\u0000',
      'Column name "Shop\\u0000" may not contain control characters (tabs, line breaks…)',
    ],
    ...['=HYPERLINK("http://evil.example")', '+SUM(1)', '-2+3', '@SUM(1)'].map((name) => [
      `a formula start (${name[0]})`,
      name,
      `Column name "${name}" may not start with =, +, - or @ (a spreadsheet would read it as a formula)`,
    ]),
  ])('with %s: refused (400) saying why, nothing changed', async (_case, name, message) => {
    const campaign = await createCampaign(t.db);
    const { r, changed } = await withChanges(() =>
      admin.post('/dt/addDataTables', { campaignName: campaign.campaignName, numberOfField: 1, columns: [name] }),
    );
    expect([r.status, r.json<{ message: string }>().message]).toEqual([400, message]);
    expect(changed).toEqual([]);
  });
});

describe('data table column names with quotes and backslashes: values filed and exported under exactly that name', () => {
  const NAMES = ['Shop "A"', 'C:\\x\\n', 'end\\', '\\"', 'plain'];
  const csvCell = (v: string) => `"${v.replace(/"/g, '""')}"`;

  /** Uploads rows of (value per column) to the campaign; returns what each lead stored in `fields`, in row order. */
  async function uploadAndRead(campaign: { id: number; campaignName: string }, names: string[], rows: string[][]) {
    const token = await tokenForRole(t.app, 'admin');
    const csv = [
      ['cell_number', 'data_date', ...names].map(csvCell).join(','),
      ...rows.map((r) => [nextPhone().local, '2024-05-01', ...r].map(csvCell).join(',')),
    ].join('\n');
    const r = await uploadLeads(t.app, token, csv, { tableName: campaign.campaignName });
    expect(r.status, r.text).toBe(200);
    return (await storedLeads(t.db, campaign.id)).map((l) => l.fields);
  }

  it('accepted at creation; plain rows and rows with escapes store each value under its exact name; the report exports them back', async () => {
    const campaign = await createCampaign(t.db);
    const created = await admin.post('/dt/addDataTables', {
      campaignName: campaign.campaignName,
      numberOfField: NAMES.length,
      columns: NAMES,
    });
    expect(created.status, created.text).toBe(200);
    const rows = [
      NAMES.map((_, i) => `v${i}`), // plain: nothing COPY or JSON would escape
      NAMES.map((_, i) => `say "hi" \\ ${i}\tx`), // quotes, a backslash and a tab in every value
    ];
    const fields = await uploadAndRead(campaign, NAMES, rows);
    expect(fields).toEqual(rows.map((r) => Object.fromEntries(NAMES.map((n, i) => [n, r[i]]))));

    const report = await admin.get(
      `/api/file/generateFullReportCsv?${new URLSearchParams({ tableName: campaign.campaignName, startDate: '2024-05-01', endDate: '2024-05-01' }).toString()}`,
    );
    expect(report.status, report.text).toBe(200);
    const [header = [], ...records] = parse(report.text, { bom: true }) as string[][];
    for (const [i, name] of NAMES.entries()) {
      expect(header).toContain(name);
      expect(records.map((cells) => cells[header.indexOf(name)])).toEqual(rows.map((r) => r[i]));
    }
  });

  it('a name with a control character stored before they were refused still files its values under exactly that name', async () => {
    const names = ['tab\there', 'new\nline', 'back\\n'];
    const campaign = await campaignWithColumns(t.db, names);
    const rows = [
      ['a', 'b', 'c'],
      ['"a"', 'b\\', 'c\nd'],
    ];
    expect(await uploadAndRead(campaign, names, rows)).toEqual(
      rows.map((r) => Object.fromEntries(names.map((n, i) => [n, r[i]]))),
    );
  });
});

describe('question titles and options', () => {
  let campaignName: string;
  beforeAll(async () => {
    campaignName = (await createCampaign(t.db)).campaignName;
  });

  it.each(ACCEPTED)(
    "with %s: accepted and stored exactly; only questions (and the campaign's next number) changed",
    async (_case, text) => {
      const row = {
        campaignId: campaignName,
        title: text,
        type: 'Select Option',
        options: `${text.replace(/,/g, '')} A, ${text.replace(/,/g, '')} B`,
        instruction: text,
      };
      const { r, changed } = await withChanges(() => admin.post('/questions/add', [row]));
      expect(r.status, r.text).toBe(200);
      expect(changed).toEqual(['audit_log', 'campaigns', 'questions']);
      const [stored] = r.json<TQuestion[]>();
      const again = (await admin.get(`/questions/getQuestion/${stored?.id}`)).json<TQuestion>();
      expect({ title: again.title, options: again.options, instruction: again.instruction }).toEqual({
        title: text,
        options: row.options,
        instruction: text,
      });
    },
  );

  it(`of 1,000 characters: refused (400, at most ${MAX_QUESTION_TITLE_LENGTH}), nothing changed`, async () => {
    const { r, changed } = await withChanges(() =>
      admin.post('/questions/add', [{ campaignId: campaignName, title: THOUSAND, type: 'Number' }]),
    );
    expect([r.status, r.json<{ message: string }>().message]).toEqual([
      400,
      `Question 1: title must be at most ${MAX_QUESTION_TITLE_LENGTH} characters`,
    ]);
    expect(changed).toEqual([]);
  });

  it('renamed by PUT updateQuestion to each hostile title: stored exactly', async () => {
    const [q] = (
      await admin.post('/questions/add', [{ campaignId: campaignName, title: 'Plain', type: 'Text Input' }])
    ).json<TQuestion[]>();
    for (const [, title] of ACCEPTED) {
      const r = await admin.put('/questions/updateQuestion', { id: q?.id, title, type: 'Text Input', status: true });
      expect(r.status, r.text).toBe(200);
      expect((await admin.get(`/questions/getQuestion/${q?.id}`)).json<TQuestion>().title).toBe(title);
    }
  });
});
