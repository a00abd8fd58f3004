// Ending sessions: every token of a user (sign-out, a new password, disabled), or the agents signed into a campaign.
import type { Db } from '../db/schema.ts';

/**
 * Ends every token the user holds, of any role, at once: the token version goes up (the guard refuses a token of an
 * older one) and the user's open agent sign-ins are closed, so the dashboard stops showing them. Call it inside the
 * transaction of the change that ends them.
 */
export async function endUserSessions(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ tokenVersion: eb('tokenVersion', '+', 1) }))
    .where('id', '=', userId)
    .execute();
  await db
    .updateTable('agentSessions')
    .set({ signedOutAt: new Date() })
    .where('userId', '=', userId)
    .where('signedOutAt', 'is', null)
    .execute();
}

/** Ends the sign-ins of the agents signed into the campaign (it was made inactive): their tokens stop at once. */
export async function endCampaignSessions(db: Db, campaignId: number): Promise<number> {
  const result = await db
    .updateTable('agentSessions')
    .set({ signedOutAt: new Date() })
    .where('campaignId', '=', campaignId)
    .where('signedOutAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
