// Lead CSV upload (docs/architecture.md §4): the file streams through a check of every row straight into leads by COPY,
// all in one transaction holding the campaign's lead lock; any bad row rolls it all back. Repeats (in the file
// or of stored leads) are skipped before COPY, so the leads are written once; so are numbers on a do-not-call list
// (docs/guide/dnc.md), read once into memory (or, for a very large list, looked up one query per chunk of rows).
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type pg from 'pg';
import {
  MESSAGES,
  leadUploadMessage,
  leadUploadRejectedMessage,
  type TLeadUploadRejected,
  type TLeadUploadResult,
  type TUploadRowError,
} from '@crm/shared';
import type { CountryCode } from 'libphonenumber-js';
import { sql } from 'kysely';
import { poolOf } from '../../db/database.ts';
import type { Db } from '../../db/schema.ts';
import { AppError, badRequest, conflict } from '../../http/errors.ts';
import { findLeadLayout } from '../leads/layout.ts';
import { lockCampaignLeadsOn } from '../leads/lock.ts';
import {
  PROGRESS_INTERVAL_MS,
  claimImport,
  startImportProgress,
  type ImportProgress,
  type TImportStart,
} from './import-progress.ts';
import { CsvSyntaxError } from './csv-reader.ts';
import { COPY_LEAD_COLUMNS } from './lead-csv.ts';
import { LeadCopyEncoder, LeadHeaderError, NotUtf8Error, type TFindListedNumbers } from './lead-streams.ts';
import { PhoneSet, type SeenFilter } from './seen-filter.ts';
import { ImportSlots, MAX_CONCURRENT_IMPORTS } from './lead-import-slots.ts';
import { recordAuditOn, type TAuditActor } from '../audit/record.ts';
import { classifyDatabaseError, isUniqueViolation } from '../../db/pg-errors.ts';

export type TLeadUpload = {
  campaignName: string;
  fileName: string;
  /** The file's bytes as they arrive. */
  file: Readable;
  importId: string | undefined;
  /** Who uploads it: the upload's record names them, and the audit log gets one entry with the counts. */
  actor: TAuditActor;
};

export type TLeadImportOutcome =
  { ok: true; result: TLeadUploadResult } | { ok: false; rejection: TLeadUploadRejected };

export const EMPTY_FILE_MESSAGE =
  'The file is empty: it needs a header row (cell_number, data_date, …) and at least one lead.';
export const NO_LEADS_MESSAGE = 'The file has a header row but no leads.';
export const NOT_UTF8_MESSAGE = 'The file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.';

const COPY_LEADS = `copy leads (${COPY_LEAD_COLUMNS.join(', ')}) from stdin`;
/** Should a lead be stored meanwhile all the same (by a writer that does not take the campaign's lock). */
export const CONCURRENT_DUPLICATE_MESSAGE =
  'Some of these leads were stored by another change made while the file was read; nothing was stored. Upload the file again.';

function rejection(
  message: string,
  rowsRead: number,
  errorCount: number,
  errors: TUploadRowError[],
): TLeadImportOutcome {
  return { ok: false, rejection: { message, rowsRead, errorCount, errors } };
}

/** A failure of the stream stages as the reply the admin sees; anything unexpected is thrown on. */
function readFailure(e: unknown, encoder: LeadCopyEncoder): TLeadImportOutcome {
  if (e instanceof LeadHeaderError) {
    const reasons = e.errors.map((x) => x.reason).join('; ');
    return rejection(`The header row does not fit this campaign: ${reasons}.`, 0, e.errors.length, e.errors);
  }
  if (e instanceof CsvSyntaxError) {
    return rejection(`The file is not valid CSV: row ${e.row}: ${e.reason}.`, encoder.rowsRead, 1, [
      { row: e.row, column: '', reason: e.reason },
    ]);
  }
  if (e instanceof NotUtf8Error) throw badRequest(NOT_UTF8_MESSAGE);
  if (isUniqueViolation(e)) throw conflict(CONCURRENT_DUPLICATE_MESSAGE);
  throw e;
}

/**
 * Takes the campaign's stored numbers of a date into the filter, read on another connection (the upload's own
 * is busy with COPY): what is committed is what counts, and the campaign's lock keeps its other writers out.
 * Streamed as COPY text, so a date with millions of stored leads costs only the filter's memory.
 */
function storedNumbersLoader(db: Db, campaignId: number): (date: string, seen: SeenFilter) => Promise<void> {
  return async (date, seen) => {
    // Both are checked values (an integer id, a yyyy-MM-dd date): COPY takes no parameters.
    if (!Number.isInteger(campaignId) || !/^\d{4}-\d{2}-\d{2}$/.test(date))
      throw new Error(`unexpected key ${campaignId} ${date}`);
    const client = await poolOf(db).connect();
    try {
      const out = client.query(
        copyTo(
          `copy (select cell_number from leads where campaign_id = ${campaignId} and data_date = '${date}') to stdout`,
        ),
      );
      let rest = '';
      for await (const chunk of out as AsyncIterable<Buffer>) {
        const lines = (rest + chunk.toString('utf8')).split('\n');
        rest = lines.pop() ?? '';
        for (const phone of lines) seen.add(date, phone);
      }
      if (rest !== '') seen.add(date, rest);
    } finally {
      client.release();
    }
  };
}

/** Up to this many numbers on the system's and the campaign's lists together are held in memory (16–32 bytes each). */
export const DNC_NUMBERS_HELD = 250_000;

/**
 * Which numbers of a chunk's rows are on the system's or the campaign's do-not-call list. The lists are read once,
 * at the first chunk: up to DNC_NUMBERS_HELD numbers (the usual case) are kept in a PhoneSet and each row costs one
 * lookup in memory, no query (a query per chunk was ~3,000 round trips for 1M rows, each holding up the stream). A
 * larger list is never loaded: then each chunk's numbers are looked up in one query on dnc_numbers_number_idx, on
 * another connection (the upload's own is busy with COPY), and only listed numbers come back.
 */
function listedNumbersFinder(db: Db, campaignId: number): TFindListedNumbers {
  let held: Promise<PhoneSet | undefined> | undefined;
  const queryChunk = async (phones: readonly string[]) => {
    const { rows } = await sql<{ phoneNumber: string }>`
      select distinct phone_number as "phoneNumber" from dnc_numbers
       where phone_number = any(${[...phones]}::text[]) and (campaign_id is null or campaign_id = ${campaignId})`.execute(
      db,
    );
    return new Set(rows.map((r) => r.phoneNumber));
  };
  return async (phones) => {
    held ??= loadListedNumbers(db, campaignId);
    const numbers = await held;
    if (numbers === undefined) return queryChunk(phones);
    const listed = new Set<string>();
    for (const phone of phones) if (numbers.has(phone)) listed.add(phone);
    return listed;
  };
}

/** The numbers of the system's and the campaign's lists, or undefined when they hold more than DNC_NUMBERS_HELD. */
async function loadListedNumbers(db: Db, campaignId: number): Promise<PhoneSet | undefined> {
  // On dnc_numbers_list_number_key: the two lists' entries only.
  const { rows } = await sql<{ phoneNumber: string }>`
    select phone_number as "phoneNumber" from dnc_numbers
     where coalesce(campaign_id, 0) in (0, ${campaignId}) limit ${DNC_NUMBERS_HELD + 1}`.execute(db);
  if (rows.length > DNC_NUMBERS_HELD) return undefined;
  const numbers = new PhoneSet();
  for (const r of rows) numbers.add(r.phoneNumber);
  return numbers;
}

/** Reads, checks and copies every new lead into leads on `client` (in its open transaction); null when all rows are good. */
async function copyRows(
  client: pg.PoolClient,
  file: Readable,
  encoder: LeadCopyEncoder,
  progress: ImportProgress,
): Promise<TLeadImportOutcome | null> {
  const copy = client.query(copyFrom(COPY_LEADS));
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
  if (encoder.errorCount > 0)
    return rejection(
      leadUploadRejectedMessage(encoder.errorCount),
      encoder.rowsRead,
      encoder.errorCount,
      encoder.errors,
    );
  if (!encoder.sawHeader) throw badRequest(EMPTY_FILE_MESSAGE);
  if (encoder.rowsRead === 0) throw badRequest(NO_LEADS_MESSAGE);
  if (copy.rowCount !== encoder.leadsWritten)
    throw new Error(`COPY stored ${copy.rowCount} leads of ${encoder.leadsWritten}`);
  return null;
}

/**
 * Runs the upload in one transaction. Its progress record is created once that transaction is open and has claimed
 * the upload, so from its first moment a sweep for abandoned uploads sees it alive. `started` receives the record's writer.
 */
async function storeLeads(
  db: Db,
  upload: TLeadUpload,
  start: TImportStart,
  encoder: LeadCopyEncoder,
  started: (p: ImportProgress) => void,
): Promise<TLeadImportOutcome> {
  const client = await poolOf(db).connect();
  let healthy = true;
  try {
    await client.query('begin');
    // Claimed before its record exists, for as long as this transaction lives: no sweep takes it for a dead one.
    await claimImport(client, start.importId);
    const progress = await startImportProgress(db, start);
    started(progress);
    // Held from the start: the stored leads the file is checked against stay as they are until the commit.
    await lockCampaignLeadsOn(client, start.campaignId);
    const refused = await copyRows(client, upload.file, encoder, progress);
    if (refused) {
      await client.query('rollback');
      return refused;
    }
    await progress.storing(encoder.rowsRead);
    const leadsAdded = encoder.leadsWritten;
    const { dncSkipped } = encoder;
    const duplicatesSkipped = encoder.rowsRead - leadsAdded - dncSkipped;
    const result = {
      message: leadUploadMessage(leadsAdded, duplicatesSkipped, dncSkipped),
      rowsRead: encoder.rowsRead,
      leadsAdded,
      duplicatesSkipped,
      dncSkipped,
    };
    // In the same transaction: a server killed around the commit leaves the leads and their 'done' record, or neither.
    await progress.doneOn(client, { status: 'done', ...result });
    await recordAuditOn(client, upload.actor, {
      action: 'upload',
      objectType: 'leads',
      objectId: upload.campaignName,
      changes: {
        after: { fileName: upload.fileName },
        counts: {
          rowsRead: encoder.rowsRead,
          leadsAdded,
          duplicatesSkipped,
          ...(dncSkipped > 0 ? { dncSkipped } : {}),
        },
      },
    });
    await client.query('commit');
    return { ok: true, result };
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

export const CONNECTION_LOST_MESSAGE =
  'The database connection was lost during the upload; nothing was stored. Upload the file again.';

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
const slots = new ImportSlots(MAX_CONCURRENT_IMPORTS);

export async function importLeads(db: Db, upload: TLeadUpload, phoneCountry: CountryCode): Promise<TLeadImportOutcome> {
  const release = slots.take();
  try {
    return await runImport(db, upload, phoneCountry);
  } finally {
    release();
  }
}

/** What the upload's record says when it failed for a reason other than the file. */
function failureMessage(e: unknown): string {
  if (e instanceof UploadInterruptedError) return e.message;
  const failure = classifyDatabaseError(e);
  if (failure === 'unavailable') return CONNECTION_LOST_MESSAGE;
  if (failure === 'disk-full') return `${MESSAGES.database.diskFull} Upload the file again once space has been freed.`;
  if (failure === 'busy') return MESSAGES.database.busy;
  return 'The upload failed; nothing was stored.';
}

async function runImport(db: Db, upload: TLeadUpload, phoneCountry: CountryCode): Promise<TLeadImportOutcome> {
  const layout = await findLeadLayout(db, upload.campaignName);
  const encoder = new LeadCopyEncoder(
    layout.custom,
    phoneCountry,
    layout.campaignId,
    storedNumbersLoader(db, layout.campaignId),
    listedNumbersFinder(db, layout.campaignId),
  );
  let progress: ImportProgress | undefined;
  const start = {
    importId: upload.importId,
    campaignId: layout.campaignId,
    userId: upload.actor.userId,
    fileName: upload.fileName,
  };
  try {
    const outcome = await storeLeads(
      db,
      { ...upload, campaignName: layout.campaignName },
      start,
      encoder,
      (p) => (progress = p),
    );
    if (!outcome.ok) {
      await progress?.end({
        status: 'rejected',
        rowsRead: outcome.rejection.rowsRead,
        errorCount: outcome.rejection.errorCount,
        message: outcome.rejection.message,
      });
    } else progress?.settled();
    return outcome;
  } catch (e) {
    const refused = e instanceof AppError;
    // Written now, or as soon as the database answers again if it is away: the screen never shows "running" for ever.
    await progress?.endEventually({
      status: refused ? 'rejected' : 'failed',
      rowsRead: encoder.rowsRead,
      errorCount: null,
      message: refused ? e.message : failureMessage(e),
    });
    throw e;
  }
}
