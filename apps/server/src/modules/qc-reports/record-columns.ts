// The 26 columns of a day's QC records (the older system's 26 headers, docs/product.md §9): the
// excel-print JSON keys, the two files' headers and the stored column each is read from, in export order.
import { z } from 'zod';
import { QC_CRITERIA, STANDARD_SCORECARD_ID, type TQcKind } from '@crm/shared';
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
 * as one field costs the reader far less than fourteen ('' on a record of another scorecard, whose 14 are null).
 * Total and grade as stored: a record keeps the total and grade of the version it was scored on.
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
    'agentGrade',
    'suggestion',
    'qcInspector',
  ] as const;
}

/** Fields read after selectRecordRow's: the record's version, and its marks unless it is on "Standard" (null then). */
export function selectVersionMarks(eb: ExpressionBuilder<DB, 'qcRecords'>) {
  return [
    'scorecardId',
    eb
      .case()
      .when('scorecardId', '<>', STANDARD_SCORECARD_ID)
      .then(eb.ref('marks'))
      .else(null)
      .end()
      .as('versionMarks'),
  ] as const;
}

/** How many fields selectRecordRow reads. */
export const RECORD_ROW_FIELDS = 13;

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
    agentGrade,
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
  const spec = text(scores);
  // A record of another scorecard has none of the 14: its marks are in its own columns (version-sheets.ts).
  if (spec === '') for (let i = 0; i < QC_CRITERIA.length; i++) cells.push(null);
  else for (const score of spec.split(',')) cells.push(Number(score));
  cells.push(text(fatalReason), text(eas), Number(total), text(agentGrade), text(suggestion), text(qcInspector));
  return cells;
}

/** The `scorecard` of an excel-print item of a record on another scorecard than "Standard" (additive). */
export const ZQcPrintScorecard = z.object({
  id: z.number().int(),
  scorecardId: z.number().int(),
  name: z.string(),
  version: z.number().int(),
  grade: z.string(),
  criteria: z.array(
    z.object({
      key: z.string(),
      section: z.string(),
      name: z.string(),
      question: z.string(),
      choice: z.string().nullable(),
      /** null: N/A. */
      marks: z.number().nullable(),
      comment: z.string(),
    }),
  ),
});
export type TQcPrintScorecard = z.infer<typeof ZQcPrintScorecard>;

/**
 * An excel-print item: the 26 keys in export order (a z.object keeps its shape's order when it serialises); a record
 * of another scorecard has the 14 spec keys null and its own criteria in `scorecard`.
 */
const printColumns: Record<
  string,
  z.ZodType<string | number | null | TQcPrintScorecard | undefined>
> = Object.fromEntries(RECORD_COLUMNS.map((c) => [c.key, c.type === 'number' ? z.number().nullable() : z.string()]));
export const ZQcPrintRow = z.object({ ...printColumns, scorecard: ZQcPrintScorecard.optional() });
/** The 26 keys of a record. */
export type TQcPrintRow = Record<string, string | number | null>;
/** An excel-print item: the 26 keys, and `scorecard` on a record of another scorecard. */
export type TQcPrintItem = z.infer<typeof ZQcPrintRow>;

/** The 26 keys of a record as read by selectRecordRow. */
export function toPrintRow(row: readonly unknown[]): TQcPrintRow {
  const cells = recordCells(row);
  return Object.fromEntries(RECORD_COLUMNS.map((c, i) => [c.key, cells[i] ?? null]));
}
