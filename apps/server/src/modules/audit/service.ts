// Reading the audit log (docs/guide/audit.md): the filtered entries of /audit newest first, and one QC record's history.
import { sql, type Selectable, type SelectQueryBuilder } from 'kysely';
import {
  ZAuditChanges,
  startOfLocalDay,
  startOfNextLocalDay,
  type TAuditEntry,
  type TAuditHistory,
  type TAuditQuery,
  type TPaged,
  type TPageParams,
  type TTokenPayload,
} from '@crm/shared';
import type { AuditLogTable, DB, Db } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { pageWindow, toPaged } from '../../http/pagination.ts';
import { assertCanSeeRecord, isAdmin } from '../../auth/access.ts';

export type AuditRow = Selectable<AuditLogTable>;
type AuditQuery = SelectQueryBuilder<DB, 'auditLog', object>;

/**
 * The entries the filters let through. Each filter is one an index serves: the actor by its lowercased username
 * (audit_log_actor_idx), the object by type and id (audit_log_object_idx), the days by time (audit_log_at_idx): whole
 * days of the call centre's time zone.
 */
export function filteredAudit(db: Db, query: TAuditQuery, timeZone: string): AuditQuery {
  let q: AuditQuery = db.selectFrom('auditLog');
  if (query.actor) q = q.where(sql<string>`lower(actor_username)`, '=', query.actor.toLowerCase());
  if (query.objectType) q = q.where('objectType', '=', query.objectType);
  if (query.objectId) q = q.where('objectId', '=', query.objectId);
  if (query.action) q = q.where('action', '=', query.action);
  if (query.from) q = q.where('at', '>=', startOfLocalDay(query.from, timeZone));
  if (query.to) q = q.where('at', '<', startOfNextLocalDay(query.to, timeZone));
  return q;
}

/** A row as the API sends it; a changes value of an unexpected shape is shown as its JSON rather than failing the page. */
export function toAuditEntry(row: AuditRow): TAuditEntry {
  const changes = ZAuditChanges.safeParse(row.changes);
  return {
    id: Number(row.id),
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorUsername: row.actorUsername,
    actorRole: row.actorRole,
    action: row.action,
    objectType: row.objectType,
    objectId: row.objectId,
    changes: changes.success ? changes.data : { note: JSON.stringify(row.changes) },
    ip: row.ip,
  };
}

/** GET /api/audit/pagination/{page}/{size}: newest first (by id, the order entries were written in). */
export async function findAuditPage(
  db: Db,
  query: TAuditQuery,
  params: TPageParams,
  timeZone: string,
): Promise<TPaged<TAuditEntry>> {
  const { limit, offset } = pageWindow(params);
  const [rows, total] = await Promise.all([
    filteredAudit(db, query, timeZone).selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    filteredAudit(db, query, timeZone)
      .select((e) => e.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return toPaged(rows.map(toAuditEntry), Number(total.n), params);
}

/**
 * GET /api/audit/qcRecord/{id}: the record's own entries and its review's, oldest first, to whoever may open the
 * record (its inspector or an admin). 404 when the record is gone: its history stays on /audit for admins. An
 * inspector is not shown the addresses changes came from.
 */
export async function findQcRecordHistory(db: Db, user: TTokenPayload, id: number): Promise<TAuditHistory> {
  const record = await db
    .selectFrom('qcRecords')
    .select(['qcInspectorId', 'agentUserId', 'kind'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!record) throw notFound(`No QC record with id ${id}`);
  assertCanSeeRecord(user, record);
  const rows = await db
    .selectFrom('auditLog')
    .selectAll()
    .where('objectType', 'in', ['qcRecord', 'review'])
    .where('objectId', '=', String(id))
    .orderBy('id')
    .execute();
  const admin = isAdmin(user);
  return rows.map((row) => ({ ...toAuditEntry(row), ip: admin ? row.ip : null }));
}
