// The two summary files (docs/product.md §9): one row per agent, so small; written
// through exceljs's own rows, the daily one with its colour fills.
import type { Readable } from 'node:stream';
import { QC_EXPORTS, eachCalendarDay, type TQcColour, type TQcRangeQuery, type TTokenPayload } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { summariseAutomaticChecks, writeAutomaticChecksSheet } from './automatic-checks-sheet.ts';
import { summariseQcDay, summariseQcRange } from './summaries.ts';
import { addSheet, cellValue, openXlsx, runXlsx, type XlsxCell } from './xlsx-stream.ts';

/** The fill of the average's cell: Excel's standard Red, Yellow, Light Blue and Green. */
export const COLOUR_FILLS: Record<TQcColour, string> = {
  red: 'FFFF0000',
  yellow: 'FFFFFF00',
  blue: 'FF00B0F0',
  green: 'FF00B050',
};

export const DAILY_SUMMARY_HEADER = ['Agent Name', 'Agent Id', 'Red', 'Yellow', 'Blue', 'Green', 'Remarks'] as const;
const COLOUR_COLUMNS: readonly TQcColour[] = ['red', 'yellow', 'blue', 'green'];

const addRow = (sheet: ReturnType<typeof addSheet>, cells: readonly XlsxCell[]) => sheet.addRow(cells.map(cellValue));

/**
 * GET export/daily-summary: Daily_Qc_Summary_{date}.xlsx, sheet Agent Summaries. The day's average of each agent
 * is a number in its colour's column (Red under 70, Yellow under 80, Blue under 90, Green from 90), that cell
 * filled in the colour; the other three are empty. A second sheet, Automatic checks, gives the automatic checks of
 * the day's recordings per agent (automatic-checks-sheet.ts).
 */
export async function exportDailySummary(
  db: Db,
  user: TTokenPayload,
  date: string,
): Promise<{ fileName: string; file: Readable }> {
  const [agents, checks] = await Promise.all([summariseQcDay(db, user, date), summariseAutomaticChecks(db, date)]);
  const book = openXlsx({ useStyles: true });
  const file = runXlsx(book, async () => {
    const sheet = addSheet(book, QC_EXPORTS.dailySummary.sheet, DAILY_SUMMARY_HEADER, [24, 16, 10, 10, 10, 10, 60]);
    for (const a of agents) {
      const row = addRow(sheet, [
        a.agentName,
        a.agentId,
        ...COLOUR_COLUMNS.map((c) => (c === a.colour ? a.average : null)),
        a.suggestions,
      ]);
      row.getCell(3 + COLOUR_COLUMNS.indexOf(a.colour)).fill = {
        type: 'pattern',
        pattern: 'solid',
        fgColor: { argb: COLOUR_FILLS[a.colour] },
      };
      row.commit();
    }
    sheet.commit();
    writeAutomaticChecksSheet(book, checks);
  });
  return { fileName: QC_EXPORTS.dailySummary.fileName(date), file };
}

/** The monthly file's header: Agent Name, Agent Id, one column per day of the range, Sum, Count, Average. */
export function monthlySummaryHeader(range: TQcRangeQuery): string[] {
  return ['Agent Name', 'Agent Id', ...eachCalendarDay(range.startDate, range.endDate), 'Sum', 'Count', 'Average'];
}

/** GET export/monthly-summary: Monthly_Qc_Summary_{start}_to_{end}.xlsx, sheet Performance Summary; days without records are empty. */
export async function exportMonthlySummary(
  db: Db,
  user: TTokenPayload,
  range: TQcRangeQuery,
): Promise<{ fileName: string; file: Readable }> {
  const agents = await summariseQcRange(db, user, range);
  const header = monthlySummaryHeader(range);
  const book = openXlsx();
  const file = runXlsx(book, async () => {
    const sheet = addSheet(
      book,
      QC_EXPORTS.monthlySummary.sheet,
      header,
      header.map((_, i) => (i === 0 ? 24 : i === 1 ? 16 : 11)),
    );
    for (const a of agents) {
      addRow(sheet, [a.agentName, a.agentId, ...Object.values(a.dailyAverages), a.sum, a.count, a.average]).commit();
    }
    sheet.commit();
  });
  return { fileName: QC_EXPORTS.monthlySummary.fileName(range.startDate, range.endDate), file };
}
