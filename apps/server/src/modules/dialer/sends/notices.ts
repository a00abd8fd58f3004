// The admins told of a send to VICIdial that stopped before it finished (docs/notifications.md), in the transaction
// that stops it. A send an admin cancels tells nobody: they know.
import type { Db } from '../../../db/schema.ts';
import { findAdminUserIds, notifyUsers } from '../../notifications/notify.ts';

export async function tellSendStopped(trx: Db, sendId: number, message: string): Promise<void> {
  const send = await trx
    .selectFrom('dialerSends')
    .innerJoin('campaigns', 'campaigns.id', 'dialerSends.campaignId')
    .select(['dialerSends.dataDate', 'dialerSends.total', 'dialerSends.added', 'campaigns.campaignName'])
    .where('dialerSends.id', '=', sendId)
    .executeTakeFirst();
  if (!send) return;
  const admins = await findAdminUserIds(trx);
  await notifyUsers(
    trx,
    admins.map((userId) => ({
      userId,
      kind: 'send-stopped' as const,
      title: `The send of ${send.campaignName} to VICIdial stopped`,
      body: `${send.added} of ${send.total} leads of ${send.dataDate} added. ${message}`.slice(0, 1000),
      link: '/generateLead',
    })),
  );
}
