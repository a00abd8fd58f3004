// A lead's call attempts (docs/guide/call-loop.md "Call attempts"): the list of its calls for admins and QC inspectors, and
// the per-lead summary the lead browser shows beside each row (read per page through call_attempts_lead_idx).
import { sql } from 'kysely';
import type { TCallAttempt, TLeadCallSummary } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';

/** GET /api/leads/{id}/attempts: newest first, each with the agent's name (as the account is named now); 404 for no such lead. */
export async function findLeadAttempts(db: Db, leadId: number): Promise<TCallAttempt[]> {
  const lead = await db.selectFrom('leads').select('id').where('id', '=', String(leadId)).executeTakeFirst();
  if (lead === undefined) throw notFound(`Lead ${leadId} does not exist`);
  const rows = await db
    .selectFrom('callAttempts as a')
    .innerJoin('users as u', 'u.id', 'a.userId')
    .select([
      'a.id',
      'a.agentId',
      'u.name as agentName',
      'a.startedAt',
      'a.endedAt',
      'a.handleSeconds',
      'a.dispositionCode',
      'a.dispositionName',
      'a.dispositionKind',
      'a.completed',
      'a.dialerCallId',
      'a.dialerStatus',
    ])
    .where('a.leadId', '=', String(leadId))
    .orderBy('a.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    agentId: r.agentId,
    agentName: r.agentName,
    startedAt: r.startedAt.toISOString(),
    endedAt: r.endedAt.toISOString(),
    handleSeconds: r.handleSeconds,
    disposition: r.dispositionCode,
    dispositionName: r.dispositionName,
    dispositionKind: r.dispositionKind,
    completed: r.completed,
    dialerCallId: r.dialerCallId,
    dialerStatus: r.dialerStatus,
  }));
}

/**
 * The calls of each lead of `leadIds` (a page of the lead browser), in that order: how many attempts, and the last
 * one's disposition, agent and time. One statement; per lead one read of call_attempts_lead_idx from its newest entry.
 */
export async function findLeadCallSummaries(
  db: Db,
  leadIds: readonly (string | number)[],
): Promise<TLeadCallSummary[]> {
  if (leadIds.length === 0) return [];
  // Column names come back camelCased (the query builder's plugin).
  const { rows } = await sql<{
    leadId: number;
    attempts: number | null;
    dispositionCode: string | null;
    dispositionName: string | null;
    agentId: string | null;
    endedAt: Date | null;
  }>`
    select l.lead_id, a.attempts, a.disposition_code, a.disposition_name, a.agent_id, a.ended_at
      from unnest(${leadIds.map(String)}::bigint[]) with ordinality as l(lead_id, n)
      left join lateral (
        select disposition_code, disposition_name, agent_id, ended_at, count(*) over ()::int as attempts
          from call_attempts where lead_id = l.lead_id order by id desc limit 1
      ) a on true
     order by l.n`.execute(db);
  return rows.map((r) => ({
    leadId: Number(r.leadId),
    attempts: r.attempts ?? 0,
    lastDisposition: r.dispositionCode,
    lastDispositionName: r.dispositionName,
    lastAgentId: r.agentId,
    lastCallAt: r.endedAt === null ? null : r.endedAt.toISOString(),
  }));
}
