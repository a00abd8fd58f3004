// The do-not-call CSV upload (docs/guide/dnc.md): header `number`, one number a row, read as it streams in with the lead
// upload's CSV reader. All or nothing: any bad row refuses the whole file with a per-row report; numbers the list
// has already (or the file repeats) count as "already listed".
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { sql } from 'kysely';
import type { CountryCode } from 'libphonenumber-js';
import {
  DNC_MESSAGES,
  dncUploadMessage,
  dncUploadRejectedMessage,
  normalisePhone,
  type TDncUploadRejected,
  type TDncUploadResult,
  type TUploadRowError,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';
import { CsvReader, CsvSyntaxError } from '../lead-import/csv-reader.ts';
import { queueDncSync } from '../../db/dialer-sync-queue.ts';
import { SYSTEM_LIST, listIdOf } from './service.ts';

/** Rows reported in a refusal at most (the count says how many there were). */
export const MAX_REPORTED_ERRORS = 100;
/** Numbers inserted per statement. */
const BATCH = 5000;

export type TDncUploadOutcome = { ok: true; result: TDncUploadResult } | { ok: false; rejection: TDncUploadRejected };

type TParsed = {
  numbers: Set<string>;
  rowsRead: number;
  repeats: number;
  errorCount: number;
  errors: TUploadRowError[];
};

/** Reads the file: each row's number normalised to E.164, or a reported error. Row numbers count the header as 1. */
export async function readDncFile(file: Readable, country: CountryCode): Promise<TParsed> {
  const parsed: TParsed = { numbers: new Set(), rowsRead: 0, repeats: 0, errorCount: 0, errors: [] };
  const report = (error: TUploadRowError) => {
    parsed.errorCount += 1;
    if (parsed.errors.length < MAX_REPORTED_ERRORS) parsed.errors.push(error);
  };
  let column = -1;
  let row = 0;
  const reader = new CsvReader((fields) => {
    row += 1;
    if (row === 1) {
      column = fields.findIndex(
        (f) =>
          f
            .trim()
            .replace(/^\uFEFF/, '')
            .toLowerCase() === 'number',
      );
      if (column === -1) throw badRequest(DNC_MESSAGES.noHeader);
      return;
    }
    if (fields.length === 1 && fields[0]?.trim() === '') return;
    parsed.rowsRead += 1;
    const raw = (fields[column] ?? '').trim();
    const phone = normalisePhone(raw, country);
    if (!phone)
      return report({
        row,
        column: 'number',
        reason: raw === '' ? 'the number is missing' : `"${raw}" is not a phone number`,
      });
    if (parsed.numbers.has(phone)) parsed.repeats += 1;
    else parsed.numbers.add(phone);
  });
  const decoder = new StringDecoder('utf8');
  try {
    for await (const chunk of file) reader.write(typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer));
    reader.write(decoder.end());
    reader.end();
  } catch (e) {
    if (e instanceof CsvSyntaxError) report({ row: e.row, column: 'number', reason: e.reason });
    else throw e;
  }
  if (row === 0) throw badRequest(DNC_MESSAGES.noHeader);
  return parsed;
}

/** Reads the whole file, then stores its new numbers in one transaction (nothing when any row is bad). */
export async function uploadDncFile(
  db: Db,
  file: Readable,
  campaignName: string | undefined,
  actor: TAuditActor,
  country: CountryCode,
  cutShort: () => boolean = () => false,
): Promise<TDncUploadOutcome> {
  const campaignId = await listIdOf(db, campaignName);
  const parsed = await readDncFile(file, country);
  if (cutShort()) throw new AppError('PAYLOAD_TOO_LARGE', DNC_MESSAGES.tooLarge);
  if (parsed.errorCount > 0) {
    return {
      ok: false,
      rejection: {
        message: dncUploadRejectedMessage(parsed.errorCount),
        rowsRead: parsed.rowsRead,
        errorCount: parsed.errorCount,
        errors: parsed.errors,
      },
    };
  }
  if (parsed.rowsRead === 0) throw badRequest(DNC_MESSAGES.empty);
  const numbers = [...parsed.numbers];
  const added = await db.transaction().execute(async (trx) => {
    let count = 0;
    for (let i = 0; i < numbers.length; i += BATCH) {
      const batch = numbers.slice(i, i + BATCH);
      const { rows } = await sql<{ id: number }>`
        insert into dnc_numbers (campaign_id, phone_number, reason, added_by_id, added_by)
        select ${campaignId}::integer, n, 'Uploaded', ${actor.userId}::integer, ${actor.username}
        from unnest(${batch}::text[]) as n
        on conflict (coalesce(campaign_id, 0), phone_number) do nothing
        returning id`.execute(trx);
      count += rows.length;
      // The new numbers reach the dialer too, in this transaction (dialer-sync).
      await queueDncSync(
        trx,
        rows.map((r) => r.id),
      );
    }
    const list = campaignId === null ? SYSTEM_LIST : (campaignName ?? '').trim();
    await recordAudit(trx, actor, {
      action: 'upload',
      objectType: 'dnc',
      objectId: list,
      changes: { counts: { rowsRead: parsed.rowsRead, added: count, alreadyListed: parsed.rowsRead - count } },
    });
    return count;
  });
  const alreadyListed = parsed.rowsRead - added;
  return {
    ok: true,
    result: { message: dncUploadMessage(added, alreadyListed), rowsRead: parsed.rowsRead, added, alreadyListed },
  };
}
