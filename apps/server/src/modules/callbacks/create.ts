// POST /api/callbacks: the agent who called a lead sets the time the respondent asked to be called again (docs/guide/call-loop.md).
import { sql } from 'kysely';
import type { z } from 'zod';
import { CALLBACK_CODES, CALLBACK_MESSAGES, readCallbackTime, type TCallback, type ZCallbackCreate } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';
import { assertCanWorkOnCampaignId } from '../questions/work-access.ts';
import type { TCaller } from '../../auth/guard.ts';
import { queueCallbackSync } from '../../db/dialer-sync-queue.ts';
import { atTextOf, findLeadsWithDraft, selectCallbacks, toCallback } from './rows.ts';

/** The advisory lock class of one agent's callback writes (the user id is the key): a replace never leaves two open. */
const CALLBACK_LOCK_CLASS = 4343;

/**
 * 404 for no such lead, 403 for an agent of another campaign, 400 (with a code) for a time that is in the past, more
 * than 30 days ahead or not a real time in the zone, and for a lead the caller never called. Otherwise, in one
 * transaction: the caller's earlier open callback of the lead is cancelled (replaced), the new one stored against the
 * caller's latest attempt on the lead, and both written to the audit log.
 */
export async function createCallback(
  db: Db,
  user: TCaller,
  body: z.output<typeof ZCallbackCreate>,
  actor: TAuditActor,
  timeZone: string,
  now: Date = new Date(),
): Promise<TCallback> {
  const lead = await db
    .selectFrom('leads as l')
    .innerJoin('campaigns as c', 'c.id', 'l.campaignId')
    .select(['l.id', 'l.campaignId', 'c.campaignName'])
    .where('l.id', '=', String(body.leadId))
    .executeTakeFirst();
  if (lead === undefined) throw notFound(CALLBACK_MESSAGES.noLead(body.leadId));
  assertCanWorkOnCampaignId(user, lead.campaignId);
  const time = readCallbackTime(body.at, timeZone, now.getTime());
  if (!('at' in time)) throw new AppError('BAD_REQUEST', time.message, time.code);
  const userId = Number(user.sub);
  const attempt = await db
    .selectFrom('callAttempts')
    .select('id')
    .where('leadId', '=', lead.id)
    .where('userId', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (attempt === undefined)
    throw new AppError('BAD_REQUEST', CALLBACK_MESSAGES.neverCalled, CALLBACK_CODES.neverCalled);

  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${CALLBACK_LOCK_CLASS}, ${userId})`.execute(trx);
    const replaced = await trx
      .updateTable('callbacks')
      .set({ state: 'cancelled', closedAt: now })
      .where('leadId', '=', lead.id)
      .where('userId', '=', userId)
      .where('state', '=', 'open')
      .returning('id')
      .execute();
    const { id } = await trx
      .insertInto('callbacks')
      .values({
        leadId: lead.id,
        campaignId: lead.campaignId,
        userId,
        agentId: user.agentId ?? user.userName,
        attemptId: attempt.id,
        dueAt: time.at,
        mineOnly: body.mineOnly,
        note: body.note,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A lead in VICIdial gets the callback there too (update_lead callback=Y), from this transaction (dialer-sync).
    await queueCallbackSync(trx, id, timeZone);
    await recordAudit(trx, actor, {
      action: 'create',
      objectType: 'callback',
      objectId: id,
      changes: {
        after: {
          leadId: body.leadId,
          campaign: lead.campaignName,
          at: atTextOf(time.at, timeZone),
          mineOnly: body.mineOnly,
          note: body.note,
        },
        ...(replaced.length > 0 ? { note: `replaces callback ${replaced.map((r) => r.id).join(', ')}` } : {}),
      },
    });
    const row = await selectCallbacks(trx).where('cb.id', '=', id).executeTakeFirstOrThrow();
    const drafts = await findLeadsWithDraft(trx, userId, [lead.id]);
    return toCallback(row, timeZone, now, drafts.has(lead.id));
  });
}
