// Deleting an agent keeps history: one with sign-ins, called leads, QC records or reviews is refused with 409 naming
// them and nothing changes; the foreign keys to users (RESTRICT, migration 0008) refuse a delete the check misses.
import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bestScores, type TAgent, type TSignInResponse } from '@crm/shared';
import { caller, createCampaign, createUser, useTestApp, type Caller } from '../../test/harness.ts';
import { insertLeads, many } from '../../test/leads-support.ts';
import { addAgent, countRows } from '../../test/agents-support.ts';

const t = useTestApp();

type Campaign = Awaited<ReturnType<typeof createCampaign>>;
type World = { admin: Caller; campaign: Campaign; inspector: Caller; inspectorId: number };

async function world(): Promise<World> {
  const inspector = await createUser(t.db, { role: 'qc' });
  return {
    admin: await t.callerFor('admin'),
    campaign: await createCampaign(t.db),
    inspector: await t.as(inspector),
    inspectorId: inspector.id,
  };
}

async function userIdOf(agent: TAgent): Promise<number> {
  return (await t.db.selectFrom('agents').select('userId').where('id', '=', agent.id).executeTakeFirstOrThrow()).userId;
}

/** A real sign-in (an agent_sessions row); the agent's token. */
async function signIn(w: World, agent: TAgent): Promise<Caller> {
  const r = await t.anonymous.post('/api/auth/signInAgent', {
    username: agent.agentId,
    password: 'agent-pass-1',
    shift: 'Morning',
    campaign: w.campaign.campaignName,
  });
  expect(r.status, r.text).toBe(200);
  return caller(t.app, r.json<TSignInResponse>().jwtToken);
}

/** An inspector's in-house QC record of the agent's call (qc_records.agent_user_id). */
async function scoreCall(w: World, agent: TAgent): Promise<number> {
  const body = {
    callDate: '2026-11-20',
    agentId: agent.agentId,
    campaignName: w.campaign.campaignName,
    consumerNumber: '01712345678',
    duration: 60,
    fatalReason: '',
    easVoiceMatchedWithReport: 'yes',
    suggestion: '',
    ...bestScores(),
  };
  const r = await w.inspector.post('/api/qcReport/add', body);
  expect(r.status, r.text).toBe(200);
  return r.json<{ id: number }>().id;
}

async function callLeads(w: World, userId: number, count: number): Promise<number[]> {
  return insertLeads(t.db, w.campaign.id, many(count, { isCalled: 1, calledBy: userId, calledAt: new Date() }));
}

/** Everything that names the user, to compare before and after a refused delete. */
async function snapshot(userId: number) {
  const [users, agents, sessions, leads, qc, reviews] = await Promise.all([
    t.db.selectFrom('users').selectAll().where('id', '=', userId).execute(),
    t.db.selectFrom('agents').selectAll().where('userId', '=', userId).execute(),
    t.db.selectFrom('agentSessions').select(['id', 'userId']).where('userId', '=', userId).orderBy('id').execute(),
    t.db
      .selectFrom('leads')
      .select(['id', 'calledBy', 'isCalled'])
      .where('calledBy', '=', userId)
      .orderBy('id')
      .execute(),
    t.db
      .selectFrom('qcRecords')
      .select(['id', 'agentUserId'])
      .where('agentUserId', '=', userId)
      .orderBy('id')
      .execute(),
    t.db
      .selectFrom('agentReviews')
      .select(['id', 'agentUserId'])
      .where('agentUserId', '=', userId)
      .orderBy('id')
      .execute(),
  ]);
  return { users, agents, sessions, leads, qc, reviews };
}

/** Runs SQL as it is and returns the PostgreSQL error it fails with. */
async function sqlError(query: RawBuilder<unknown>): Promise<{ code?: string; constraint?: string }> {
  try {
    await query.execute(t.db);
  } catch (e) {
    return e as { code?: string; constraint?: string };
  }
  throw new Error('the statement succeeded');
}

describe('DELETE /api/ac/deleteAgent/{id} of an agent with history', () => {
  it('refuses with 409 naming the QC records, reviews, called leads and sign-ins, and changes nothing', async () => {
    const w = await world();
    const agent = await addAgent(w.admin, { agentId: `AG-${randomUUID().slice(0, 8)}` });
    const userId = await userIdOf(agent);
    const agentApi = await signIn(w, agent);
    await signIn(w, agent);
    const calledLeads = await callLeads(w, userId, 1250);
    const scored = await scoreCall(w, agent);
    await scoreCall(w, agent);
    const review = await agentApi.post('/api/qcReport/submit', {
      qcId: scored,
      agreed: 'No',
      raiseConcern: true,
      comment: 'Hung up first',
    });
    expect(review.status, review.text).toBe(200);
    const before = await snapshot(userId);
    expect([before.sessions.length, before.leads.length, before.qc.length, before.reviews.length]).toEqual([
      2, 1250, 2, 1,
    ]);
    const rows = await countRows(t.db);

    const r = await w.admin.delete(`/api/ac/deleteAgent/${agent.id}`);
    expect(r.status).toBe(409);
    expect(r.body).toEqual({
      message: `${agent.agentId} has 2 QC records, 1 review, 1,250 called leads and 2 sign-in records; set the agent Inactive instead`,
    });
    expect(await snapshot(userId)).toEqual(before);
    expect(await countRows(t.db)).toEqual(rows);
    expect(before.leads.map((l) => Number(l.id))).toEqual(calledLeads);
    expect((await w.admin.get(`/api/ac/getAgent/${agent.id}`)).json<TAgent>()).toEqual(agent);
  });

  it('names only what there is: sign-ins alone, called leads alone, QC records alone', async () => {
    const w = await world();
    const cases: [string, (agent: TAgent, userId: number) => Promise<unknown>, string][] = [
      ['sign-ins', (agent) => signIn(w, agent), '1 sign-in record'],
      ['called leads', (_agent, userId) => callLeads(w, userId, 2), '2 called leads'],
      ['QC records', (agent) => scoreCall(w, agent), '1 QC record'],
    ];
    for (const [what, make, named] of cases) {
      const agent = await addAgent(w.admin);
      const userId = await userIdOf(agent);
      await make(agent, userId);
      const before = await snapshot(userId);
      const r = await w.admin.delete(`/api/ac/deleteAgent/${agent.id}`);
      expect(r.status, what).toBe(409);
      expect(r.body, what).toEqual({ message: `${agent.agentId} has ${named}; set the agent Inactive instead` });
      expect(await snapshot(userId), what).toEqual(before);
    }
  });

  it('deletes an agent without history (and its sign-in), whatever other agents have', async () => {
    const w = await world();
    const busy = await addAgent(w.admin);
    await callLeads(w, await userIdOf(busy), 3);
    await scoreCall(w, busy);
    const idle = await addAgent(w.admin);
    const rows = await countRows(t.db);
    const r = await w.admin.delete(`/api/ac/deleteAgent/${idle.id}`);
    expect(r.status, r.text).toBe(204);
    expect(await countRows(t.db)).toEqual({ agents: rows.agents - 1, users: rows.users - 1 });
    expect((await w.admin.get(`/api/ac/getAgent/${idle.id}`)).status).toBe(404);
    expect((await w.admin.get(`/api/ac/getAgent/${busy.id}`)).status).toBe(200);
    expect((await w.admin.delete(`/api/ac/deleteAgent/${idle.id}`)).status).toBe(404);
  });

  it('turns a foreign-key refusal the check did not foresee into the same kind of 409, not a 500', async () => {
    const w = await world();
    const agent = await addAgent(w.admin);
    const userId = await userIdOf(agent);
    // A table this code does not know, as a later area might add (made by the owner: the app's role makes no tables):
    // only its foreign key stands in the way.
    await sql`create table test_user_notes (user_id integer not null references users (id) on delete restrict)`.execute(
      t.ownerDb,
    );
    try {
      await sql`insert into test_user_notes (user_id) values (${userId})`.execute(t.ownerDb);
      const r = await w.admin.delete(`/api/ac/deleteAgent/${agent.id}`);
      expect(r.status).toBe(409);
      expect(r.body).toEqual({
        message: `${agent.agentId} has records that refer to them; set the agent Inactive instead`,
      });
      expect((await w.admin.get(`/api/ac/getAgent/${agent.id}`)).status).toBe(200);
    } finally {
      await sql`drop table test_user_notes`.execute(t.ownerDb);
    }
  });
});

describe('foreign keys to users (migration 0008)', () => {
  it("are all ON DELETE RESTRICT except the agent profile, unsaved call drafts, calls on screen, the QC queue's and the second factor's working rows, notifications and a client's campaigns, which go with their user", async () => {
    const { rows } = await sql<{ name: string; action: string }>`
      select conname as name, confdeltype as action from pg_constraint
      where contype = 'f' and confrelid = 'users'::regclass and convalidated order by conname`.execute(t.db);
    expect(rows).toEqual([
      { name: 'agent_reviews_agent_user_id_fkey', action: 'r' },
      { name: 'agent_sessions_user_id_fkey', action: 'r' },
      { name: 'agents_user_id_fkey', action: 'c' },
      { name: 'calibration_inspectors_user_id_fkey', action: 'r' },
      { name: 'calibration_scorings_inspector_id_fkey', action: 'r' },
      { name: 'calibration_sessions_created_by_id_fkey', action: 'r' },
      // Call attempts and callbacks are history (migration 0024); a call's start is a call on screen, like a draft.
      { name: 'call_attempts_user_id_fkey', action: 'r' },
      // A draft is a call in progress, not history (migration 0010): it is never what keeps an agent.
      { name: 'call_drafts_user_id_fkey', action: 'c' },
      { name: 'call_starts_user_id_fkey', action: 'c' },
      { name: 'callbacks_user_id_fkey', action: 'r' },
      // The campaigns a client account may see (migration 0038) are the account's settings, not history.
      { name: 'client_campaigns_user_id_fkey', action: 'c' },
      // Coaching sessions (migration 0036) are history of both the agent and the coach.
      { name: 'coaching_sessions_agent_user_id_fkey', action: 'r' },
      { name: 'coaching_sessions_coach_id_fkey', action: 'r' },
      { name: 'disputes_agent_user_id_fkey', action: 'r' },
      { name: 'disputes_answered_by_id_fkey', action: 'r' },
      { name: 'disputes_decided_by_id_fkey', action: 'r' },
      { name: 'disputes_inspector_id_fkey', action: 'r' },
      { name: 'dnc_numbers_added_by_id_fkey', action: 'r' },
      { name: 'lead_imports_user_id_fkey', action: 'r' },
      { name: 'leads_called_by_fkey', action: 'r' },
      // The second factor's working rows (migration 0027): an open sign-in step and the recovery codes go with their user.
      { name: 'mfa_challenges_user_id_fkey', action: 'c' },
      { name: 'mfa_recovery_codes_user_id_fkey', action: 'c' },
      // A user's notifications (migration 0035) are their working rows, pruned after 90 days: they go with the user.
      { name: 'notifications_user_id_fkey', action: 'c' },
      // The queue's working rows (migration 0016): a claim is a 15-minute hold and an agent-day is rebuilt from the
      // recordings; neither is history.
      { name: 'qc_queue_claims_inspector_id_fkey', action: 'c' },
      { name: 'qc_queue_days_agent_user_id_fkey', action: 'c' },
      // The agent's sign-off and the comments on a record (migration 0034) are history, like the record.
      { name: 'qc_record_acknowledgements_agent_user_id_fkey', action: 'r' },
      { name: 'qc_record_comments_author_id_fkey', action: 'r' },
      { name: 'qc_records_agent_user_id_fkey', action: 'r' },
      { name: 'qc_records_qc_inspector_id_fkey', action: 'r' },
      // An attribution, derived from the file name's agent id (which stays): it never keeps an agent.
      { name: 'recordings_agent_user_id_fkey', action: 'n' },
      // Who made a scorecard version (migration 0031): history, like every edit.
      { name: 'scorecards_created_by_id_fkey', action: 'r' },
    ]);
  });

  it('refuse deleting the user row straight in SQL while anything names the user, whichever table it is', async () => {
    // PostgreSQL 18 (the embedded default) reports an ON DELETE RESTRICT reference as 23001, 15 as 23503.
    const FK_REFUSAL = expect.stringMatching(/^(23503|23001)$/);
    const w = await world();
    const deleteUser = (id: number) => sqlError(sql`delete from users where id = ${id}`);
    const fresh = async () => {
      const agent = await addAgent(w.admin);
      return { agent, userId: await userIdOf(agent) };
    };

    const signedIn = await fresh();
    await signIn(w, signedIn.agent);
    expect(await deleteUser(signedIn.userId)).toMatchObject({
      code: FK_REFUSAL,
      constraint: 'agent_sessions_user_id_fkey',
    });

    const leadCaller = await fresh();
    await callLeads(w, leadCaller.userId, 1);
    expect(await deleteUser(leadCaller.userId)).toMatchObject({ code: FK_REFUSAL, constraint: 'leads_called_by_fkey' });

    const scored = await fresh();
    const qcId = await scoreCall(w, scored.agent);
    expect(await deleteUser(scored.userId)).toMatchObject({
      code: FK_REFUSAL,
      constraint: 'qc_records_agent_user_id_fkey',
    });
    expect(await deleteUser(w.inspectorId)).toMatchObject({
      code: FK_REFUSAL,
      constraint: 'qc_records_qc_inspector_id_fkey',
    });

    // A review names its writer: with the record's agent moved aside, the review alone holds the user.
    const reviewer = await fresh();
    const scoredReviewer = await scoreCall(w, reviewer.agent);
    const agentApi = await signIn(w, reviewer.agent);
    expect((await agentApi.post('/api/qcReport/submit', { qcId: scoredReviewer, agreed: 'Yes' })).status).toBe(200);
    await t.db.deleteFrom('agentSessions').where('userId', '=', reviewer.userId).execute();
    await t.db.updateTable('qcRecords').set({ agentUserId: null }).where('id', '=', scoredReviewer).execute();
    expect(await deleteUser(reviewer.userId)).toMatchObject({
      code: FK_REFUSAL,
      constraint: 'agent_reviews_agent_user_id_fkey',
    });

    const uploader = await createUser(t.db, { role: 'admin' });
    await t.db
      .insertInto('leadImports')
      .values({ id: randomUUID(), campaignId: w.campaign.id, userId: uploader.id, fileName: 'leads.csv' })
      .execute();
    expect(await deleteUser(uploader.id)).toMatchObject({ code: FK_REFUSAL, constraint: 'lead_imports_user_id_fkey' });

    // Nothing was erased or blanked by the attempts.
    expect((await snapshot(leadCaller.userId)).leads).toHaveLength(1);
    expect((await snapshot(signedIn.userId)).sessions).toHaveLength(1);
    expect((await snapshot(reviewer.userId)).reviews).toHaveLength(1);
    expect(
      await t.db.selectFrom('qcRecords').select('qcInspectorId').where('id', '=', qcId).executeTakeFirstOrThrow(),
    ).toEqual({ qcInspectorId: w.inspectorId });
  });
});
