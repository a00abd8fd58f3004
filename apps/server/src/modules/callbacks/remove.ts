// DELETE /api/callbacks/{id}: its agent (or an admin) removes a callback; it stays as cancelled (docs/guide/call-loop.md).
import { CALLBACK_CODES, CALLBACK_MESSAGES, type TTokenPayload } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';
import { isAdmin } from '../../auth/access.ts';
import { atTextOf } from './rows.ts';

/**
 * 404 when there is no open callback of that id (never set, or already done or cancelled); 403 (code
 * callback-not-yours) when it is another agent's, whether or not the caller's list shows it: ids say nothing of a lead,
 * and one answer for every other agent's callback keeps the rule simple. Cancelled and audited in one transaction.
 */
export async function removeCallback(
  db: Db,
  user: TTokenPayload,
  id: number,
  actor: TAuditActor,
  timeZone: string,
  now: Date = new Date(),
): Promise<{ message: string }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('callbacks as cb')
      .innerJoin('campaigns as c', 'c.id', 'cb.campaignId')
      .select(['cb.id', 'cb.userId', 'cb.leadId', 'cb.dueAt', 'cb.mineOnly', 'cb.note', 'c.campaignName'])
      .where('cb.id', '=', String(id))
      .where('cb.state', '=', 'open')
      .forUpdate('cb')
      .executeTakeFirst();
    if (row === undefined) throw notFound(CALLBACK_MESSAGES.notFound);
    if (row.userId !== Number(user.sub) && !isAdmin(user))
      throw new AppError('FORBIDDEN', CALLBACK_MESSAGES.notYours, CALLBACK_CODES.notYours);
    await trx.updateTable('callbacks').set({ state: 'cancelled', closedAt: now }).where('id', '=', row.id).execute();
    await recordAudit(trx, actor, {
      action: 'delete',
      objectType: 'callback',
      objectId: row.id,
      changes: {
        before: {
          leadId: Number(row.leadId),
          campaign: row.campaignName,
          at: atTextOf(row.dueAt, timeZone),
          mineOnly: row.mineOnly,
          note: row.note,
        },
      },
    });
    return { message: CALLBACK_MESSAGES.deleted };
  });
}
