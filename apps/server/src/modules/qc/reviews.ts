// Agent reviews of QC records (docs/product.md §3 Agent review, §4 review lifecycle; §7 list-of-qc-records-by-agent-id, submit,
// get-agent-reviews, agent-review/{id}). The reviewer is the signed-in agent; one review per record, kept with it.
import { sql, type Selectable } from 'kysely';
import {
  QC_MESSAGES,
  STANDARD_SCORECARD_ID,
  type TScorecardBlock,
  type TStoredMarks,
  type TAgentQcRecord,
  type TAgentReview,
  type TAgentReviewResolve,
  type TAgentQcRecordsQuery,
  type TKeysetPaged,
  type TPageCursor,
  type TTokenPayload,
  DEFAULT_PAGE_SIZE,
} from '@crm/shared';
import type { z } from 'zod';
import type { ZAgentReviewSubmit } from '@crm/shared';
import type { Db, QcRecordsTable } from '../../db/schema.ts';
import { keysetAsk, readKeysetPage, toKeysetPaged, type TTravel } from '../../http/keyset.ts';
import { badRequest, forbidden, notFound, onUniqueViolation, conflict } from '../../http/errors.ts';
import { isAdmin, isAgent, userIdOf } from '../../auth/access.ts';
import { toInHouse, withFileNames } from './rows.ts';
import { capList, type TCappedList } from '../../http/capped-list.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';
import { findScorecardVersion, type TScorecardVersion } from '../scorecards/lookup.ts';
import { scorecardBlockOf } from './scoring.ts';
import { reviewDetails } from './review-details.ts';

type ReviewSubmit = z.output<typeof ZAgentReviewSubmit>;

function selectReviews(db: Db) {
  return db
    .selectFrom('agentReviews')
    .innerJoin('qcRecords', 'qcRecords.id', 'agentReviews.qcId')
    .select([
      'agentReviews.id',
      'agentReviews.qcId',
      'agentReviews.agreed',
      'agentReviews.raiseConcern',
      'agentReviews.comment',
      'agentReviews.isResolved',
      'agentReviews.resolvedMessage',
      'agentReviews.resolvedBy',
      'agentReviews.resolvedAt',
      'agentReviews.createdAt',
      'qcRecords.callDate',
      'qcRecords.consumerNumber',
      'qcRecords.total',
      'qcRecords.suggestion',
      'qcRecords.qcInspector',
      'qcRecords.qcInspectorId',
      'qcRecords.agentName',
      'qcRecords.agentId',
      'qcRecords.agentUserId',
    ])
    .select(
      sql<
        string | null
      >`(select f.file_name from qc_record_files f where f.qc_record_id = qc_records.id order by f.id desc limit 1)`.as(
        'fileName',
      ),
    );
}
type ReviewRow = Awaited<ReturnType<ReturnType<typeof selectReviews>['executeTakeFirstOrThrow']>>;

function toReview(r: ReviewRow): TAgentReview {
  return {
    id: r.id,
    qcId: r.qcId,
    callDate: r.callDate,
    consumerNumber: r.consumerNumber,
    total: r.total,
    suggestion: r.suggestion,
    qcInspector: r.qcInspector,
    agentName: r.agentName,
    agentId: r.agentId,
    agreed: r.agreed,
    raiseConcern: r.raiseConcern,
    comment: r.comment,
    isResolved: r.isResolved,
    resolvedMessage: r.resolvedMessage,
    resolvedBy: r.resolvedBy,
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    voiceLog: r.fileName === null ? null : `${r.callDate}/${r.fileName}`,
  };
}

/** The most records list-of-qc-records-by-agent-id answers (the newest); the older client reads it whole (docs/older-client.md). */
export const AGENT_QC_RECORDS_CAP = 1000;
/** The most unresolved reviews get-agent-reviews answers (the oldest: the ones to resolve first). */
export const OPEN_REVIEWS_CAP = 1000;

/** Whether the list was asked for a page (docs/api.md "Pages"), not the older client's whole list. */
export function wantsAgentQcPage(query: TAgentQcRecordsQuery): boolean {
  return query.size !== undefined || query.after !== undefined || query.before !== undefined || query.last === true;
}

/** The agent's in-house records the caller may read, narrowed to the call dates asked for. */
function agentRecords(db: Db, user: TTokenPayload, query: TAgentQcRecordsQuery) {
  const { agentId } = query;
  let records = db.selectFrom('qcRecords').where('qcRecords.kind', '=', 'in-house');
  if (isAgent(user)) {
    if (agentId && agentId.toLowerCase() !== user.userName.toLowerCase()) throw forbidden(QC_MESSAGES.otherAgent);
    records = records.where('qcRecords.agentUserId', '=', userIdOf(user));
  } else {
    if (!agentId) throw badRequest('agentId is required');
    records = records.where(sql<string>`lower(qc_records.agent_id)`, '=', agentId.toLowerCase());
    if (!isAdmin(user)) records = records.where('qcRecords.qcInspectorId', '=', userIdOf(user));
  }
  if (query.startDate) records = records.where('qcRecords.callDate', '>=', query.startDate);
  if (query.endDate) records = records.where('qcRecords.callDate', '<=', query.endDate);
  return records;
}

/**
 * The in-house records scored on an agent, newest call first, each with its review once written (a reviewed record
 * stays, showing its review and later its resolution); the newest AGENT_QC_RECORDS_CAP of them. An agent gets its own,
 * whatever agentId it names; an admin names the agent.
 */
export async function listAgentQcRecords(
  db: Db,
  user: TTokenPayload,
  query: TAgentQcRecordsQuery,
): Promise<TCappedList<TAgentQcRecord>> {
  const records = agentRecords(db, user, query);
  const cap = AGENT_QC_RECORDS_CAP;
  const fetched = await records
    .selectAll('qcRecords')
    .orderBy('qcRecords.callDate', 'desc')
    .orderBy('qcRecords.id', 'desc')
    .limit(cap + 1)
    .execute();
  const { kept, total } = await capList(
    fetched,
    cap,
    async () => (await records.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n,
  );
  return { items: await agentQcRecordsOf(db, kept), total, cap };
}

/** The same list a keyset page at a time (size 10 unless asked), newest call first: the QC Review's pager. */
export async function pageAgentQcRecords(
  db: Db,
  user: TTokenPayload,
  query: TAgentQcRecordsQuery,
): Promise<TKeysetPaged<TAgentQcRecord>> {
  const records = agentRecords(db, user, query);
  const size = query.size ?? DEFAULT_PAGE_SIZE;
  const counted = records.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const read = (travel: TTravel, cursor: TPageCursor | undefined, limit: number) => {
    const forward = travel === 'forward';
    let q = records.selectAll('qcRecords');
    if (cursor !== undefined) {
      q = q.where((eb) =>
        eb(eb.refTuple('qcRecords.callDate', 'qcRecords.id'), forward ? '<' : '>', eb.tuple(cursor.date, cursor.id)),
      );
    }
    return q
      .orderBy('qcRecords.callDate', forward ? 'desc' : 'asc')
      .orderBy('qcRecords.id', forward ? 'desc' : 'asc')
      .limit(limit)
      .execute();
  };
  const [page, { n: total }] = await Promise.all([
    readKeysetPage(
      keysetAsk(query),
      size,
      async () => (await counted).n,
      read,
      (r) => ({ date: r.callDate, id: r.id }),
    ),
    counted,
  ]);
  const items = await agentQcRecordsOf(db, page.rows);
  return toKeysetPaged(
    items,
    page.rows.map((r) => ({ date: r.callDate, id: r.id })),
    { total, size, number: page.number, hasNext: page.hasNext, hasPrevious: page.hasPrevious },
  );
}

/** Each record as the QC Review shows it: the record, its scorecard block, review and details (review-details.ts). */
async function agentQcRecordsOf(db: Db, kept: Selectable<QcRecordsTable>[]): Promise<TAgentQcRecord[]> {
  const rows = await withFileNames(db, kept);
  const ids = rows.map((r) => r.id);
  const reviews = ids.length === 0 ? [] : await selectReviews(db).where('agentReviews.qcId', 'in', ids).execute();
  const byRecord = new Map(reviews.map((r) => [r.qcId, toReview(r)]));
  const [blocks, details] = await Promise.all([scorecardBlocks(db, rows), reviewDetails(db, rows)]);
  return rows.map((r) => {
    const block = blocks.get(r.id);
    return {
      ...toInHouse(r),
      ...(block === undefined ? {} : { scorecard: block }),
      review: byRecord.get(r.id) ?? null,
      ...details.get(r.id),
    };
  });
}

/**
 * The `scorecard` block (criteria, choices, marks, the inspector's comments) of each record the agent reads it for: a
 * record of another scorecard than Standard, or a Standard one carrying a comment. Each version is read once.
 */
async function scorecardBlocks(
  db: Db,
  rows: readonly { id: number; scorecardId: number; marks: TStoredMarks; total: number; agentGrade: string }[],
): Promise<Map<number, TScorecardBlock>> {
  const wanted = rows.filter(
    (r) =>
      r.scorecardId !== STANDARD_SCORECARD_ID || Object.values(r.marks).some((m) => (m.comment ?? '').trim() !== ''),
  );
  const versions = new Map<number, TScorecardVersion>();
  for (const id of new Set(wanted.map((r) => r.scorecardId))) versions.set(id, await findScorecardVersion(db, id));
  const blocks = new Map<number, TScorecardBlock>();
  for (const r of wanted) blocks.set(r.id, await scorecardBlockOf(db, r, versions.get(r.scorecardId)));
  return blocks;
}

/** POST submit: the agent's review of one of its own in-house records; a second review of a record is refused (409). */
export async function submitAgentReview(db: Db, user: TTokenPayload, body: ReviewSubmit): Promise<TAgentReview> {
  const record = await db
    .selectFrom('qcRecords')
    .select(['id', 'agentUserId', 'kind'])
    .where('id', '=', body.qcId)
    .executeTakeFirst();
  if (!record || record.kind !== 'in-house') throw notFound(`No QC record with id ${body.qcId}`);
  if (record.agentUserId !== userIdOf(user)) throw forbidden(QC_MESSAGES.otherAgent);
  const { id } = await db
    .insertInto('agentReviews')
    .values({
      qcId: record.id,
      agentUserId: userIdOf(user),
      agreed: body.agreed,
      raiseConcern: body.raiseConcern,
      comment: body.comment,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .catch(onUniqueViolation('agent_reviews_qc_id_key', () => conflict(QC_MESSAGES.alreadyReviewed)));
  return toReview(await selectReviews(db).where('agentReviews.id', '=', id).executeTakeFirstOrThrow());
}

/** GET get-agent-reviews: the unresolved reviews, oldest first; an inspector gets those on its own records. */
export async function listOpenReviews(db: Db, user: TTokenPayload): Promise<TCappedList<TAgentReview>> {
  let open = db
    .selectFrom('agentReviews')
    .innerJoin('qcRecords', 'qcRecords.id', 'agentReviews.qcId')
    .where('agentReviews.isResolved', '=', false);
  if (!isAdmin(user)) open = open.where('qcRecords.qcInspectorId', '=', userIdOf(user));
  let q = selectReviews(db).where('agentReviews.isResolved', '=', false);
  if (!isAdmin(user)) q = q.where('qcRecords.qcInspectorId', '=', userIdOf(user));
  const cap = OPEN_REVIEWS_CAP;
  const fetched = await q
    .orderBy('agentReviews.createdAt')
    .orderBy('agentReviews.id')
    .limit(cap + 1)
    .execute();
  const { kept, total } = await capList(
    fetched,
    cap,
    async () => (await open.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n,
  );
  return { items: kept.map(toReview), total, cap };
}

/** PUT agent-review/{id}: resolved, with what the inspector wrote; by the record's inspector or an admin. */
export async function resolveAgentReview(
  db: Db,
  user: TTokenPayload,
  id: number,
  body: TAgentReviewResolve,
  actor: TAuditActor,
): Promise<TAgentReview> {
  return db.transaction().execute(async (trx) => {
    const current = await selectReviews(trx).where('agentReviews.id', '=', id).forUpdate().executeTakeFirst();
    if (!current) throw notFound(`No review with id ${id}`);
    if (!isAdmin(user) && current.qcInspectorId !== userIdOf(user)) throw forbidden(QC_MESSAGES.otherInspector);
    await trx
      .updateTable('agentReviews')
      .set({
        isResolved: true,
        resolvedMessage: body.resolvedMessage,
        resolvedBy: user.userName,
        resolvedAt: new Date(),
      })
      .where('id', '=', id)
      .execute();
    // Filed under the QC record, so the record's history shows how its review ended.
    const changes = {
      before: { isResolved: current.isResolved, resolvedMessage: current.resolvedMessage },
      after: { isResolved: true, resolvedMessage: body.resolvedMessage },
      note: `review ${id}`,
    };
    await recordAudit(trx, actor, { action: 'resolve', objectType: 'review', objectId: current.qcId, changes });
    return toReview(await selectReviews(trx).where('agentReviews.id', '=', id).executeTakeFirstOrThrow());
  });
}
