// The queue's page (GET /api/qcQueue/pagination/{page}/{size}): every call of an open agent-day below its target that
// is not scored yet and long enough, in the order Score next takes them (oldest day; on it the agent furthest below
// target, ties in the inspector's own order; that agent's oldest call, its suspicious calls first where the campaign asks:
// docs/guide/suspicious.md), with its automatic checks, whether it is suspicious, who holds it, and
// the consumer number in E.164 as QC records store it (docs/guide/qc-queue.md).
import type { TFlaggedQcQueueCall, TFlaggedQcQueuePage, TPageParams, TQcQueueQuery } from '@crm/shared';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { checksOf } from '../voicelog/catalog/checks.ts';
import { flaggedFirstRank, isSuspiciousRecording } from '../suspicious/flags.ts';
import { agentTieBreak, claimedCount, minDurationOf, notScored, scoredCount, targetOf } from './next-call.ts';

type TCallRow = {
  recordingId: number;
  callDate: string;
  callTime: string | null;
  fileName: string;
  phoneNumber: string;
  agentUserId: number;
  agentId: string;
  agentName: string;
  campaignId: number;
  campaignName: string;
  durationSec: number | null;
  analysisStatus: 'pending' | 'done' | 'unreadable';
  analysisReason: string | null;
  analysis: unknown;
  holdSeconds: number | null;
  claimId: number | null;
  inspectorId: number | null;
  inspectorName: string | null;
  claimedAt: Date | null;
  expiresAt: Date | null;
  /** Of a flagged complete (docs/guide/suspicious.md): read for the queue's page only. */
  suspicious?: boolean;
};

/**
 * The columns of a call, from recording `r` and its live claim (joined as c, its inspector as ci). The number is the
 * index's key when that is a valid number (E.164, +8801…, as QC records, calibration and flags show it), else as the
 * file names it.
 */
const CALL_COLUMNS = sql`r.id as recording_id, r.call_date, substr(r.call_time, 12) as call_time, r.file_name,
  case when r.phone_key like '+%' then r.phone_key else r.phone_number end as phone_number,
  r.agent_user_id, u.username as agent_id, u.name as agent_name, r.campaign_id, cp.campaign_name, r.duration_sec,
  r.analysis_status, r.analysis_reason, r.analysis - 'peaks' as analysis, r.hold_seconds,
  c.id as claim_id, c.inspector_id, ci.name as inspector_name, c.claimed_at, c.expires_at`;

function joinsOf(now: Date): RawBuilder<unknown> {
  return sql`join users u on u.id = r.agent_user_id
    join campaigns cp on cp.id = r.campaign_id
    left join qc_queue_claims c on c.recording_id = r.id and c.expires_at > ${now}
    left join users ci on ci.id = c.inspector_id`;
}

function callOf(row: TCallRow, inspectorId: number, holdSeconds: number): TFlaggedQcQueueCall {
  const claim =
    row.claimId === null || row.inspectorId === null || row.claimedAt === null || row.expiresAt === null
      ? null
      : {
          id: Number(row.claimId),
          inspectorId: row.inspectorId,
          inspectorName: row.inspectorName ?? '',
          claimedAt: row.claimedAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
          mine: row.inspectorId === inspectorId,
        };
  return {
    recordingId: Number(row.recordingId),
    callDate: row.callDate,
    callTime: row.callTime === null || row.callTime === '' ? null : row.callTime,
    fileName: row.fileName,
    phoneNumber: row.phoneNumber,
    agentUserId: row.agentUserId,
    agentId: row.agentId,
    agentName: row.agentName,
    campaignId: row.campaignId,
    campaignName: row.campaignName,
    durationSec: row.durationSec,
    checks: checksOf(row, holdSeconds),
    claim,
    suspicious: row.suspicious ?? false,
  };
}

/** One recording as a call of the queue (its live claim included). */
export async function findQueueCall(
  db: Db,
  recordingId: number,
  inspectorId: number,
  holdSeconds: number,
  now: Date,
): Promise<TFlaggedQcQueueCall | undefined> {
  const { rows } =
    await sql<TCallRow>`select ${CALL_COLUMNS} from recordings r ${joinsOf(now)} where r.id = ${recordingId}`.execute(
      db,
    );
  return rows[0] === undefined ? undefined : callOf(rows[0], inspectorId, holdSeconds);
}

export type TListScope = {
  campaignId: number | undefined;
  inspectorId: number;
  holdSeconds: number;
  now: Date;
  /** The calls' days, for the suspicious flag. */
  timeZone: string;
};

export async function listQueue(
  db: Db,
  query: TQcQueueQuery,
  params: TPageParams,
  scope: TListScope,
): Promise<TFlaggedQcQueuePage> {
  const where: RawBuilder<unknown>[] = [sql`not d.closed`, sql`${scoredCount('d')} < ${targetOf('s', 'd')}`];
  if (scope.campaignId !== undefined) where.push(sql`d.campaign_id = ${scope.campaignId}`);
  if (query.date !== undefined) where.push(sql`d.call_date = ${query.date}`);
  const queued = sql`from qc_queue_days d
    left join qc_queue_settings s on s.campaign_id = d.campaign_id
    cross join lateral (select ${scoredCount('d')} + ${claimedCount(scope.now)} as taken) n
    join recordings r on r.campaign_id = d.campaign_id and r.agent_user_id = d.agent_user_id and r.call_date = d.call_date
      and r.gone_at is null and coalesce(r.duration_sec, 0) >= ${minDurationOf('s')} and ${notScored('r')}
    where ${sql.join(where, sql` and `)}`;
  const [{ rows: counted }, { rows }] = await Promise.all([
    sql<{ n: number }>`select count(*)::int as n ${queued}`.execute(db),
    sql<TCallRow>`select ${CALL_COLUMNS}, ${isSuspiciousRecording('r', scope.timeZone)} as suspicious
      from (select r.id, r.call_date, n.taken, ${agentTieBreak(scope.inspectorId)} as tie,
          ${flaggedFirstRank('r', scope.timeZone)} as flagged, r.call_time ${queued}
        order by r.call_date, n.taken, tie, flagged, r.call_time nulls last, r.id limit ${params.size} offset ${params.page * params.size}) q
      join recordings r on r.id = q.id ${joinsOf(scope.now)}
      order by q.call_date, q.taken, q.tie, q.flagged, q.call_time nulls last, q.id`.execute(db),
  ]);
  const total = counted[0]?.n ?? 0;
  return {
    recordCount: total,
    response: {
      content: rows.map((row) => callOf(row, scope.inspectorId, scope.holdSeconds)),
      totalElements: total,
      totalPages: Math.ceil(total / params.size),
      size: params.size,
      number: params.page,
    },
  };
}
