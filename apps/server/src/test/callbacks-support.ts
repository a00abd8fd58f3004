// Helpers of the callback and shift tests: call attempts and callbacks written straight into their tables, an agent's
// sign-in with its token, a zone where it is midday now, and times written as the agent types them.
import { DB_ROLES, ROLE_DESCRIPTIONS, localDayText, localTimeText, type TTokenPayload } from '@crm/shared';
import type { App } from '../app-type.ts';
import type { Db } from '../db/schema.ts';
import { caller, type Caller, type TestUser } from './harness.ts';

const MINUTE = 60_000;

/** A call of the user's on the lead, ended `endedAt` (now unless given), as the agent's save writes one. */
export async function insertAttempt(
  db: Db,
  a: {
    leadId: number;
    campaignId: number;
    user: TestUser;
    completed?: boolean;
    handleSeconds?: number;
    endedAt?: Date;
    sessionId?: number | null;
  },
): Promise<number> {
  const endedAt = a.endedAt ?? new Date();
  const handleSeconds = a.handleSeconds ?? 60;
  const completed = a.completed ?? false;
  const row = await db
    .insertInto('callAttempts')
    .values({
      leadId: String(a.leadId),
      campaignId: a.campaignId,
      userId: a.user.id,
      agentId: a.user.username,
      sessionId: a.sessionId ?? null,
      startedAt: new Date(endedAt.getTime() - handleSeconds * 1000),
      endedAt,
      handleSeconds,
      dispositionCode: completed ? 'COMPLETE' : 'CALLBACK',
      dispositionName: completed ? 'Completed' : 'Partial / call back',
      dispositionKind: completed ? 'completed' : 'callback',
      vicidialStatus: completed ? 'SALE' : 'CALLBK',
      completed,
      dialerCallId: null,
      dialerStatus: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** An open callback of the user's on the lead, due `dueAt`, as POST /api/callbacks stores one (without its checks). */
export async function insertCallback(
  db: Db,
  c: {
    leadId: number;
    campaignId: number;
    user: TestUser;
    dueAt: Date;
    mineOnly?: boolean;
    note?: string;
    createdAt?: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto('callbacks')
    .values({
      leadId: String(c.leadId),
      campaignId: c.campaignId,
      userId: c.user.id,
      agentId: c.user.username,
      attemptId: null,
      dueAt: c.dueAt,
      mineOnly: c.mineOnly ?? false,
      note: c.note ?? '',
      ...(c.createdAt ? { createdAt: c.createdAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The moment `minutes` from now (before now when negative). */
export const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * MINUTE);

/** A moment as the agent types a callback's time: yyyy-MM-dd HH:mm in the zone. */
export const typedTime = (at: Date, timeZone: string) => `${localDayText(at, timeZone)} ${localTimeText(at, timeZone)}`;

/**
 * A zone without summer time where the clock now shows 12:xx, so "later today" and "earlier today" both have hours of
 * room whenever the tests run. Etc/GMT-6 is UTC+6 (the sign is POSIX's).
 */
export function middayTimeZone(now: Date = new Date()): string {
  let offset = 12 - now.getUTCHours();
  if (offset > 14) offset -= 24;
  if (offset < -12) offset += 24;
  return offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

/** An agent's sign-in at `signedInAt` into the campaign, and a caller whose token carries it (sid), as sign-in makes it. */
export async function signedInAgent(
  app: App,
  user: TestUser,
  campaign: { id: number; campaignName: string },
  signedInAt: Date,
): Promise<{ api: Caller; sessionId: number }> {
  const session = await app.db
    .insertInto('agentSessions')
    .values({
      userId: user.id,
      agentId: user.username,
      agentName: user.name,
      shift: 'Morning',
      campaignId: campaign.id,
      campaignName: campaign.campaignName,
      signedInAt,
      expiresAt: new Date(Date.now() + 8 * 60 * MINUTE),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const payload: Omit<TTokenPayload, 'exp' | 'iat'> = {
    sub: String(user.id),
    userName: user.username,
    name: user.name,
    roles: [{ roleName: DB_ROLES.agent, roleDescription: ROLE_DESCRIPTIONS.AGENT }],
    agentId: user.username,
    shift: 'Morning',
    campaign: campaign.campaignName,
    sid: session.id,
  };
  return { api: caller(app, await app.tokens.sign(payload)), sessionId: session.id };
}
