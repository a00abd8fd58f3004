// Helpers of the audit tests: the log's entries as stored, and a check that none of them carries a secret.
import { expect } from 'vitest';
import type { Db } from '../db/schema.ts';

export type StoredEntry = {
  action: string;
  objectType: string;
  objectId: string;
  actorUsername: string;
  actorRole: string;
  changes: Record<string, unknown>;
  ip: string | null;
};

/** The entries about one kind of object (one object when its id is given), oldest first. */
export async function auditEntries(db: Db, objectType: string, objectId?: string | number): Promise<StoredEntry[]> {
  let q = db
    .selectFrom('auditLog')
    .select(['action', 'objectType', 'objectId', 'actorUsername', 'actorRole', 'changes', 'ip'])
    .where('objectType', '=', objectType);
  if (objectId !== undefined) q = q.where('objectId', '=', String(objectId));
  return q.orderBy('id').execute();
}

export async function countAuditEntries(db: Db): Promise<number> {
  const row = await db
    .selectFrom('auditLog')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** No entry may hold a password, a hash or a token, whatever the change was. */
export async function expectNoSecretsLogged(db: Db, ...passwords: string[]): Promise<void> {
  const rows = await db.selectFrom('auditLog').select('changes').execute();
  const text = JSON.stringify(rows);
  expect(text).not.toMatch(/\$argon2|scrypt\$|passwordHash|"password"|tokenVersion/);
  for (const password of passwords) expect(text).not.toContain(password);
}
