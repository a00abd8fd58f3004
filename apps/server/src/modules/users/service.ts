// Accounts: look-ups used by sign-in and the guard, and the first-start administrator.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { TDbRole } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { hashPassword } from '../../auth/password.ts';
import { findPasswordProblem } from '../../auth/password-rules.ts';

export async function findUserByUsername(db: Db, username: string, roles: readonly TDbRole[]) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'name', 'passwordHash', 'role', 'active', 'tokenVersion'])
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .where('role', 'in', roles)
    .executeTakeFirst();
}

export type AdminBootstrap =
  { created: false } | { created: true; username: string; password: string; generated: boolean };

const ADMIN = { username: 'admin', name: 'Administrator' };

/** A random password for the first administrator that meets the rules (a random one nearly always does). */
async function generateAdminPassword(): Promise<string> {
  for (;;) {
    const password = randomBytes(12).toString('base64url');
    if ((await findPasswordProblem(password, ADMIN)) === undefined) return password;
  }
}

/**
 * On first start (no administrator yet) creates user `admin`, with the given password (CRM_ADMIN_PASSWORD) or a random
 * one. A given password that breaks a password rule stops the start: the error says which rule.
 */
export async function ensureAdmin(db: Db, password: string | undefined): Promise<AdminBootstrap> {
  const existing = await db.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirst();
  if (existing) return { created: false };
  if (password !== undefined) {
    const problem = await findPasswordProblem(password, ADMIN);
    if (problem !== undefined)
      throw new Error(`CRM_ADMIN_PASSWORD is refused: ${problem.message} (docs/trust.md, Passwords)`);
  }
  const chosen = password ?? (await generateAdminPassword());
  const inserted = await db
    .insertInto('users')
    .values({ ...ADMIN, passwordHash: await hashPassword(chosen), role: 'admin' })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  // Another process started at the same moment and made it first.
  if (!inserted) return { created: false };
  return { created: true, username: ADMIN.username, password: chosen, generated: password === undefined };
}
