// Accounts: look-ups used by sign-in and the guard, and the first-start administrator.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { TDbRole } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { hashPassword } from '../../auth/password.ts';

export async function findUserByUsername(db: Db, username: string, roles: readonly TDbRole[]) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'name', 'passwordHash', 'role', 'active', 'tokenVersion'])
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .where('role', 'in', roles)
    .executeTakeFirst();
}

export type AdminBootstrap = { created: false } | { created: true; username: string; password: string; generated: boolean };

/** On first start (no administrator yet) creates user `admin`, with the given password or a random one. */
export async function ensureAdmin(db: Db, password: string | undefined): Promise<AdminBootstrap> {
  const existing = await db.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirst();
  if (existing) return { created: false };
  const chosen = password ?? randomBytes(12).toString('base64url');
  const inserted = await db
    .insertInto('users')
    .values({ username: 'admin', name: 'Administrator', passwordHash: await hashPassword(chosen), role: 'admin' })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  // Another process started at the same moment and made it first.
  if (!inserted) return { created: false };
  return { created: true, username: 'admin', password: chosen, generated: password === undefined };
}
