// The daily QC summary's "Automatic checks" sheet (issue 19): per agent, the automatic checks of the day's recordings
// in the recordings index. A recording names no campaign (VICIdial's file name gives the number, time and agent only),
// and the daily summary has no campaign filter, so the sheet covers every recording of the day.
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { addSheet, cellValue, type XlsxBook, type XlsxCell } from './xlsx-stream.ts';

export const AUTOMATIC_CHECKS_SHEET = 'Automatic checks';

export const AUTOMATIC_CHECKS_HEADER = [
  'Agent ID',
  'Agent name',
  'Calls analysed',
  'Mean talk ratio (%)',
  'Holds over the limit',
  'Longest silence (s)',
  'Unreadable',
  'Waiting',
] as const;

/** What the sheet shows of a recording whose file name gives no agent (a name that is not VICIdial's). */
export const NO_AGENT_NAME = '(no agent in the file name)';

/** One agent's row: figures of its analysed calls; null where there is nothing to measure. */
export type TAgentChecks = {
  agentId: string;
  /** The agent's name when the id is an agent's sign-in name, else null. */
  agentName: string | null;
  analysed: number;
  /** Mean of the stereo calls' talk ratios, in percent to one decimal; null without an analysed stereo call. */
  meanTalkRatioPct: number | null;
  /** Holds longer than HOLD_SECONDS in the dead air, over all analysed calls. */
  holds: number;
  /** The longest dead air of any analysed call, seconds to one decimal; null without an analysed call. */
  longestSilenceSec: number | null;
  unreadable: number;
  pending: number;
};

const oneDecimal = (n: number) => Math.round(n * 10) / 10;
const byId = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * The day's recordings still in RECORDINGS_DIR (not gone), per agent id of their file names, sorted by agent id (a
 * recording without one last). The agent's name is joined by sign-in name (users.username of an agent, compared
 * without case, as QC records find their agent).
 */
export async function summariseAutomaticChecks(db: Db, callDate: string): Promise<TAgentChecks[]> {
  const done = sql`recordings.analysis_status = 'done'`;
  const rows = await db
    .selectFrom('recordings')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('agents')
          .innerJoin('users', 'users.id', 'agents.userId')
          .select([sql<string>`lower(users.username)`.as('key'), 'users.name'])
          .as('agent'),
      (join) => join.onRef('agent.key', '=', sql<string>`lower(recordings.agent_id)`),
    )
    .where('recordings.callDate', '=', callDate)
    .where('recordings.goneAt', 'is', null)
    .select([
      'recordings.agentId',
      sql<string | null>`max(agent.name)`.as('agentName'),
      sql<string>`count(*) filter (where ${done})`.as('analysed'),
      sql<number | null>`avg(recordings.talk_ratio) filter (where ${done})`.as('meanTalkRatio'),
      sql<string | null>`sum(recordings.hold_count) filter (where ${done})`.as('holds'),
      sql<number | null>`max(recordings.longest_silence_sec) filter (where ${done})`.as('longestSilenceSec'),
      sql<string>`count(*) filter (where recordings.analysis_status = 'unreadable')`.as('unreadable'),
      sql<string>`count(*) filter (where recordings.analysis_status = 'pending')`.as('pending'),
    ])
    .groupBy('recordings.agentId')
    .execute();
  return rows
    .map((r) => ({
      agentId: r.agentId,
      agentName: r.agentId === '' ? NO_AGENT_NAME : r.agentName,
      analysed: Number(r.analysed),
      meanTalkRatioPct: r.meanTalkRatio === null ? null : oneDecimal(Number(r.meanTalkRatio) * 100),
      holds: Number(r.holds ?? 0),
      longestSilenceSec: r.longestSilenceSec === null ? null : oneDecimal(Number(r.longestSilenceSec)),
      unreadable: Number(r.unreadable),
      pending: Number(r.pending),
    }))
    .sort(
      (a, b) =>
        (a.agentId === '' ? 1 : 0) - (b.agentId === '' ? 1 : 0) ||
        byId.compare(a.agentId, b.agentId) ||
        (a.agentId < b.agentId ? -1 : a.agentId > b.agentId ? 1 : 0),
    );
}

/** Adds the sheet to the daily summary's workbook (the header alone on a day without recordings). */
export function writeAutomaticChecksSheet(book: XlsxBook, agents: readonly TAgentChecks[]): void {
  const sheet = addSheet(book, AUTOMATIC_CHECKS_SHEET, AUTOMATIC_CHECKS_HEADER, [16, 24, 14, 18, 18, 18, 12, 10]);
  for (const a of agents) {
    const cells: XlsxCell[] = [
      a.agentId,
      a.agentName,
      a.analysed,
      a.meanTalkRatioPct,
      a.holds,
      a.longestSilenceSec,
      a.unreadable,
      a.pending,
    ];
    const row = sheet.addRow(cells.map(cellValue));
    // One decimal shown even when it is .0 (the ratio and the silence are rounded to one already).
    for (const column of [4, 6]) if (row.getCell(column).value !== null) row.getCell(column).numFmt = '0.0';
    row.commit();
  }
  sheet.commit();
}
