// Demo data of the agent panel: today's agent sign-ins for the dashboard, and numbers an agent can call at once.
import { sql } from 'kysely';
import { GENERATED_FOR_D, PARTIAL_CALL_ANSWER } from '@crm/shared';
import type { Db } from '../db/schema.ts';

const HOUR = 3_600_000;

/** Who signed in today, relative to now: two still signed in (one per shift), one signed out, one whose session ran out. */
const DEMO_SIGN_INS = [
  { agentId: 'AG-1001', shift: 'Morning', campaignName: 'Spring Survey', signedInHoursAgo: 3, signedOutHoursAgo: null, expired: false },
  { agentId: 'AG-1002', shift: 'Morning', campaignName: 'Spring Survey', signedInHoursAgo: 4, signedOutHoursAgo: 1, expired: false },
  { agentId: 'AG-1003', shift: 'Evening', campaignName: 'Customer Care', signedInHoursAgo: 0.5, signedOutHoursAgo: null, expired: false },
  { agentId: 'AG-1004', shift: 'Evening', campaignName: 'Customer Care', signedInHoursAgo: 13, signedOutHoursAgo: null, expired: true },
] as const;

/** Idempotent per day: nothing is added when any agent has signed in today already. */
export async function seedAgentSessions(db: Db): Promise<void> {
  const today = new Date(new Date().setHours(0, 0, 0, 0));
  const taken = await db.selectFrom('agentSessions').select('id').where('signedInAt', '>=', today).executeTakeFirst();
  if (taken) return;
  const now = Date.now();
  for (const s of DEMO_SIGN_INS) {
    const user = await db.selectFrom('users').select(['id', 'name']).where('username', '=', s.agentId).executeTakeFirst();
    const campaign = await db.selectFrom('campaigns').select('id').where('campaignName', '=', s.campaignName).executeTakeFirst();
    if (!user || !campaign) continue;
    // Keep every demo sign-in inside today, so the dashboard's "today" shows them all.
    const signedIn = new Date(Math.max(now - s.signedInHoursAgo * HOUR, today.getTime() + 60_000));
    const inserted = await db
      .insertInto('agentSessions')
      .values({
        userId: user.id,
        agentId: s.agentId,
        agentName: user.name,
        shift: s.shift,
        campaignId: campaign.id,
        campaignName: s.campaignName,
        signedInAt: signedIn,
        expiresAt: new Date(s.expired ? Math.max(signedIn.getTime() + 1000, now - 60_000) : now + 8 * HOUR),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (s.signedOutHoursAgo !== null) {
      const out = new Date(Math.max(now - s.signedOutHoursAgo * HOUR, signedIn.getTime() + 1000));
      await db.updateTable('agentSessions').set({ signedOutAt: out }).where('id', '=', inserted.id).execute();
    }
  }
}

/** A number as people write it at home: +8801712345678 → 01712345678. */
const local = (e164: string) => e164.replace(/^\+880/, '0');

/** Generated, uncalled leads of the campaign to call, and a call stopped part-way to resume (local format). */
export async function findNumbersToTry(db: Db, campaignName: string): Promise<{ fresh: string[]; partial: string | undefined }> {
  const campaign = await db.selectFrom('campaigns').select('id').where('campaignName', '=', campaignName).executeTakeFirst();
  if (!campaign) return { fresh: [], partial: undefined };
  const base = db.selectFrom('leads').select('cellNumber').where('campaignId', '=', campaign.id).where('forD', '=', GENERATED_FOR_D);
  const fresh = await base.where('isCalled', '=', 0).where(sql<boolean>`answers = '{}'::jsonb`).orderBy('dataDate', 'desc').orderBy('id').limit(3).execute();
  const partial = await base
    .where(sql<boolean>`exists (select 1 from jsonb_each_text(answers) a where a.value = ${PARTIAL_CALL_ANSWER})`)
    .orderBy('dataDate', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return { fresh: fresh.map((l) => local(l.cellNumber)), partial: partial === undefined ? undefined : local(partial.cellNumber) };
}
