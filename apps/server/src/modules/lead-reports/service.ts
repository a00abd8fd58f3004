// The lead reports (docs/product.md §7 /api/file generateCsv, generateFullReportCsv): a campaign's leads streamed as CSV.
import type { Readable } from 'node:stream';
import type { SelectQueryBuilder } from 'kysely';
import { GENERATED_FOR_D, localDateTimeText } from '@crm/shared';
import type { DB, Db } from '../../db/schema.ts';
import { findLeadLayout, toFlatLead, type LeadLayout, type LeadRow } from '../leads/layout.ts';
import { streamCsv, type CsvValue } from './report-csv.ts';

/** Leads read from the server-side cursor at a time: memory stays flat however large the report is. */
export const REPORT_BATCH_ROWS = 2000;

type LeadQuery = SelectQueryBuilder<DB, 'leads', LeadRow>;

function campaignLeads(db: Db, layout: LeadLayout): LeadQuery {
  return db.selectFrom('leads').selectAll().where('campaignId', '=', layout.campaignId);
}

/** Each lead's row; its createdAt as the call centre's wall clock, yyyy-MM-dd HH:mm:ss (the JSON replies keep ISO). */
async function* leadRecords(first: IteratorResult<LeadRow>, rows: AsyncIterator<LeadRow>, layout: LeadLayout, timeZone: string): AsyncGenerator<CsvValue[]> {
  for (let next = first; !next.done; next = await rows.next()) {
    const lead = toFlatLead(next.value, layout);
    lead.createdAt = localDateTimeText(next.value.createdAt, timeZone);
    yield layout.columns.map((c) => lead[c] ?? null);
  }
}

/** The leads of `query` as a CSV stream in the layout's columns, by data date then upload order. */
async function streamLeads(layout: LeadLayout, query: LeadQuery, timeZone: string): Promise<Readable> {
  // One pool client with a cursor on it for the whole report: one snapshot, REPORT_BATCH_ROWS rows in memory.
  const rows = query.orderBy('dataDate').orderBy('id').stream(REPORT_BATCH_ROWS);
  // The first batch is read before any byte is sent, so a failing query is still a JSON error, not a cut-off file.
  const first = await rows.next();
  const csv = streamCsv(layout.columns, leadRecords(first, rows, layout, timeZone));
  // However the download ends (complete, failed, the client gone), the cursor closes and its client goes back to the pool.
  csv.once('close', () => {
    // A cursor that cannot close (its connection lost) already failed the download; the pool discards that client.
    rows.return?.(undefined).catch(() => undefined);
  });
  return csv;
}

/** GET generateCsv: every generated lead of the date, called or not, of any generate or regenerate batch. */
export async function exportForDReport(db: Db, campaignName: string, dataDate: string, timeZone: string): Promise<Readable> {
  const layout = await findLeadLayout(db, campaignName);
  return streamLeads(layout, campaignLeads(db, layout).where('dataDate', '=', dataDate).where('forD', '=', GENERATED_FOR_D), timeZone);
}

/** GET generateFullReportCsv: every lead whose data date is in [startDate, endDate], whatever its state. */
export async function exportFullReport(db: Db, campaignName: string, range: { startDate: string; endDate: string }, timeZone: string): Promise<Readable> {
  const layout = await findLeadLayout(db, campaignName);
  return streamLeads(layout, campaignLeads(db, layout).where('dataDate', '>=', range.startDate).where('dataDate', '<=', range.endDate), timeZone);
}
