// QC inspector and client accounts managed by admins: create, list (admins shown too), rename, enable or disable, reset
// password; a client account's campaigns and recordings flag (docs/guide/clients.md).
import { sql } from 'kysely';
import type { z } from 'zod';
import {
  DB_ROLES,
  type ZCreateUserRequest,
  type TDbRole,
  type TPaged,
  type TUpdateUserRequest,
  type TUser,
  type TUserListQuery,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { hashPassword } from '../../auth/password.ts';
import { assertPasswordAllowed } from '../../auth/password-rules.ts';
import { endUserSessions } from '../../auth/end-sessions.ts';
import { badRequest, duplicate, invalidValue, notFound, onUniqueViolation } from '../../http/errors.ts';
import { pageWindow, toPaged } from '../../http/pagination.ts';
import { changedFields, recordAudit, snapshot, type TAuditActor } from '../audit/record.ts';
import { containsText } from '../../db/search.ts';
import { assertCurrentPassword, assertOwnSecondFactor } from './own-password.ts';

const ACCOUNT_ROLES = ['admin', 'qc', 'client'] as const;

function selectAccounts(db: Db) {
  return db.selectFrom('users').select(ACCOUNT_FIELDS).where('role', 'in', ACCOUNT_ROLES);
}

const ACCOUNT_FIELDS = [
  'id',
  'username',
  'name',
  'role',
  'active',
  'createdAt',
  'mfaEnrolledAt',
  'clientRecordings',
] as const;

type AccountRow = {
  id: number;
  username: string;
  name: string;
  role: TDbRole;
  active: boolean;
  createdAt: Date;
  mfaEnrolledAt: Date | null;
  clientRecordings: boolean;
};

/** `campaigns`: a client account's campaign names (findCampaignNamesOf); ignored for other accounts. */
function toUser(row: AccountRow, campaigns: readonly string[] = []): TUser {
  const role = DB_ROLES[row.role];
  // selectAccounts never yields agents; the check keeps the reply type honest.
  if (role === 'AGENT') throw new Error(`user ${row.id} is an agent`);
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    role,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    mfaEnrolled: row.mfaEnrolledAt !== null,
    ...(role === 'CLIENT' ? { campaigns: [...campaigns], recordingsAllowed: row.clientRecordings } : {}),
  };
}

/** The campaign names of each client account among `userIds`, A to Z. */
async function findCampaignNamesOf(db: Db, userIds: readonly number[]): Promise<Map<number, string[]>> {
  const names = new Map<number, string[]>();
  if (userIds.length === 0) return names;
  const rows = await db
    .selectFrom('clientCampaigns')
    .innerJoin('campaigns', 'campaigns.id', 'clientCampaigns.campaignId')
    .select(['clientCampaigns.userId', 'campaigns.campaignName'])
    .where('clientCampaigns.userId', 'in', userIds)
    .orderBy('campaigns.campaignName')
    .execute();
  for (const r of rows) names.set(r.userId, [...(names.get(r.userId) ?? []), r.campaignName]);
  return names;
}

async function toUsers(db: Db, rows: readonly AccountRow[]): Promise<TUser[]> {
  const clients = rows.filter((r) => r.role === 'client').map((r) => r.id);
  const names = await findCampaignNamesOf(db, clients);
  return rows.map((r) => toUser(r, names.get(r.id)));
}

/**
 * The campaigns of these names (case as stored), or 400 INVALID_VALUE under `campaigns` naming every unknown one:
 * the whole request is refused, nothing is written.
 */
async function findCampaignsByName(db: Db, names: readonly string[]): Promise<{ id: number; campaignName: string }[]> {
  const rows = await db
    .selectFrom('campaigns')
    .select(['id', 'campaignName'])
    .where(
      sql<string>`lower(campaign_name)`,
      'in',
      names.map((n) => n.toLowerCase()),
    )
    .execute();
  const known = new Set(rows.map((r) => r.campaignName.toLowerCase()));
  const unknown = names.filter((n) => !known.has(n.toLowerCase()));
  if (unknown.length > 0) {
    const list = unknown.map((n) => `"${n}"`).join(', ');
    throw invalidValue(`No campaign named ${list}: the account was not saved`, 'campaigns');
  }
  return rows;
}

/** Replaces a client account's campaigns with these. */
async function setClientCampaigns(trx: Db, userId: number, campaignIds: readonly number[]): Promise<void> {
  await trx.deleteFrom('clientCampaigns').where('userId', '=', userId).execute();
  await trx
    .insertInto('clientCampaigns')
    .values(campaignIds.map((campaignId) => ({ userId, campaignId })))
    .execute();
}

/** A create request as the schema gives it (trimmed, role defaulted, campaigns without repeats). */
type TCreatedUser = z.output<typeof ZCreateUserRequest>;

const usernameTaken = (username: string) => duplicate(`The username "${username}" is already taken`, 'username');

/**
 * A QC inspector or a client account (with its campaigns, by name, and its recordings flag). Usernames are unique
 * whatever their case, across every role (an agent's username is its agentId).
 */
export async function createUserAccount(db: Db, input: TCreatedUser, actor: TAuditActor): Promise<TUser> {
  const taken = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(username)`, '=', input.username.toLowerCase())
    .executeTakeFirst();
  if (taken) throw usernameTaken(input.username);
  const client = input.role === 'CLIENT';
  const campaigns = client ? await findCampaignsByName(db, input.campaigns ?? []) : [];
  await assertPasswordAllowed(input.password, { username: input.username, name: input.name });
  const passwordHash = await hashPassword(input.password);
  return db
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .insertInto('users')
        .values({
          username: input.username,
          name: input.name,
          passwordHash,
          role: client ? 'client' : 'qc',
          clientRecordings: client && input.recordings === true,
        })
        .returning(ACCOUNT_FIELDS)
        .executeTakeFirstOrThrow();
      if (client)
        await setClientCampaigns(
          trx,
          row.id,
          campaigns.map((c) => c.id),
        );
      const user = toUser(
        row,
        campaigns.map((c) => c.campaignName).sort((a, b) => a.localeCompare(b)),
      );
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

/** QC inspectors, client accounts (with their campaigns) and admins, newest first; never agents. `search` matches
 * username or name. */
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
  return toPaged(await toUsers(db, rows), Number(total.n), query);
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
  const clientFields = input.campaigns !== undefined || input.recordings !== undefined;
  if (clientFields && target.role !== 'client')
    throw invalidValue('Campaigns and recordings are for client accounts only', 'campaigns');
  const campaigns = input.campaigns === undefined ? undefined : await findCampaignsByName(db, input.campaigns);
  if (input.active === false && id === actor.userId) throw badRequest('You cannot disable your own account.');
  const ownPassword = input.password !== undefined && id === actor.userId;
  if (ownPassword) await assertCurrentPassword(db, id, input);
  if (input.password !== undefined)
    await assertPasswordAllowed(input.password, { username: target.username, name: input.name ?? target.name });
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  const row = await db.transaction().execute(async (trx) => {
    // The code is used up with the change, or not at all.
    if (ownPassword) await assertOwnSecondFactor(trx, id, input);
    const beforeRow = await selectAccounts(trx).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!beforeRow) return undefined;
    const [before] = await toUsers(trx, [beforeRow]);
    const updated = await trx
      .updateTable('users')
      .set({
        updatedAt: new Date(),
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.active === undefined ? {} : { active: input.active }),
        ...(passwordHash === undefined ? {} : { passwordHash }),
        ...(input.recordings === undefined ? {} : { clientRecordings: input.recordings }),
      })
      .where('id', '=', id)
      .returning(ACCOUNT_FIELDS)
      .executeTakeFirst();
    if (updated && campaigns !== undefined)
      await setClientCampaigns(
        trx,
        id,
        campaigns.map((c) => c.id),
      );
    // A new password or a disabled account ends every token the user holds; enabling it again brings none back.
    if (updated && (passwordHash !== undefined || input.active === false)) await endUserSessions(trx, id);
    if (!updated) return undefined;
    const [after] = await toUsers(trx, [updated]);
    if (before && after) {
      // The password itself is never logged, only that it was reset.
      const changes = {
        ...changedFields(before, after),
        ...(passwordHash === undefined ? {} : { note: 'password reset' }),
      };
      await recordAudit(trx, actor, { action: 'update', objectType: 'user', objectId: id, changes });
    }
    return after;
  });
  if (!row) throw notFound(`No user with id ${id}`);
  return row;
}
