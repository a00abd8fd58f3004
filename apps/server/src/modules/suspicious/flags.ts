// Which completed calls are suspicious and why (docs/guide/suspicious.md, How a call is flagged): one SQL body that the
// day's list, the per-agent counts and the QC queue's order read. Every figure is looked up per call by an index (the
// agent's completes, the lead's answer history, the day's recordings of the number), so the cost grows with the calls
// asked about, never with the tables.
import { SUSPICIOUS_DEFAULTS } from '@crm/shared';
import { sql, type RawBuilder } from 'kysely';

/** The completed calls of campaigns (every one when campaignId is undefined) that ended in [starts, ends). */
export function completesBetween(starts: RawBuilder<Date>, ends: RawBuilder<Date>, campaignId: number | undefined) {
  const onCampaign = campaignId === undefined ? sql`` : sql`where c.id = ${campaignId}`;
  // Through campaigns: one range of the (campaign_id, ended_at) index per campaign.
  return sql`select a.* from campaigns c
    join call_attempts a on a.campaign_id = c.id and a.ended_at >= ${starts} and a.ended_at < ${ends} and a.completed
    ${onCampaign}`;
}

/** The local day (yyyy-MM-dd of TIME_ZONE) an instant falls on. */
export const localDayOf = (instant: RawBuilder<unknown>, timeZone: string) =>
  sql<string>`(${instant} at time zone ${timeZone})::date`;

/** The first instant of a local day. */
export const dayStart = (day: RawBuilder<unknown>, timeZone: string) =>
  sql<Date>`((${day})::date::timestamp at time zone ${timeZone})`;

/** The answers saved with attempt `a`'s complete (its lead's first save by its agent at or after its end). */
const answersOf = (a: string) => {
  const t = sql.raw(a);
  return sql`(select h.answers from lead_answer_history h
    where h.lead_id = ${t}.lead_id and h.user_id = ${t}.user_id and h.is_called = 1 and h.saved_at >= ${t}.ended_at
    order by h.id limit 1)`;
};

/** An answers map without its empty answers; null when nothing is left (an empty survey repeats nothing). */
const nonEmpty = (answers: RawBuilder<unknown>) =>
  sql`(select jsonb_object_agg(e.key, e.value) from jsonb_each(${answers}) e
    where e.value <> 'null'::jsonb and btrim(e.value #>> '{}') <> '')`;

/**
 * Each completed call of `completes` (call_attempts rows) with what it is judged by: `short`, `over_hourly`, `repeats_attempt_id` (the
 * agent's previous complete, when its answers are the same), `recording_id` (the day's recording of the number, the
 * agent's own first) and `no_recording` (none, once the day's recordings are indexed: the day's folder scanned after
 * the day ended). Columns: see TFlagRow.
 */
export function judgedCompletes(completes: RawBuilder<unknown>, tz: string): RawBuilder<TFlagRow> {
  return sql<TFlagRow>`
    select t.*, l.cell_number,
      t.handle_seconds < t.min_handle_seconds as short,
      hour.n as completes_in_hour, hour.n > t.hourly_limit as over_hourly,
      rep.id as repeats_attempt_id,
      rec.id as recording_id, rec.file_name as recording_file_name,
      rec.id is null and exists (select 1 from recording_folders f where f.call_date = t.call_date
        and f.scanned_at >= ${dayStart(sql`t.call_date + 1`, tz)}) as no_recording
    from (
      select a.id, a.lead_id, a.campaign_id, a.user_id, a.agent_id, a.ended_at, a.handle_seconds,
        ${localDayOf(sql`a.ended_at`, tz)} as call_date,
        coalesce(s.min_handle_seconds, ${SUSPICIOUS_DEFAULTS.minHandleSeconds}) as min_handle_seconds,
        coalesce(s.hourly_limit, ${SUSPICIOUS_DEFAULTS.hourlyLimit}) as hourly_limit
      from (${completes}) a
      left join suspicious_settings s on s.campaign_id = a.campaign_id
    ) t
    join leads l on l.id = t.lead_id
    -- The agent's completes of the campaign in the 60 minutes up to this one, this one included (ties by id).
    cross join lateral (select count(*)::int as n from call_attempts b
      where b.user_id = t.user_id and b.completed and b.campaign_id = t.campaign_id
        and b.ended_at > t.ended_at - interval '1 hour' and (b.ended_at, b.id) <= (t.ended_at, t.id)) hour
    left join lateral (select p.id from (select p.id, p.lead_id, p.user_id, p.ended_at from call_attempts p
        where p.user_id = t.user_id and p.completed and (p.ended_at, p.id) < (t.ended_at, t.id)
        order by p.ended_at desc, p.id desc limit 1) p
      where ${nonEmpty(answersOf('t'))} = ${nonEmpty(answersOf('p'))}) rep on true
    left join lateral (select r.id, r.file_name from recordings r
      where r.call_date = t.call_date and r.phone_key = l.cell_number and r.gone_at is null
      order by (r.agent_user_id = t.user_id) desc nulls last, r.id limit 1) rec on true`;
}

export type TFlagRow = {
  id: string;
  leadId: string;
  campaignId: number;
  userId: number;
  agentId: string;
  endedAt: Date;
  handleSeconds: number;
  callDate: string;
  minHandleSeconds: number;
  hourlyLimit: number;
  cellNumber: string;
  short: boolean;
  completesInHour: number;
  overHourly: boolean;
  repeatsAttemptId: string | null;
  recordingId: string | null;
  recordingFileName: string | null;
  noRecording: boolean;
};

/** A judged row (alias `j`) with at least one reason. */
export const isFlagged = (j: string) => {
  const r = sql.raw(j);
  return sql<boolean>`(${r}.short or ${r}.over_hourly or ${r}.repeats_attempt_id is not null or ${r}.no_recording)`;
};

/**
 * Recording `r` (attributed: agent_user_id, campaign_id) is of a flagged complete: the agent completed a lead of the
 * campaign with that number on that day, and the call is short, over the hourly limit or repeats answers (a recording
 * exists, so "no recording" never holds). By the lead's number (leads_campaign_cell_idx) and its attempts: a few index
 * probes per recording.
 */
export function isSuspiciousRecording(r: string, timeZone: string): RawBuilder<boolean> {
  const rec = sql.raw(r);
  const completes = sql`select a.* from leads l join call_attempts a on a.lead_id = l.id
    where l.campaign_id = ${rec}.campaign_id and l.cell_number = ${rec}.phone_key and a.user_id = ${rec}.agent_user_id
      and a.completed and a.ended_at >= ${dayStart(sql`${rec}.call_date`, timeZone)}
      and a.ended_at < ${dayStart(sql`${rec}.call_date + 1`, timeZone)}`;
  return sql<boolean>`exists (select 1 from (${judgedCompletes(completes, timeZone)}) j where ${isFlagged('j')})`;
}

/** The QC queue's order of recording `r`: 0 for a suspicious call of a campaign whose queue puts them first, else 1. */
export function flaggedFirstRank(r: string, timeZone: string): RawBuilder<number> {
  const rec = sql.raw(r);
  return sql<number>`(case when coalesce((select s.flagged_first from suspicious_settings s
      where s.campaign_id = ${rec}.campaign_id), ${SUSPICIOUS_DEFAULTS.flaggedFirst})
    and ${isSuspiciousRecording(r, timeZone)} then 0 else 1 end)`;
}
