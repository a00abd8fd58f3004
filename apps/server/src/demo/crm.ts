// Demo data of the agent panel: today's agent sign-ins for the dashboard, AG-1001's calls of today on the CRM's idle
// screen (a call left unfinished, a partial call, calls saved), and numbers an agent can call at once.
import { sql } from 'kysely';
import { DB_ROLES, GENERATED_FOR_D, PARTIAL_CALL_ANSWER, ROLE_DESCRIPTIONS, startOfLocalDay } from '@crm/shared';
import type { Db } from '../db/schema.ts';
import type { TCaller } from '../auth/guard.ts';
import { updateLeadAnswers } from '../modules/crm/save.ts';

const HOUR = 3_600_000;

/** Who signed in today, relative to now: two still signed in (one per shift), one signed out, one whose session ran out. */
const DEMO_SIGN_INS = [
  {
    agentId: 'AG-1001',
    shift: 'Morning',
    campaignName: 'Spring Survey',
    signedInHoursAgo: 3,
    signedOutHoursAgo: null,
    expired: false,
  },
  {
    agentId: 'AG-1002',
    shift: 'Morning',
    campaignName: 'Spring Survey',
    signedInHoursAgo: 4,
    signedOutHoursAgo: 1,
    expired: false,
  },
  {
    agentId: 'AG-1003',
    shift: 'Evening',
    campaignName: 'Customer Care',
    signedInHoursAgo: 0.5,
    signedOutHoursAgo: null,
    expired: false,
  },
  {
    agentId: 'AG-1004',
    shift: 'Evening',
    campaignName: 'Customer Care',
    signedInHoursAgo: 13,
    signedOutHoursAgo: null,
    expired: true,
  },
] as const;

/**
 * The agent panel's demo of today, idempotent per day: the sign-ins (nothing added when any agent has signed in today
 * already), then AG-1001's calls of today.
 */
export async function seedAgentSessions(db: Db, timeZone: string): Promise<void> {
  await seedSignIns(db, timeZone);
  await seedCallsOfToday(db, timeZone);
}

async function seedSignIns(db: Db, timeZone: string): Promise<void> {
  const today = startOfLocalDay(new Date(), timeZone);
  const taken = await db.selectFrom('agentSessions').select('id').where('signedInAt', '>=', today).executeTakeFirst();
  if (taken) return;
  const now = Date.now();
  for (const s of DEMO_SIGN_INS) {
    const user = await db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('username', '=', s.agentId)
      .executeTakeFirst();
    const campaign = await db
      .selectFrom('campaigns')
      .select('id')
      .where('campaignName', '=', s.campaignName)
      .executeTakeFirst();
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

/** Whose calls the CRM's idle screen shows in the demo, on which campaign; the first leads are left to call. */
const DEMO_CALLER = { agentId: 'AG-1001', campaignName: 'Spring Survey', leftToCall: 3 } as const;

/** Spring Survey's answers (demo/survey-content.ts): Q1 is read out; Q2 No ends the call; Q10 ends it completed. */
const SPRING_CALLS = {
  partial: { Q2: 'Yes', Q3: 'Yes', Q4: PARTIAL_CALL_ANSWER, is_called: 0 },
  draft: { path: ['Q1', 'Q2', 'Q3', 'Q4'], answers: { Q2: 'Yes', Q3: 'Yes' } },
  completed: {
    Q2: 'Yes',
    Q3: 'Yes',
    Q4: 'Myself, Spouse',
    Q5: 'Good',
    Q6: 'Yes',
    Q7: '6',
    Q8: 'Karim Store, Mirpur 10 bazar',
    Q10: 'Wants the 200 g pack',
    is_called: 1,
  },
  wrongPerson: { Q2: 'No', is_called: 0 },
} as const;

/**
 * AG-1001 on Spring Survey today: two calls saved (one completed, one ended at the wrong person), a partial call to
 * resume, and a call left unfinished at Q4 (a draft: signing in as AG-1001 resumes it). Leads after the first few fresh
 * ones, which the demo prints to call. Nothing is added when AG-1001 has saved or left a call today already.
 */
async function seedCallsOfToday(db: Db, timeZone: string): Promise<void> {
  const today = startOfLocalDay(new Date(), timeZone);
  const user = await db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('username', '=', DEMO_CALLER.agentId)
    .executeTakeFirst();
  const campaign = await db
    .selectFrom('campaigns')
    .select('id')
    .where('campaignName', '=', DEMO_CALLER.campaignName)
    .executeTakeFirst();
  if (!user || !campaign) return;
  const saved = await db
    .selectFrom('leadAnswerHistory')
    .select('id')
    .where('userId', '=', user.id)
    .where('savedAt', '>=', today)
    .executeTakeFirst();
  const left = await db
    .selectFrom('callDrafts')
    .select('leadId')
    .where('userId', '=', user.id)
    .where('updatedAt', '>=', today)
    .executeTakeFirst();
  if (saved || left) return;
  const leads = await db
    .selectFrom('leads')
    .select(['id', 'cellNumber', 'version'])
    .where('campaignId', '=', campaign.id)
    .where('forD', '=', GENERATED_FOR_D)
    .where('isCalled', '=', 0)
    .where(sql<boolean>`answers = '{}'::jsonb`)
    .orderBy('dataDate', 'desc')
    .orderBy('id')
    .offset(DEMO_CALLER.leftToCall)
    .limit(4)
    .execute();
  const [completed, wrongPerson, partial, draft] = leads;
  if (!completed || !wrongPerson || !partial || !draft) return;
  // The caller as the guard gives it to routes: an agent's campaign is the campaign's id (auth/guard.ts).
  const agent: TCaller = {
    sub: String(user.id),
    userName: DEMO_CALLER.agentId,
    name: user.name,
    roles: [{ roleName: DB_ROLES.agent, roleDescription: ROLE_DESCRIPTIONS.AGENT }],
    agentId: DEMO_CALLER.agentId,
    campaign: DEMO_CALLER.campaignName,
    campaignId: campaign.id,
  };
  const calls = [
    [completed, SPRING_CALLS.completed],
    [wrongPerson, SPRING_CALLS.wrongPerson],
    [partial, SPRING_CALLS.partial],
  ] as const;
  // On the first load the demo's audit trail (demo/audit.ts, loaded later) writes each answered lead's first save into
  // the answer history; on later loads the calls are saved through the survey's own save, which writes it.
  const trailToCome = (await db.selectFrom('auditLog').select('id').limit(1).executeTakeFirst()) === undefined;
  for (const [lead, { is_called: isCalled, ...answers }] of calls) {
    if (trailToCome) {
      await db
        .updateTable('leads')
        .set({ answers: JSON.stringify(answers), isCalled, calledBy: user.id, calledAt: new Date() })
        .where('id', '=', lead.id)
        .execute();
    } else {
      const target = {
        campaignName: DEMO_CALLER.campaignName,
        cellNumber: lead.cellNumber,
        leadId: Number(lead.id),
        version: lead.version,
      };
      // The call began a few minutes before its save (its attempt's handle time; docs/guide/call-loop.md).
      const startedAt = new Date(Date.now() - (isCalled === 1 ? 260 : 75) * 1000);
      await db
        .insertInto('callStarts')
        .values({ userId: user.id, leadId: lead.id, startedAt })
        .onConflict((oc) => oc.columns(['userId', 'leadId']).doUpdateSet({ startedAt }))
        .execute();
      await updateLeadAnswers(db, agent, target, { ...answers, is_called: isCalled }, 'BD', timeZone);
    }
  }
  await db
    .insertInto('callDrafts')
    .values({
      userId: user.id,
      leadId: draft.id,
      campaignId: campaign.id,
      path: [...SPRING_CALLS.draft.path],
      currentQno: SPRING_CALLS.draft.path[SPRING_CALLS.draft.path.length - 1] ?? 'Q1',
      answers: JSON.stringify(SPRING_CALLS.draft.answers),
      leadVersion: draft.version,
    })
    .execute();
}

/** A number as people write it at home: +8801712345678 → 01712345678. */
const local = (e164: string) => e164.replace(/^\+880/, '0');

/** Generated, uncalled leads of the campaign to call, and a call stopped part-way to resume (local format). */
export async function findNumbersToTry(
  db: Db,
  campaignName: string,
): Promise<{ fresh: string[]; partial: string | undefined }> {
  const campaign = await db
    .selectFrom('campaigns')
    .select('id')
    .where('campaignName', '=', campaignName)
    .executeTakeFirst();
  if (!campaign) return { fresh: [], partial: undefined };
  const base = db
    .selectFrom('leads')
    .select('cellNumber')
    .where('campaignId', '=', campaign.id)
    .where('forD', '=', GENERATED_FOR_D);
  const fresh = await base
    .where('isCalled', '=', 0)
    .where(sql<boolean>`answers = '{}'::jsonb`)
    .orderBy('dataDate', 'desc')
    .orderBy('id')
    .limit(3)
    .execute();
  const partial = await base
    .where(sql<boolean>`exists (select 1 from jsonb_each_text(answers) a where a.value = ${PARTIAL_CALL_ANSWER})`)
    .orderBy('dataDate', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return {
    fresh: fresh.map((l) => local(l.cellNumber)),
    partial: partial === undefined ? undefined : local(partial.cellNumber),
  };
}
