// The agents of a campaign for the results' agent filter (docs/guide/results.md, "Agent"): everyone with at least one
// call attempt in it, any time, read from the per-day summaries so the cost follows the agents, not the leads or calls.
import { sql } from 'kysely';
import { compareAgentIds, type TResultAgent, type TResultAgentsQuery } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';

/**
 * The users who made an attempt in the campaign, under their agent ID and name as they stand now: the distinct users
 * of agent_day_calls (migration 0039, a row per day, user, campaign, shift and disposition, kept by triggers in every
 * attempt's transaction), read only over the campaign's own days, whose ends are two probes of call_attempts_campaign_idx.
 */
async function findCampaignWorkers(db: Db, campaignId: number): Promise<TResultAgent[]> {
  const { rows } = await sql<TResultAgent>`
    select u.username as "agentId", u.name
      from users u
     where u.id in (
       select d.user_id
         from agent_day_calls d cross join agent_day_calls_zone z
        where d.campaign_id = ${campaignId}
          and d.day between
              ((select min(a.ended_at) from call_attempts a where a.campaign_id = ${campaignId}) at time zone z.time_zone)::date
          and ((select max(a.ended_at) from call_attempts a where a.campaign_id = ${campaignId}) at time zone z.time_zone)::date)`.execute(
    db,
  );
  return rows;
}

/**
 * The agent IDs the campaign's calls carry (each lead's latest attempt, result_leads, migration 0042), each with the
 * name of the user who made such a call. One descent of result_leads_campaign_agent_day_idx per ID (a loose index
 * scan), whatever the number of leads. An ID no worker holds now is one changed since: the results filter still
 * matches it, so it is offered.
 */
async function findCallAgentIds(db: Db, campaignId: number): Promise<TResultAgent[]> {
  const { rows } = await sql<TResultAgent>`
    with recursive ids (id) as (
      (select lower(r.agent_id) from result_leads r
        where r.campaign_id = ${campaignId} and lower(r.agent_id) is not null
        order by lower(r.agent_id) limit 1)
      union all
      select (select lower(r.agent_id) from result_leads r
               where r.campaign_id = ${campaignId} and lower(r.agent_id) > ids.id
               order by lower(r.agent_id) limit 1)
        from ids where ids.id is not null
    )
    select one."agentId", u.name
      from ids
     cross join lateral (select r.agent_id as "agentId", r.attempt_id from result_leads r
                          where r.campaign_id = ${campaignId} and lower(r.agent_id) = ids.id limit 1) one
      left join call_attempts a on a.id = one.attempt_id
      left join users u on u.id = a.user_id
     where ids.id is not null`.execute(db);
  return rows;
}

/** GET /api/results/agents: the campaign's agents by agent ID (404 for a campaign of no such name). */
export async function findResultAgents(db: Db, query: TResultAgentsQuery): Promise<TResultAgent[]> {
  const campaign = await db
    .selectFrom('campaigns')
    .select('id')
    .where(sql<string>`lower(campaign_name)`, '=', query.campaignName.toLowerCase())
    .executeTakeFirst();
  if (campaign === undefined) throw notFound(`Campaign "${query.campaignName}" does not exist`);
  const workers = await findCampaignWorkers(db, campaign.id);
  const callIds = await findCallAgentIds(db, campaign.id);
  const byId = new Map(workers.map((w) => [w.agentId.toLowerCase(), w]));
  for (const c of callIds) if (!byId.has(c.agentId.toLowerCase())) byId.set(c.agentId.toLowerCase(), c);
  return [...byId.values()].sort((a, b) => compareAgentIds(a.agentId, b.agentId));
}
