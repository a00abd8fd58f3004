// Agents (docs/product.md §7 /api/ac): create, list, search, read, edit and delete an agent and its sign-in.
import {
  MAX_AGENT_SEARCH_RESULTS,
  type TAgent,
  type TAgentSearchQuery,
  type TCreateAgent,
  type TPaged,
  type TPageParams,
  type TUpdateAgent,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { hashPassword } from '../../auth/password.ts';
import { assertPasswordAllowed } from '../../auth/password-rules.ts';
import { endUserSessions } from '../../auth/end-sessions.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { pageWindow, toPaged } from '../../http/pagination.ts';
import { assertAgentIdFree, onAgentIdTaken, profileValues, selectAgents, toAgent } from './agent-rows.ts';
import { describeHistory, findAgentHistory, hasHistory } from './history.ts';
import { changedFields, recordAudit, snapshot, type TAuditActor } from '../audit/record.ts';
import { containsText } from '../../db/search.ts';
import { isForeignKeyViolation } from '../../db/pg-errors.ts';

const noSuchAgent = (id: number) => notFound(`No agent with id ${id}`);

export async function findAgent(db: Db, id: number): Promise<TAgent> {
  const row = await selectAgents(db).where('agents.id', '=', id).executeTakeFirst();
  if (!row) throw noSuchAgent(id);
  return toAgent(row);
}

/** Creates the agent's sign-in (role agent, username = agentId) and its profile together. */
export async function createAgent(db: Db, input: TCreateAgent, actor: TAuditActor): Promise<TAgent> {
  await assertAgentIdFree(db, input.agentId);
  await assertPasswordAllowed(input.password, { agentId: input.agentId, name: input.name });
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('users')
      .values({ username: input.agentId, name: input.name, passwordHash, role: 'agent' })
      .returning('id')
      .executeTakeFirstOrThrow()
      .catch(onAgentIdTaken(input.agentId));
    const agent = await trx
      .insertInto('agents')
      .values({ userId: user.id, type: input.type, ...profileValues(input) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const created = await findAgent(trx, agent.id);
    await recordAudit(trx, actor, {
      action: 'create',
      objectType: 'agent',
      objectId: created.id,
      changes: { after: snapshot(created) },
    });
    return created;
  });
}

/** Newest first (then by id, so agents of one upload keep a stable order across pages). */
export async function findAgentsPage(db: Db, params: TPageParams): Promise<TPaged<TAgent>> {
  const { limit, offset } = pageWindow(params);
  const [rows, total] = await Promise.all([
    selectAgents(db)
      .orderBy('agents.createdAt', 'desc')
      .orderBy('agents.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    countAgents(db),
  ]);
  return toPaged(rows.map(toAgent), total, params);
}

/** Every agent, by name: for pickers. */
export async function findAllAgents(db: Db): Promise<TAgent[]> {
  const rows = await selectAgents(db).orderBy('users.name').orderBy('agents.id').execute();
  return rows.map(toAgent);
}

/** Agents whose name or agentId contains the term, or whose type does (case-insensitive); any criterion may match. */
export async function searchAgents(db: Db, query: TAgentSearchQuery): Promise<TAgent[]> {
  const { name, agentId, type } = query;
  if (!name && !agentId && !type) return [];
  const rows = await selectAgents(db)
    .where((eb) =>
      eb.or([
        ...(name ? [containsText(eb.ref('users.name'), name)] : []),
        ...(agentId ? [containsText(eb.ref('users.username'), agentId)] : []),
        ...(type ? [containsText(eb.ref('agents.type'), type)] : []),
      ]),
    )
    .orderBy('agents.createdAt', 'desc')
    .orderBy('agents.id', 'desc')
    .limit(MAX_AGENT_SEARCH_RESULTS)
    .execute();
  return rows.map(toAgent);
}

/** Replaces every field of an existing agent; never creates one. A new password is set only when given (and meets the rules). */
export async function updateAgent(db: Db, input: TUpdateAgent, actor: TAuditActor): Promise<TAgent> {
  if (input.password !== undefined)
    await assertPasswordAllowed(input.password, { agentId: input.agentId, name: input.name });
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('agents')
      .select(['id', 'userId'])
      .where('id', '=', input.id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw noSuchAgent(input.id);
    const before = await findAgent(trx, current.id);
    await assertAgentIdFree(trx, input.agentId, current.userId);
    await trx
      .updateTable('users')
      .set({
        username: input.agentId,
        name: input.name,
        active: input.status,
        updatedAt: new Date(),
        ...(passwordHash === undefined ? {} : { passwordHash }),
      })
      .where('id', '=', current.userId)
      .execute()
      .catch(onAgentIdTaken(input.agentId));
    await trx
      .updateTable('agents')
      .set({ type: input.type, ...profileValues(input) })
      .where('id', '=', current.id)
      .execute();
    // A new password or Inactive ends every token and sign-in of the agent at once; Active again brings none back.
    if (passwordHash !== undefined || !input.status) await endUserSessions(trx, current.userId);
    const after = await findAgent(trx, current.id);
    // The password itself is never logged, only that it changed.
    const changes = {
      ...changedFields(before, after),
      ...(passwordHash === undefined ? {} : { note: 'password changed' }),
    };
    await recordAudit(trx, actor, { action: 'update', objectType: 'agent', objectId: current.id, changes });
    return after;
  });
}

/**
 * Deletes an agent without history: their sign-in, and the profile with it (ON DELETE CASCADE). QC records, reviews,
 * called leads or sign-in records refuse it with 409 naming them (set the agent Inactive instead); nothing is erased.
 */
export async function deleteAgent(db: Db, id: number, actor: TAuditActor): Promise<void> {
  let agent: { userId: number; agentId: string } | undefined;
  await db
    .transaction()
    .execute(async (trx) => {
      // The user row lock makes a sign-in, call or QC record added meanwhile wait for us (their foreign keys lock it too).
      agent = await trx
        .selectFrom('agents')
        .innerJoin('users', 'users.id', 'agents.userId')
        .select(['agents.userId', 'users.username as agentId'])
        .where('agents.id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!agent) throw noSuchAgent(id);
      const history = await findAgentHistory(trx, agent.userId);
      if (hasHistory(history)) throw conflict(describeHistory(agent.agentId, history));
      const before = await findAgent(trx, id);
      await trx.deleteFrom('users').where('id', '=', agent.userId).execute();
      await recordAudit(trx, actor, {
        action: 'delete',
        objectType: 'agent',
        objectId: id,
        changes: { before: snapshot(before) },
      });
    })
    .catch(async (e: unknown) => {
      // Rows the check did not count still refuse the delete: every foreign key to users is RESTRICT (migration 0008).
      if (!agent || !isForeignKeyViolation(e)) throw e;
      throw conflict(describeHistory(agent.agentId, await findAgentHistory(db, agent.userId)));
    });
}

/** Counted from the rows, never kept as a counter. */
export async function countAgents(db: Db): Promise<number> {
  const row = await db
    .selectFrom('agents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
