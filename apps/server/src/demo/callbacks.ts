// Demo data of callbacks (docs/guide/call-loop.md, Callbacks): on Spring Survey, AG-1001's own callback due now on the partial
// call it made today, and AG-1002's anyone-callback later today, which AG-1001's idle screen lists too. Each lead has
// its caller's attempt. Idempotent per day: nothing is added when AG-1001 or AG-1002 has set a callback today already.
import { sql } from 'kysely';
import { GENERATED_FOR_D, PARTIAL_CALL_ANSWER, startOfLocalDay, startOfNextLocalDay } from '@crm/shared';
import type { Db } from '../db/schema.ts';
import { findCampaignDispositions } from '../modules/dispositions/service.ts';

const CAMPAIGN = 'Spring Survey';
const MINUTE = 60_000;

/** The fresh leads the demo prints to call come first in this order (demo/crm.ts); the anyone-callback's lead is past them. */
const ANYONE_LEAD_OFFSET = 10;

type Caller = { id: number; username: string };

/** The caller's latest attempt on the lead; one is written (a callback disposition, ended `endedAt`) when there is none. */
async function attemptOf(db: Db, campaignId: number, leadId: string, caller: Caller, endedAt: Date): Promise<string> {
  const latest = await db
    .selectFrom('callAttempts')
    .select('id')
    .where('leadId', '=', leadId)
    .where('userId', '=', caller.id)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (latest) return latest.id;
  const callback = (await findCampaignDispositions(db, campaignId)).find((d) => d.kind === 'callback');
  if (callback === undefined) throw new Error(`${CAMPAIGN} has no callback disposition`);
  const handleSeconds = 95;
  const row = await db
    .insertInto('callAttempts')
    .values({
      leadId,
      campaignId,
      userId: caller.id,
      agentId: caller.username,
      startedAt: new Date(endedAt.getTime() - handleSeconds * 1000),
      endedAt,
      handleSeconds,
      dispositionCode: callback.code,
      dispositionName: callback.name,
      dispositionKind: callback.kind,
      vicidialStatus: callback.vicidialStatus,
      completed: false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // A lead with an attempt was called (the counters' Called reads called_at: docs/guide/call-loop.md, Call attempts).
  await db
    .updateTable('leads')
    .set({
      calledAt: sql<Date>`coalesce(called_at, ${endedAt})`,
      calledBy: sql<number>`coalesce(called_by, ${caller.id})`,
    })
    .where('id', '=', leadId)
    .execute();
  return row.id;
}

export async function seedCallbacksDemo(db: Db, timeZone: string, now: Date = new Date()): Promise<{ added: number }> {
  const campaign = await db
    .selectFrom('campaigns')
    .select('id')
    .where('campaignName', '=', CAMPAIGN)
    .executeTakeFirst();
  const users = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('username', 'in', ['AG-1001', 'AG-1002'])
    .execute();
  const karim = users.find((u) => u.username === 'AG-1001');
  const sadia = users.find((u) => u.username === 'AG-1002');
  if (!campaign || !karim || !sadia) return { added: 0 };
  const today = startOfLocalDay(now, timeZone);
  const setToday = await db
    .selectFrom('callbacks')
    .select('id')
    .where('userId', 'in', [karim.id, sadia.id])
    .where('createdAt', '>=', today)
    .executeTakeFirst();
  if (setToday) return { added: 0 };

  const generated = db
    .selectFrom('leads')
    .select(['id', 'calledAt'])
    .where('campaignId', '=', campaign.id)
    .where('forD', '=', GENERATED_FOR_D)
    .where('isCalled', '=', 0);
  // AG-1001's partial call (demo/crm.ts), else any uncompleted call of AG-1001's.
  const partial = await generated
    .where('calledBy', '=', karim.id)
    .orderBy(sql`exists (select 1 from jsonb_each_text(answers) a where a.value = ${PARTIAL_CALL_ANSWER})`, 'desc')
    .orderBy('calledAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  const anyone = await generated
    .where(sql<boolean>`answers = '{}'::jsonb`)
    .where('calledBy', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('callDrafts').select('leadId').whereRef('callDrafts.leadId', '=', 'leads.id'))),
    )
    .orderBy('dataDate', 'desc')
    .orderBy('id')
    .offset(ANYONE_LEAD_OFFSET)
    .limit(1)
    .executeTakeFirst();
  if (!partial || !anyone) return { added: 0 };

  const dayEnds = startOfNextLocalDay(now, timeZone).getTime();
  // Due a quarter of an hour ago (but today); the other one later today, a few hours on while the day lasts.
  const dueNow = new Date(Math.max(now.getTime() - 15 * MINUTE, today.getTime() + MINUTE));
  const dueLater = new Date(
    Math.max(Math.min(now.getTime() + 3 * 60 * MINUTE, dayEnds - 5 * MINUTE), now.getTime() + MINUTE),
  );
  const karimAttempt = await attemptOf(
    db,
    campaign.id,
    partial.id,
    karim,
    partial.calledAt ?? new Date(now.getTime() - 60 * MINUTE),
  );
  const sadiaAttempt = await attemptOf(db, campaign.id, anyone.id, sadia, new Date(now.getTime() - 40 * MINUTE));
  await db
    .insertInto('callbacks')
    .values([
      {
        leadId: partial.id,
        campaignId: campaign.id,
        userId: karim.id,
        agentId: karim.username,
        attemptId: karimAttempt,
        dueAt: dueNow,
        mineOnly: true,
        note: 'Asked to finish the survey after lunch',
      },
      {
        leadId: anyone.id,
        campaignId: campaign.id,
        userId: sadia.id,
        agentId: sadia.username,
        attemptId: sadiaAttempt,
        dueAt: dueLater,
        mineOnly: false,
        note: 'Driving; any agent may call back this evening',
      },
    ])
    .execute();
  return { added: 2 };
}
