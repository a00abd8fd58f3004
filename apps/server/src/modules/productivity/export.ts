// GET /api/productivity/export: the range's productivity as an xlsx, one sheet per grouping (Agent, Agent × day, Shift,
// Campaign, Day), each ending in its totals row. Small files (a row per agent-day at most), one read for every sheet.
import type { Readable } from 'node:stream';
import {
  PRODUCTIVITY_GROUPING_LABELS,
  durationText,
  productivityFileName,
  shiftLabel,
  type TProductivityExportQuery,
  type TProductivityGrouping,
  type TProductivityRow,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { addSheet, cellValue, openXlsx, runXlsx, type XlsxCell } from '../qc-reports/xlsx-stream.ts';
import { findEveryGrouping } from './service.ts';

/** The columns naming a row of each grouping. */
const HEADS: Record<
  TProductivityGrouping,
  { header: string[]; widths: number[]; cells: (r: TProductivityRow) => XlsxCell[] }
> = {
  agent: { header: ['Agent Id', 'Agent Name'], widths: [16, 24], cells: (r) => [r.agentId ?? '', r.agentName ?? ''] },
  agentDay: {
    header: ['Day', 'Agent Id', 'Agent Name'],
    widths: [12, 16, 24],
    cells: (r) => [r.day ?? '', r.agentId ?? '', r.agentName ?? ''],
  },
  shift: { header: ['Shift'], widths: [12], cells: (r) => [shiftLabel(r.shift ?? '')] },
  campaign: { header: ['Campaign'], widths: [24], cells: (r) => [r.campaignName ?? ''] },
  day: { header: ['Day'], widths: [12], cells: (r) => [r.day ?? ''] },
};

const FIGURES = [
  'Agents',
  'Signed In',
  'Signed In (s)',
  'Calls',
  'Completed',
  'Completion %',
  'Handle (s)',
  'Avg Handle (s)',
  'Calls per Hour',
  'Call Target',
  'Target %',
  'QC Records',
  'QC Average',
  'QC Passed',
  'QC Pass %',
  'Suspicious',
];

function figureCells(r: TProductivityRow, codes: string[]): XlsxCell[] {
  return [
    r.agents,
    durationText(r.signedInSeconds),
    r.signedInSeconds,
    r.calls,
    r.completed,
    r.completionRate,
    r.handleSeconds,
    r.averageHandleSeconds,
    r.callsPerHour,
    r.callTarget,
    r.targetRate,
    r.qcRecords,
    r.qcAverage,
    r.qcPassed,
    r.qcPassRate,
    r.suspicious,
    ...codes.map((code) => r.dispositions[code] ?? 0),
  ];
}

export async function exportProductivity(
  db: Db,
  timeZone: string,
  q: TProductivityExportQuery,
): Promise<{ fileName: string; file: Readable }> {
  const groupings = await findEveryGrouping(db, timeZone, q);
  const book = openXlsx();
  const file = runXlsx(book, async () => {
    for (const g of groupings) {
      const head = HEADS[g.groupBy];
      const ws = addSheet(
        book,
        PRODUCTIVITY_GROUPING_LABELS[g.groupBy],
        [...head.header, ...FIGURES, ...g.codes],
        [
          ...head.widths,
          ...FIGURES.map((f) => Math.max(10, f.length + 2)),
          ...g.codes.map((c) => Math.max(10, c.length + 2)),
        ],
      );
      for (const r of g.rows) ws.addRow([...head.cells(r), ...figureCells(r, g.codes)].map(cellValue)).commit();
      const label: XlsxCell[] = head.header.map((_, i) => (i === 0 ? 'Total' : null));
      ws.addRow([...label, ...figureCells(g.totals, g.codes)].map(cellValue)).commit();
      ws.commit();
    }
  });
  return { fileName: productivityFileName(q), file };
}
