// Records of scorecards other than "Standard" in the day's records files and print JSON (docs/scorecards.md, Exports):
// a sheet per version, a column per criterion (its marks, or N/A), a comment column per criterion commented that day
// (on "Standard", after the spec's 26 columns).
import { STANDARD_SCORECARD, STANDARD_SCORECARD_ID, type TQcKind, type TStoredMarks } from '@crm/shared';
import type { TScorecardVersion } from '../scorecards/lookup.ts';
import {
  RECORD_COLUMNS,
  RECORD_ROW_FIELDS,
  recordCells,
  recordHeaders,
  type RecordCell,
  type TQcPrintScorecard,
} from './record-columns.ts';

/** Excel's longest sheet name. */
export const SHEET_NAME_MAX = 31;
/** Characters Excel refuses in a sheet name. */
const SHEET_NAME_REFUSED = /[[\]:*?/\\]/g;

/**
 * A sheet name for a version, "{name} v{version}", at most 31 characters (the name shortened, never the version),
 * without the characters Excel refuses, and unlike every name in `taken` (compared as Excel does, case aside), which
 * it joins.
 */
export function versionSheetName(version: { name: string; version: number }, taken: Set<string>): string {
  const base =
    version.name
      .replace(SHEET_NAME_REFUSED, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^'+|'+$/g, '') || 'Scorecard';
  for (let n = 1; ; n++) {
    const tail = n === 1 ? ` v${version.version}` : ` v${version.version} (${n})`;
    const name = `${base.slice(0, SHEET_NAME_MAX - tail.length).trimEnd()}${tail}`;
    if (!taken.has(name.toLowerCase())) {
      taken.add(name.toLowerCase());
      return name;
    }
  }
}

/** The columns before the 14 spec criteria (Call Date … Duration), and where the ones after them start. */
const LEAD_COLUMNS = RECORD_COLUMNS.findIndex((c) => c.key === 'duration') + 1;
const TAIL_START = RECORD_COLUMNS.findIndex((c) => c.key === 'fatalReason');

export type TVersionLayout = {
  headers: string[];
  widths: number[];
  /** A record read as selectRecordRow then selectVersionMarks, as the sheet's cells. */
  cells: (row: readonly unknown[]) => RecordCell[];
};

/** A criterion's comment column heading: "Comment: " and its name (in-house) or its question (client). */
function commentHeading(kind: TQcKind, c: { name: string; question: string }): string {
  return `Comment: ${kind === 'in-house' ? c.name : c.question}`;
}

/** "Standard"'s sheet, and the keys of the criteria whose comments its records are read with (see standardLayout). */
export type TStandardLayout = TVersionLayout & { comments: string[] };

/**
 * "Standard"'s sheet: the spec's 26 columns exactly, then a "Comment: …" column per criterion in `commented` (those
 * with a comment on that day's "Standard" records), in the scorecard's order, headed by the criterion's name
 * (in-house) or question (client) as other scorecards' comment columns are. Its records are read as selectRecordRow,
 * then the comment of each criterion of `comments` (dayRecordsQuery's `comments`). Nothing commented: the spec's file.
 */
export function standardLayout(kind: TQcKind, commented: ReadonlySet<string>): TStandardLayout {
  const withComments = STANDARD_SCORECARD.sections.flatMap((s) => s.criteria).filter((c) => commented.has(c.key));
  const headers = recordHeaders(kind);
  const widths = RECORD_COLUMNS.map((c) => (c.type === 'number' ? 12 : 20));
  if (withComments.length === 0) return { headers, widths, cells: recordCells, comments: [] };
  return {
    headers: [...headers, ...withComments.map((c) => commentHeading(kind, c))],
    widths: [...widths, ...withComments.map(() => 30)],
    cells: (row) => {
      const cells = recordCells(row);
      for (let i = 0; i < withComments.length; i++) {
        const comment = row[RECORD_ROW_FIELDS + i];
        cells.push(typeof comment === 'string' ? comment : '');
      }
      return cells;
    },
    comments: withComments.map((c) => c.key),
  };
}

/** A record's stored marks as read after selectRecordRow's fields. */
export function versionMarksOf(row: readonly unknown[]): TStoredMarks {
  const marks = row[RECORD_ROW_FIELDS + 1];
  if (typeof marks === 'string') return JSON.parse(marks) as TStoredMarks;
  return (marks ?? {}) as TStoredMarks;
}

/**
 * The sheet of a version other than "Standard": Call Date … Duration, one column per criterion in the scorecard's
 * order (its name in-house, its question for the client, as "Standard" words its 14), a "Comment: …" column per
 * criterion in `commented` (those with a comment that day), then Fatal Reason … QC By as in the spec's file.
 */
export function versionLayout(
  kind: TQcKind,
  version: TScorecardVersion,
  commented: ReadonlySet<string>,
): TVersionLayout {
  const criteria = version.definition.sections.flatMap((s) => s.criteria);
  const withComments = criteria.filter((c) => commented.has(c.key));
  const spec = recordHeaders(kind);
  const heading = (c: { name: string; question: string }) => (kind === 'in-house' ? c.name : c.question);
  const lead = RECORD_COLUMNS.slice(0, LEAD_COLUMNS);
  const tail = RECORD_COLUMNS.slice(TAIL_START);
  const width = (c: { type: string }) => (c.type === 'number' ? 12 : 20);
  return {
    headers: [
      ...spec.slice(0, LEAD_COLUMNS),
      ...criteria.map(heading),
      ...withComments.map((c) => commentHeading(kind, c)),
      ...spec.slice(TAIL_START),
    ],
    widths: [...lead.map(width), ...criteria.map(() => 12), ...withComments.map(() => 30), ...tail.map(width)],
    cells: (row) => {
      const cells = recordCells(row);
      const marks = versionMarksOf(row);
      const out = cells.slice(0, LEAD_COLUMNS);
      for (const c of criteria) {
        const m = marks[c.key];
        out.push(m === undefined ? null : m.marks === null ? 'N/A' : m.marks);
      }
      for (const c of withComments) out.push(marks[c.key]?.comment ?? '');
      out.push(...cells.slice(TAIL_START));
      return out;
    },
  };
}

/** The excel-print `scorecard` of a record on `version` (never "Standard", whose records keep the spec's keys only). */
export function printScorecardOf(version: TScorecardVersion, grade: string, marks: TStoredMarks): TQcPrintScorecard {
  return {
    id: version.id,
    scorecardId: version.scorecardId,
    name: version.name,
    version: version.version,
    grade,
    criteria: version.definition.sections.flatMap((s) =>
      s.criteria.map((c) => ({
        key: c.key,
        section: s.name,
        name: c.name,
        question: c.question,
        choice: marks[c.key]?.choice ?? null,
        marks: marks[c.key]?.marks ?? null,
        comment: marks[c.key]?.comment ?? '',
      })),
    ),
  };
}

/** Whether records of this version keep the spec's 26 columns. */
export const isStandard = (scorecardId: number) => scorecardId === STANDARD_SCORECARD_ID;
