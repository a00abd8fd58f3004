// QC inspector accounts managed by admins: create, list (admins shown too), rename, enable or disable, reset password.
import { sql } from 'kysely';
import {
  DB_ROLES,
  type TDbRole,
  type TCreateUserRequest,
  type TPaged,
  type TUpdateUserRequest,
  type TUser,
  type TUserListQuery,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { hashPassword } from '../../auth/password.ts';
import { assertPasswordAllowed } from '../../auth/password-rules.ts';
import { endUserSessions } from '../../auth/end-sessions.ts';
import { badRequest, duplicate, notFound, onUniqueViolation } from '../../http/errors.ts';
import { pageWindow, toPaged } from '../../http/pagination.ts';
import { changedFields, recordAudit, snapshot, type TAuditActor } from '../audit/record.ts';
import { containsText } from '../../db/search.ts';
import { assertCurrentPassword, assertOwnSecondFactor } from './own-password.ts';

const ACCOUNT_ROLES = ['admin', 'qc'] as const;

function selectAccounts(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'name', 'role', 'active', 'createdAt', 'mfaEnrolledAt'])
    .where('role', 'in', ACCOUNT_ROLES);
}

type AccountRow = {
  id: number;
  username: string;
  name: string;
  role: TDbRole;
  active: boolean;
  createdAt: Date;
  mfaEnrolledAt: Date | null;
};

function toUser(row: AccountRow): TUser {
  const role = DB_ROLES[row.role];
  // selectAccounts never yields agents; the check keeps the reply type honest.
  if (role === 'AGENT' || role === 'CLIENT') throw new Error(`user ${row.id} is not an account of this list`);
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    role,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    mfaEnrolled: row.mfaEnrolledAt !== null,
  };
}

const usernameTaken = (username: string) => duplicate(`The username "${username}" is already taken`, 'username');

/** Usernames are unique whatever their case, across admins, QC inspectors and agents (an agent's username is its agentId). */
export async function createQcUser(db: Db, input: Required<TCreateUserRequest>, actor: TAuditActor): Promise<TUser> {
  const taken = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(username)`, '=', input.username.toLowerCase())
    .executeTakeFirst();
  if (taken) throw usernameTaken(input.username);
  await assertPasswordAllowed(input.password, { username: input.username, name: input.name });
  const passwordHash = await hashPassword(input.password);
  return db
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .insertInto('users')
        .values({ username: input.username, name: input.name, passwordHash, role: 'qc' })
        .returning(['id', 'username', 'name', 'role', 'active', 'createdAt', 'mfaEnrolledAt'])
        .executeTakeFirstOrThrow();
      const user = toUser(row);
      await recordAudit(trx, actor, {
        action: 'create',
        objectType: 'user',
        objectId: user.id,
        changes: { after: snapshot(user) },
      });
      return user;
    })
    .catch(onUniqueViolation('users_username_key', () => usernameTaken(input.username)));
}

/** QC inspectors and admins, newest first; never agents. `search` matches username or name. */
export async function findUsersPage(db: Db, query: TUserListQuery): Promise<TPaged<TUser>> {
  const { limit, offset } = pageWindow(query);
  let base = selectAccounts(db);
  if (query.search) {
    const term = query.search;
    base = base.where((eb) => eb.or([containsText(eb.ref('username'), term), containsText(eb.ref('name'), term)]));
  }
  const [rows, total] = await Promise.all([
    base.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return toPaged(rows.map(toUser), Number(total.n), query);
}

/**
 * Renames, enables or disables, or resets the password of an admin or QC inspector account. Disabling
 * shuts the account out at once (the guard checks `active` on every call). Agents are edited on the Agents screen.
 * A new password meets the password rules; one's own needs the current password (and a code of one's second factor).
 */
export async function updateUser(db: Db, id: number, input: TUpdateUserRequest, actor: TAuditActor): Promise<TUser> {
  const target = await db
    .selectFrom('users')
    .select(['id', 'role', 'username', 'name'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!target) throw notFound(`No user with id ${id}`);
  if (target.role === 'agent') throw badRequest('This is an agent account: change it on the Agents screen.');
  if (input.active === false && id === actor.userId) throw badRequest('You cannot disable your own account.');
  const ownPassword = input.password !== undefined && id === actor.userId;
  if (ownPassword) await assertCurrentPassword(db, id, input);
  if (input.password !== undefined)
    await assertPasswordAllowed(input.password, { username: target.username, name: input.name ?? target.name });
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  const row = await db.transaction().execute(async (trx) => {
    // The code is used up with the change, or not at all.
    if (ownPassword) await assertOwnSecondFactor(trx, id, input);
    const before = await selectAccounts(trx).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) return undefined;
    const updated = await trx
      .updateTable('users')
      .set({
        updatedAt: new Date(),
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.active === undefined ? {} : { active: input.active }),
        ...(passwordHash === undefined ? {} : { passwordHash }),
      })
      .where('id', '=', id)
      .returning(['id', 'username', 'name', 'role', 'active', 'createdAt', 'mfaEnrolledAt'])
      .executeTakeFirst();
    // A new password or a disabled account ends every token the user holds; enabling it again brings none back.
    if (updated && (passwordHash !== undefined || input.active === false)) await endUserSessions(trx, id);
    if (updated) {
      // The password itself is never logged, only that it was reset.
      const changes = {
        ...changedFields(toUser(before), toUser(updated)),
        ...(passwordHash === undefined ? {} : { note: 'password reset' }),
      };
      await recordAudit(trx, actor, { action: 'update', objectType: 'user', objectId: id, changes });
    }
    return updated;
  });
  if (!row) throw notFound(`No user with id ${id}`);
  return toUser(row);
}
