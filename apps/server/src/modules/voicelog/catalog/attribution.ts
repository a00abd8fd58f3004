// Attributing recordings to an agent and a campaign (docs/guide/qc-queue.md): a recording names its agent (agentId, the
// user's username, any case) but no campaign, so it gets the campaign that agent signed into on the call's local day
// (the sign-in at or before the call's time, else the day's first). Each attributed agent-day gets a qc_queue_days
// row, opened again when a new call arrives for it. Rows are looked at once (attributed_at), so the catch-up is cheap.
import { sql } from 'kysely';
import type { Db } from '../../../db/schema.ts';

/** Recordings attributed per statement: bounded work, so a large backlog never holds one long transaction. */
const BATCH = 5000;

/** Attributes one batch of recordings not looked at yet; returns how many were looked at. */
async function attributeBatch(db: Db, timeZone: string, callDate: string | undefined): Promise<number> {
  const onDate = callDate === undefined ? sql`` : sql`and r.call_date = ${callDate}`;
  const { rows } = await sql<{ looked: number }>`
    with pending as (
      select r.id, r.call_date, r.call_time, r.agent_id from recordings r
      where r.attributed_at is null ${onDate}
      order by r.id limit ${BATCH}
    ), matched as (
      select p.id, u.id as agent_user_id,
        (select s.campaign_id from agent_sessions s
          where s.user_id = u.id and s.campaign_id is not null
            and s.signed_in_at >= (p.call_date::timestamp at time zone ${timeZone})
            and s.signed_in_at < ((p.call_date + 1)::timestamp at time zone ${timeZone})
          order by (p.call_time is not null and (s.signed_in_at at time zone ${timeZone}) <= p.call_time::timestamp) desc,
            case when p.call_time is not null and (s.signed_in_at at time zone ${timeZone}) <= p.call_time::timestamp then s.signed_in_at end desc nulls last,
            s.signed_in_at
          limit 1) as campaign_id
      from pending p
      left join users u on p.agent_id <> '' and lower(u.username) = lower(p.agent_id) and u.role = 'agent'
    ), updated as (
      update recordings r set agent_user_id = m.agent_user_id, campaign_id = m.campaign_id, attributed_at = now()
      from matched m where r.id = m.id
      returning r.campaign_id, r.call_date, r.agent_user_id
    ), days as (
      insert into qc_queue_days (campaign_id, call_date, agent_user_id)
      select distinct campaign_id, call_date, agent_user_id from updated where campaign_id is not null and agent_user_id is not null
      on conflict (campaign_id, call_date, agent_user_id) do update set closed = false
    )
    select count(*)::int as looked from updated`.execute(db);
  return rows[0]?.looked ?? 0;
}

/**
 * The catch-up: attributes every recording not looked at yet (of one call date when given). One index probe when
 * there is nothing to do, so the queue's reads call it first.
 */
export async function attributeRecordings(db: Db, timeZone: string, callDate?: string): Promise<number> {
  let total = 0;
  for (;;) {
    const looked = await attributeBatch(db, timeZone, callDate);
    total += looked;
    if (looked < BATCH) return total;
  }
}

/**
 * Opens an agent-day again (a QC record of it was deleted, so it may be below its target): the next "score next"
 * looks at it, and closes it again if its target is still met.
 */
export async function reopenQueueDay(
  db: Db,
  day: { campaignId: number | null; callDate: string; agentUserId: number | null },
): Promise<void> {
  if (day.campaignId === null || day.agentUserId === null) return;
  await db
    .updateTable('qcQueueDays')
    .set({ closed: false })
    .where('campaignId', '=', day.campaignId)
    .where('callDate', '=', day.callDate)
    .where('agentUserId', '=', day.agentUserId)
    .execute();
}
