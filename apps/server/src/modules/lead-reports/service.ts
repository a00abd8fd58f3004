// The lead reports (docs/product.md §7 /api/file generateCsv, generateFullReportCsv): a campaign's leads streamed as CSV.
import type { Readable } from 'node:stream';
import { sql, type SelectQueryBuilder } from 'kysely';
import { FULL_REPORT_CALL_COLUMNS, GENERATED_FOR_D, localDateTimeText } from '@crm/shared';
import type { DB, Db } from '../../db/schema.ts';
import { findLeadLayout, toFlatLead, type LeadLayout, type LeadRow } from '../leads/layout.ts';
import { streamCsv, type CsvValue } from '../../http/csv-download.ts';

/** Leads read from the server-side cursor at a time: memory stays flat however large the report is. */
export const REPORT_BATCH_ROWS = 2000;

type LeadQuery<R extends LeadRow> = SelectQueryBuilder<DB, 'leads', R>;
/** The cells a report adds after the lead's layout columns, from its row. */
type ExtraCells<R extends LeadRow> = { columns: readonly string[]; cells: (row: R) => CsvValue[] };

function campaignLeads(db: Db, layout: LeadLayout): LeadQuery<LeadRow> {
  return db.selectFrom('leads').selectAll('leads').where('campaignId', '=', layout.campaignId);
}

/** Each lead's row; its createdAt as the call centre's wall clock, yyyy-MM-dd HH:mm:ss (the JSON replies keep ISO). */
async function* leadRecords<R extends LeadRow>(
  first: IteratorResult<R>,
  rows: AsyncIterator<R>,
  layout: LeadLayout,
  timeZone: string,
  extra: ExtraCells<R> | undefined,
): AsyncGenerator<CsvValue[]> {
  for (let next = first; !next.done; next = await rows.next()) {
    const lead = toFlatLead(next.value, layout);
    lead.createdAt = localDateTimeText(next.value.createdAt, timeZone);
    const cells = layout.columns.map((c) => lead[c] ?? null);
    yield extra === undefined ? cells : [...cells, ...extra.cells(next.value)];
  }
}

/** The leads of `query` as a CSV stream in the layout's columns (then `extra`'s), by data date then upload order. */
async function streamLeads<R extends LeadRow>(
  layout: LeadLayout,
  query: LeadQuery<R>,
  timeZone: string,
  extra?: ExtraCells<R>,
): Promise<Readable> {
  // One pool client with a cursor on it for the whole report: one snapshot, REPORT_BATCH_ROWS rows in memory.
  const rows = query.orderBy('dataDate').orderBy('id').stream(REPORT_BATCH_ROWS);
  // The first batch is read before any byte is sent, so a failing query is still a JSON error, not a cut-off file.
  const first = await rows.next();
  const csv = streamCsv(
    [...layout.columns, ...(extra?.columns ?? [])],
    leadRecords(first, rows, layout, timeZone, extra),
  );
  // However the download ends (complete, failed, the client gone), the cursor closes and its client goes back to the pool.
  csv.once('close', () => {
    // A cursor that cannot close (its connection lost) already failed the download; the pool discards that client.
    rows.return?.(undefined).catch(() => undefined);
  });
  return csv;
}

/** GET generateCsv: every generated lead of the date, called or not, of any generate or regenerate batch. */
export async function exportForDReport(
  db: Db,
  campaignName: string,
  dataDate: string,
  timeZone: string,
): Promise<Readable> {
  const layout = await findLeadLayout(db, campaignName);
  return streamLeads(
    layout,
    campaignLeads(db, layout).where('dataDate', '=', dataDate).where('forD', '=', GENERATED_FOR_D),
    timeZone,
  );
}

/**
 * GET generateFullReportCsv: every lead whose data date is in [startDate, endDate], whatever its state; after the
 * spec's columns, its calls (FULL_REPORT_CALL_COLUMNS): per lead one read of call_attempts_lead_idx from its newest.
 */
export async function exportFullReport(
  db: Db,
  campaignName: string,
  range: { startDate: string; endDate: string },
  timeZone: string,
): Promise<Readable> {
  const layout = await findLeadLayout(db, campaignName);
  const query = campaignLeads(db, layout)
    .where('dataDate', '>=', range.startDate)
    .where('dataDate', '<=', range.endDate)
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('callAttempts')
          .select([
            'callAttempts.dispositionName',
            'callAttempts.agentId',
            'callAttempts.endedAt',
            sql<number>`count(*) over ()::int`.as('attempts'),
          ])
          .whereRef('callAttempts.leadId', '=', 'leads.id')
          .orderBy('callAttempts.id', 'desc')
          .limit(1)
          .as('lastCall'),
      (join) => join.onTrue(),
    )
    .select([
      'lastCall.attempts',
      'lastCall.dispositionName as lastDisposition',
      'lastCall.agentId as lastAgent',
      'lastCall.endedAt as lastCallAt',
    ]);
  return streamLeads(layout, query, timeZone, {
    columns: FULL_REPORT_CALL_COLUMNS,
    cells: (r) => [
      r.attempts ?? 0,
      r.lastDisposition,
      r.lastAgent,
      r.lastCallAt === null ? null : localDateTimeText(r.lastCallAt, timeZone),
    ],
  });
}
