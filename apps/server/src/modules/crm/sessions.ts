// The record of agent sign-ins: who is signed in now, by shift, and a day's sign-ins.
import { SHIFTS, startOfLocalDay, startOfNextLocalDay, type TAgentSession, type TAgentsOnline } from '@crm/shared';
import type { Selectable } from 'kysely';
import type { AgentSessionsTable, Db } from '../../db/schema.ts';

type SessionRow = Selectable<AgentSessionsTable>;

function toAgentSession(r: SessionRow, now: Date): TAgentSession {
  const expired = r.signedOutAt === null && r.expiresAt <= now;
  const endedAt = r.signedOutAt ?? (expired ? r.expiresAt : null);
  return {
    id: r.id,
    agentId: r.agentId,
    name: r.agentName,
    shift: r.shift,
    campaignName: r.campaignName,
    signedInAt: r.signedInAt.toISOString(),
    endedAt: endedAt?.toISOString() ?? null,
    endedBy: r.signedOutAt !== null ? 'sign-out' : expired ? 'expiry' : null,
  };
}

/** Agents signed in now (not signed out, token not run out), grouped by shift; an agent signed in twice counts once, by the latest sign-in. */
export async function findAgentsOnline(db: Db): Promise<TAgentsOnline> {
  const now = new Date();
  const rows = await db
    .selectFrom('agentSessions')
    .selectAll()
    .distinctOn('userId')
    .where('signedOutAt', 'is', null)
    .where('expiresAt', '>', now)
    .orderBy('userId')
    .orderBy('signedInAt', 'desc')
    .execute();
  const sessions = rows.map((r) => toAgentSession(r, now)).sort((a, b) => a.agentId.localeCompare(b.agentId));
  return {
    total: sessions.length,
    shifts: SHIFTS.map((shift) => ({ shift, agents: sessions.filter((s) => s.shift === shift) })),
  };
}

/** The sign-ins of one day of the call centre (in its time zone; today when not given), newest first. */
export async function findAgentSessions(
  db: Db,
  date: string | undefined,
  timeZone: string,
  now = new Date(),
): Promise<TAgentSession[]> {
  const day = date ?? now;
  const start = startOfLocalDay(day, timeZone);
  const end = startOfNextLocalDay(day, timeZone);
  const rows = await db
    .selectFrom('agentSessions')
    .selectAll()
    .where('signedInAt', '>=', start)
    .where('signedInAt', '<', end)
    .orderBy('signedInAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1000)
    .execute();
  return rows.map((r) => toAgentSession(r, now));
}
