// POST /api/callbacks (docs/guide/call-loop.md, Callbacks): only the agent who called the lead sets one, at a real time of the
// call centre's zone (London here: it has summer time), up to 30 days ahead; a second one of the same agent replaces it.
import { beforeAll, describe, expect, it } from 'vitest';
import { CALLBACK_CODES, CALLBACK_MESSAGES, type TCallback } from '@crm/shared';
import { createCampaign, createUser, useTestApp, type Caller, type TestUser } from '../../test/harness.ts';
import { insertAttempt, minutesFromNow, typedTime } from '../../test/callbacks-support.ts';
import { insertLeads, nextCell } from '../../test/leads-support.ts';

const ZONE = 'Europe/London';
const t = useTestApp({ timeZone: ZONE });

let campaign: { id: number; campaignName: string };
let agent: TestUser;
let colleague: TestUser;
let api: Caller;

beforeAll(async () => {
  campaign = await createCampaign(t.db);
  agent = await createUser(t.db, { role: 'agent' });
  colleague = await createUser(t.db, { role: 'agent' });
  api = await t.as(agent, { campaign: campaign.campaignName });
});

/** A generated lead of the campaign, called once by the user unless told otherwise. */
async function calledLead(by: TestUser | null = agent, respondentName = 'Rahim Uddin'): Promise<number> {
  const [id] = await insertLeads(t.db, campaign.id, [
    { cellNumber: nextCell(), respondentName, forD: 'd', generateStatus: 1 },
  ]);
  if (id === undefined) throw new Error('no lead');
  if (by !== null) await insertAttempt(t.db, { leadId: id, campaignId: campaign.id, user: by });
  return id;
}

const openCallbacks = (leadId: number) =>
  t.db.selectFrom('callbacks').selectAll().where('leadId', '=', String(leadId)).where('state', '=', 'open').execute();
const callbacksOf = async (leadId: number) =>
  (
    await t.db
      .selectFrom('callbacks')
      .select(['id', 'state', 'userId'])
      .where('leadId', '=', String(leadId))
      .orderBy('id')
      .execute()
  ).map((r) => ({ ...r, id: Number(r.id) }));

describe('who may set a callback', () => {
  it('answers 401 without a session, 403 to QC inspectors and to agents of another campaign', async () => {
    const leadId = await calledLead();
    const body = { leadId, at: typedTime(minutesFromNow(60), ZONE), mineOnly: true, note: '' };
    expect((await t.anonymous.post('/api/callbacks', body)).status).toBe(401);
    expect((await (await t.callerFor('qc')).post('/api/callbacks', body)).status).toBe(403);
    const other = await createCampaign(t.db);
    const outsider = await createUser(t.db, { role: 'agent' });
    await insertAttempt(t.db, { leadId, campaignId: campaign.id, user: outsider });
    expect((await (await t.as(outsider, { campaign: other.campaignName })).post('/api/callbacks', body)).status).toBe(
      403,
    );
    expect(await openCallbacks(leadId)).toEqual([]);
  });
});

describe('POST /api/callbacks', () => {
  it("stores one open callback at the typed time of the zone, against the caller's latest attempt, and replies it", async () => {
    const leadId = await calledLead(agent, 'Salma Begum');
    const latest = await insertAttempt(t.db, { leadId, campaignId: campaign.id, user: agent });
    const due = minutesFromNow(90);
    const at = typedTime(due, ZONE);
    const r = await api.post('/api/callbacks', { leadId, at, mineOnly: true, note: 'After six, ask for Salma' });
    expect(r.status, r.text).toBe(200);
    const reply = r.json<TCallback>();
    const dueMinute = new Date(Math.floor(due.getTime() / 60_000) * 60_000);
    expect(reply).toMatchObject({
      leadId,
      respondentName: 'Salma Begum',
      campaignName: campaign.campaignName,
      at: dueMinute.toISOString(),
      atText: at,
      mineOnly: true,
      note: 'After six, ask for Salma',
      agentId: agent.username,
      agentName: agent.name,
      due: false,
      blocked: null,
      hasDraft: false,
    });
    const [stored] = await openCallbacks(leadId);
    expect({ ...stored, id: Number(stored?.id), attemptId: Number(stored?.attemptId) }).toMatchObject({
      id: reply.id,
      userId: agent.id,
      attemptId: latest,
      mineOnly: true,
      dueAt: dueMinute,
    });
  });

  it("replaces the caller's earlier open callback of the lead (cancelled), and leaves a colleague's alone", async () => {
    const leadId = await calledLead();
    await insertAttempt(t.db, { leadId, campaignId: campaign.id, user: colleague });
    const mine = await api.post('/api/callbacks', { leadId, at: typedTime(minutesFromNow(60), ZONE), mineOnly: true });
    const theirs = await (
      await t.as(colleague, { campaign: campaign.campaignName })
    ).post('/api/callbacks', { leadId, at: typedTime(minutesFromNow(70), ZONE), mineOnly: false });
    const again = await api.post('/api/callbacks', {
      leadId,
      at: typedTime(minutesFromNow(120), ZONE),
      mineOnly: false,
      note: 'Later',
    });
    expect([mine.status, theirs.status, again.status]).toEqual([200, 200, 200]);
    expect(await callbacksOf(leadId)).toEqual([
      { id: mine.json<TCallback>().id, state: 'cancelled', userId: agent.id },
      { id: theirs.json<TCallback>().id, state: 'open', userId: colleague.id },
      { id: again.json<TCallback>().id, state: 'open', userId: agent.id },
    ]);
  });

  it('leaves one open callback when the same agent sets two at once', async () => {
    const leadId = await calledLead();
    const replies = await Promise.all(
      [60, 90, 120].map((m) =>
        api.post('/api/callbacks', { leadId, at: typedTime(minutesFromNow(m), ZONE), mineOnly: true }),
      ),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await openCallbacks(leadId)).toHaveLength(1);
  });

  it('writes the set to the audit log, naming the callback it replaced', async () => {
    const leadId = await calledLead();
    const first = (
      await api.post('/api/callbacks', { leadId, at: typedTime(minutesFromNow(60), ZONE), mineOnly: true })
    ).json<TCallback>();
    const second = (
      await api.post('/api/callbacks', {
        leadId,
        at: typedTime(minutesFromNow(180), ZONE),
        mineOnly: false,
        note: 'Ask for the owner',
      })
    ).json<TCallback>();
    const entry = await t.db
      .selectFrom('auditLog')
      .select(['action', 'actorUsername', 'changes'])
      .where('objectType', '=', 'callback')
      .where('objectId', '=', String(second.id))
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      action: 'create',
      actorUsername: agent.username,
      changes: {
        after: {
          leadId,
          campaign: campaign.campaignName,
          at: second.atText,
          mineOnly: false,
          note: 'Ask for the owner',
        },
        note: `replaces callback ${first.id}`,
      },
    });
  });

  it('lets an admin who called the lead set one', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const leadId = await calledLead(admin);
    const r = await (
      await t.as(admin)
    ).post('/api/callbacks', { leadId, at: typedTime(minutesFromNow(30), ZONE), mineOnly: false });
    expect(r.status, r.text).toBe(200);
    expect(r.json<TCallback>()).toMatchObject({ agentId: admin.username, mineOnly: false });
  });
});

describe('refused callbacks: 400 with the reason and its code, nothing stored', () => {
  const refused = async (leadId: number, at: string, code: string, message: string) => {
    const r = await api.post('/api/callbacks', { leadId, at, mineOnly: true });
    expect(r.status, r.text).toBe(400);
    expect(r.json()).toEqual({ message, code });
    expect(await openCallbacks(leadId)).toEqual([]);
  };

  it('a time in the past', async () => {
    await refused(
      await calledLead(),
      typedTime(minutesFromNow(-5), ZONE),
      CALLBACK_CODES.inThePast,
      CALLBACK_MESSAGES.inThePast,
    );
  });

  it('a time more than 30 days ahead', async () => {
    await refused(
      await calledLead(),
      typedTime(minutesFromNow(31 * 24 * 60), ZONE),
      CALLBACK_CODES.tooFar,
      CALLBACK_MESSAGES.tooFar,
    );
  });

  it('a day that does not exist, and a time the clocks skip when summer time begins', async () => {
    const leadId = await calledLead();
    await refused(leadId, '2027-02-30 10:00', CALLBACK_CODES.notATime, CALLBACK_MESSAGES.notATime);
    // London's clocks go from 01:00 to 02:00 on 28 March 2027.
    await refused(leadId, '2027-03-28 01:30', CALLBACK_CODES.notATime, CALLBACK_MESSAGES.notATime);
  });

  it('a lead the caller never called (a colleague did)', async () => {
    await refused(
      await calledLead(colleague),
      typedTime(minutesFromNow(60), ZONE),
      CALLBACK_CODES.neverCalled,
      CALLBACK_MESSAGES.neverCalled,
    );
  });

  it('a time not written yyyy-MM-dd HH:mm, by the schema', async () => {
    const leadId = await calledLead();
    const r = await api.post('/api/callbacks', { leadId, at: 'tomorrow 5pm', mineOnly: true });
    expect(r.status).toBe(400);
    expect(r.json<{ message: string }>().message).toMatch(/at must be yyyy-MM-dd HH:mm/);
    expect(await openCallbacks(leadId)).toEqual([]);
  });

  it('answers 404 for a lead that does not exist', async () => {
    const r = await api.post('/api/callbacks', {
      leadId: 987_654_321,
      at: typedTime(minutesFromNow(60), ZONE),
      mineOnly: true,
    });
    expect(r.status).toBe(404);
    expect(r.json<{ message: string }>().message).toBe(CALLBACK_MESSAGES.noLead(987_654_321));
  });
});
