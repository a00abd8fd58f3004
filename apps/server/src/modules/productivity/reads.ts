// Productivity's reads (docs/guide/productivity.md): calls from the daily summary (migration 0039), signed-in time from
// the sign-in records clipped to each local day, in-house QC records with their pass (migration 0043's daily summary),
// each per agent and local day.
import { sql, type Expression, type SqlBool } from 'kysely';
import { addDays, startOfLocalDay } from '@crm/shared';
import type { Db } from '../../db/schema.ts';

export type Range = {
  from: string;
  to: string;
  /** The start of `from` and of the day after `to`, local. */
  start: Date;
  end: Date;
  timeZone: string;
  campaignId?: number;
};

export function rangeOf(from: string, to: string, timeZone: string, campaignId?: number): Range {
  return {
    from,
    to,
    start: startOfLocalDay(from, timeZone),
    end: startOfLocalDay(addDays(to, 1), timeZone),
    timeZone,
    campaignId,
  };
}

export type CallRow = {
  userId: number;
  day: string;
  shift: string;
  campaignId: number;
  calls: string;
  completed: string;
  handleSeconds: string;
  /** The cell's dispositions and their calls, pairwise. */
  codes: string[];
  codeCalls: string;
};

const campaignIs = (column: string, campaignId: number | undefined): Expression<SqlBool> =>
  campaignId === undefined ? sql<SqlBool>`true` : sql<SqlBool>`${sql.ref(column)} = ${campaignId}`;

/**
 * Attempts per agent, local day of their end, shift and campaign, with the calls of each disposition: from the daily
 * summary when its days are cut in this zone (summary.ts), else from the attempts themselves. One row per cell (not per
 * disposition): a fifth of the rows to read and parse. The calls per disposition come as one comma-separated text.
 */
export async function sumCalls(db: Db, r: Range, fromSummary: boolean): Promise<CallRow[]> {
  const tz = r.timeZone;
  const perDisposition = fromSummary
    ? sql`select c.user_id, c.day, c.shift, c.campaign_id, c.disposition_code, c.calls, c.completed, c.handle_seconds
        from agent_day_calls c
        where c.day between ${r.from}::date and ${r.to}::date and ${campaignIs('c.campaign_id', r.campaignId)}`
    : sql`select a.user_id, (a.ended_at at time zone ${tz})::date as day, coalesce(s.shift, '') as shift, a.campaign_id,
          a.disposition_code, count(*) as calls, count(*) filter (where a.completed) as completed,
          sum(a.handle_seconds) as handle_seconds
        from call_attempts a left join agent_sessions s on s.id = a.session_id
        where a.ended_at >= ${r.start} and a.ended_at < ${r.end} and ${campaignIs('a.campaign_id', r.campaignId)}
        group by 1, 2, 3, 4, 5`;
  const { rows } = await sql<CallRow>`
    select d.user_id as "userId", to_char(d.day, 'YYYY-MM-DD') as day, d.shift, d.campaign_id as "campaignId",
      sum(d.calls)::text as calls, sum(d.completed)::text as completed, sum(d.handle_seconds)::text as "handleSeconds",
      array_agg(d.disposition_code order by d.disposition_code) as codes,
      string_agg(d.calls::text, ',' order by d.disposition_code) as "codeCalls"
    from (${perDisposition}) d
    group by d.user_id, d.day, d.shift, d.campaign_id`.execute(db);
  return rows;
}

export type SignedInRow = { userId: number; day: string; shift: string; campaignId: number; seconds: string };

/**
 * Signed-in seconds per agent, local day, shift and campaign: each sign-in from signed_in_at to signed_out_at (an open
 * one to its expiry or now, whichever is first), cut at each local midnight and at the range's ends. A sign-in to a
 * campaign since deleted is left out.
 */
export async function sumSignedIn(db: Db, r: Range, now: Date): Promise<SignedInRow[]> {
  const tz = r.timeZone;
  const { rows } = await sql<SignedInRow>`
    with spans as (
      select s.user_id, s.shift, s.campaign_id,
        greatest(s.signed_in_at, ${r.start}::timestamptz) as span_start,
        least(coalesce(s.signed_out_at, least(s.expires_at, ${now}::timestamptz)), ${r.end}::timestamptz) as span_end
      from agent_sessions s
      where coalesce(s.signed_out_at, s.expires_at) > ${r.start} and s.signed_in_at < ${r.end}
        and s.campaign_id is not null and ${campaignIs('s.campaign_id', r.campaignId)}
    ),
    -- A sign-in within one local day is one piece (most are); only one that crosses midnight is cut day by day.
    within as (
      select sp.*, (sp.span_start at time zone ${tz})::date as first_day, (sp.span_end at time zone ${tz})::date as last_day
      from spans sp where sp.span_end > sp.span_start
    ),
    pieces as (
      select w.user_id, w.shift, w.campaign_id, w.first_day as day, date_part('epoch', w.span_end - w.span_start) as seconds
      from within w where w.first_day = w.last_day
      union all
      select w.user_id, w.shift, w.campaign_id, d.day::date as day,
        date_part('epoch', least(w.span_end, (d.day::date + 1)::timestamp at time zone ${tz})
          - greatest(w.span_start, d.day::date::timestamp at time zone ${tz})) as seconds
      from within w
      cross join lateral generate_series(w.first_day, w.last_day, interval '1 day') as d(day)
      where w.first_day < w.last_day
    )
    select user_id as "userId", to_char(day, 'YYYY-MM-DD') as day, shift, campaign_id as "campaignId", sum(seconds) as seconds
    from pieces where seconds > 0
    group by 1, 2, 3, 4`.execute(db);
  return rows;
}

export type QcRow = {
  userId: number;
  day: string;
  campaignId: number;
  records: string;
  totalSum: string;
  passed: string;
};

/**
 * In-house QC records per agent (its account; by username for a record without one), call date and campaign (by the
 * name the record carries): how many, the sum of their totals, and how many passed (total at or above the version's pass
 * mark, no criterion on its auto-fail choice). Client records are the client's scoring, not counted. From their daily
 * summary (qc_days, migration 0043: per call date, campaign name and agent), so the cost follows the days asked for.
 */
export async function sumQc(db: Db, r: Range): Promise<QcRow[]> {
  const { rows } = await sql<QcRow>`
    select coalesce(nullif(q.agent_user_id, 0), u.id) as "userId", to_char(q.call_date, 'YYYY-MM-DD') as day,
      c.id as "campaignId", sum(q.records)::text as records, sum(q.total_sum)::text as "totalSum",
      sum(q.passed)::text as passed
    from qc_days q
    join campaigns c on c.campaign_name = q.campaign_name
    left join users u on q.agent_user_id = 0 and u.username = q.agent_id
    where q.call_date between ${r.from}::date and ${r.to}::date
      and ${campaignIs('c.id', r.campaignId)}
      and coalesce(nullif(q.agent_user_id, 0), u.id) is not null
    group by 1, 2, 3`.execute(db);
  return rows;
}
