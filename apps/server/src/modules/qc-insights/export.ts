// GET /api/qcInsights/export: the insights as an xlsx, one sheet per section (Agents, Criteria, Inspectors), or the
// one section asked for. Small files (a row per agent, criterion or inspector), written through exceljs's own rows.
// Criteria of scorecards other than "Standard" are named by their scorecard.
import type { Readable } from 'node:stream';
import {
  QC_INSIGHT_SECTIONS,
  STANDARD_SCORECARD_ID,
  qcInsightsFileName,
  type TQcInsights,
  type TQcInsightSection,
  type TQcInsightsExportQuery,
  type TTokenPayload,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { addSheet, cellValue, openXlsx, runXlsx, type XlsxCell } from '../qc-reports/xlsx-stream.ts';
import { findQcInsights } from './service.ts';

export const INSIGHT_SHEETS: Record<TQcInsightSection, string> = {
  agents: 'Agents',
  criteria: 'Criteria',
  inspectors: 'Inspectors',
};

type Sheet = { header: string[]; widths: number[]; rows: XlsxCell[][] };

/** Every Monday that starts a week of the range's records, ascending. */
function weeksOf(insights: TQcInsights): string[] {
  return [...new Set(insights.agents.flatMap((a) => a.weeks.map((w) => w.weekStart)))].sort();
}

/**
 * Agents: records, mean and grade over the range, records awaiting acknowledgement and overdue, the weakest three with
 * their mean marks lost, then each week's mean.
 */
export function agentsSheet(insights: TQcInsights): Sheet {
  const weeks = weeksOf(insights);
  const weakest = [1, 2, 3].flatMap((n) => [`Weakest ${n}`, `Lost ${n}`]);
  return {
    header: [
      'Agent Name',
      'Agent Id',
      'Records',
      'Mean Total',
      'Grade',
      'Unacknowledged',
      'Overdue',
      ...weakest,
      ...weeks.map((w) => `Week of ${w}`),
    ],
    widths: [24, 16, 10, 12, 20, 16, 10, ...weakest.map((_, i) => (i % 2 === 0 ? 26 : 8)), ...weeks.map(() => 16)],
    rows: insights.agents.map((a) => {
      const byWeek = new Map(a.weeks.map((w) => [w.weekStart, w.meanTotal]));
      return [
        a.agentName,
        a.agentId,
        a.records,
        a.meanTotal,
        a.grade,
        a.acknowledgements.unacknowledged,
        a.acknowledgements.overdue,
        ...[0, 1, 2].flatMap((i) => {
          const l = a.weakest[i];
          return l ? [l.scorecard ? `${l.name} (${l.scorecard})` : l.name, l.meanLost] : [null, null];
        }),
        ...weeks.map((w) => byWeek.get(w) ?? null),
      ];
    }),
  };
}

/**
 * Criteria: today's five columns while every criterion is of "Standard"; with another scorecard's criteria, its name and
 * the records scoring each (N/A left out) follow, and a criterion whose scale differs between versions gets a row per
 * version under its own.
 */
export function criteriaSheet(insights: TQcInsights): Sheet {
  const header = ['Criterion', 'Best Mark', 'Marks Lost', 'Mean Lost per Record', 'Records Losing Marks'];
  const widths = [34, 10, 12, 20, 20];
  if (insights.criteria.every((c) => c.scorecardId === STANDARD_SCORECARD_ID))
    return {
      header,
      widths,
      rows: insights.criteria.map((c) => [c.name, c.maxMarks, c.marksLost, c.meanLost, c.recordsLosing]),
    };
  return {
    header: [...header, 'Scorecard', 'Records Scored'],
    widths: [48, ...widths.slice(1), 30, 14],
    rows: insights.criteria.flatMap((c) => [
      [c.name, c.maxMarks, c.marksLost, c.meanLost, c.recordsLosing, c.scorecard, c.records],
      ...c.versions.map((v) => [
        `${c.name}, version ${v.version} (${v.scale})`,
        v.maxMarks,
        v.marksLost,
        v.meanLost,
        v.recordsLosing,
        v.scorecard,
        v.records,
      ]),
    ]),
  };
}

export function inspectorsSheet(insights: TQcInsights): Sheet {
  return {
    header: [
      'Inspector',
      'Username',
      'Records',
      'Mean Total',
      'Floor Mean',
      'Difference',
      'Indicator',
      'Disputes Raised',
      'Criteria Disputed',
      'Accepted',
      'Rejected',
      'Changed',
      'Awaiting',
      'Escalated',
      'Median Hours to Answer',
    ],
    widths: [24, 16, 10, 12, 12, 12, 16, 16, 18, 10, 10, 10, 10, 10, 22],
    rows: insights.inspectors.map((i) => [
      i.inspectorName,
      i.inspector,
      i.records,
      i.meanTotal,
      insights.floor.meanTotal,
      i.difference,
      i.lean,
      i.disputes.raised,
      i.disputes.criteria,
      i.disputes.accepted,
      i.disputes.rejected,
      i.disputes.changed,
      i.disputes.awaiting,
      i.disputes.escalated,
      i.disputes.medianHoursToAnswer,
    ]),
  };
}

const SHEETS: Record<TQcInsightSection, (insights: TQcInsights) => Sheet> = {
  agents: agentsSheet,
  criteria: criteriaSheet,
  inspectors: inspectorsSheet,
};

/** The workbook of the caller's insights (an inspector's holds its own lines only, as the JSON reply does). */
export async function exportQcInsights(
  db: Db,
  user: TTokenPayload,
  q: TQcInsightsExportQuery,
): Promise<{ fileName: string; file: Readable }> {
  const { section, ...range } = q;
  const insights = await findQcInsights(db, user, range);
  const book = openXlsx();
  const file = runXlsx(book, async () => {
    for (const name of section ? [section] : QC_INSIGHT_SECTIONS) {
      const sheet = SHEETS[name](insights);
      const ws = addSheet(book, INSIGHT_SHEETS[name], sheet.header, sheet.widths);
      for (const row of sheet.rows) ws.addRow(row.map(cellValue)).commit();
      ws.commit();
    }
  });
  return { fileName: qcInsightsFileName(q), file };
}
