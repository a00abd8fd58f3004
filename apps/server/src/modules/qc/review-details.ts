// What the agent's QC Review adds to each record (issue 37, docs/qc-records.md): the grade, the criteria where marks
// were lost, the inspector's comments on the recording and the criteria, the acknowledgement and the dispute window's
// end. The comments' reader is here, below qc-records (which writes them), so both read them the same way.
import {
  criteriaOf,
  marksFromStored,
  scoreMarks,
  type TLostCriterion,
  type TQcRecordComment,
  type TStoredMarks,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { findScorecardVersion, type TScorecardVersion } from '../scorecards/lookup.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The dispute window when qc_settings has no row: as modules/disputes/settings.ts reads it (the migration's default). */
const DEFAULT_DISPUTE_WINDOW_DAYS = 7;

export type TReviewDetails = {
  grade: string;
  lostCriteria: TLostCriterion[];
  comments: TQcRecordComment[];
  acknowledgedAt: string | null;
  acknowledgementComment: string | null;
  disputeUntil: string;
};

type RecordForDetails = {
  id: number;
  scorecardId: number;
  marks: TStoredMarks;
  agentGrade: string;
  createdAt: Date;
};

/** The versions of these records, each read once (a published version's definition is kept by lookup.ts). */
export async function versionsOf(
  db: Db,
  rows: readonly { scorecardId: number }[],
): Promise<Map<number, TScorecardVersion>> {
  const versions = new Map<number, TScorecardVersion>();
  for (const id of new Set(rows.map((r) => r.scorecardId))) versions.set(id, await findScorecardVersion(db, id));
  return versions;
}

/** criterion key → its name on the version. */
export function criterionNames(version: TScorecardVersion): Map<string, string> {
  return new Map(criteriaOf(version.definition).map((c) => [c.key, c.name]));
}

/**
 * The comments of these records by record: the timeline's first (by moment), then the others, each oldest first;
 * each names its criterion as the record's version calls it.
 */
export async function commentsByRecord(
  db: Db,
  rows: readonly { id: number; scorecardId: number }[],
  versions: Map<number, TScorecardVersion>,
): Promise<Map<number, TQcRecordComment[]>> {
  const byRecord = new Map<number, TQcRecordComment[]>(rows.map((r) => [r.id, []]));
  if (rows.length === 0) return byRecord;
  const versionOf = new Map(rows.map((r) => [r.id, r.scorecardId]));
  const names = new Map([...versions].map(([id, v]) => [id, criterionNames(v)]));
  const stored = await db
    .selectFrom('qcRecordComments')
    .selectAll()
    .where(
      'qcRecordId',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('qcRecordId')
    .orderBy(
      (eb) => eb.ref('atSeconds'),
      (ob) => ob.asc().nullsLast(),
    )
    .orderBy('id')
    .execute();
  for (const c of stored) {
    const key = c.criterionKey;
    byRecord.get(c.qcRecordId)?.push({
      id: c.id,
      qcRecordId: c.qcRecordId,
      atSeconds: c.atSeconds,
      criterionKey: key,
      criterionName: key === null ? null : (names.get(versionOf.get(c.qcRecordId) ?? -1)?.get(key) ?? key),
      text: c.text,
      authorName: c.authorName,
      createdAt: c.createdAt.toISOString(),
    });
  }
  return byRecord;
}

/** The criteria scored below their best choice, in the scorecard's order (N/A is no loss). */
export function lostCriteriaOf(version: TScorecardVersion, marks: TStoredMarks): TLostCriterion[] {
  return scoreMarks(version.definition, marksFromStored(marks))
    .criteria.filter((c) => c.marks !== null && c.marks < c.bestMarks)
    .map((c) => ({
      key: c.key,
      name: c.name,
      choice: c.choice,
      marks: c.marks ?? 0,
      bestMarks: c.bestMarks,
      comment: c.comment,
    }));
}

/** The end of the time to dispute a record: as modules/disputes/raise.ts computes it (scored at + the window's days). */
async function disputeWindowDays(db: Db): Promise<number> {
  const row = await db.selectFrom('qcSettings').select('disputeWindowDays').where('id', '=', true).executeTakeFirst();
  return row?.disputeWindowDays ?? DEFAULT_DISPUTE_WINDOW_DAYS;
}

/** The details of each record, by id. */
export async function reviewDetails(db: Db, rows: readonly RecordForDetails[]): Promise<Map<number, TReviewDetails>> {
  const details = new Map<number, TReviewDetails>();
  if (rows.length === 0) return details;
  const versions = await versionsOf(db, rows);
  const [comments, acknowledgements, windowDays] = await Promise.all([
    commentsByRecord(db, rows, versions),
    db
      .selectFrom('qcRecordAcknowledgements')
      .select(['qcRecordId', 'acknowledgedAt', 'comment'])
      .where(
        'qcRecordId',
        'in',
        rows.map((r) => r.id),
      )
      .execute(),
    disputeWindowDays(db),
  ]);
  const acknowledged = new Map(acknowledgements.map((a) => [a.qcRecordId, a]));
  for (const r of rows) {
    const ack = acknowledged.get(r.id);
    details.set(r.id, {
      grade: r.agentGrade,
      lostCriteria: lostCriteriaOf(versions.get(r.scorecardId)!, r.marks),
      comments: comments.get(r.id) ?? [],
      acknowledgedAt: ack?.acknowledgedAt.toISOString() ?? null,
      acknowledgementComment: ack?.comment ?? null,
      disputeUntil: new Date(r.createdAt.getTime() + windowDays * DAY_MS).toISOString(),
    });
  }
  return details;
}
