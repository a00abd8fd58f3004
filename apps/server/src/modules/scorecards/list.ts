// Reading scorecards: every scorecard with its versions, one version, and a version's export file.
import {
  SCORECARD_FILE_FORMAT,
  type TScorecard,
  type TScorecardFile,
  type TScorecardList,
  type TScorecardVersionSummary,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { countRecords, definitionOf, findScorecardRow, findUses, scorecardOf, toSummary } from './rows.ts';

/** GET /api/scorecards: every scorecard (the built-in first, then by name) with its versions, newest first. */
export async function listScorecards(db: Db): Promise<TScorecardList> {
  const [rows, uses, records] = await Promise.all([
    db.selectFrom('scorecards').selectAll().orderBy('scorecardId').orderBy('version', 'desc').execute(),
    findUses(db),
    countRecords(db),
  ]);
  const byScorecard = new Map<number, { builtIn: boolean; versions: TScorecardVersionSummary[] }>();
  for (const row of rows) {
    const entry = byScorecard.get(row.scorecardId) ?? { builtIn: false, versions: [] };
    entry.builtIn ||= row.builtIn;
    entry.versions.push(toSummary(row, uses.get(row.id) ?? [], records.get(row.id) ?? 0));
    byScorecard.set(row.scorecardId, entry);
  }
  const scorecards = [...byScorecard].map(([scorecardId, { builtIn, versions }]) => ({
    scorecardId,
    // The newest version's name is the scorecard's.
    name: versions[0]!.name,
    builtIn,
    versions,
  }));
  scorecards.sort((a, b) => Number(b.builtIn) - Number(a.builtIn) || a.name.localeCompare(b.name));
  return { scorecards };
}

/** GET /api/scorecards/{id}: one version (404 when there is none). */
export async function findScorecard(db: Db, id: number): Promise<TScorecard> {
  return scorecardOf(db, id);
}

/** GET /api/scorecards/{id}/export: the version's content in the file envelope, and the file's name. */
export async function exportScorecard(db: Db, id: number): Promise<{ fileName: string; file: TScorecardFile }> {
  const row = await findScorecardRow(db, id);
  return {
    fileName: `${row.name}-v${row.version}.scorecard.json`,
    file: { format: SCORECARD_FILE_FORMAT, formatVersion: 1, scorecard: definitionOf(row) },
  };
}

/**
 * The export's Content-Disposition (RFC 6266): the name as it is when plain ASCII, else an ASCII stand-in and the real
 * name in filename* (a scorecard may be named in Bangla).
 */
export function fileHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  if (ascii === fileName) return `attachment; filename="${fileName}"`;
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
