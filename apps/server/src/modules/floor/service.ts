// The floor now (docs/guide/floor.md): each agent signed in, on a call or idle, and their calls today, read from the
// CRM's own tables (agent_sessions, call_starts, call_drafts, call_attempts) in one statement.
import { sql } from 'kysely';
import { startOfLocalDay, startOfNextLocalDay, type TFloor, type TFloorAgent, type TFloorDialer } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { CALL_START_MAX_HOURS } from '../crm/call-starts.ts';

/** One signed-in agent as the statement reads it. */
type FloorRow = {
  sessionId: number;
  userId: number;
  agentId: string;
  agentName: string;
  campaignName: string;
  shift: string;
  signedInAt: Date;
  vicidialUser: string | null;
  lastEndedAt: Date | null;
  calls: number;
  completed: number;
  leadId: string | null;
  callStartedAt: Date | null;
  cellNumber: string | null;
  qno: number | null;
  title: string | null;
};

/** Who is signed in as the floor reads them, for VICIdial's view of each (dialer.ts). */
export type FloorAgentKey = { userId: number; vicidialUser: string };

/** All but the last 4 digits hidden: `•••••••1234`. */
export function maskCellNumber(cell: string): string {
  const digits = cell.replace(/\D/g, '');
  return `${'•'.repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
}

/**
 * The signed-in agents (an agent's latest open sign-in: not signed out, not run out) with, per agent:
 * - the last call's end (any day) and today's calls and completes (ended in the local day of `now`);
 * - the call on screen: the caller's latest start of this sign-in (started or last answered) that is newer than their
 *   last call's end (a lead looked up and left without a save stops counting once a later call ends), with its lead,
 *   and the question on screen: the draft's current question, or the campaign's first active one before any answer.
 * Each agent costs a few probes of primary keys and of call_attempts (user_id, ended_at): the cost follows the agents
 * signed in, never the size of the tables.
 */
async function readFloorRows(db: Db, dayStart: Date, dayEnd: Date): Promise<FloorRow[]> {
  const { rows } = await sql<FloorRow>`
    with s as (
      select distinct on (user_id) id, user_id, agent_id, agent_name, campaign_name, shift, signed_in_at
        from agent_sessions
       where signed_out_at is null and expires_at > now()
       order by user_id, signed_in_at desc
    )
    select s.id as session_id, s.user_id, s.agent_id, s.agent_name, s.campaign_name, s.shift, s.signed_in_at,
           g.vicidial_user, last.ended_at as last_ended_at, today.calls, today.completed,
           call.lead_id::text as lead_id, call.started_at as call_started_at, l.cell_number, q.qno, q.title
      from s
      left join agents g on g.user_id = s.user_id
      left join lateral (
        select a.ended_at from call_attempts a where a.user_id = s.user_id order by a.ended_at desc limit 1
      ) last on true
      left join lateral (
        select count(*)::int as calls, (count(*) filter (where a.completed))::int as completed
          from call_attempts a
         where a.user_id = s.user_id and a.ended_at >= ${dayStart} and a.ended_at < ${dayEnd}
      ) today on true
      left join lateral (
        select cs.lead_id, cs.started_at, d.current_qno
          from call_starts cs
          left join call_drafts d on d.user_id = cs.user_id and d.lead_id = cs.lead_id
         where cs.user_id = s.user_id
           and cs.started_at > now() - make_interval(hours => ${CALL_START_MAX_HOURS})
           and (cs.session_id = s.id or cs.started_at >= s.signed_in_at)
           and greatest(cs.started_at, d.updated_at) > coalesce(last.ended_at, '-infinity'::timestamptz)
         order by greatest(cs.started_at, d.updated_at) desc
         limit 1
      ) call on true
      left join leads l on l.id = call.lead_id
      left join lateral (
        select q.qno, q.title
          from questions q
         where q.campaign_id = l.campaign_id
           and case when call.current_qno ~ '^Q[0-9]+$' then q.qno = substring(call.current_qno from 2)::int
                    else q.status end
         order by q.qno
         limit 1
      ) q on call.lead_id is not null`.execute(db);
  return rows;
}

const iso = (d: Date) => d.toISOString();

function toFloorAgent(r: FloorRow, dialer: TFloorDialer | undefined): TFloorAgent {
  const common = {
    userId: r.userId,
    agentId: r.agentId,
    agentName: r.agentName,
    campaignName: r.campaignName,
    shift: r.shift,
    signedInAt: iso(r.signedInAt),
    callsToday: r.calls,
    completedToday: r.completed,
    ...(dialer === undefined ? {} : { dialer }),
  };
  if (r.leadId !== null && r.callStartedAt !== null) {
    return {
      ...common,
      state: 'onCall',
      callStartedAt: iso(r.callStartedAt),
      leadId: r.leadId,
      ...(r.cellNumber === null ? {} : { cellNumberMasked: maskCellNumber(r.cellNumber) }),
      ...(r.qno === null || r.title === null ? {} : { question: { qno: `Q${r.qno}`, title: r.title } }),
    };
  }
  const idleSince = r.lastEndedAt !== null && r.lastEndedAt > r.signedInAt ? r.lastEndedAt : r.signedInAt;
  return { ...common, state: 'idle', idleSince: iso(idleSince) };
}

/** When the agent entered the state shown: the longest in it sorts first. */
const sinceOf = (a: TFloorAgent) => Date.parse(a.callStartedAt ?? a.idleSince ?? a.signedInAt);

/** On a call first, then idle; within each, the longest in that state first; then by agent ID. */
export function sortFloorAgents(agents: TFloorAgent[]): TFloorAgent[] {
  const rank = (a: TFloorAgent) => (a.state === 'onCall' ? 0 : 1);
  return [...agents].sort((a, b) => rank(a) - rank(b) || sinceOf(a) - sinceOf(b) || a.agentId.localeCompare(b.agentId));
}

/** VICIdial's view of the signed-in agents, by user id; left out when the dialer is not VICIdial. */
export type FloorDialerReader = (agents: FloorAgentKey[]) => Promise<Map<number, TFloorDialer>>;

/** The floor now: the signed-in agents and the totals; `readDialer` adds VICIdial's state of each when set up. */
export async function findFloor(
  db: Db,
  timeZone: string,
  readDialer?: FloorDialerReader,
  now: Date = new Date(),
): Promise<TFloor> {
  const rows = await readFloorRows(db, startOfLocalDay(now, timeZone), startOfNextLocalDay(now, timeZone));
  const dialer = readDialer
    ? await readDialer(rows.map((r) => ({ userId: r.userId, vicidialUser: r.vicidialUser ?? r.agentId })))
    : undefined;
  const agents = sortFloorAgents(rows.map((r) => toFloorAgent(r, dialer?.get(r.userId))));
  const onCall = agents.filter((a) => a.state === 'onCall').length;
  return {
    at: iso(now),
    agents,
    totals: {
      signedIn: agents.length,
      onCall,
      idle: agents.length - onCall,
      callsToday: agents.reduce((n, a) => n + a.callsToday, 0),
      completedToday: agents.reduce((n, a) => n + a.completedToday, 0),
    },
  };
}

/**
 * What changes when the floor does, in one cheap statement: the open sign-ins, and per signed-in agent their starts
 * (count, latest), their drafts' latest write and their last call's end. Probes of the same keys as the floor's read.
 */
export async function readFloorMarker(db: Db): Promise<string> {
  const { rows } = await sql<{ marker: string | null }>`
    with s as (
      select distinct on (user_id) id, user_id
        from agent_sessions
       where signed_out_at is null and expires_at > now()
       order by user_id, signed_in_at desc
    )
    select string_agg(concat_ws(':', s.id, st.n, st.latest, d.latest, a.latest), ',' order by s.id) as marker
      from s
      left join lateral (
        select count(*) as n, max(started_at) as latest from call_starts where user_id = s.user_id
      ) st on true
      left join lateral (select max(updated_at) as latest from call_drafts where user_id = s.user_id) d on true
      left join lateral (
        select ended_at as latest from call_attempts where user_id = s.user_id order by ended_at desc limit 1
      ) a on true`.execute(db);
  return rows[0]?.marker ?? '';
}
