// Lead CSV upload (design.md §4): the file streams through a check of every row into a staging table by COPY,
// all in one transaction; any bad row rolls it all back, else the leads land with duplicates skipped.
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import type pg from 'pg';
import {
  UPLOAD_LEAD_COLUMNS,
  leadUploadMessage,
  leadUploadRejectedMessage,
  type TLeadUploadRejected,
  type TLeadUploadResult,
  type TUploadRowError,
} from '@crm/shared';
import type { CountryCode } from 'libphonenumber-js';
import { poolOf } from '../../db/database.ts';
import type { Db } from '../../db/schema.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { findLeadLayout } from '../leads/layout.ts';
import { lockCampaignLeadsOn } from '../leads/lock.ts';
import { PROGRESS_INTERVAL_MS, startImportProgress, type ImportProgress } from './import-progress.ts';
import { CsvSyntaxError } from './csv-reader.ts';
import { LeadCopyEncoder, LeadHeaderError, NotUtf8Error } from './lead-streams.ts';

export type TLeadUpload = {
  campaignName: string;
  fileName: string;
  /** The file's bytes as they arrive. */
  file: Readable;
  importId: string | undefined;
  userId: number | null;
};

export type TLeadImportOutcome = { ok: true; result: TLeadUploadResult } | { ok: false; rejection: TLeadUploadRejected };

export const EMPTY_FILE_MESSAGE = 'The file is empty: it needs a header row (cell_number, data_date, …) and at least one lead.';
export const NO_LEADS_MESSAGE = 'The file has a header row but no leads.';
export const NOT_UTF8_MESSAGE = 'The file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.';

const UPLOAD_COLUMN_LIST = UPLOAD_LEAD_COLUMNS.join(', ');
// Dropped with the transaction, whatever way it ends. row_no is the file's row (error reports, tests).
const CREATE_STAGING = `create temp table lead_upload (row_no integer not null, ${UPLOAD_LEAD_COLUMNS.map(
  (c) => `${c} ${c === 'data_date' ? 'date' : 'text'}`,
).join(', ')}, fields jsonb not null) on commit drop`;
const COPY_STAGING = `copy lead_upload (row_no, ${UPLOAD_COLUMN_LIST}, fields) from stdin`;
// Leads get their ids in file order, as the staging table holds its rows: COPY into a table created in the same
// transaction skips the free-space map, so rows are appended page after page, and a temporary table is never
// scanned in parallel or from a synchronized mid-table start. (ORDER BY row_no would cost an on-disk sort,
// ~2 s of a million rows; lead-upload.test.ts checks the order.)
const INSERT_STAGED = `insert into leads (campaign_id, ${UPLOAD_COLUMN_LIST}, fields)
  select $1, ${UPLOAD_COLUMN_LIST}, fields from lead_upload`;
const INSERT_STAGED_SKIPPING_DUPLICATES = `${INSERT_STAGED} on conflict (campaign_id, data_date, cell_number) do nothing`;

function rejection(message: string, rowsRead: number, errorCount: number, errors: TUploadRowError[]): TLeadImportOutcome {
  return { ok: false, rejection: { message, rowsRead, errorCount, errors } };
}

/** A failure of the stream stages as the reply the admin sees; anything unexpected is thrown on. */
function readFailure(e: unknown, encoder: LeadCopyEncoder): TLeadImportOutcome {
  if (e instanceof LeadHeaderError) {
    const reasons = e.errors.map((x) => x.reason).join('; ');
    return rejection(`The header row does not fit this campaign: ${reasons}.`, 0, e.errors.length, e.errors);
  }
  if (e instanceof CsvSyntaxError) {
    return rejection(`The file is not valid CSV: row ${e.row}: ${e.reason}.`, encoder.rowsRead, 1, [{ row: e.row, column: '', reason: e.reason }]);
  }
  if (e instanceof NotUtf8Error) throw badRequest(NOT_UTF8_MESSAGE);
  throw e;
}

/** Reads, checks and stages every row on `client` (in its open transaction); null when all of them are good. */
async function stageRows(client: pg.PoolClient, file: Readable, encoder: LeadCopyEncoder, progress: ImportProgress): Promise<TLeadImportOutcome | null> {
  await client.query(CREATE_STAGING);
  const copy = client.query(copyFrom(COPY_STAGING));
  // After a failure the stream may still report the COPY's own end; pipeline() has already settled by then.
  copy.on('error', () => undefined);
  const ticker = setInterval(() => progress.reading(encoder.rowsRead), PROGRESS_INTERVAL_MS);
  try {
    await pipeline(file, encoder, copy);
  } catch (e) {
    return readFailure(e, encoder);
  } finally {
    clearInterval(ticker);
  }
  if (encoder.errorCount > 0) return rejection(leadUploadRejectedMessage(encoder.errorCount), encoder.rowsRead, encoder.errorCount, encoder.errors);
  if (!encoder.sawHeader) throw badRequest(EMPTY_FILE_MESSAGE);
  if (encoder.rowsRead === 0) throw badRequest(NO_LEADS_MESSAGE);
  return null;
}

function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && 'code' in e && e.code === '23505';
}

/**
 * Moves the staged rows into leads (the campaign's lock held); returns how many landed. Skipping duplicates
 * costs ~20% of a big upload, so it is left out when none can occur: no lead of the file repeats another and
 * the campaign has no lead on the file's dates. Should one occur all the same, the plain insert is undone.
 */
async function insertStaged(client: pg.PoolClient, campaignId: number, encoder: LeadCopyEncoder): Promise<number> {
  if (!encoder.maybeRepeated) {
    const stored = await client.query<{ any: boolean }>(
      'select exists (select 1 from leads where campaign_id = $1 and data_date = any($2::date[])) as any',
      [campaignId, encoder.dataDates],
    );
    if (stored.rows[0]?.any === false) {
      await client.query('savepoint plain_insert');
      try {
        const inserted = await client.query(INSERT_STAGED, [campaignId]);
        await client.query('release savepoint plain_insert');
        return inserted.rowCount ?? 0;
      } catch (e) {
        if (!isUniqueViolation(e)) throw e;
        await client.query('rollback to savepoint plain_insert');
      }
    }
  }
  return (await client.query(INSERT_STAGED_SKIPPING_DUPLICATES, [campaignId])).rowCount ?? 0;
}

async function storeLeads(db: Db, campaignId: number, file: Readable, encoder: LeadCopyEncoder, progress: ImportProgress): Promise<TLeadImportOutcome> {
  const client = await poolOf(db).connect();
  let healthy = true;
  try {
    await client.query('begin');
    const refused = await stageRows(client, file, encoder, progress);
    if (refused) {
      await client.query('rollback');
      return refused;
    }
    await progress.storing(encoder.rowsRead);
    await lockCampaignLeadsOn(client, campaignId);
    const leadsAdded = await insertStaged(client, campaignId, encoder);
    await client.query('commit');
    const duplicatesSkipped = encoder.rowsRead - leadsAdded;
    return { ok: true, result: { message: leadUploadMessage(leadsAdded, duplicatesSkipped), rowsRead: encoder.rowsRead, leadsAdded, duplicatesSkipped } };
  } catch (e) {
    await client.query('rollback').catch(() => {
      healthy = false;
    });
    throw e;
  } finally {
    // A client whose rollback failed is in an unknown state: it is closed, not reused.
    client.release(!healthy);
  }
}

export const INTERRUPTED_MESSAGE = 'The upload stopped before the whole file arrived; nothing was stored.';

/** The file's stream broke off (the client hung up): a 400 if anyone is still listening. */
export class UploadInterruptedError extends Error {
  readonly statusCode = 400;
  constructor(readonly reason: unknown) {
    super(INTERRUPTED_MESSAGE);
  }
}

/**
 * POST /api/file/uploadCsv: stores the file's leads, or none of them. With an importId its progress is kept
 * in lead_imports (409 when that id was used before). 404 for an unknown campaign.
 */
export async function importLeads(db: Db, upload: TLeadUpload, phoneCountry: CountryCode): Promise<TLeadImportOutcome> {
  const layout = await findLeadLayout(db, upload.campaignName);
  const progress = await startImportProgress(db, { importId: upload.importId, campaignId: layout.campaignId, userId: upload.userId, fileName: upload.fileName });
  const encoder = new LeadCopyEncoder(layout.custom, phoneCountry);
  try {
    const outcome = await storeLeads(db, layout.campaignId, upload.file, encoder, progress);
    await progress.end(
      outcome.ok
        ? { status: 'done', ...outcome.result }
        : { status: 'rejected', rowsRead: outcome.rejection.rowsRead, errorCount: outcome.rejection.errorCount, message: outcome.rejection.message },
    );
    return outcome;
  } catch (e) {
    const refused = e instanceof AppError;
    await progress
      .end({ status: refused ? 'rejected' : 'failed', rowsRead: encoder.rowsRead, errorCount: null, message: refused || e instanceof UploadInterruptedError ? e.message : 'The upload failed; nothing was stored.' })
      .catch(() => undefined);
    throw e;
  }
}
