// Claims (docs/guide/qc-queue.md, Claims): an inspector's hold on one call for QC_CLAIM_MINUTES. The table's unique
// recording_id means two inspectors never hold the same call (an expired claim is taken over in the same statement);
// its unique inspector_id means nobody holds two: an inspector with a live claim gets it back. A claim is consumed
// when a QC record is linked to its recording (qc/files.ts calls consumeQcQueueClaims).
import {
  QC_CLAIM_MINUTES,
  QC_QUEUE_MESSAGES,
  type TQcQueueClaimReply,
  type TQcQueueClaimRequest,
  type TTokenPayload,
} from '@crm/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { conflict, forbidden, noCallLeft, notFound } from '../../http/errors.ts';
import { isAdmin, userIdOf } from '../../auth/access.ts';
import { attributeRecordings } from '../voicelog/catalog/attribution.ts';
import { findQueueCall } from './list.ts';
import { findNextCall } from './next-call.ts';
import { campaignIdOf } from './settings.ts';

export type TQueueDeps = { db: Db; timeZone: string; holdSeconds: number };

/**
 * A call taken by someone else between our pick and our insert is skipped and the next picked: every miss means
 * another claim went through, so the loop ends; this bound only guards against the unforeseen.
 */
const PICK_ATTEMPTS = 100;

async function replyOf(
  deps: TQueueDeps,
  recordingId: number,
  inspectorId: number,
  now: Date,
): Promise<TQcQueueClaimReply | undefined> {
  const call = await findQueueCall(deps.db, recordingId, inspectorId, deps.holdSeconds, now);
  return call?.claim ? { ...call, claim: call.claim } : undefined;
}

/** The inspector's live claim, as its call; an expired one of its own is ended on the way. */
async function ownLiveClaim(deps: TQueueDeps, inspectorId: number, now: Date): Promise<TQcQueueClaimReply | undefined> {
  const own = await deps.db
    .selectFrom('qcQueueClaims')
    .select(['id', 'recordingId', 'expiresAt'])
    .where('inspectorId', '=', inspectorId)
    .executeTakeFirst();
  if (own === undefined) return undefined;
  if (own.expiresAt > now) return replyOf(deps, Number(own.recordingId), inspectorId, now);
  await deps.db.deleteFrom('qcQueueClaims').where('id', '=', own.id).where('expiresAt', '<=', now).execute();
  return undefined;
}

/** Takes the recording for the inspector unless someone holds it live; whether it was taken. */
async function takeRecording(db: Db, recordingId: number, inspectorId: number, now: Date): Promise<boolean> {
  const expiresAt = new Date(now.getTime() + QC_CLAIM_MINUTES * 60_000);
  const { rows } = await sql<{ id: number }>`
    insert into qc_queue_claims (recording_id, inspector_id, claimed_at, expires_at)
    values (${recordingId}, ${inspectorId}, ${now}, ${expiresAt})
    on conflict (recording_id) do update
      set inspector_id = excluded.inspector_id, claimed_at = excluded.claimed_at, expires_at = excluded.expires_at
      where qc_queue_claims.expires_at <= excluded.claimed_at
    returning id`.execute(db);
  return rows.length > 0;
}

/**
 * POST /api/qcQueue/claim: the inspector's live claim if it has one, else the next call (of the campaign and the call
 * date when named) claimed for it, else 404 "No call left to score". `now` is injectable for tests of expiry.
 */
export async function claimNextCall(
  deps: TQueueDeps,
  user: TTokenPayload,
  input: TQcQueueClaimRequest,
  now: Date = new Date(),
): Promise<TQcQueueClaimReply> {
  const { db } = deps;
  const inspectorId = userIdOf(user);
  const campaignId = input.campaignName === undefined ? undefined : await campaignIdOf(db, input.campaignName);
  await attributeRecordings(db, deps.timeZone);
  const held = await ownLiveClaim(deps, inspectorId, now);
  if (held) return held;
  for (let attempt = 0; attempt < PICK_ATTEMPTS; attempt += 1) {
    const recordingId = await findNextCall(db, campaignId, inspectorId, now, deps.timeZone, input.date);
    if (recordingId === null) break;
    try {
      if (await takeRecording(db, recordingId, inspectorId, now)) {
        const reply = await replyOf(deps, recordingId, inspectorId, now);
        if (reply) return reply;
      }
    } catch (e) {
      // A second claim of this inspector made at the same moment (a double click): that one is the answer.
      if (!isUniqueViolation(e, 'qc_queue_claims_inspector_id_key')) throw e;
      const again = await ownLiveClaim(deps, inspectorId, now);
      if (again) return again;
    }
    if (attempt === PICK_ATTEMPTS - 1) throw conflict(QC_QUEUE_MESSAGES.busy);
  }
  throw noCallLeft(QC_QUEUE_MESSAGES.noCallLeft);
}

/** DELETE /api/qcQueue/claim/{id}: the inspector's own claim, or any for an admin. */
export async function releaseClaim(db: Db, user: TTokenPayload, id: number): Promise<{ message: string }> {
  const claim = await db
    .selectFrom('qcQueueClaims')
    .select(['id', 'inspectorId'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!claim) throw notFound(QC_QUEUE_MESSAGES.claimNotFound(id));
  if (claim.inspectorId !== userIdOf(user) && !isAdmin(user)) throw forbidden(QC_QUEUE_MESSAGES.otherInspectorsClaim);
  await db.deleteFrom('qcQueueClaims').where('id', '=', id).execute();
  return { message: 'Claim released' };
}

/** Ends the claims of the recording a QC record was just linked to (in the link's transaction). */
export async function consumeQcQueueClaims(db: Db, callDate: string, fileName: string): Promise<void> {
  await db
    .deleteFrom('qcQueueClaims')
    .where('recordingId', 'in', (eb) =>
      eb.selectFrom('recordings').select('id').where('callDate', '=', callDate).where('fileName', '=', fileName),
    )
    .execute();
}
