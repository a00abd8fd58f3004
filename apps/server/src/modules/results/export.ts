// GET /api/results/export (docs/guide/results.md, "The export"): an xlsx with a sheet per question, a cross-tab sheet
// when row and col are given, and the answers as rows with the lead fields chosen; or, with format=csv, the answers as
// rows in CSV (UTF-8 with a BOM, so Excel shows Bengali). No phone number or respondent name is among the columns.
import type { Readable } from 'node:stream';
import {
  resultsFileName,
  type TResultCrosstab,
  type TResultExportQuery,
  type TResultQuestion,
  type TTokenPayload,
} from '@crm/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { streamCsv, type CsvValue } from '../../http/csv-download.ts';
import { addSheet, cellValue, openXlsx, runXlsx, type XlsxCell } from '../qc-reports/xlsx-stream.ts';
import { fieldNames, findResultCampaign, pickedCallsSql, type ResultCampaign } from './calls.ts';
import { crosstabOf, findResults, listedQuestions } from './service.ts';

/** Leads read per statement while the answers are written. */
const ANSWER_BATCH = 2000;

type CallRow = { leadId: string; day: string; agentId: string; dispositionCode: string; isCalled: number };

/** The lead columns of the export by the names a request gives them, as the leads row holds them. */
const BUILT_IN: Record<string, 'region' | 'territory' | 'area' | 'brand' | 'targetSelector' | 'dataStatus'> = {
  region: 'region',
  territory: 'territory',
  area: 'area',
  brand: 'brand',
  targetSelector: 'targetSelector',
  target_selector: 'targetSelector',
  dataStatus: 'dataStatus',
  data_status: 'dataStatus',
};

const ANSWER_COLUMNS = ['Lead Id', 'Call Date', 'Agent Id', 'Disposition', 'Completed'];

/** The answers as rows: one per selected call, newest call date first, the chosen fields then each question's answer. */
async function* answerRows(
  db: Db,
  calls: readonly CallRow[],
  fields: readonly string[],
  qnos: readonly string[],
): AsyncGenerator<CsvValue[]> {
  for (let start = 0; start < calls.length; start += ANSWER_BATCH) {
    const batch = calls.slice(start, start + ANSWER_BATCH);
    const leads = await db
      .selectFrom('leads')
      .select(['id', 'answers', 'fields', 'region', 'territory', 'area', 'brand', 'targetSelector', 'dataStatus'])
      .where(
        'id',
        'in',
        batch.map((c) => c.leadId),
      )
      .execute();
    const byId = new Map(leads.map((l) => [String(l.id), l]));
    for (const c of batch) {
      const lead = byId.get(c.leadId);
      if (lead === undefined) continue;
      const fieldCells = fields.map((f) => {
        const column = BUILT_IN[f];
        return (column === undefined ? lead.fields[f] : lead[column]) ?? null;
      });
      yield [
        c.leadId,
        c.day,
        c.agentId,
        c.dispositionCode,
        c.isCalled === 1 ? 'Yes' : 'No',
        ...fieldCells,
        ...qnos.map((q) => lead.answers[q] ?? null),
      ];
    }
  }
}

/** A question's sheet: its title, then its options (or numbers), then answered / skipped / not reached. */
function questionRows(q: TResultQuestion): XlsxCell[][] {
  const rows: XlsxCell[][] = [];
  if (q.options !== undefined) {
    rows.push(['Option', 'Count', 'Percent']);
    for (const o of q.options) rows.push([o.option, o.count, o.percent]);
  } else if (q.numbers !== undefined) {
    const { mean, median, min, max, histogram } = q.numbers;
    rows.push(['Mean', mean], ['Median', median], ['Min', min], ['Max', max], [], ['From', 'To', 'Count']);
    for (const bar of histogram) rows.push([bar.from, bar.to, bar.count]);
  } else {
    rows.push(['Answers', q.texts ?? 0], ['(each answer is on the Answers sheet)']);
  }
  rows.push([], ['Answered', q.answered], ['Skipped', q.skipped], ['Not reached', q.notReached]);
  return rows;
}

/** A cross-tab's sheet: counts with totals, then row % and column % (two decimals). */
function crosstabRows(t: TResultCrosstab, row: string, col: string): XlsxCell[][] {
  const pct = (n: number, whole: number) => (whole === 0 ? 0 : Math.round((n / whole) * 10000) / 100);
  const block = (title: string, cell: (n: number, i: number, j: number) => number): XlsxCell[][] => [
    [title, ...t.cols],
    ...t.rows.map((r, i) => [r, ...t.cols.map((_, j) => cell(t.counts[i]?.[j] ?? 0, i, j))]),
  ];
  return [
    [`${row} \\ ${col}`, ...t.cols, 'Total'],
    ...t.rows.map((r, i) => [r, ...(t.counts[i] ?? []), t.rowTotals[i] ?? 0]),
    ['Total', ...t.colTotals, t.total],
    [],
    ...block('Row %', (n, i) => pct(n, t.rowTotals[i] ?? 0)),
    [],
    ...block('Column %', (n, _i, j) => pct(n, t.colTotals[j] ?? 0)),
  ];
}

async function selectedCalls(db: Db, campaign: ResultCampaign, q: TResultExportQuery): Promise<CallRow[]> {
  const { rows } = await sql<CallRow>`with ${pickedCallsSql(campaign, q)}
    select lead_id::text as lead_id, to_char(day, 'YYYY-MM-DD') as day, agent_id, disposition_code, is_called
      from calls order by day desc, lead_id desc`.execute(db);
  return rows;
}

/** The file of the caller's results (a client's own campaigns only, as the JSON replies). */
export async function exportResults(
  db: Db,
  user: TTokenPayload,
  q: TResultExportQuery,
): Promise<{ fileName: string; file: Readable; format: TResultExportQuery['format'] }> {
  const campaign = await findResultCampaign(db, user, q.campaignName);
  const unknown = q.fields.find((f) => !fieldNames(campaign).includes(f) && BUILT_IN[f] === undefined);
  if (unknown !== undefined)
    throw badRequest(
      `fields: "${unknown}" is not a lead field of ${campaign.campaignName}: use ${fieldNames(campaign).join(', ')}`,
    );
  const qnos = listedQuestions(campaign).map((x) => x.qno);
  const header = [...ANSWER_COLUMNS, ...q.fields, ...qnos];
  const calls = await selectedCalls(db, campaign, q);
  const fileName = resultsFileName(q);
  if (q.format === 'csv')
    return { fileName, file: streamCsv(header, answerRows(db, calls, q.fields, qnos)), format: 'csv' };

  const results = await findResults(db, user, q);
  const crosstab =
    q.row !== undefined && q.col !== undefined ? await crosstabOf(db, campaign, q, q.row, q.col) : undefined;
  const book = openXlsx();
  const file = runXlsx(book, async (signal) => {
    for (const question of results.questions) {
      const ws = addSheet(book, question.qno, [question.qno, question.title], [28, 12, 12]);
      for (const row of questionRows(question)) ws.addRow(row.map(cellValue)).commit();
      ws.commit();
    }
    if (crosstab !== undefined && q.row !== undefined && q.col !== undefined) {
      const ws = addSheet(book, 'Cross-tab', [`Cross-tab of ${q.row} by ${q.col}`]);
      for (const row of crosstabRows(crosstab, q.row, q.col)) ws.addRow(row.map(cellValue)).commit();
      ws.commit();
    }
    const ws = addSheet(book, 'Answers', header);
    for await (const row of answerRows(db, calls, q.fields, qnos)) {
      if (signal.aborted) break;
      ws.addRow(row.map(cellValue)).commit();
    }
    ws.commit();
  });
  return { fileName, file, format: 'xlsx' };
}
