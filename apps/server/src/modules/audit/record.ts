// Writing the audit log: one row per admin or QC change, in the transaction of the change itself, so a change that
// rolls back leaves no entry and an entry never describes a change that did not happen.
import type pg from 'pg';
import type { TAuditAction, TAuditChanges, TAuditObjectType } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import type { TAuditActor } from '../../auth/actor.ts';

// The actor type lives beside actorOf in auth/actor.ts; named here too for the modules that record entries.
export type { TAuditActor } from '../../auth/actor.ts';

export type TAuditRecord = {
  action: TAuditAction;
  objectType: TAuditObjectType;
  objectId: string | number;
  changes?: TAuditChanges;
};

/** Never written to the log, whatever a row holds: secrets, and bookkeeping that is not a change anyone made. */
const LEFT_OUT = new Set([
  'password',
  'passwordHash',
  'tokenVersion',
  'jwtToken',
  'token',
  'createdAt',
  'createAt',
  'updatedAt',
  'version',
]);

function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  return value;
}

/** A row as logged: secrets and bookkeeping left out, dates as ISO text. */
export function snapshot(row: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row))
    if (!LEFT_OUT.has(key) && value !== undefined) out[key] = plain(value);
  return out;
}

/** Only the fields that differ between two versions of a row, each side with its value. */
export function changedFields(before: object, after: object): Required<Pick<TAuditChanges, 'before' | 'after'>> {
  const was = snapshot(before);
  const now = snapshot(after);
  const changes = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const key of new Set([...Object.keys(was), ...Object.keys(now)])) {
    if (JSON.stringify(was[key]) === JSON.stringify(now[key])) continue;
    changes.before[key] = was[key] ?? null;
    changes.after[key] = now[key] ?? null;
  }
  return changes;
}

function rowOf(actor: TAuditActor, record: TAuditRecord) {
  return {
    actorId: actor.userId,
    actorUsername: actor.username,
    actorRole: actor.role,
    action: record.action,
    objectType: record.objectType,
    objectId: String(record.objectId),
    changes: JSON.stringify(record.changes ?? {}),
    ip: actor.ip,
  };
}

/** Appends one entry; call it with the transaction that makes the change. */
export async function recordAudit(db: Db, actor: TAuditActor, record: TAuditRecord): Promise<void> {
  await db.insertInto('auditLog').values(rowOf(actor, record)).execute();
}

/** recordAudit on a plain client in an open transaction (the lead upload's COPY connection). */
export async function recordAuditOn(client: pg.ClientBase, actor: TAuditActor, record: TAuditRecord): Promise<void> {
  const r = rowOf(actor, record);
  await client.query(
    'insert into audit_log (actor_id, actor_username, actor_role, action, object_type, object_id, changes, ip) values ($1, $2, $3, $4, $5, $6, $7, $8)',
    [r.actorId, r.actorUsername, r.actorRole, r.action, r.objectType, r.objectId, r.changes, r.ip],
  );
}
