// The progress view (GET /api/qcQueue/progress): per agent and day of the week up to the day asked, QC records
// against the target; per inspector, in-house QC records made that day and that week (Monday on, the centre's days).
import {
  addDays,
  localDayText,
  startOfLocalDay,
  startOfNextLocalDay,
  type TQcQueueProgress,
  type TQcQueueQuery,
} from '@crm/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { scoredCount, targetOf } from './next-call.ts';

/** The Monday of the week of a yyyy-MM-dd day. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

export async function findQueueProgress(
  db: Db,
  query: TQcQueueQuery,
  campaignId: number | undefined,
  timeZone: string,
  now: Date = new Date(),
): Promise<TQcQueueProgress> {
  const date = query.date ?? localDayText(now, timeZone);
  const weekStart = mondayOf(date);
  const onCampaign = campaignId === undefined ? sql`` : sql`and d.campaign_id = ${campaignId}`;
  const { rows: agentDays } = await sql<{
    callDate: string;
    campaignName: string;
    agentId: string;
    agentName: string;
    scored: number;
    target: number;
  }>`
    select d.call_date, cp.campaign_name, u.username as agent_id, u.name as agent_name, ${scoredCount('d')} as scored, ${targetOf('s', 'd')} as target
    from qc_queue_days d
    join campaigns cp on cp.id = d.campaign_id
    join users u on u.id = d.agent_user_id
    left join qc_queue_settings s on s.campaign_id = d.campaign_id
    where d.call_date between ${weekStart} and ${date} ${onCampaign}
    order by d.call_date desc, cp.campaign_name, u.username`.execute(db);

  const dayStart = startOfLocalDay(date, timeZone);
  const weekFrom = startOfLocalDay(weekStart, timeZone);
  const dayEnd = startOfNextLocalDay(date, timeZone);
  const onRecordCampaign = campaignId === undefined ? sql`` : sql`and q.campaign_id = ${campaignId}`;
  const { rows: inspectors } = await sql<{ inspectorId: number; inspectorName: string; today: number; week: number }>`
    select u.id as inspector_id, u.name as inspector_name,
      count(q.id) filter (where q.created_at >= ${dayStart})::int as today, count(q.id)::int as week
    from users u
    left join qc_records q on q.qc_inspector_id = u.id and q.kind = 'in-house'
      and q.created_at >= ${weekFrom} and q.created_at < ${dayEnd} ${onRecordCampaign}
    where u.role = 'qc' and u.active
    group by u.id, u.name
    order by count(q.id) desc, u.name`.execute(db);
  return { date, weekStart, agentDays, inspectors };
}
