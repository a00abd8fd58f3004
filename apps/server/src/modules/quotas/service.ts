// Quotas (docs/guide/quotas.md): list, add, change and remove a campaign's quotas on completed calls, audited. A new or
// retargeted quota starts at the completed calls already in it; afterwards only the survey save moves its count
// (counting.ts).
import { sql, type RawBuilder } from 'kysely';
import { QUOTA_LEAD_COLUMNS, QUOTA_MESSAGES, formatQno, isChoiceType, type TQuota, type TQuotaBody } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';
import { findLeadLayout } from '../leads/layout.ts';
import { queueQuotaFull } from '../../db/dialer-sync-queue.ts';

/** What a quota counts, checked against its campaign: a lead field, or a question (its id, qno and type). */
type Target =
  { field: string; question: null } | { field: null; question: { id: number; qno: number; multi: boolean } };

type QuotaRow = {
  id: number;
  campaignName: string;
  field: string | null;
  questionNo: number | null;
  value: string;
  limit: number;
  count: number;
};

const toQuota = (r: QuotaRow): TQuota => ({ ...r, full: r.count >= r.limit });

/** The quotas with their campaign's name and question's number; `where` narrows them. */
function quotaRows(db: Db) {
  return db
    .selectFrom('quotas as q')
    .innerJoin('campaigns as c', 'c.id', 'q.campaignId')
    .leftJoin('questions as qu', 'qu.id', 'q.questionId')
    .select(['q.id', 'c.campaignName', 'q.field', 'qu.qno as questionNo', 'q.value', 'q.limit', 'q.count']);
}

/** GET /api/quotas?campaignName=: the campaign's quotas, fields first, then by question and value. */
export async function findQuotas(db: Db, campaignName: string): Promise<TQuota[]> {
  const layout = await findLeadLayout(db, campaignName);
  const rows = await quotaRows(db)
    .where('q.campaignId', '=', layout.campaignId)
    .orderBy(sql`q.field is null`)
    .orderBy('q.field')
    .orderBy('qu.qno')
    .orderBy('q.value')
    .orderBy('q.id')
    .execute();
  return rows.map(toQuota);
}

/** 400 unless the field is a column of the campaign or the question is a live one of it, with the value among its options. */
async function checkTarget(
  db: Db,
  campaignName: string,
  body: TQuotaBody,
): Promise<{ campaignId: number; target: Target }> {
  const layout = await findLeadLayout(db, campaignName);
  if (body.field !== undefined) {
    const fields: readonly string[] = [...QUOTA_LEAD_COLUMNS, ...layout.custom];
    if (!fields.includes(body.field)) throw badRequest(QUOTA_MESSAGES.notAColumn(layout.campaignName, body.field));
    return { campaignId: layout.campaignId, target: { field: body.field, question: null } };
  }
  const qno = body.questionNo ?? 0;
  const question = await db
    .selectFrom('questions')
    .select(['id', 'type', 'options'])
    .where('campaignId', '=', layout.campaignId)
    .where('qno', '=', qno)
    .executeTakeFirst();
  if (question === undefined) throw badRequest(QUOTA_MESSAGES.noSuchQuestion(layout.campaignName, qno));
  if (isChoiceType(question.type) && !question.options.map((o) => o.trim()).includes(body.value))
    throw badRequest(QUOTA_MESSAGES.notAnOption(qno, body.value));
  return {
    campaignId: layout.campaignId,
    target: { field: null, question: { id: question.id, qno, multi: question.type === 'Multi Select Option' } },
  };
}

/** The condition "lead `l` is in the quota" in SQL: its field has the value, or its answer is (or holds) it. */
export function leadInQuotaSql(target: Target, value: string): RawBuilder<boolean> {
  if (target.question !== null) {
    const answer = sql`l.answers ->> ${formatQno(target.question.qno)}`;
    return target.question.multi
      ? sql<boolean>`${value} = any (select trim(o) from unnest(string_to_array(${answer}, ',')) o)`
      : sql<boolean>`trim(${answer}) = ${value}`;
  }
  const field = target.field;
  const column = (QUOTA_LEAD_COLUMNS as readonly string[]).includes(field)
    ? sql`${sql.ref(`l.${field}`)}`
    : sql`l.fields ->> ${field}`;
  return sql<boolean>`${column} = ${value}`;
}

/** The campaign's completed calls (is_called = 1) in the quota: where a new or retargeted quota's count starts. */
async function countCompleted(db: Db, campaignId: number, target: Target, value: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from leads l where l.campaign_id = ${campaignId} and l.is_called = 1 and ${leadInQuotaSql(target, value)}`.execute(
    db,
  );
  return Number(rows[0]?.n ?? 0);
}

const described = (campaignName: string, body: TQuotaBody) => ({
  campaignName,
  ...(body.field === undefined ? { questionNo: body.questionNo } : { field: body.field }),
  value: body.value,
  limit: body.limit,
});

/** A second quota on one field (or question) and value of a campaign: 409. */
const onDuplicate = (e: unknown): never => {
  if (isUniqueViolation(e, 'quotas_field_value_key') || isUniqueViolation(e, 'quotas_question_value_key'))
    throw conflict(QUOTA_MESSAGES.alreadyExists);
  throw e;
};

/** POST /api/quotas?campaignName=: the quota, its count starting at the completed calls already in it; 409 for a second on one value. */
export async function createQuota(db: Db, campaignName: string, body: TQuotaBody, actor: TAuditActor): Promise<TQuota> {
  const { campaignId, target } = await checkTarget(db, campaignName, body);
  return db.transaction().execute(async (trx) => {
    const count = await countCompleted(trx, campaignId, target, body.value);
    const row = await trx
      .insertInto('quotas')
      .values({
        campaignId,
        field: target.field,
        questionId: target.question?.id ?? null,
        value: body.value,
        limit: body.limit,
        count,
        createdBy: actor.username,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .catch(onDuplicate);
    const quota = toQuota(await quotaRows(trx).where('q.id', '=', row.id).executeTakeFirstOrThrow());
    // Full from the start (its completed calls reach the limit): its sent, not yet called leads leave the dialer.
    if (quota.full) await queueQuotaFull(trx, row.id);
    await recordAudit(trx, actor, {
      action: 'create',
      objectType: 'quota',
      objectId: row.id,
      changes: { after: { ...described(quota.campaignName, body), count } },
    });
    return quota;
  });
}

/**
 * PUT /api/quotas/{id}: the same body as a new one. A changed limit keeps the count (a limit below it makes the quota
 * full); a changed field, question or value counts the completed calls in the new target.
 */
export async function updateQuota(db: Db, id: number, body: TQuotaBody, actor: TAuditActor): Promise<TQuota> {
  const before = await quotaRows(db).where('q.id', '=', id).executeTakeFirst();
  if (before === undefined) throw notFound(QUOTA_MESSAGES.notFound);
  const { campaignId, target } = await checkTarget(db, before.campaignName, body);
  const sameTarget =
    before.field === target.field &&
    before.questionNo === (target.question?.qno ?? null) &&
    before.value === body.value;
  return db.transaction().execute(async (trx) => {
    const count = sameTarget ? undefined : await countCompleted(trx, campaignId, target, body.value);
    const updated = await trx
      .updateTable('quotas')
      .set({
        field: target.field,
        questionId: target.question?.id ?? null,
        value: body.value,
        limit: body.limit,
        updatedAt: new Date(),
        ...(count === undefined ? {} : { count }),
      })
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst()
      .catch(onDuplicate);
    if (updated === undefined) throw notFound(QUOTA_MESSAGES.notFound);
    const quota = toQuota(await quotaRows(trx).where('q.id', '=', id).executeTakeFirstOrThrow());
    // Full now and not before (a lower limit, another value): its sent, not yet called leads leave the dialer.
    if (quota.full && !(sameTarget && before.count >= before.limit)) await queueQuotaFull(trx, id);
    const { id: _id, campaignName: _name, ...was } = before;
    await recordAudit(trx, actor, {
      action: 'update',
      objectType: 'quota',
      objectId: id,
      changes: { before: was, after: { ...described(quota.campaignName, body), count: quota.count } },
    });
    return quota;
  });
}

/** DELETE /api/quotas/{id}: 404 when there is none. */
export async function deleteQuota(db: Db, id: number, actor: TAuditActor): Promise<void> {
  const before = await quotaRows(db).where('q.id', '=', id).executeTakeFirst();
  if (before === undefined) throw notFound(QUOTA_MESSAGES.notFound);
  await db.transaction().execute(async (trx) => {
    const gone = await trx.deleteFrom('quotas').where('id', '=', id).returning('id').executeTakeFirst();
    if (gone === undefined) throw notFound(QUOTA_MESSAGES.notFound);
    const { id: _id, ...was } = before;
    await recordAudit(trx, actor, { action: 'delete', objectType: 'quota', objectId: id, changes: { before: was } });
  });
}
