// Bulk upload of agents from CSV: the whole file is checked first, then lands in one transaction or not at all.
import { availableParallelism } from 'node:os';
import { sql } from 'kysely';
import {
  AGENT_CSV_COLUMNS,
  MAX_REPORTED_UPLOAD_ERRORS,
  agentIdTakenMessage,
  type TAgentUploadError,
  type TAgentUploadRejection,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { hashPassword } from '../../auth/password.ts';
import { findPasswordProblem } from '../../auth/password-rules.ts';
import { conflict, onUniqueViolation } from '../../http/errors.ts';
import { profileValues } from './agent-rows.ts';
import { parseAgentCsv, type TAgentCsvRow } from './csv-rows.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';

export type TAgentImportResult = { ok: true; count: number } | { ok: false; rejection: TAgentUploadRejection };

/** Rows per INSERT: far below PostgreSQL's 65,535 parameters for the widest table (agents, 23 columns). */
const CHUNK = 500;

/**
 * Password hashing runs on a thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise); hashing a few
 * at a time uses the cores without queueing every file read and DNS look-up of the server behind a big upload.
 */
const HASH_CONCURRENCY = Math.max(1, Math.min(availableParallelism(), Number(process.env.UV_THREADPOOL_SIZE ?? 4) - 1));

async function mapConcurrently<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** agentIds of the file that an account already uses (usernames are unique across every role). */
async function findTakenAgentIds(db: Db, rows: readonly TAgentCsvRow[]): Promise<TAgentUploadError[]> {
  if (rows.length === 0) return [];
  const wanted = rows.map((r) => r.agent.agentId.toLowerCase());
  const taken = await db
    .selectFrom('users')
    .select(sql<string>`lower(username)`.as('key'))
    .where(sql<string>`lower(username)`, 'in', wanted)
    .execute();
  const takenKeys = new Set(taken.map((t) => t.key));
  return rows
    .filter((r) => takenKeys.has(r.agent.agentId.toLowerCase()))
    .map((r) => ({ row: r.row, column: 'agentId', reason: agentIdTakenMessage(r.agent.agentId) }));
}

/** Rows whose password breaks a rule (docs/trust.md, Passwords): the rule's words, as Add Agent says them. */
async function findPasswordProblems(rows: readonly TAgentCsvRow[]): Promise<TAgentUploadError[]> {
  const errors: TAgentUploadError[] = [];
  for (const { row, agent } of rows) {
    const problem = await findPasswordProblem(agent.password, { agentId: agent.agentId, name: agent.name });
    if (problem !== undefined) errors.push({ row, column: 'password', reason: problem.message });
  }
  return errors;
}

function reject(message: string, errors: TAgentUploadError[]): TAgentImportResult {
  // Row by row, and within a row in the template's column order, as the admin reads the file.
  const columnOrder = (column: string) => {
    const i = (AGENT_CSV_COLUMNS as readonly string[]).indexOf(column);
    return i === -1 ? AGENT_CSV_COLUMNS.length : i;
  };
  const sorted = [...errors].sort((a, b) => a.row - b.row || columnOrder(a.column) - columnOrder(b.column));
  return {
    ok: false,
    rejection: { message, errors: sorted.slice(0, MAX_REPORTED_UPLOAD_ERRORS), errorCount: errors.length },
  };
}

async function insertAgents(
  db: Db,
  rows: readonly TAgentCsvRow[],
  hashes: readonly string[],
  actor: TAuditActor,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += CHUNK) {
      const chunk = rows.slice(start, start + CHUNK);
      const users = await trx
        .insertInto('users')
        .values(
          chunk.map(({ agent }, i) => ({
            username: agent.agentId,
            name: agent.name,
            passwordHash: hashes[start + i] as string,
            role: 'agent' as const,
          })),
        )
        .returning(['id', 'username'])
        .execute()
        // Another upload or an Add Agent took one of these IDs since the check: the whole file is refused.
        .catch(
          onUniqueViolation('users_username_key', () =>
            conflict(
              'An agentId of the file was taken while it was being uploaded; nothing was stored. Upload the file again to see which.',
            ),
          ),
        );
      const userIds = new Map(users.map((u) => [u.username.toLowerCase(), u.id]));
      await trx
        .insertInto('agents')
        .values(
          chunk.map(({ agent }) => ({
            userId: userIds.get(agent.agentId.toLowerCase()) as number,
            type: agent.type,
            ...profileValues(agent),
          })),
        )
        .execute();
    }
    // One entry for the file, with its count and the agentIds it starts and ends with.
    const ids = rows.map((r) => r.agent.agentId);
    const note = ids.length === 1 ? ids[0] : `${ids[0]} … ${ids[ids.length - 1]}`;
    await recordAudit(trx, actor, {
      action: 'upload',
      objectType: 'agent',
      objectId: 'csv',
      changes: { counts: { agents: rows.length }, ...(note === undefined ? {} : { note }) },
    });
    return rows.length;
  });
}

/** Validates the whole CSV; stores every agent in it (with its sign-in) or none. */
export async function importAgents(db: Db, content: Buffer, actor: TAuditActor): Promise<TAgentImportResult> {
  const parsed = parseAgentCsv(content);
  if (parsed.problem !== undefined) return reject(parsed.problem, parsed.errors);
  const errors = [
    ...parsed.errors,
    ...(await findTakenAgentIds(db, parsed.rows)),
    ...(await findPasswordProblems(parsed.rows)),
  ];
  if (errors.length > 0) {
    return reject(
      `The file has ${errors.length} ${errors.length === 1 ? 'error' : 'errors'}; nothing was stored. Correct the rows below and upload it again.`,
      errors,
    );
  }
  const hashes = await mapConcurrently(parsed.rows, HASH_CONCURRENCY, (r) => hashPassword(r.agent.password));
  return { ok: true, count: await insertAgents(db, parsed.rows, hashes, actor) };
}
