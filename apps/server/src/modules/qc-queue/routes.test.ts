// The QC work queue's routes against a real database: who may call them, the queue's page, claims (never the same
// call twice, expiry, release, consumed by a link), targets, the minimum duration, settings and progress.
import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  QC_QUEUE_MESSAGES,
  bestScores,
  startOfLocalDay,
  type TQcQueueClaimReply,
  type TQcQueuePage,
  type TQcQueueProgress,
  type TQcQueueSettings,
} from '@crm/shared';
import { createCampaign, createUser, type Caller, type TestUser } from '../../test/harness.ts';
import { useTestApp } from '../../test/harness.ts';
import { phoneKey } from '../voicelog/names.ts';
import { toneWav, writeRecordings } from '../../test/test-audio.ts';
import { standardValues } from '../qc/scoring.ts';

const recordingsDir = mkdtempSync(path.join(os.tmpdir(), 'crm-qc-queue-'));
const t = useTestApp({ recordingsDir });
afterAll(() => fs.rm(recordingsDir, { recursive: true, force: true }));

const DAY = '2026-11-20';
let seq = 0;

type Queue = {
  campaign: string;
  campaignId: number;
  agents: TestUser[];
  qcA: Caller;
  qcB: Caller;
  inspectorA: TestUser;
  admin: Caller;
};

/** A fresh campaign with agents signed into it on DAY at 09:00, two inspectors and an admin. */
async function queueWorld(agentCount = 2): Promise<Queue> {
  const c = await createCampaign(t.db);
  const agents: TestUser[] = [];
  for (let i = 0; i < agentCount; i += 1) {
    seq += 1;
    const agent = await createUser(t.db, { role: 'agent', username: `QAG${seq}` });
    await t.db.insertInto('agents').values({ userId: agent.id, type: 'Physical' }).execute();
    await signIn(agent, c.id, c.campaignName, '09:00');
    agents.push(agent);
  }
  const inspectorA = await createUser(t.db, { role: 'qc' });
  return {
    campaign: c.campaignName,
    campaignId: c.id,
    agents,
    qcA: await t.as(inspectorA),
    qcB: await t.callerFor('qc'),
    inspectorA,
    admin: await t.callerFor('admin'),
  };
}

async function signIn(
  agent: TestUser,
  campaignId: number,
  campaignName: string,
  time: string,
  day = DAY,
): Promise<void> {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const at = new Date(startOfLocalDay(day, t.config.timeZone).getTime() + (h * 60 + m) * 60_000);
  await t.db
    .insertInto('agentSessions')
    .values({
      userId: agent.id,
      agentId: agent.username,
      agentName: agent.name,
      shift: 'Morning',
      campaignId,
      campaignName,
      signedInAt: at,
      expiresAt: new Date(at.getTime() + 8 * 3_600_000),
    })
    .execute();
}

/** A recording of the agent's call at HH:mm:ss on the day (the scanner's row, not attributed yet). */
async function addRecording(
  agent: TestUser,
  time: string,
  durationSec = 60,
  day = DAY,
  phone = '01712345678',
): Promise<{ id: number; fileName: string }> {
  const fileName = `${day.replaceAll('-', '')}-${time.replaceAll(':', '')}_${phone}_${agent.username}-all.wav`;
  const row = await t.db
    .insertInto('recordings')
    .values({
      callDate: day,
      fileName,
      phoneNumber: phone,
      phoneKey: phoneKey(phone, 'BD'),
      agentId: agent.username,
      callTime: `${day} ${time}`,
      durationSec,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), fileName };
}

/** An in-house QC record of the agent's call, linked to the recording when given (as the QC panel's submit does). */
async function score(
  q: Queue,
  agent: TestUser,
  fileName?: string,
  inspector: TestUser = q.inspectorA,
  day = DAY,
): Promise<number> {
  const scores = bestScores();
  const record = await t.db
    .insertInto('qcRecords')
    .values({
      kind: 'in-house',
      callDate: day,
      agentUserId: agent.id,
      agentId: agent.username,
      agentName: agent.name,
      campaignId: q.campaignId,
      campaignName: q.campaign,
      consumerNumber: '01712345678',
      duration: 60,
      qcInspectorId: inspector.id,
      qcInspector: inspector.username,
      ...standardValues(scores),
      fatalReason: '',
      easVoiceMatchedWithReport: '',
      suggestion: '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (fileName) await t.db.insertInto('qcRecordFiles').values({ qcRecordId: record.id, fileName }).execute();
  return record.id;
}

const page = async (api: Caller, q: Queue, extra = '') => {
  const r = await api.get(`/api/qcQueue/pagination/0/50?campaignName=${encodeURIComponent(q.campaign)}${extra}`);
  expect(r.status).toBe(200);
  return r.json<TQcQueuePage>();
};
const claim = (api: Caller, q: Queue) => api.post('/api/qcQueue/claim', { campaignName: q.campaign });
const setTarget = async (q: Queue, targetPerAgentDay: number, minDurationSec = 30) =>
  expect(
    (
      await q.admin.put(`/api/qcQueue/settings/${encodeURIComponent(q.campaign)}`, {
        targetPerAgentDay,
        minDurationSec,
      })
    ).status,
  ).toBe(200);

describe('who may use the queue', () => {
  it('answers 401 without a sign-in and 403 to agents; settings change for admins only', async () => {
    const agent = await t.callerFor('agent');
    const qc = await t.callerFor('qc');
    for (const [method, url] of [
      ['GET', '/api/qcQueue/pagination/0/10'],
      ['POST', '/api/qcQueue/claim'],
      ['DELETE', '/api/qcQueue/claim/1'],
      ['GET', '/api/qcQueue/progress'],
      ['GET', '/api/qcQueue/settings'],
    ] as const) {
      expect((await t.anonymous.request(method, url, method === 'POST' ? {} : undefined)).status).toBe(401);
      expect((await agent.request(method, url, method === 'POST' ? {} : undefined)).status).toBe(403);
    }
    expect((await qc.put('/api/qcQueue/settings/Anything', { targetPerAgentDay: 3, minDurationSec: 10 })).status).toBe(
      403,
    );
  });
});

describe('GET /api/qcQueue/pagination/{page}/{size}', () => {
  it('lists the calls not scored yet, oldest first, attributed to the agent and the campaign signed into that day, with their checks', async () => {
    const q = await queueWorld();
    const [a1, a2] = q.agents as [TestUser, TestUser];
    await addRecording(a1, '11:00:00');
    await addRecording(a2, '10:00:00');
    const scored = await addRecording(a1, '09:30:00');
    await score(q, a1, scored.fileName);
    const body = await page(q.qcA, q);
    expect(body.recordCount).toBe(2);
    expect(body.response.content.map((c) => [c.callTime, c.agentId, c.campaignName])).toEqual([
      ['10:00:00', a2.username, q.campaign],
      ['11:00:00', a1.username, q.campaign],
    ]);
    // The number as QC records store it (E.164); as the file names it when it is no valid number.
    expect(body.response.content[0]).toMatchObject({
      callDate: DAY,
      phoneNumber: '+8801712345678',
      durationSec: 60,
      claim: null,
      checks: { status: 'pending' },
    });
    await addRecording(a2, '12:00:00', 60, DAY, '12345');
    expect((await page(q.qcA, q)).response.content.map((c) => c.phoneNumber)).toEqual([
      '+8801712345678',
      '12345',
      '+8801712345678',
    ]);
  });

  it('lists the calls in the order Score next takes them: on the oldest day the agent furthest below target, that agent’s oldest call', async () => {
    const q = await queueWorld(3);
    const [a1, a2, a3] = q.agents as [TestUser, TestUser, TestUser];
    await setTarget(q, 3);
    await signIn(a1, q.campaignId, q.campaign, '09:00', '2026-11-19');
    await addRecording(a1, '09:30:00', 60, '2026-11-19');
    await score(q, a1, (await addRecording(a1, '09:10:00')).fileName);
    await addRecording(a1, '09:20:00');
    await addRecording(a2, '10:30:00');
    await addRecording(a2, '10:00:00');
    await addRecording(a3, '11:00:00');
    const first = (await page(q.qcA, q)).response.content;
    // The older day first; on DAY a1 (one scored) after the two agents with none, each agent's calls oldest first.
    expect(first.map((c) => c.callDate)).toEqual(['2026-11-19', DAY, DAY, DAY, DAY]);
    expect(first.at(-1)).toMatchObject({ agentId: a1.username, callTime: '09:20:00' });
    expect(first.filter((c) => c.agentId === a2.username).map((c) => c.callTime)).toEqual(['10:00:00', '10:30:00']);
    // Each Score next takes the first free call of the page the inspector saw just before.
    for (let i = 0; i < 5; i += 1) {
      const free = (await page(q.qcA, q)).response.content.find((c) => c.claim === null);
      const taken = await claim(q.qcA, q);
      expect(taken.status).toBe(200);
      const { recordingId, claim: held } = taken.json<TQcQueueClaimReply>();
      expect(recordingId).toBe(free?.recordingId);
      expect((await q.qcA.delete(`/api/qcQueue/claim/${held.id}`)).status).toBe(200);
      const agent = q.agents.find((a) => a.username === free?.agentId) ?? a1;
      await score(q, agent, free?.fileName, q.inspectorA, free?.callDate);
    }
    expect((await claim(q.qcA, q)).status).toBe(404);
  });

  it('leaves out calls shorter than the campaign minimum', async () => {
    const q = await queueWorld(1);
    const [a1] = q.agents as [TestUser];
    await addRecording(a1, '10:00:00', 12);
    await addRecording(a1, '10:05:00', 45);
    expect((await page(q.qcA, q)).response.content.map((c) => c.durationSec)).toEqual([45]);
    await setTarget(q, 5, 50);
    expect((await page(q.qcA, q)).recordCount).toBe(0);
    expect((await claim(q.qcA, q)).status).toBe(404);
    await setTarget(q, 5, 10);
    expect((await page(q.qcA, q)).recordCount).toBe(2);
  });

  it('filters by date (the list and Score next), refusing a day that is not one, and refuses an unknown campaign', async () => {
    const q = await queueWorld(1);
    const [a1] = q.agents as [TestUser];
    await signIn(a1, q.campaignId, q.campaign, '09:00', '2026-11-21');
    await addRecording(a1, '10:00:00');
    await addRecording(a1, '10:00:00', 60, '2026-11-21');
    expect((await page(q.qcA, q, '&date=2026-11-21')).response.content.map((c) => c.callDate)).toEqual(['2026-11-21']);
    // Score next on a date gives that date's call, though an older one waits.
    const onDate = await q.qcA.post('/api/qcQueue/claim', { campaignName: q.campaign, date: '2026-11-21' });
    expect(onDate.json<TQcQueueClaimReply>().callDate).toBe('2026-11-21');
    const bad = await q.qcA.get('/api/qcQueue/pagination/0/10?date=2026-02-30');
    expect(bad.status).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/date must be a date written yyyy-MM-dd/);
    const r = await q.qcA.get('/api/qcQueue/pagination/0/10?campaignName=Nowhere');
    expect(r.status).toBe(404);
    expect(r.json<{ message: string }>().message).toBe(QC_QUEUE_MESSAGES.unknownCampaign('Nowhere'));
  });

  it('attributes a call to the campaign the agent was signed into at its time', async () => {
    const q = await queueWorld(1);
    const other = await createCampaign(t.db);
    const [a1] = q.agents as [TestUser];
    await signIn(a1, other.id, other.campaignName, '13:00');
    await addRecording(a1, '10:00:00');
    await addRecording(a1, '14:00:00');
    expect((await page(q.qcA, q)).response.content.map((c) => c.callTime)).toEqual(['10:00:00']);
    const r = await q.qcA.get(`/api/qcQueue/pagination/0/10?campaignName=${encodeURIComponent(other.campaignName)}`);
    expect(r.json<TQcQueuePage>().response.content.map((c) => c.callTime)).toEqual(['14:00:00']);
  });
});

describe('POST /api/qcQueue/claim', () => {
  it('gives the oldest call, the same one again to the same inspector, another to a second inspector; claims are visible', async () => {
    const q = await queueWorld(1);
    const [a1] = q.agents as [TestUser];
    const first = await addRecording(a1, '10:00:00');
    const second = await addRecording(a1, '10:30:00');
    const a = await claim(q.qcA, q);
    expect(a.status).toBe(200);
    const mine = a.json<TQcQueueClaimReply>();
    expect(mine).toMatchObject({
      recordingId: first.id,
      fileName: first.fileName,
      campaignName: q.campaign,
      callDate: DAY,
      claim: { mine: true, inspectorId: q.inspectorA.id },
    });
    expect(Date.parse(mine.claim.expiresAt) - Date.parse(mine.claim.claimedAt)).toBe(15 * 60_000);
    expect((await claim(q.qcA, q)).json<TQcQueueClaimReply>().claim.id).toBe(mine.claim.id);
    expect((await claim(q.qcB, q)).json<TQcQueueClaimReply>().recordingId).toBe(second.id);
    const seen = (await page(q.qcB, q)).response.content;
    expect(seen.map((c) => [c.recordingId, c.claim?.inspectorName, c.claim?.mine])).toEqual([
      [first.id, q.inspectorA.name, false],
      [second.id, expect.any(String), true],
    ]);
    const none = await claim(await t.callerFor('qc'), q);
    expect(none.status).toBe(404);
    expect(none.json()).toEqual({ message: 'No call left to score', code: 'NO_CALL_LEFT' });
  });

  it('a claim cannot be taken twice: two inspectors at once get two different calls, or one gets 404', async () => {
    const q = await queueWorld(1);
    const [a1] = q.agents as [TestUser];
    await addRecording(a1, '10:00:00');
    const [r1, r2] = await Promise.all([claim(q.qcA, q), claim(q.qcB, q)]);
    expect([r1.status, r2.status].sort()).toEqual([200, 404]);
    await addRecording(a1, '11:00:00');
    await addRecording(a1, '12:00:00');
    const inspectors = await Promise.all([t.callerFor('qc'), t.callerFor('qc'), t.callerFor('qc')]);
    const replies = await Promise.all(inspectors.map((api) => claim(api, q)));
    const taken = replies.filter((r) => r.status === 200).map((r) => r.json<TQcQueueClaimReply>().recordingId);
    expect(new Set(taken).size).toBe(taken.length);
    expect(taken.length).toBe(2);
    const rows = await t.db
      .selectFrom('qcQueueClaims')
      .innerJoin('recordings', 'recordings.id', 'qcQueueClaims.recordingId')
      .select('recordingId')
      .where('recordings.campaignId', '=', q.campaignId)
      .execute();
    expect(rows.length).toBe(3);
  });

  it('lets another inspector take over a claim 15 minutes old', async () => {
    const q = await queueWorld(1);
    const [a1] = q.agents as [TestUser];
    const only = await addRecording(a1, '10:00:00');
    const a = (await claim(q.qcA, q)).json<TQcQueueClaimReply>();
    expect((await claim(q.qcB, q)).status).toBe(404);
    await t.db
      .updateTable('qcQueueClaims')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', a.claim.id)
      .execute();
    expect((await page(q.qcB, q)).response.content[0]?.claim).toBeNull();
    const b = await claim(q.qcB, q);
    expect(b.status).toBe(200);
    expect(b.json<TQcQueueClaimReply>()).toMatchObject({ recordingId: only.id, claim: { mine: true } });
    // The first inspector's old claim is gone with it: asking again finds nothing left.
    expect((await claim(q.qcA, q)).status).toBe(404);
  });

  it('ends the claim when a QC record is linked to its recording, and the call leaves the queue', async () => {
    const q = await queueWorld(1);
    const [a1] = q.agents as [TestUser];
    const rec = await addRecording(a1, '10:15:00');
    await writeRecordings(recordingsDir, DAY, { [rec.fileName]: toneWav(1) });
    const got = (await claim(q.qcA, q)).json<TQcQueueClaimReply>();
    const record = await q.qcA.post('/api/qcReport/add', {
      callDate: DAY,
      agentId: a1.username,
      campaignName: q.campaign,
      consumerNumber: '01712345678',
      duration: 60,
      fatalReason: '',
      easVoiceMatchedWithReport: 'Yes',
      suggestion: '',
      ...bestScores(),
    });
    expect(record.text).toMatch(/"id"/);
    expect(
      (
        await q.qcA.post('/api/qcReport/add-qc-report-file', {
          qcReport: { id: record.json<{ id: number }>().id },
          fileName: rec.fileName,
        })
      ).status,
    ).toBe(200);
    expect(
      await t.db.selectFrom('qcQueueClaims').select('id').where('id', '=', got.claim.id).executeTakeFirst(),
    ).toBeUndefined();
    expect((await page(q.qcA, q)).recordCount).toBe(0);
  });

  it('takes an agent-day out of the queue once its target is met, and serves the agent furthest below target first', async () => {
    const q = await queueWorld(2);
    const [a1, a2] = q.agents as [TestUser, TestUser];
    await setTarget(q, 2);
    const early = await addRecording(a1, '09:10:00');
    await addRecording(a1, '09:20:00');
    await addRecording(a1, '09:30:00');
    const late = await addRecording(a2, '15:00:00');
    await score(q, a1, early.fileName);
    // a1 has one of two: a2 (none yet) goes first though its call is later.
    expect((await claim(q.qcA, q)).json<TQcQueueClaimReply>().recordingId).toBe(late.id);
    await score(q, a1);
    expect((await page(q.qcB, q)).response.content.map((c) => c.recordingId)).toEqual([late.id]);
    expect((await claim(q.qcB, q)).status).toBe(404);
  });

  it('puts an agent-day back in the queue when one of the QC records that met its target is deleted', async () => {
    const q = await queueWorld(1);
    const [a1] = q.agents as [TestUser];
    await setTarget(q, 1);
    const first = await addRecording(a1, '09:10:00');
    const second = await addRecording(a1, '09:20:00');
    const record = await score(q, a1, first.fileName);
    expect((await claim(q.qcA, q)).status).toBe(404);
    expect((await q.qcA.delete(`/api/qcReport/deleteQc/${record}`)).status).toBe(200);
    const again = await claim(q.qcA, q);
    expect(again.status, again.text).toBe(200);
    expect([first.id, second.id]).toContain(again.json<TQcQueueClaimReply>().recordingId);
  });

  it('counts calls being scored under a claim toward the target, so a day is never scored past it', async () => {
    const q = await queueWorld(1);
    const [a1] = q.agents as [TestUser];
    await setTarget(q, 2);
    await addRecording(a1, '10:00:00');
    await addRecording(a1, '11:00:00');
    await addRecording(a1, '12:00:00');
    expect((await claim(q.qcA, q)).status).toBe(200);
    expect((await claim(q.qcB, q)).status).toBe(200);
    expect((await claim(await t.callerFor('qc'), q)).status).toBe(404);
    // The list still shows every call not scored: the day is below its target until the scorings are in.
    expect((await page(q.qcA, q)).recordCount).toBe(3);
  });

  it("raises an agent's target while a coaching session of the agent in the campaign is open (×2 by default)", async () => {
    const q = await queueWorld(1);
    const [a1] = q.agents as [TestUser];
    await setTarget(q, 1);
    const first = await addRecording(a1, '09:10:00');
    const second = await addRecording(a1, '09:20:00');
    await score(q, a1, first.fileName);
    expect((await claim(q.qcA, q)).status).toBe(404);
    // The coaching module's table, as its sessions write it (docs/coaching.md): open while not closed.
    const session = await t.db
      .insertInto('coachingSessions')
      .values({ agentUserId: a1.id, campaignId: q.campaignId, scorecardId: 1, focus: '["crm"]', coach: 'qc' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The day closed as met; a new call of the agent opens it again, now below the raised target of 2.
    const third = await addRecording(a1, '09:30:00');
    const again = await claim(q.qcA, q);
    expect(again.status, again.text).toBe(200);
    expect([second.id, third.id]).toContain(again.json<TQcQueueClaimReply>().recordingId);
    await t.db.updateTable('coachingSessions').set({ state: 'closed' }).where('id', '=', session.id).execute();
    expect((await page(q.qcB, q)).recordCount).toBe(0);
  });

  it('refuses an unknown campaign', async () => {
    const r = await (await t.callerFor('qc')).post('/api/qcQueue/claim', { campaignName: 'Nowhere at all' });
    expect(r.status).toBe(404);
  });
});

describe('DELETE /api/qcQueue/claim/{id}', () => {
  it('releases the own claim; another inspector may not; an admin may; an unknown claim is 404', async () => {
    const q = await queueWorld(1);
    const [a1] = q.agents as [TestUser];
    await addRecording(a1, '10:00:00');
    const a = (await claim(q.qcA, q)).json<TQcQueueClaimReply>();
    const refused = await q.qcB.delete(`/api/qcQueue/claim/${a.claim.id}`);
    expect(refused.status).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(QC_QUEUE_MESSAGES.otherInspectorsClaim);
    expect((await q.qcA.delete(`/api/qcQueue/claim/${a.claim.id}`)).status).toBe(200);
    expect((await page(q.qcA, q)).response.content[0]?.claim).toBeNull();
    const b = (await claim(q.qcB, q)).json<TQcQueueClaimReply>();
    expect((await q.admin.delete(`/api/qcQueue/claim/${b.claim.id}`)).status).toBe(200);
    expect((await q.admin.delete(`/api/qcQueue/claim/${b.claim.id}`)).status).toBe(404);
  });
});

describe('settings', () => {
  it('lists every campaign with the defaults until an admin sets its own, audited', async () => {
    const q = await queueWorld(0);
    const find = async () =>
      (await q.qcA.get('/api/qcQueue/settings')).json<TQcQueueSettings[]>().find((s) => s.campaignName === q.campaign);
    expect(await find()).toMatchObject({ targetPerAgentDay: 5, minDurationSec: 30, isDefault: true });
    await setTarget(q, 8, 20);
    expect(await find()).toMatchObject({ targetPerAgentDay: 8, minDurationSec: 20, isDefault: false });
    const audit = await t.db
      .selectFrom('auditLog')
      .select(['action', 'objectId'])
      .where('objectType', '=', 'campaign')
      .where('objectId', '=', String(q.campaignId))
      .execute();
    expect(audit).toEqual([{ action: 'update', objectId: String(q.campaignId) }]);
  });

  it('refuses targets and durations out of range with the field named, and an unknown campaign', async () => {
    const q = await queueWorld(0);
    const url = `/api/qcQueue/settings/${encodeURIComponent(q.campaign)}`;
    const zero = await q.admin.put(url, { targetPerAgentDay: 0, minDurationSec: 10 });
    expect(zero.status).toBe(400);
    expect(zero.json<{ message: string }>().message).toMatch(/Target per agent and day must be at least 1/);
    const half = await q.admin.put(url, { targetPerAgentDay: 3, minDurationSec: 2.5 });
    expect(half.json<{ message: string }>().message).toMatch(/Minimum duration must be a whole number/);
    expect(
      (await q.admin.put('/api/qcQueue/settings/Nowhere', { targetPerAgentDay: 3, minDurationSec: 10 })).status,
    ).toBe(404);
  });
});

describe('GET /api/qcQueue/progress', () => {
  it('counts QC records per agent-day against the target, and per inspector today and this week', async () => {
    const q = await queueWorld(2);
    const [a1, a2] = q.agents as [TestUser, TestUser];
    await setTarget(q, 3);
    await addRecording(a1, '10:00:00');
    await addRecording(a2, '10:00:00');
    await score(q, a1);
    await score(q, a1);
    const r = await q.qcA.get(`/api/qcQueue/progress?campaignName=${encodeURIComponent(q.campaign)}&date=${DAY}`);
    expect(r.status).toBe(200);
    const body = r.json<TQcQueueProgress>();
    expect(body.weekStart).toBe('2026-11-16');
    expect(body.agentDays.map((d) => [d.agentId, d.scored, d.target])).toEqual([
      [a1.username, 2, 3],
      [a2.username, 0, 3],
    ]);
    const today = (
      await q.qcA.get(`/api/qcQueue/progress?campaignName=${encodeURIComponent(q.campaign)}`)
    ).json<TQcQueueProgress>();
    expect(today.inspectors.find((i) => i.inspectorId === q.inspectorA.id)).toMatchObject({ today: 2, week: 2 });
  });
});
