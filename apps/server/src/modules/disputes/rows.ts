// Reading disputes as the API sends them: the dispute, its QC record's facts, its review's comment and each disputed
// criterion with its answer and decision. When a dispute is due is worked out here, in SQL, so lists can sort by it.
import { sql } from 'kysely';
import { QC_CRITERIA, QC_CRITERION_KEYS, criterionName, type TDispute, type TDisputeCriterion } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import type { DisputeCriteriaTable } from '../../db/tables/disputes.ts';
import type { Selectable } from 'kysely';

/**
 * When the one a dispute waits for should act: the inspector by answer_due_at while open, an admin within the answer
 * window after escalating; null once nobody is waited for.
 */
export const dueAtSql = sql<Date | null>`case disputes.status
  when 'open' then disputes.answer_due_at
  when 'escalated' then disputes.escalated_at + make_interval(hours => coalesce((select s.answer_window_hours from qc_settings s where s.id), 48))
  end`;
export const overdueSql = sql<boolean>`coalesce(${dueAtSql} < now(), false)`;

export function selectDisputes(db: Db) {
  return (
    db
      .selectFrom('disputes')
      .innerJoin('qcRecords', 'qcRecords.id', 'disputes.qcRecordId')
      .innerJoin('agentReviews', 'agentReviews.id', 'disputes.reviewId')
      .select([
        'disputes.id',
        'disputes.qcRecordId',
        'disputes.reviewId',
        'disputes.agentUserId',
        'disputes.inspectorId',
        'disputes.status',
        'disputes.raisedAt',
        'disputes.answerDueAt',
        'disputes.answeredAt',
        'disputes.answeredBy',
        'disputes.escalatedAt',
        'disputes.escalationReason',
        'disputes.decidedAt',
        'disputes.decidedBy',
        'agentReviews.comment',
        'qcRecords.agentName',
        'qcRecords.agentId',
        'qcRecords.campaignName',
        'qcRecords.callDate',
        'qcRecords.consumerNumber',
        'qcRecords.qcInspector',
        'qcRecords.qcInspectorId',
        'qcRecords.total',
        'qcRecords.agentGrade',
        'qcRecords.scorecardId',
      ])
      // People by name (users.name), falling back to the username stored when the user is gone.
      .select(
        sql<string>`coalesce((select u.name from users u where u.id = qc_records.qc_inspector_id), qc_records.qc_inspector)`.as(
          'qcInspectorName',
        ),
      )
      .select(
        sql<
          string | null
        >`coalesce((select u.name from users u where u.id = disputes.answered_by_id), disputes.answered_by)`.as(
          'answeredByName',
        ),
      )
      .select(
        sql<
          string | null
        >`coalesce((select u.name from users u where u.id = disputes.decided_by_id), disputes.decided_by)`.as(
          'decidedByName',
        ),
      )
      .select(
        sql<
          string | null
        >`(select f.file_name from qc_record_files f where f.qc_record_id = qc_records.id order by f.id desc limit 1)`.as(
          'fileName',
        ),
      )
      .select(dueAtSql.as('dueAt'))
      .select(overdueSql.as('overdue'))
  );
}
export type DisputeRow = Awaited<ReturnType<ReturnType<typeof selectDisputes>['executeTakeFirstOrThrow']>>;
export type CriterionRow = Selectable<DisputeCriteriaTable>;

/** The decision once there is one, else the answer. */
export function finalOf(c: CriterionRow): { finalOutcome: CriterionRow['outcome']; finalMark: number | null } {
  if (c.decision !== null) return { finalOutcome: c.decision, finalMark: c.decidedMark };
  return { finalOutcome: c.outcome, finalMark: c.answeredMark };
}

/** A "Standard" criterion's label of these marks (rows of earlier disputes kept marks only). */
function standardLabel(key: string, marks: number | null): string | null {
  if (marks === null) return null;
  return QC_CRITERIA.find((q) => q.key === key)?.scale.find((s) => s.marks === marks)?.label ?? String(marks);
}

/** The choices beside the marks: as kept, or for an earlier row (no name kept, on "Standard") from its scale. */
function choicesOf(c: CriterionRow) {
  const earlier = c.criterionName === null;
  const label = (choice: string | null, marks: number | null) => (earlier ? standardLabel(c.criterion, marks) : choice);
  const answeredChoice = label(c.answeredChoice, c.answeredMark);
  const decidedChoice = label(c.decidedChoice, c.decidedMark);
  return {
    originalChoice: label(c.originalChoice, c.originalMark),
    proposedChoice: label(c.proposedChoice, c.proposedMark),
    answeredChoice,
    decidedChoice,
    finalChoice: c.decision !== null ? decidedChoice : answeredChoice,
  };
}

/** A criterion is rejected when its answer did not give the agent's mark (kept, or another mark set). */
export const isRejected = (c: CriterionRow) => c.outcome === 'kept' || c.outcome === 'changed';

function toCriterion(c: CriterionRow): TDisputeCriterion {
  return {
    criterion: c.criterion,
    name: c.criterionName ?? criterionName(c.criterion),
    originalMark: c.originalMark,
    proposedMark: c.proposedMark,
    reason: c.reason,
    outcome: c.outcome,
    answeredMark: c.answeredMark,
    answerReason: c.answerReason,
    decision: c.decision,
    decidedMark: c.decidedMark,
    decisionReason: c.decisionReason,
    ...finalOf(c),
    ...choicesOf(c),
  };
}

/** The scorecard's order: "Standard"'s for its keys, else as raised (rows are inserted in the version's order). */
const order = (c: CriterionRow) => {
  const i = (QC_CRITERION_KEYS as readonly string[]).indexOf(c.criterion);
  return c.criterionName === null && i >= 0 ? i : c.id;
};

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toDispute(r: DisputeRow, criteria: CriterionRow[]): TDispute {
  return {
    id: r.id,
    qcId: r.qcRecordId,
    reviewId: r.reviewId,
    status: r.status,
    comment: r.comment,
    agentName: r.agentName,
    agentId: r.agentId,
    campaignName: r.campaignName,
    callDate: r.callDate,
    consumerNumber: r.consumerNumber,
    qcInspector: r.qcInspector,
    qcInspectorName: r.qcInspectorName,
    total: r.total,
    agentGrade: r.agentGrade,
    voiceLog: r.fileName === null ? null : `${r.callDate}/${r.fileName}`,
    raisedAt: r.raisedAt.toISOString(),
    answerDueAt: r.answerDueAt.toISOString(),
    dueAt: iso(r.dueAt === null ? null : new Date(r.dueAt)),
    overdue: r.overdue,
    answeredAt: iso(r.answeredAt),
    answeredBy: r.answeredBy,
    answeredByName: r.answeredByName,
    escalatedAt: iso(r.escalatedAt),
    escalationReason: r.escalationReason,
    decidedAt: iso(r.decidedAt),
    decidedBy: r.decidedBy,
    decidedByName: r.decidedByName,
    canEscalate: r.status === 'answered' && r.escalatedAt === null && criteria.some(isRejected),
    scorecardId: r.scorecardId,
    // Rows of one dispute are all earlier (Standard's order) or all kept by name (the order raised).
    criteria: [...criteria].sort((a, b) => order(a) - order(b)).map(toCriterion),
  };
}

/** The disputes of these rows with their criteria, in the rows' order (one query for all criteria). */
export async function withCriteria(db: Db, rows: DisputeRow[]): Promise<TDispute[]> {
  if (rows.length === 0) return [];
  const criteria = await db
    .selectFrom('disputeCriteria')
    .selectAll()
    .where(
      'disputeId',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('id')
    .execute();
  const byDispute = new Map<number, CriterionRow[]>();
  for (const c of criteria) byDispute.set(c.disputeId, [...(byDispute.get(c.disputeId) ?? []), c]);
  return rows.map((r) => toDispute(r, byDispute.get(r.id) ?? []));
}

export async function findDisputeById(db: Db, id: number): Promise<TDispute> {
  const row = await selectDisputes(db).where('disputes.id', '=', id).executeTakeFirstOrThrow();
  const [dispute] = await withCriteria(db, [row]);
  return dispute as TDispute;
}
