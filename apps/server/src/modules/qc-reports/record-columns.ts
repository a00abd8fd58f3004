// The 26 columns of a day's QC records (the older system's 26 headers, docs/product.md §9): the
// excel-print JSON keys, the two files' headers and the stored column each is read from, in export order.
import { z } from 'zod';
import { QC_CRITERIA, qcGrade, type TQcKind } from '@crm/shared';
import { sql, type ExpressionBuilder } from 'kysely';
import type { DB } from '../../db/schema.ts';

export type RecordColumn = {
  /** The excel-print key (the in-house header for the 14 criteria). */
  key: string;
  inHouseHeader: string;
  clientHeader: string;
  type: 'text' | 'number';
};

const plain = (key: string, header: string, type: RecordColumn['type'] = 'text'): RecordColumn => ({
  key,
  inHouseHeader: header,
  clientHeader: header,
  type,
});

export const RECORD_COLUMNS: readonly RecordColumn[] = [
  plain('callDate', 'Call Date'),
  plain('agentName', 'Agent Name'),
  plain('agentId', 'Id'),
  plain('campaignName', 'Campaign Name'),
  plain('consumerNumber', 'Consumer Number'),
  plain('duration', 'Duration', 'number'),
  ...QC_CRITERIA.map((c): RecordColumn => ({
    key: c.exportHeader,
    inHouseHeader: c.exportHeader,
    clientHeader: c.clientHeader,
    type: 'number',
  })),
  plain('fatalReason', 'Fatal Reason'),
  plain('easVoiceMatchedWithReport', 'EAS voice matched with report?'),
  plain('total', 'Total', 'number'),
  plain('agentGrade', 'Agent Grade'),
  // The client file titles the suggestion (the client record's suggestionMarks) Remarks.
  { key: 'suggestion', inHouseHeader: 'Suggestion', clientHeader: 'Remarks', type: 'text' },
  plain('qcInspector', 'QC By'),
];

export function recordHeaders(kind: TQcKind): string[] {
  return RECORD_COLUMNS.map((c) => (kind === 'in-house' ? c.inHouseHeader : c.clientHeader));
}

/**
 * What a record is read as, in this order (array rows): the 14 scores come as one text 'a,b,…' (QC_CRITERIA order),
 * as one field costs the reader far less than fourteen. Grade is derived from total, as everywhere.
 */
export function selectRecordRow(eb: ExpressionBuilder<DB, 'qcRecords'>) {
  return [
    'callDate',
    'agentName',
    'agentId',
    'campaignName',
    'consumerNumber',
    'duration',
    sql<string>`concat_ws(',', ${sql.join(QC_CRITERIA.map((c) => eb.ref(c.key)))})`.as('scores'),
    'fatalReason',
    'easVoiceMatchedWithReport',
    'total',
    'suggestion',
    'qcInspector',
  ] as const;
}

export type RecordCell = string | number | null;

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** One record as read by selectRecordRow, as the export's 26 cells. */
export function recordCells(row: readonly unknown[]): RecordCell[] {
  const [
    callDate,
    agentName,
    agentId,
    campaignName,
    consumerNumber,
    duration,
    scores,
    fatalReason,
    eas,
    total,
    suggestion,
    qcInspector,
  ] = row;
  const cells: RecordCell[] = [
    text(callDate),
    text(agentName),
    text(agentId),
    text(campaignName),
    text(consumerNumber),
    duration === null || duration === undefined ? null : Number(duration),
  ];
  for (const score of text(scores).split(',')) cells.push(Number(score));
  cells.push(text(fatalReason), text(eas), Number(total), qcGrade(Number(total)), text(suggestion), text(qcInspector));
  return cells;
}

/** An excel-print item: the 26 keys in export order (a z.object keeps its shape's order when it serialises). */
export const ZQcPrintRow = z.object(
  Object.fromEntries(RECORD_COLUMNS.map((c) => [c.key, c.type === 'number' ? z.number().nullable() : z.string()])),
);
export type TQcPrintRow = z.infer<typeof ZQcPrintRow>;

export function toPrintRow(row: readonly unknown[]): TQcPrintRow {
  const cells = recordCells(row);
  return Object.fromEntries(RECORD_COLUMNS.map((c, i) => [c.key, cells[i] ?? null]));
}
