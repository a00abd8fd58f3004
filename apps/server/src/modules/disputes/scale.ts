// The record's own scorecard version as disputes use it (docs/scorecards.md "Disputes"): its criteria with their scales
// and names, each disputed criterion's choices (labels; an earlier dispute on "Standard" kept marks only, whose labels
// follow from its scale), and GET /api/disputes/criteria/{qcId} for the dialogs.
import {
  criteriaOf,
  type TDisputableCriteria,
  type TDisputeChoice,
  type TScorecardCriterion,
  type TStoredMarks,
  type TTokenPayload,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { assertCanSeeRecord } from '../../auth/access.ts';
import { findScorecardVersion, type TScorecardVersion } from '../scorecards/lookup.ts';
import type { CriterionRow } from './rows.ts';

/** The label of the choice with these marks, else the marks as text (a mark no longer on the scale). */
export function labelOf(choices: readonly TDisputeChoice[], marks: number): string {
  return choices.find((ch) => ch.marks === marks)?.label ?? String(marks);
}

/** A disputed criterion's choices as scored and as proposed (labels from the scale on rows that kept marks only). */
export function choicesOfRow(
  row: Pick<CriterionRow, 'criterionName' | 'originalChoice' | 'originalMark' | 'proposedChoice' | 'proposedMark'>,
  c: Pick<TScorecardCriterion, 'choices'>,
): { original: { choice: string | null; marks: number }; proposed: { choice: string; marks: number } } {
  // An earlier row (no name kept) is on "Standard", where every criterion is scored: its labels follow from its marks.
  const earlier = row.criterionName === null;
  return {
    original: {
      choice: earlier ? labelOf(c.choices, row.originalMark) : row.originalChoice,
      marks: row.originalMark,
    },
    proposed: { choice: row.proposedChoice ?? labelOf(c.choices, row.proposedMark), marks: row.proposedMark },
  };
}

/** The criteria of a version by key, in its order. */
export function criteriaByKey(version: TScorecardVersion): Map<string, TScorecardCriterion> {
  return new Map(criteriaOf(version.definition).map((c) => [c.key, c]));
}

/** GET /api/disputes/criteria/{qcId}: whoever may see the in-house record (its agent, its inspector, an admin). */
export async function findDisputableCriteria(db: Db, user: TTokenPayload, qcId: number): Promise<TDisputableCriteria> {
  const record = await db
    .selectFrom('qcRecords')
    .select(['id', 'kind', 'agentUserId', 'qcInspectorId', 'scorecardId', 'marks'])
    .where('id', '=', qcId)
    .executeTakeFirst();
  if (!record || record.kind !== 'in-house') throw notFound(`No QC record with id ${qcId}`);
  assertCanSeeRecord(user, record);
  const version = await findScorecardVersion(db, record.scorecardId);
  const stored: TStoredMarks = record.marks;
  return {
    qcId: record.id,
    scorecard: { id: version.id, scorecardId: version.scorecardId, name: version.name, version: version.version },
    criteria: version.definition.sections.flatMap((s) =>
      s.criteria.map((c) => ({
        key: c.key,
        section: s.name,
        name: c.name,
        question: c.question,
        choices: c.choices.map((ch) => ({ label: ch.label, marks: ch.marks })),
        choice: stored[c.key]?.choice ?? null,
        marks: stored[c.key]?.marks ?? null,
      })),
    ),
  };
}
