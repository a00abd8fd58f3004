// POST /api/ap/doNotCall: at the end of a call the agent puts the lead's number on the campaign's do-not-call list
// ("Customer asked not to be called", docs/guide/dnc.md), recorded with who and when, and in the audit log.
import {
  CUSTOMER_ASKED_NOT_TO_BE_CALLED,
  doNotCallMessage,
  type TDoNotCallBody,
  type TDoNotCallResult,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import type { TCaller } from '../../auth/guard.ts';
import { notFound } from '../../http/errors.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';
import { queueDncSync } from '../../db/dialer-sync-queue.ts';
import { assertCanWorkOnCampaign } from '../questions/work-access.ts';

/** An agent's refusal of a lead that is not on a call of theirs: the same words whether the lead exists or not. */
export function notYourCallMessage(leadId: number): string {
  return `You have no call with lead ${leadId} since you signed in`;
}

const isAdmin = (user: TCaller) => user.roles.some((r) => r.roleName === 'ADMIN');

/**
 * 403 for an agent of another campaign. An admin may list any lead of the campaign (404 when it has no such lead); an
 * agent only a lead they are on a call with now (its call start) or saved in this sign-in (an attempt of the token's
 * `sid`), else 404 with the same words as for a lead that does not exist, so lead ids cannot be probed and no number
 * the agent could not look up is answered (docs/guide/call-loop.md). A number the campaign's list has already answers
 * alreadyListed and changes nothing (a second click is harmless); otherwise the entry and its audit entry are written
 * in one transaction.
 */
export async function addCalledNumberToDnc(
  db: Db,
  user: TCaller,
  body: TDoNotCallBody,
  actor: TAuditActor,
): Promise<TDoNotCallResult> {
  assertCanWorkOnCampaign(user, body.campaignName);
  const userId = Number(user.sub);
  const sid = user.sid ?? null;
  let query = db
    .selectFrom('leads as l')
    .innerJoin('campaigns as c', 'c.id', 'l.campaignId')
    .select(['l.cellNumber', 'c.id as campaignId', 'c.campaignName'])
    .where('l.id', '=', String(body.leadId))
    .where((eb) => eb(eb.fn('lower', ['c.campaignName']), '=', body.campaignName.trim().toLowerCase()));
  if (!isAdmin(user)) {
    query = query.where((eb) =>
      sid === null
        ? eb.val(false)
        : eb.or([
            eb.exists(
              eb
                .selectFrom('callStarts as s')
                .select('s.leadId')
                .whereRef('s.leadId', '=', 'l.id')
                .where('s.userId', '=', userId)
                .where('s.sessionId', '=', sid),
            ),
            eb.exists(
              eb
                .selectFrom('callAttempts as a')
                .select('a.id')
                .whereRef('a.leadId', '=', 'l.id')
                .where('a.userId', '=', userId)
                .where('a.sessionId', '=', sid),
            ),
          ]),
    );
  }
  const lead = await query.executeTakeFirst();
  if (lead === undefined)
    throw notFound(
      isAdmin(user)
        ? `Campaign "${body.campaignName.trim()}" has no lead ${body.leadId}`
        : notYourCallMessage(body.leadId),
    );
  const phoneNumber = lead.cellNumber;
  return db.transaction().execute(async (trx) => {
    const added = await trx
      .insertInto('dncNumbers')
      .values({
        campaignId: lead.campaignId,
        phoneNumber,
        reason: CUSTOMER_ASKED_NOT_TO_BE_CALLED,
        addedById: actor.userId,
        addedBy: actor.username,
      })
      // The list's one unique key (dnc_numbers_list_number_key): the number is on this list already.
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (added !== undefined) {
      // The number reaches VICIdial's DNC list and its sent leads are pulled, from this transaction (dialer-sync).
      await queueDncSync(trx, [added.id]);
      await recordAudit(trx, actor, {
        action: 'create',
        objectType: 'dnc',
        objectId: added.id,
        changes: {
          after: { phoneNumber, list: lead.campaignName, reason: CUSTOMER_ASKED_NOT_TO_BE_CALLED, leadId: body.leadId },
        },
      });
    }
    const alreadyListed = added === undefined;
    return { message: doNotCallMessage(phoneNumber, alreadyListed), phoneNumber, alreadyListed };
  });
}
