// The coaching routes against a real database: who may call them, the states planned → held → acknowledged → closed
// and the 409s between them, the agent's view of their own sessions without private notes, the refusals of a session
// named wrongly, the settings, and the audit trail.
import { describe, expect, it } from 'vitest';
import { COACHING_MESSAGES, type TCoachingSession, type TCoachingSettings } from '@crm/shared';
import { useTestApp, type Caller } from '../../test/harness.ts';
import {
  addClientRecord,
  addRecord,
  clientScorecard,
  qcWorld,
  scorecard,
  type QcWorld,
} from '../../test/qc-support.ts';

const t = useTestApp();

function plan(w: QcWorld, extra: Record<string, unknown> = {}) {
  return {
    agentId: w.agent.username,
    campaignName: w.campaign,
    focus: ['greetings', 'crm'],
    qcRecordIds: [],
    notes: 'Greet first, then follow the survey order',
    privateNotes: 'PRIVATE: talk to the team lead too',
    actionItems: [{ text: 'Listen to two calls of a top agent', due: '2026-12-10' }],
    meetingDate: '2026-12-08',
    ...extra,
  };
}

async function create(api: Caller, body: unknown): Promise<TCoachingSession> {
  const r = await api.post('/api/coaching', body);
  expect(r.status, r.text).toBe(200);
  return r.json<TCoachingSession>();
}

async function step(api: Caller, id: number, name: 'held' | 'acknowledge' | 'close', body?: unknown) {
  return api.post(`/api/coaching/${id}/${name}`, body ?? {});
}

describe('POST /api/coaching', () => {
  it('answers 401 without a session and 403 to agents', async () => {
    const w = await qcWorld(t);
    expect((await t.anonymous.post('/api/coaching', plan(w))).status).toBe(401);
    expect((await w.agentApi.post('/api/coaching', plan(w))).status).toBe(403);
    expect((await t.anonymous.get('/api/coaching')).status).toBe(401);
  });

  it("plans a session on the campaign's in-house criteria with the agent's own records, audited", async () => {
    const w = await qcWorld(t);
    const record = await addRecord(w.qcA, scorecard(w, { greetings: -5 }));
    const s = await create(w.qcA, plan(w, { qcRecordIds: [record.id] }));
    expect(s).toMatchObject({
      state: 'planned',
      agentId: w.agent.username,
      agentName: 'Rina Akter',
      campaignName: w.campaign,
      scorecardId: 1,
      focus: [
        { key: 'greetings', name: 'Greetings' },
        { key: 'crm', name: 'CRM' },
      ],
      qcRecords: [{ id: record.id, callDate: '2026-11-20', total: 95 }],
      notes: 'Greet first, then follow the survey order',
      privateNotes: 'PRIVATE: talk to the team lead too',
      actionItems: [{ text: 'Listen to two calls of a top agent', due: '2026-12-10' }],
      meetingDate: '2026-12-08',
      autoOpened: false,
      coachId: w.inspectorA.id,
      coach: w.inspectorA.username,
      heldAt: null,
      overdue: false,
      result: null,
    });
    const audit = await t.db
      .selectFrom('auditLog')
      .select(['action', 'actorUsername'])
      .where('objectType', '=', 'coachingSession')
      .where('objectId', '=', String(s.id))
      .execute();
    expect(audit).toEqual([{ action: 'create', actorUsername: w.inspectorA.username }]);
  });

  it('refuses an unknown agent, campaign or criterion, and records that are not the agent’s own in-house ones', async () => {
    const w = await qcWorld(t);
    const other = await addRecord(w.qcA, scorecard(w, { agentId: w.otherAgent.username }));
    const clientId = (await addClientRecord(w.qcA, clientScorecard(w))).id;
    const cases: [Record<string, unknown>, RegExp | string][] = [
      [{ agentId: 'nobody-here' }, COACHING_MESSAGES.noAgent('nobody-here')],
      [{ campaignName: 'Nowhere' }, COACHING_MESSAGES.noCampaign('Nowhere')],
      [{ focus: ['greetings', 'charm'] }, /"charm" is not a criterion of "Standard".*choose from greetings/],
      [{ qcRecordIds: [other.id, clientId] }, COACHING_MESSAGES.notAgentsRecords([other.id, clientId])],
      [{ focus: [] }, /at least one focus criterion/],
      [{ actionItems: [{ text: 'x', due: '10/12/2026' }] }, /due must be a date written yyyy-MM-dd/],
    ];
    for (const [change, message] of cases) {
      const r = await w.qcA.post('/api/coaching', plan(w, change));
      expect(r.status, JSON.stringify(change)).toBe(400);
      expect(r.json<{ message: string }>().message).toMatch(message);
    }
    expect(
      await t.db.selectFrom('coachingSessions').select('id').where('agentUserId', '=', w.agent.id).execute(),
    ).toHaveLength(0);
  });
});

describe('the states', () => {
  it('goes planned → held → acknowledged → closed; each other step is 409 with the state named', async () => {
    const w = await qcWorld(t);
    const s = await create(w.qcA, plan(w));
    // The agent cannot acknowledge what was not held; nothing can be closed before it was held.
    const early = await step(w.agentApi, s.id, 'acknowledge', { comment: 'ok' });
    expect(early.status).toBe(409);
    expect(early.json<{ message: string }>().message).toBe(
      COACHING_MESSAGES.illegalStep('planned', 'acknowledged', 'it has to be held first'),
    );
    expect((await step(w.qcA, s.id, 'close')).json<{ message: string }>().message).toMatch(
      /A planned coaching session cannot be closed: hold it first/,
    );

    const held = await step(w.qcA, s.id, 'held');
    expect(held.status, held.text).toBe(200);
    const h = held.json<TCoachingSession>();
    expect(h.state).toBe('held');
    // Due within the default 3 days of holding.
    expect(Date.parse(h.acknowledgeDueAt!) - Date.parse(h.heldAt!)).toBe(3 * 24 * 3600 * 1000);
    expect(h.overdue).toBe(false);
    expect((await step(w.qcA, s.id, 'held')).status).toBe(409);

    // Only the session's own agent acknowledges.
    expect((await step(w.otherAgentApi, s.id, 'acknowledge', { comment: 'me?' })).status).toBe(403);
    const ack = await step(w.agentApi, s.id, 'acknowledge', { comment: 'Understood, I will greet first' });
    expect(ack.status, ack.text).toBe(200);
    expect(ack.json<TCoachingSession>()).toMatchObject({
      state: 'acknowledged',
      acknowledgement: 'Understood, I will greet first',
    });
    expect(ack.json<TCoachingSession>()).not.toHaveProperty('privateNotes');
    expect((await step(w.agentApi, s.id, 'acknowledge', { comment: 'again' })).status).toBe(409);

    // Another inspector may not close it; its own inspector does, and the reply carries the figure.
    const refused = await step(w.qcB, s.id, 'close');
    expect(refused.status).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(COACHING_MESSAGES.notCoach);
    const closed = await step(w.qcA, s.id, 'close');
    expect(closed.status, closed.text).toBe(200);
    const c = closed.json<TCoachingSession>();
    expect(c).toMatchObject({ state: 'closed', closedBy: w.inspectorA.username });
    expect(c.result).toMatchObject({
      verdict: 'unknown',
      compareCount: 10,
      before: { records: 0 },
      after: { records: 0 },
    });
    expect((await step(w.qcA, s.id, 'close')).status).toBe(409);
    expect((await step(w.qcA, s.id, 'held')).status).toBe(409);
    expect((await step(w.agentApi, s.id, 'acknowledge', { comment: 'late' })).status).toBe(409);

    const actions = await t.db
      .selectFrom('auditLog')
      .select('changes')
      .where('objectType', '=', 'coachingSession')
      .where('objectId', '=', String(s.id))
      .orderBy('id')
      .execute();
    expect(actions.map((a) => (a.changes as { after?: { state?: string } }).after?.state)).toEqual([
      'planned',
      'held',
      'acknowledged',
      'closed',
    ]);
  });

  it('closes a held session without the acknowledgement (an admin may), and flags an overdue acknowledgement', async () => {
    const w = await qcWorld(t);
    const s = await create(w.qcA, plan(w));
    expect((await step(w.admin, s.id, 'held')).status).toBe(200);
    // Held four days ago: past the 3-day window.
    await t.db
      .updateTable('coachingSessions')
      .set({ heldAt: new Date(Date.now() - 4 * 86_400_000), acknowledgeDueAt: new Date(Date.now() - 86_400_000) })
      .where('id', '=', s.id)
      .execute();
    const listed = (await w.qcB.get('/api/coaching?state=held')).json<TCoachingSession[]>();
    expect(listed.find((x) => x.id === s.id)?.overdue).toBe(true);
    const closed = await step(w.admin, s.id, 'close');
    expect(closed.status, closed.text).toBe(200);
    expect(closed.json<TCoachingSession>()).toMatchObject({ state: 'closed', acknowledgedAt: null, overdue: false });
  });

  it('uses the campaign’s acknowledgement window when an admin sets one', async () => {
    const w = await qcWorld(t);
    const url = `/api/coaching/settings/${encodeURIComponent(w.campaign)}`;
    expect((await w.qcA.put(url, { samplingFactor: 3, compareCount: 5, acknowledgeDays: 1 })).status).toBe(403);
    const set = await w.admin.put(url, { samplingFactor: 3, compareCount: 5, acknowledgeDays: 1 });
    expect(set.status, set.text).toBe(200);
    const listed = (await w.qcA.get('/api/coaching/settings')).json<TCoachingSettings[]>();
    expect(listed.find((x) => x.campaignName === w.campaign)).toMatchObject({
      samplingFactor: 3,
      compareCount: 5,
      acknowledgeDays: 1,
      isDefault: false,
    });
    const s = await create(w.qcA, plan(w));
    const h = (await step(w.qcA, s.id, 'held')).json<TCoachingSession>();
    expect(Date.parse(h.acknowledgeDueAt!) - Date.parse(h.heldAt!)).toBe(24 * 3600 * 1000);
    const bad = await w.admin.put(url, { samplingFactor: 0.5, compareCount: 5, acknowledgeDays: 1 });
    expect(bad.status).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/Sampling factor must be at least 1/);
  });

  it('audits a settings change with the values it replaced, and answers 404 for a campaign that does not exist', async () => {
    const w = await qcWorld(t);
    // The campaign's name in another case names the same campaign.
    const url = `/api/coaching/settings/${encodeURIComponent(w.campaign.toUpperCase())}`;
    const set = await w.admin.put(url, { samplingFactor: 4, compareCount: 6, acknowledgeDays: 2 });
    expect(set.status, set.text).toBe(200);
    expect(set.json<TCoachingSettings>()).toMatchObject({
      campaignName: w.campaign,
      samplingFactor: 4,
      isDefault: false,
    });
    const audit = await t.db
      .selectFrom('auditLog')
      .select(['objectType', 'changes'])
      .where('objectType', '=', 'campaign')
      .where('objectId', '=', String(set.json<TCoachingSettings>().campaignId))
      .execute();
    expect(audit).toEqual([
      {
        objectType: 'campaign',
        changes: {
          before: { coaching: { samplingFactor: 2, compareCount: 10, acknowledgeDays: 3 } },
          after: { coaching: { samplingFactor: 4, compareCount: 6, acknowledgeDays: 2 } },
        },
      },
    ]);
    const missing = await w.admin.put('/api/coaching/settings/Nowhere', {
      samplingFactor: 2,
      compareCount: 10,
      acknowledgeDays: 3,
    });
    expect(missing.status).toBe(404);
    expect(missing.json<{ message: string }>().message).toBe(COACHING_MESSAGES.noCampaign('Nowhere'));
  });
});

describe("the agent's view", () => {
  it('lists and shows only the agent’s own sessions, without private notes; another agent’s is 403', async () => {
    const w = await qcWorld(t);
    const mine = await create(w.qcA, plan(w));
    const theirs = await create(w.qcB, plan(w, { agentId: w.otherAgent.username }));

    const list = await w.agentApi.get('/api/coaching');
    expect(list.status).toBe(200);
    expect(list.json<TCoachingSession[]>().map((s) => s.id)).toEqual([mine.id]);
    expect(list.text).not.toContain('PRIVATE');
    // Naming another agent changes nothing: an agent's list is their own.
    const named = await w.agentApi.get(`/api/coaching?agentId=${w.otherAgent.username}`);
    expect(named.json<TCoachingSession[]>()).toEqual([]);

    const one = await w.agentApi.get(`/api/coaching/${mine.id}`);
    expect(one.status).toBe(200);
    expect(one.json<TCoachingSession>()).toMatchObject({ id: mine.id, notes: plan(w).notes });
    expect(one.json<TCoachingSession>()).not.toHaveProperty('privateNotes');
    const other = await w.agentApi.get(`/api/coaching/${theirs.id}`);
    expect(other.status).toBe(403);
    expect(other.json<{ message: string }>().message).toBe(COACHING_MESSAGES.otherAgent);
    expect((await w.agentApi.get('/api/coaching/999999')).status).toBe(404);

    // Inspectors and admins see all, with private notes, and filter.
    const all = (await w.qcB.get(`/api/coaching?agentId=${w.agent.username}`)).json<TCoachingSession[]>();
    expect(all.map((s) => [s.id, s.privateNotes])).toEqual([[mine.id, 'PRIVATE: talk to the team lead too']]);
    expect(
      (await w.admin.get(`/api/coaching?state=closed&campaignName=${encodeURIComponent(w.campaign)}`)).json<
        TCoachingSession[]
      >(),
    ).toEqual([]);
    expect((await w.admin.get('/api/coaching?state=open')).status).toBe(400);
  });
});
