// POST /api/ap/doNotCall: at the end of a call the agent puts the lead's number on the campaign's do-not-call list
// ("Customer asked not to be called", docs/dnc.md), recorded with who and when, and in the audit log.
import { CUSTOMER_ASKED_NOT_TO_BE_CALLED, doNotCallMessage, type TDoNotCallBody, type TDoNotCallResult, type TTokenPayload } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';
import { queueDncSync } from '../dialer-sync/enqueue.ts';
import { assertCanWorkOnCampaign } from './access.ts';

/**
 * 403 for an agent of another campaign, 404 when the campaign has no such lead. A number the campaign's list has
 * already answers alreadyListed and changes nothing (a second click is harmless); otherwise the entry and its audit
 * entry are written in one transaction.
 */
export async function addCalledNumberToDnc(db: Db, user: TTokenPayload, body: TDoNotCallBody, actor: TAuditActor): Promise<TDoNotCallResult> {
  assertCanWorkOnCampaign(user, body.campaignName);
  const lead = await db
    .selectFrom('leads as l')
    .innerJoin('campaigns as c', 'c.id', 'l.campaignId')
    .select(['l.cellNumber', 'c.id as campaignId', 'c.campaignName'])
    .where('l.id', '=', String(body.leadId))
    .where((eb) => eb(eb.fn('lower', ['c.campaignName']), '=', body.campaignName.trim().toLowerCase()))
    .executeTakeFirst();
  if (lead === undefined) throw notFound(`Campaign "${body.campaignName.trim()}" has no lead ${body.leadId}`);
  const phoneNumber = lead.cellNumber;
  return db.transaction().execute(async (trx) => {
    const added = await trx
      .insertInto('dncNumbers')
      .values({ campaignId: lead.campaignId, phoneNumber, reason: CUSTOMER_ASKED_NOT_TO_BE_CALLED, addedById: actor.userId, addedBy: actor.username })
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
        changes: { after: { phoneNumber, list: lead.campaignName, reason: CUSTOMER_ASKED_NOT_TO_BE_CALLED, leadId: body.leadId } },
      });
    }
    const alreadyListed = added === undefined;
    return { message: doNotCallMessage(phoneNumber, alreadyListed), phoneNumber, alreadyListed };
  });
}
