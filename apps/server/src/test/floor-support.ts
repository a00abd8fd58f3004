// Helpers of the floor tests (docs/guide/floor.md): an agent signed in through the real route, the floor as an admin
// reads it, one agent's line of it, and a call attempt written as the save would, at a chosen time.
import { expect } from 'vitest';
import { ZFloor, type TFloor, type TFloorAgent, type TSignInResponse } from '@crm/shared';
import type { Db } from '../db/schema.ts';
import { caller, createUser, type Caller, type TestContext, type TestUser } from './harness.ts';

/** A new agent signed in to the campaign by POST /api/auth/signInAgent, and a caller with that session. */
export async function signedInAgent(
  t: TestContext,
  campaign: string,
  user: { username: string; name: string },
): Promise<{ user: TestUser; api: Caller }> {
  const created = await createUser(t.db, { role: 'agent', ...user });
  const r = await t.anonymous.post('/api/auth/signInAgent', {
    username: created.username,
    password: created.password,
    shift: 'Evening',
    campaign,
  });
  expect(r.status, r.text).toBe(200);
  return { user: created, api: caller(t.app, r.json<TSignInResponse>().jwtToken) };
}

/** GET /api/floor, checked by the schema the web reads it with. */
export async function floorOf(api: Caller): Promise<TFloor> {
  const r = await api.get('/api/floor');
  expect(r.status, r.text).toBe(200);
  return ZFloor.parse(r.body);
}

/** The agent's line of the floor, undefined when they are not on it. */
export const lineOf = (floor: TFloor, userId: number): TFloorAgent | undefined =>
  floor.agents.find((a) => a.userId === userId);

/** A call attempt of the agent ended at `endedAt` (the save writes these; here a day's boundaries are chosen). */
export async function insertAttempt(
  db: Db,
  a: { leadId: number; campaignId: number; user: TestUser; endedAt: Date; completed: boolean },
): Promise<void> {
  await db
    .insertInto('callAttempts')
    .values({
      leadId: String(a.leadId),
      campaignId: a.campaignId,
      userId: a.user.id,
      agentId: a.user.username,
      sessionId: null,
      startedAt: new Date(a.endedAt.getTime() - 60_000),
      endedAt: a.endedAt,
      handleSeconds: 60,
      dispositionCode: a.completed ? 'COMPLETE' : 'NI',
      dispositionName: a.completed ? 'Completed' : 'Not interested',
      dispositionKind: a.completed ? 'completed' : 'final',
      vicidialStatus: null,
      completed: a.completed,
      dialerCallId: null,
      dialerStatus: null,
    })
    .execute();
}
