// How an agent is read and written: a users row (agentId, name, password, status) joined to its profile row.
import { sql } from 'kysely';
import { AGENT_PROFILE_FIELDS, agentIdTakenMessage, type TAgent, type TAgentProfileField } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { duplicate, onUniqueViolation } from '../../http/errors.ts';

/** Every Agent field of the API; the password hash is never selected. */
export function selectAgents(db: Db) {
  return db
    .selectFrom('agents')
    .innerJoin('users', 'users.id', 'agents.userId')
    .select([
      'agents.id',
      'users.name',
      'users.username as agentId',
      'agents.type',
      ...AGENT_PROFILE_FIELDS.map((field) => `agents.${field}` as const),
      'users.active as status',
      'agents.createdAt',
    ]);
}

type AgentRow = Omit<TAgent, 'createAt'> & { createdAt: Date };

export function toAgent({ createdAt, ...row }: AgentRow): TAgent {
  return { ...row, createAt: createdAt.toISOString() };
}

/** The profile columns of a create or update request (every one of them: an update replaces them all). */
export function profileValues(
  input: Record<TAgentProfileField, string | null>,
): Record<TAgentProfileField, string | null> {
  return Object.fromEntries(AGENT_PROFILE_FIELDS.map((field) => [field, input[field]])) as Record<
    TAgentProfileField,
    string | null
  >;
}

/**
 * Throws 409 when another account already uses agentId as its username (usernames are unique whatever
 * their case, across admins, QC inspectors and agents alike).
 */
export async function assertAgentIdFree(db: Db, agentId: string, exceptUserId?: number): Promise<void> {
  let query = db
    .selectFrom('users')
    .select('role')
    .where(sql<string>`lower(username)`, '=', agentId.toLowerCase());
  if (exceptUserId !== undefined) query = query.where('id', '<>', exceptUserId);
  const taken = await query.executeTakeFirst();
  if (!taken) return;
  throw duplicate(
    taken.role === 'agent' ? agentIdTakenMessage(agentId) : `The ID "${agentId}" is already used by another account`,
    'agentId',
  );
}

/** For the race the check above cannot see: two requests creating the same agentId at once. */
export const onAgentIdTaken = (agentId: string) =>
  onUniqueViolation('users_username_key', () => duplicate(agentIdTakenMessage(agentId), 'agentId'));
