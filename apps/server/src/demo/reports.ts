// Demo data of the reports (issue 38, docs/reports.md): the client account of Spring Survey, a week of call attempts by
// six agents on both shifts (sign-ins, handle times, the campaign's dispositions, leads answered, some in Bengali), and
// a few suspicious completes (the week's QC records: demo/reports-qc.ts). Days are relative to today; idempotent: a week
// already seeded is left as it is.
import { sql } from 'kysely';
import { addDays, localDayText, startOfLocalDay, type TDisposition } from '@crm/shared';
import type { Db } from '../db/schema.ts';
import { hashPassword } from '../auth/password.ts';
import { findCampaignDispositions } from '../modules/dispositions/service.ts';
import { loadSurvey, random, walkSurvey } from './leads.ts';

/** The BPO's client: reads Spring Survey's results and client QC (docs/guide/clients.md). */
export const DEMO_CLIENT = {
  username: 'client.radiant',
  name: 'Radiant Tea',
  password: 'demo-client-pass',
  campaignName: 'Spring Survey',
} as const;

export const REPORTS_CAMPAIGN = 'Spring Survey';

/** Six agents, three a shift: Morning 09:00–15:00, Evening 15:00–21:00 (local time). */
export const REPORTS_AGENTS = [
  { agentId: 'AG-1001', shift: 'Morning' },
  { agentId: 'AG-1002', shift: 'Morning' },
  { agentId: 'AG-1003', shift: 'Morning' },
  { agentId: 'AG-1004', shift: 'Evening' },
  { agentId: 'AG-1005', shift: 'Evening' },
  { agentId: 'AG-1006', shift: 'Evening' },
] as const;

/** The week: the seven days before today (today's own calls are the agent panel's, demo/crm.ts). */
export const REPORTS_DAYS = 7;

/** The suspicious completes, all on yesterday but the last (the day before, whose recordings are indexed). */
export const SUSPICIOUS_DEMO = {
  /** Its first complete of yesterday lasted 30 seconds. */
  short: 'AG-1002',
  /** Its second and third completes of yesterday have the same answers. */
  repeated: 'AG-1003',
  /** 13 completes in the first hour of its shift yesterday (the limit is 12). */
  hourly: 'AG-1004',
  /** The day before yesterday: every complete has its recording but one of this agent's. */
  noRecording: 'AG-1006',
} as const;

/** Marks the week's leads (did), so a second run finds them. */
export const WEEK_DID = 'WEEK-';
const MINUTE = 60_000;
const SHIFT_HOURS = { Morning: [9, 15], Evening: [15, 21] } as const;
const BENGALI_SHOPS = ['মিরপুর ১০ বাজার', 'রহমান স্টোর', 'উত্তরা সেক্টর ৭ এর দোকান'];
const BENGALI_COMMENTS = ['চায়ের স্বাদ খুব ভালো লেগেছে।', 'দাম একটু কম হলে ভালো হয়।', 'আবার নমুনা পেতে চাই।'];

type Outcome = { disposition: TDisposition; seconds: number; answers: Record<string, string>; completed: boolean };

/** Seeds the client account and the week; answers what it added. */
export async function seedReportsDemo(
  db: Db,
  timeZone: string,
  now: Date = new Date(),
): Promise<{ clients: number; attempts: number }> {
  const clients = await seedDemoClient(db);
  const attempts = await seedWeekOfCalls(db, timeZone, now);
  return { clients, attempts };
}

async function seedDemoClient(db: Db): Promise<number> {
  const campaign = await db
    .selectFrom('campaigns')
    .select('id')
    .where('campaignName', '=', DEMO_CLIENT.campaignName)
    .executeTakeFirst();
  if (!campaign) return 0;
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(username)`, '=', DEMO_CLIENT.username)
    .executeTakeFirst();
  if (existing) return 0;
  const user = await db
    .insertInto('users')
    .values({
      username: DEMO_CLIENT.username,
      name: DEMO_CLIENT.name,
      role: 'client',
      passwordHash: await hashPassword(DEMO_CLIENT.password),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('clientCampaigns').values({ userId: user.id, campaignId: campaign.id }).execute();
  return 1;
}

function pickDisposition(set: readonly TDisposition[], code: string, kind: TDisposition['kind']): TDisposition {
  const found = set.find((d) => d.code === code) ?? set.find((d) => d.kind === kind);
  if (found === undefined) throw new Error(`no ${kind} disposition`);
  return found;
}

async function seedWeekOfCalls(db: Db, timeZone: string, now: Date): Promise<number> {
  const campaign = await db
    .selectFrom('campaigns')
    .select(['id', 'campaignName'])
    .where('campaignName', '=', REPORTS_CAMPAIGN)
    .executeTakeFirst();
  if (!campaign) return 0;
  const seeded = await db
    .selectFrom('leads')
    .select('id')
    .where('campaignId', '=', campaign.id)
    .where('did', 'like', `${WEEK_DID}%`)
    .executeTakeFirst();
  if (seeded) return 0;
  const users = await db
    .selectFrom('users')
    .select(['id', 'username', 'name'])
    .where(
      'username',
      'in',
      REPORTS_AGENTS.map((a) => a.agentId),
    )
    .execute();
  const userOf = new Map(users.map((u) => [u.username, u]));
  const survey = await loadSurvey(db, campaign.id);
  const set = await findCampaignDispositions(db, campaign.id);
  const complete = pickDisposition(set, 'COMPLETE', 'completed');
  // Not completed, by how often a floor sees them: busy, not interested, a callback (partial), wrong number, language.
  const busy = pickDisposition(set, 'BUSY', 'retry');
  const others: [TDisposition, number][] = [
    [busy, 0.3],
    [pickDisposition(set, 'NI', 'final'), 0.25],
    [pickDisposition(set, 'CALLBACK', 'callback'), 0.2],
    [pickDisposition(set, 'WRONG', 'final'), 0.12],
    [pickDisposition(set, 'LANG', 'retry'), 0.1],
    [pickDisposition(set, 'DNC', 'dnc'), 0.03],
  ];
  const today = localDayText(now, timeZone);
  let attempts = 0;
  let cell = 0;
  for (let back = REPORTS_DAYS; back >= 1; back -= 1) {
    const day = addDays(today, -back);
    const dayStart = startOfLocalDay(day, timeZone).getTime();
    for (const [a, agent] of REPORTS_AGENTS.entries()) {
      const user = userOf.get(agent.agentId);
      if (!user) continue;
      const r = random(7919 * back + 104_729 * (a + 1));
      const [fromHour, toHour] = SHIFT_HOURS[agent.shift];
      const signedIn = dayStart + fromHour * 60 * MINUTE + Math.floor(r() * 10) * MINUTE;
      const signedOut = dayStart + toHour * 60 * MINUTE - Math.floor(r() * 15) * MINUTE;
      const session = await db
        .insertInto('agentSessions')
        .values({
          userId: user.id,
          agentId: agent.agentId,
          agentName: user.name,
          shift: agent.shift,
          campaignId: campaign.id,
          campaignName: campaign.campaignName,
          signedInAt: new Date(signedIn),
          expiresAt: new Date(signedIn + 12 * 60 * MINUTE),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Signed out at the shift's end (a sign-in row is written open, as the sign-in route writes it).
      await db
        .updateTable('agentSessions')
        .set({ signedOutAt: new Date(signedOut) })
        .where('id', '=', session.id)
        .execute();

      const outcomeOf = (forceComplete: boolean): Outcome => {
        if (forceComplete || r() < 0.34) {
          let walk = walkSurvey(survey.questions, survey.rules, r, false);
          for (let i = 0; i < 10 && walk.isCalled !== 1; i += 1)
            walk = walkSurvey(survey.questions, survey.rules, r, false);
          // Some respondents answer the open questions in Bengali.
          if (r() < 0.3) {
            if (walk.answers.Q8 !== undefined)
              walk.answers.Q8 = BENGALI_SHOPS[Math.floor(r() * BENGALI_SHOPS.length)] ?? '';
            if (walk.answers.Q10 !== undefined)
              walk.answers.Q10 = BENGALI_COMMENTS[Math.floor(r() * BENGALI_COMMENTS.length)] ?? '';
          }
          return {
            disposition: complete,
            seconds: 180 + Math.floor(r() * 241),
            answers: walk.answers,
            completed: true,
          };
        }
        let x = r();
        const disposition = others.find(([, share]) => (x -= share) < 0)?.[0] ?? busy;
        const answers =
          disposition.kind === 'callback' ? walkSurvey(survey.questions, survey.rules, r, true).answers : {};
        return { disposition, seconds: 20 + Math.floor(r() * 101), answers, completed: false };
      };

      type Call = Outcome & { endedAt: number; retryOf?: number };
      const calls: Call[] = [];
      let at = signedIn + 5 * MINUTE;
      const burst = back === 1 && agent.agentId === SUSPICIOUS_DEMO.hourly;
      while (at < signedOut - 10 * MINUTE) {
        // The hourly burst: 13 completes back to back, about four and a half minutes each.
        const inBurst = burst && calls.length < 13;
        const outcome = outcomeOf(inBurst);
        if (inBurst) outcome.seconds = 200 + Math.floor(r() * 40);
        const endedAt = at + outcome.seconds * 1000;
        // A busy number is tried again later in the shift now and then: a second attempt on the same lead.
        const busyBefore = calls.findIndex((c) => c.disposition.kind === 'retry' && c.retryOf === undefined);
        const retry = !inBurst && busyBefore >= 0 && r() < 0.25 ? busyBefore : undefined;
        calls.push(retry === undefined ? { ...outcome, endedAt } : { ...outcome, endedAt, retryOf: retry });
        if (retry !== undefined) (calls[retry] as Call).retryOf = retry;
        at = endedAt + (inBurst ? 15_000 : (60 + Math.floor(r() * 180)) * 1000);
      }

      if (back === 1 && agent.agentId === SUSPICIOUS_DEMO.short) {
        const first = calls.find((c) => c.completed);
        if (first) first.seconds = 30;
      }
      if (back === 1 && agent.agentId === SUSPICIOUS_DEMO.repeated) {
        const completes = calls.filter((c) => c.completed);
        if (completes[1] && completes[2]) completes[2].answers = { ...completes[1].answers };
      }

      // One lead per first attempt; a retry calls its first attempt's lead again, whose state is its last call's.
      const firstCalls = calls.filter((c, i) => c.retryOf === undefined || c.retryOf === i);
      const lastOf = new Map<Call, Call>();
      for (const c of calls) {
        const firstCall = c.retryOf === undefined ? c : (calls[c.retryOf] as Call);
        lastOf.set(firstCall, c);
      }
      const leadRows = firstCalls.map((c) => {
        cell += 1;
        const last = lastOf.get(c) ?? c;
        return {
          campaignId: campaign.id,
          did: `${WEEK_DID}${day}-${agent.agentId}-${cell}`,
          dataStatus: 'valid',
          brId: `BR-${(cell % 6) + 1}`,
          region: ['Dhaka', 'Chattogram', 'Rajshahi', 'Khulna', 'Sylhet'][cell % 5] ?? 'Dhaka',
          territory: ['Mirpur', 'Agrabad', 'Boalia', 'Sonadanga', 'Zindabazar'][cell % 5] ?? 'Mirpur',
          area: '',
          respondentName: ['Abdul Karim', 'Fatema Begum', 'মোঃ রফিক', 'Nasrin Akter', 'সালমা খাতুন'][cell % 5] ?? '',
          cellNumber: `+88019${String(50_000_000 + cell).slice(-8)}`,
          dataDate: day,
          brand: 'Radiant Tea',
          targetSelector: ['Retailer', 'Consumer', 'Wholesaler'][cell % 3] ?? 'Consumer',
          forD: 'd',
          generateStatus: 1,
          isCalled: last.completed ? 1 : 0,
          calledBy: user.id,
          calledAt: new Date(last.endedAt),
          answers: JSON.stringify(last.answers),
        };
      });
      const leads = await db.insertInto('leads').values(leadRows).returning(['id', 'cellNumber']).execute();
      const leadOf = new Map<Call, string>();
      firstCalls.forEach((c, i) => {
        const lead = leads[i];
        if (lead) leadOf.set(c, lead.id);
      });
      /** The lead a call is on: its own, or its first attempt's for a retry. */
      const leadIdOf = (c: Call): string => {
        const id = leadOf.get(c.retryOf === undefined ? c : (calls[c.retryOf] ?? c));
        if (id === undefined) throw new Error('a demo call without its lead');
        return id;
      };
      const attemptRows = calls.map((c) => {
        return {
          leadId: leadIdOf(c),
          campaignId: campaign.id,
          userId: user.id,
          agentId: agent.agentId,
          sessionId: session.id,
          startedAt: new Date(c.endedAt - c.seconds * 1000),
          endedAt: new Date(c.endedAt),
          handleSeconds: c.seconds,
          dispositionCode: c.disposition.code,
          dispositionName: c.disposition.name,
          dispositionKind: c.disposition.kind,
          vicidialStatus: c.disposition.vicidialStatus,
          completed: c.completed,
          dialerCallId: null,
          dialerStatus: null,
        };
      });
      await db.insertInto('callAttempts').values(attemptRows).execute();
      // The answers each complete saved, as the survey's save keeps them (the repeated-answers check reads them).
      const saved = calls.filter((c) => c.completed);
      if (saved.length > 0)
        await db
          .insertInto('leadAnswerHistory')
          .values(
            saved.map((c) => ({
              leadId: leadIdOf(c),
              version: 1,
              userId: user.id,
              agentId: agent.agentId,
              savedAt: new Date(c.endedAt),
              answers: JSON.stringify(c.answers),
              isCalled: 1,
            })),
          )
          .execute();
      attempts += calls.length;
    }
  }
  await indexRecordingsOfDay(db, campaign.id, addDays(today, -2), timeZone);
  return attempts;
}

/**
 * The day before yesterday's recordings, indexed the next morning: one for each complete of the day (from the remote
 * voice log, so the local folder scan leaves them alone) but one of SUSPICIOUS_DEMO.noRecording's. They only index the
 * numbers (no audio): attributed to no campaign, so the QC queue never offers them.
 */
async function indexRecordingsOfDay(db: Db, campaignId: number, day: string, timeZone: string): Promise<void> {
  const start = startOfLocalDay(day, timeZone);
  const end = startOfLocalDay(addDays(day, 1), timeZone);
  const completes = await db
    .selectFrom('callAttempts')
    .innerJoin('leads', 'leads.id', 'callAttempts.leadId')
    .select([
      'callAttempts.id',
      'callAttempts.agentId',
      'callAttempts.userId',
      'callAttempts.handleSeconds',
      'leads.cellNumber',
    ])
    .where('callAttempts.campaignId', '=', campaignId)
    .where('callAttempts.completed', '=', true)
    .where('callAttempts.endedAt', '>=', start)
    .where('callAttempts.endedAt', '<', end)
    .orderBy('callAttempts.id')
    .execute();
  const missing = completes.find((c) => c.agentId === SUSPICIOUS_DEMO.noRecording);
  const rows = completes
    .filter((c) => c !== missing)
    .map((c) => ({
      callDate: day,
      fileName: `${day.replaceAll('-', '')}_${c.cellNumber.replace(/^\+/, '')}_${c.agentId}.mp3`,
      source: 'remote' as const,
      phoneNumber: c.cellNumber,
      phoneKey: c.cellNumber,
      agentId: c.agentId,
      durationSec: c.handleSeconds,
      // Looked at and left to no campaign: they have no audio behind them, so the QC queue must not offer them.
      agentUserId: null,
      campaignId: null,
      attributedAt: new Date(),
    }));
  if (rows.length > 0)
    await db
      .insertInto('recordings')
      .values(rows)
      .onConflict((oc) => oc.columns(['callDate', 'fileName']).doNothing())
      .execute();
  await db
    .insertInto('recordingFolders')
    .values({ callDate: day, folderMtimeMs: end.getTime(), scannedAt: new Date(end.getTime() + 60 * MINUTE) })
    .onConflict((oc) => oc.column('callDate').doNothing())
    .execute();
}
