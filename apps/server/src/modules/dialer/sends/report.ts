// A send's report (GET /api/dialer/sends/{id}/report): one CSV row per lead with its outcome, streamed by lead id.
import type { Readable } from 'node:stream';
import { SEND_REPORT_COLUMNS, localDateTimeText } from '@crm/shared';
import type { Db } from '../../../db/schema.ts';
import { streamCsv, type CsvValue } from '../../../http/csv-download.ts';
import { findSend } from './service.ts';

const BATCH_ROWS = 2000;

/** 'send-12-Campaign-2026-11-26.csv', with only safe characters in the campaign's part. */
export function sendReportFileName(id: number, campaignName: string, date: string): string {
  return `send-${id}-${campaignName.replace(/[^A-Za-z0-9_-]+/g, '_')}-${date}.csv`;
}

export async function exportSendReport(
  db: Db,
  id: number,
  timeZone: string,
): Promise<{ fileName: string; csv: Readable }> {
  const send = await findSend(db, id, timeZone);
  const rows = db
    .selectFrom('dialerSendLeads')
    .select(['leadId', 'phoneNumber', 'outcome', 'message', 'attempts', 'vicidialLeadId', 'sentAt'])
    .where('sendId', '=', id)
    .orderBy('leadId')
    .stream(BATCH_ROWS);
  async function* records(): AsyncGenerator<CsvValue[]> {
    for await (const r of rows) {
      // 'pending' and 'sending' are both "not sent yet" to the reader of a report.
      const outcome = r.outcome === 'sending' ? 'pending' : r.outcome;
      yield [
        r.leadId,
        r.phoneNumber,
        outcome,
        r.message,
        r.attempts,
        r.vicidialLeadId,
        r.sentAt ? localDateTimeText(r.sentAt, timeZone) : null,
      ];
    }
  }
  const csv = streamCsv(SEND_REPORT_COLUMNS, records());
  return { fileName: sendReportFileName(id, send.campaignName, send.date), csv };
}
