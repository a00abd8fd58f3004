// Helpers of the lead upload tests: real multipart uploads, a campaign with its data table, and the stored leads.
import { expect } from 'vitest';
import { ZLeadUploadRejected, type TLeadUploadRejected } from '@crm/shared';
import type { App } from '../app-type.ts';
import type { Db } from '../db/schema.ts';
import { createCampaign, type Reply } from './harness.ts';

export type UploadOptions = {
  tableName?: string;
  /** Send tableName as a form field before the file instead of in the query. */
  tableNameAsField?: boolean;
  /** Send this tableName as a form field after the file, as the older client does. */
  tableNameAfterFile?: string;
  importId?: string;
  fileName?: string;
  field?: string;
};

/** POSTs a real multipart/form-data body, built by the platform's FormData, to /api/file/uploadCsv. */
export async function uploadLeads(
  app: App,
  token: string | undefined,
  content: string | Buffer,
  options: UploadOptions = {},
): Promise<Reply> {
  const form = new FormData();
  if (options.tableNameAsField && options.tableName !== undefined) form.append('tableName', options.tableName);
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : new Uint8Array(content);
  form.append(options.field ?? 'file', new Blob([bytes], { type: 'text/csv' }), options.fileName ?? 'leads.csv');
  if (options.tableNameAfterFile !== undefined) form.append('tableName', options.tableNameAfterFile);
  const encoded = new Response(form);
  const query = new URLSearchParams();
  if (options.tableName !== undefined && !options.tableNameAsField) query.set('tableName', options.tableName);
  if (options.importId !== undefined) query.set('importId', options.importId);
  const res = await app.inject({
    method: 'POST',
    url: `/api/file/uploadCsv${query.size > 0 ? `?${query.toString()}` : ''}`,
    headers: {
      'content-type': encoded.headers.get('content-type') ?? '',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  const isJson = String(res.headers['content-type'] ?? '').includes('application/json');
  const parsed: unknown = isJson && res.body ? JSON.parse(res.body) : res.body;
  return { status: res.statusCode, body: parsed, headers: res.headers, text: res.body, json: <T>() => parsed as T };
}

/** A fresh campaign whose data table has these columns (none: no data table). */
export async function campaignWithColumns(
  db: Db,
  columns: string[] = [],
): Promise<{ id: number; campaignName: string }> {
  const campaign = await createCampaign(db);
  if (columns.length > 0)
    await db
      .insertInto('dataTables')
      .values({ campaignId: campaign.id, name: campaign.campaignName, columns })
      .execute();
  return { id: campaign.id, campaignName: campaign.campaignName };
}

export async function countLeads(db: Db): Promise<number> {
  const row = await db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The campaign's leads in id (upload) order, with the columns a test looks at. */
export async function storedLeads(db: Db, campaignId: number) {
  return db
    .selectFrom('leads')
    .select([
      'id',
      'cellNumber',
      'dataDate',
      'did',
      'dataStatus',
      'brId',
      'region',
      'respondentName',
      'targetSelector',
      'forD',
      'generateStatus',
      'isCalled',
      'fields',
    ])
    .where('campaignId', '=', campaignId)
    .orderBy('id')
    .execute();
}

/** A 400 with the rejection report; returns it. */
export function expectRejected(r: Reply): TLeadUploadRejected {
  expect(r.status, r.text).toBe(400);
  return ZLeadUploadRejected.parse(r.body);
}

let n = 0;
/** A unique Bangladeshi mobile number as a spreadsheet holds it (01…) and its stored form. */
export function nextPhone(): { local: string; e164: string } {
  n += 1;
  const subscriber = String(20_000_000 + n);
  return { local: `017${subscriber}`, e164: `+88017${subscriber}` };
}
