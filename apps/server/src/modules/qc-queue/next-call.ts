// "Score next": which call an inspector gets (docs/guide/qc-queue.md, Picking the next call). The open agent-days are walked
// a date at a time, oldest first; on that date the agent furthest below target goes first (QC records plus calls being
// scored under a live claim, so a day's target is not overshot), ties in an order of the inspector's own (so inspectors
// asking at once reach for different agents), and of that agent-day the oldest call not scored, long enough and not
// claimed. Days found met (or with nothing left to score, claims aside) are closed on the way, so the walk never
// passes them again.
import { COACHING_DEFAULTS, QC_QUEUE_DEFAULTS } from '@crm/shared';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { flaggedFirstRank } from '../suspicious/flags.ts';

/** A queued recording not scored yet: no QC record of its call date links its file. */
export function notScored(recording: string): RawBuilder<boolean> {
  const r = sql.raw(recording);
  return sql<boolean>`not exists (select 1 from qc_record_files f join qc_records q on q.id = f.qc_record_id
    where f.file_name = ${r}.file_name and q.call_date = ${r}.call_date)`;
}

/** QC records (in-house) of the agent-day of campaign; `day` names a row with campaign_id, call_date, agent_user_id. */
export function scoredCount(day: string): RawBuilder<number> {
  const d = sql.raw(day);
  return sql<number>`(select count(*)::int from qc_records q where q.agent_user_id = ${d}.agent_user_id
    and q.call_date = ${d}.call_date and q.campaign_id = ${d}.campaign_id and q.kind = 'in-house')`;
}

/**
 * The agent-day's target: the campaign's (settings row `settings`, else the default), multiplied while a coaching
 * session of the agent in the campaign is open by the campaign's sampling factor (docs/coaching.md, rounded up).
 * Coaching's tables are read here, not its module: coaching imports the queue, so the queue may not import it.
 */
export const targetOf = (settings: string, day: string) => {
  const s = sql.raw(settings);
  const d = sql.raw(day);
  return sql<number>`(case when exists (select 1 from coaching_sessions cs where cs.agent_user_id = ${d}.agent_user_id
      and cs.campaign_id = ${d}.campaign_id and cs.state <> 'closed')
    then ceil(coalesce(${s}.target_per_agent_day, ${QC_QUEUE_DEFAULTS.targetPerAgentDay}) * coalesce((select f.sampling_factor
      from coaching_settings f where f.campaign_id = ${d}.campaign_id), ${COACHING_DEFAULTS.samplingFactor}))::int
    else coalesce(${s}.target_per_agent_day, ${QC_QUEUE_DEFAULTS.targetPerAgentDay}) end)`;
};
export const minDurationOf = (settings: string) =>
  sql<number>`coalesce(${sql.raw(settings)}.min_duration_sec, ${QC_QUEUE_DEFAULTS.minDurationSec})`;

/** The recordings of agent-day `d` worth scoring (still there, long enough, not scored). */
function worthScoring(settings: string): RawBuilder<boolean> {
  return sql<boolean>`r.campaign_id = d.campaign_id and r.agent_user_id = d.agent_user_id and r.call_date = d.call_date
    and r.gone_at is null and coalesce(r.duration_sec, 0) >= ${minDurationOf(settings)} and ${notScored('r')}`;
}

type TDayPick = {
  callDate: string;
  campaignId: number;
  agentUserId: number;
  scored: number;
  target: number;
  pickId: number | null;
  leftId: number | null;
};

/** Calls of agent-day `d` held under a live claim: being scored now. */
export function claimedCount(now: Date): RawBuilder<number> {
  return sql<number>`(select count(*)::int from qc_queue_claims c join recordings cr on cr.id = c.recording_id
    where c.expires_at > ${now} and cr.campaign_id = d.campaign_id and cr.agent_user_id = d.agent_user_id and cr.call_date = d.call_date)`;
}

/** Among agent-days as far below target, the inspector's own order of agents (the queue's page sorts the same way). */
export const agentTieBreak = (inspectorId: number) => sql<number>`hashint4(d.agent_user_id # ${inspectorId})`;

/** Which date to read: the one asked for, else the oldest with an open agent-day after `after` (one statement with the read). */
export type TDateAsk = { date: string } | { after: string | undefined };

/** Each open agent-day of the date: its QC records, its next free call and whether anything is left at all. */
async function readDate(
  db: Db,
  ask: TDateAsk,
  campaignId: number | undefined,
  inspectorId: number,
  now: Date,
  timeZone: string,
): Promise<TDayPick[]> {
  const onCampaign = campaignId === undefined ? sql`` : sql`and d.campaign_id = ${campaignId}`;
  const date =
    'date' in ask
      ? sql`${ask.date}::date`
      : sql`(select min(o.call_date) from qc_queue_days o where not o.closed
        ${ask.after === undefined ? sql`` : sql`and o.call_date > ${ask.after}`} ${campaignId === undefined ? sql`` : sql`and o.campaign_id = ${campaignId}`})`;
  const { rows } = await sql<TDayPick>`
    select d.call_date, d.campaign_id, d.agent_user_id, n.scored, ${targetOf('s', 'd')} as target, pick.id as pick_id, left_.id as left_id
    from qc_queue_days d
    left join qc_queue_settings s on s.campaign_id = d.campaign_id
    cross join lateral (select ${scoredCount('d')} as scored, ${claimedCount(now)} as claimed) n
    left join lateral (
      select r.id, r.call_time from recordings r
      where ${worthScoring('s')}
        and not exists (select 1 from qc_queue_claims c where c.recording_id = r.id and c.expires_at > ${now})
      order by ${flaggedFirstRank('r', timeZone)}, r.call_time nulls last, r.id limit 1
    ) pick on n.scored + n.claimed < ${targetOf('s', 'd')}
    left join lateral (
      select r.id from recordings r where ${worthScoring('s')} limit 1
    ) left_ on n.scored < ${targetOf('s', 'd')} and pick.id is null
    where not d.closed and d.call_date = ${date} ${onCampaign}
    order by n.scored + n.claimed, ${agentTieBreak(inspectorId)}, pick.call_time nulls last, pick.id`.execute(db);
  return rows;
}

/**
 * The recording id of the next call to score (of the campaign, of the call date when given), or null when none is left.
 * Of the agent-day picked, its suspicious calls first where the campaign asks (docs/guide/suspicious.md); `timeZone`
 * gives the calls' days.
 */
export async function findNextCall(
  db: Db,
  campaignId: number | undefined,
  inspectorId: number,
  now: Date,
  timeZone: string,
  onlyDate?: string,
): Promise<number | null> {
  let ask: TDateAsk | undefined = onlyDate === undefined ? { after: undefined } : { date: onlyDate };
  while (ask !== undefined) {
    const days = await readDate(db, ask, campaignId, inspectorId, now, timeZone);
    const date = days[0]?.callDate;
    if (date === undefined) return null;
    const done = days.filter((d) => d.scored >= d.target || (d.pickId === null && d.leftId === null));
    if (done.length > 0) {
      await db
        .updateTable('qcQueueDays')
        .set({ closed: true })
        .where('callDate', '=', date)
        .where((eb) =>
          eb.or(done.map((d) => eb.and([eb('campaignId', '=', d.campaignId), eb('agentUserId', '=', d.agentUserId)]))),
        )
        .execute();
    }
    const pick = days.find((d) => d.pickId !== null);
    if (pick?.pickId != null) return pick.pickId;
    ask = onlyDate === undefined ? { after: date } : undefined;
  }
  return null;
}
