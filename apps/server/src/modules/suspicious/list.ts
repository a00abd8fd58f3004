// The day's list of suspicious completes (GET /api/suspicious): every flagged completed call of a local day, of a
// campaign or all, oldest first, with its reasons and what the screen links to (docs/guide/suspicious.md).
import type { TSuspiciousCall, TSuspiciousQuery, TSuspiciousReason } from '@crm/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { completesBetween, dayStart, isFlagged, judgedCompletes, type TFlagRow } from './flags.ts';
import { findSuspiciousCampaign } from './settings.ts';

type TListRow = TFlagRow & { agentName: string; campaignName: string };

function reasonsOf(row: TFlagRow): TSuspiciousReason[] {
  const reasons: TSuspiciousReason[] = [];
  if (row.short) reasons.push('short');
  if (row.noRecording) reasons.push('noRecording');
  if (row.repeatsAttemptId !== null) reasons.push('repeatedAnswers');
  if (row.overHourly) reasons.push('overHourlyLimit');
  return reasons;
}

/** The local day today in the zone, yyyy-MM-dd. */
function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
}

export async function findSuspicious(db: Db, query: TSuspiciousQuery, timeZone: string): Promise<TSuspiciousCall[]> {
  const campaignId =
    query.campaignName === undefined ? undefined : (await findSuspiciousCampaign(db, query.campaignName)).id;
  const day = query.date ?? todayIn(timeZone);
  const completes = completesBetween(
    dayStart(sql`${day}::date`, timeZone),
    dayStart(sql`${day}::date + 1`, timeZone),
    campaignId,
  );
  const { rows } = await sql<TListRow>`
    select j.*, u.name as agent_name, c.campaign_name
    from (${judgedCompletes(completes, timeZone)}) j
    join users u on u.id = j.user_id
    join campaigns c on c.id = j.campaign_id
    where ${isFlagged('j')}
    order by j.ended_at, j.id`.execute(db);
  return rows.map((row) => ({
    attemptId: Number(row.id),
    leadId: Number(row.leadId),
    agentId: row.agentId,
    agentUserId: row.userId,
    agentName: row.agentName,
    campaignId: row.campaignId,
    campaignName: row.campaignName,
    endedAt: row.endedAt.toISOString(),
    handleSeconds: row.handleSeconds,
    cellNumber: row.cellNumber,
    recordingId: row.recordingId === null ? null : Number(row.recordingId),
    recordingFileName: row.recordingFileName,
    reasons: reasonsOf(row),
    minHandleSeconds: row.minHandleSeconds,
    hourlyLimit: row.hourlyLimit,
    completesInHour: row.completesInHour,
    repeatsAttemptId: row.repeatsAttemptId === null ? null : Number(row.repeatsAttemptId),
  }));
}
