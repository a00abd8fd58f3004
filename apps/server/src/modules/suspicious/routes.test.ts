// Suspicious completes against a real database (docs/guide/suspicious.md): who may read and change them, each reason
// on hand-made calls (and a call with none), the recording reason only once the day is indexed, the hourly limit at
// exactly the limit and one over, the per-agent counts productivity reads, the settings and the QC queue's order.
import { describe, expect, it } from 'vitest';
import type { TFlaggedQcQueuePage, TQcQueueClaimReply, TSuspiciousList, TSuspiciousSettings } from '@crm/shared';
import { useTestApp } from '../../test/harness.ts';
import {
  SUSPICIOUS_TIME_ZONE,
  addCall,
  addRecording,
  localInstant,
  scanFolder,
  suspiciousWorld,
} from '../../test/suspicious-support.ts';
import { countSuspicious } from './count.ts';

const t = useTestApp({ timeZone: SUSPICIOUS_TIME_ZONE });

const listUrl = (date: string, campaignName: string) =>
  `/api/suspicious?date=${date}&campaignName=${encodeURIComponent(campaignName)}`;
const brief = (list: TSuspiciousList) => list.map(({ leadId, agentId, reasons }) => ({ leadId, agentId, reasons }));

describe('who may read and change them', () => {
  it('answers 401 without a sign-in, 403 to agents; QC inspectors read; only admins change the settings', async () => {
    const w = await suspiciousWorld(t);
    expect((await t.anonymous.get(listUrl('2026-11-20', w.campaignName))).status).toBe(401);
    const agent = await t.callerFor('agent');
    expect((await agent.get(listUrl('2026-11-20', w.campaignName))).status).toBe(403);
    expect((await agent.get('/api/suspicious/settings')).status).toBe(403);
    const qc = await t.callerFor('qc');
    expect((await qc.get(listUrl('2026-11-20', w.campaignName))).status).toBe(200);
    expect((await qc.get('/api/suspicious/settings')).status).toBe(200);
    const refused = await qc.put(`/api/suspicious/settings/${encodeURIComponent(w.campaignName)}`, {
      minHandleSeconds: 30,
      hourlyLimit: 5,
      flaggedFirst: true,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: expect.any(String) });
  });
});

describe('GET /api/suspicious', () => {
  it('flags a short call, a repeat of the previous complete’s answers and a call without a recording; not a clean one', async () => {
    const day = '2026-11-10';
    const w = await suspiciousWorld(t);
    const [agent] = w.agents;
    if (!agent) throw new Error('no agent');
    // The day's folder scanned the next morning: the day's recordings are indexed.
    await scanFolder(t.db, day, localInstant('2026-11-11', '01:00'));
    const clean = await addCall(t.db, w, {
      agent,
      day,
      endedAt: '09:00',
      handleSeconds: 120,
      answers: { Q1: 'Yes', Q2: 'Dhaka' },
    });
    const short = await addCall(t.db, w, {
      agent,
      day,
      endedAt: '09:30',
      handleSeconds: 59,
      answers: { Q1: 'No', Q2: 'Khulna' },
    });
    // The same non-empty answers as the call before (an empty answer besides does not make it different).
    const repeat = await addCall(t.db, w, {
      agent,
      day,
      endedAt: '10:00',
      handleSeconds: 60,
      answers: { Q1: 'No', Q2: 'Khulna', Q3: '' },
    });
    // A call not completed between them is no complete: neither flagged nor "the previous complete".
    await addCall(t.db, w, { agent, day, endedAt: '10:10', handleSeconds: 5, completed: false, answers: { Q1: 'No' } });
    const unrecorded = await addCall(t.db, w, {
      agent,
      day,
      endedAt: '10:30',
      handleSeconds: 300,
      answers: { Q1: 'Yes', Q2: 'Sylhet' },
    });
    const recordings = new Map<number, number>();
    for (const call of [clean, short, repeat])
      recordings.set(call.attemptId, await addRecording(t.db, w, { agent, day, cell: call.cell, time: '09:00' }));

    const admin = await t.callerFor('admin');
    const r = await admin.get(listUrl(day, w.campaignName));
    expect(r.status, r.text).toBe(200);
    const list = r.json<TSuspiciousList>();
    expect(brief(list)).toEqual([
      { leadId: short.leadId, agentId: agent.username, reasons: ['short'] },
      { leadId: repeat.leadId, agentId: agent.username, reasons: ['repeatedAnswers'] },
      { leadId: unrecorded.leadId, agentId: agent.username, reasons: ['noRecording'] },
    ]);
    expect(list[0]).toEqual({
      attemptId: short.attemptId,
      leadId: short.leadId,
      agentId: agent.username,
      agentUserId: agent.id,
      agentName: agent.name,
      campaignId: w.campaignId,
      campaignName: w.campaignName,
      endedAt: localInstant(day, '09:30').toISOString(),
      handleSeconds: 59,
      cellNumber: short.cell,
      recordingId: recordings.get(short.attemptId),
      recordingFileName: expect.stringContaining(short.cell.replace('+880', '0')),
      reasons: ['short'],
      minHandleSeconds: 60,
      hourlyLimit: 12,
      completesInHour: 2,
      repeatsAttemptId: null,
    });
    expect(list[1]?.repeatsAttemptId).toBe(short.attemptId);
    expect(list[2]?.recordingId).toBeNull();
    // Every campaign when none is named; another day has none.
    expect(brief((await admin.get(`/api/suspicious?date=${day}`)).json<TSuspiciousList>())).toEqual(
      expect.arrayContaining(brief(list)),
    );
    expect((await admin.get(listUrl('2026-11-09', w.campaignName))).body).toEqual([]);
  });

  it('gives "no recording" only once the day’s recordings are indexed (its folder scanned after the day ended)', async () => {
    const day = '2026-11-12';
    const w = await suspiciousWorld(t);
    const [agent] = w.agents;
    if (!agent) throw new Error('no agent');
    const call = await addCall(t.db, w, { agent, day, endedAt: '11:00', handleSeconds: 200, answers: { Q1: 'Yes' } });
    const admin = await t.callerFor('admin');
    const read = async () => brief((await admin.get(listUrl(day, w.campaignName))).json<TSuspiciousList>());
    // Never scanned: not given.
    expect(await read()).toEqual([]);
    // Scanned during the day (a later file may still come): not given.
    await scanFolder(t.db, day, localInstant(day, '23:59'));
    expect(await read()).toEqual([]);
    // Scanned after midnight: given.
    await scanFolder(t.db, day, localInstant('2026-11-13', '00:00'));
    expect(await read()).toEqual([{ leadId: call.leadId, agentId: agent.username, reasons: ['noRecording'] }]);
    // The recording found later: the reason goes.
    await addRecording(t.db, w, { agent, day, cell: call.cell, time: '11:00' });
    expect(await read()).toEqual([]);
  });

  it('flags the completes beyond the hourly limit within 60 minutes: none at exactly the limit, the one over', async () => {
    const day = '2026-11-14';
    const w = await suspiciousWorld(t, 2);
    const [agent, other] = w.agents;
    if (!agent || !other) throw new Error('no agents');
    const admin = await t.callerFor('admin');
    const put = await admin.put(`/api/suspicious/settings/${encodeURIComponent(w.campaignName)}`, {
      minHandleSeconds: 60,
      hourlyLimit: 3,
      flaggedFirst: true,
    });
    expect(put.status, put.text).toBe(200);
    const read = async () => (await admin.get(listUrl(day, w.campaignName))).json<TSuspiciousList>();
    const call = (who: typeof agent, endedAt: string, q: string) =>
      addCall(t.db, w, { agent: who, day, endedAt, handleSeconds: 90, answers: { Q1: q } });
    await call(agent, '11:00', 'a');
    await call(agent, '11:20', 'b');
    await call(agent, '11:59', 'c');
    // Another agent's completes in the same hour count for that agent only.
    await call(other, '11:30', 'd');
    // Exactly the limit (3) within 60 minutes: none.
    expect(await read()).toEqual([]);
    // A fourth less than 60 minutes after the first: 4 in (10:59:30, 11:59:30], the fourth alone flagged.
    const fourth = await call(agent, '11:59:30', 'e');
    // 12:00:00 is 60 minutes after 11:00: 11:00 falls out of its hour, which holds 11:20, 11:59, 11:59:30 and it (4).
    const fifth = await call(agent, '12:00', 'f');
    // 12:59:31: its hour (11:59:31 on) holds it alone.
    await call(agent, '12:59:31', 'g');
    const list = await read();
    expect(list.map((c) => [c.attemptId, c.reasons, c.completesInHour])).toEqual([
      [fourth.attemptId, ['overHourlyLimit'], 4],
      [fifth.attemptId, ['overHourlyLimit'], 4],
    ]);
  });

  it('judges by the campaign’s own minimum, and refuses a day that is not one and an unknown campaign with a code', async () => {
    const day = '2026-11-16';
    const w = await suspiciousWorld(t);
    const [agent] = w.agents;
    if (!agent) throw new Error('no agent');
    await addCall(t.db, w, { agent, day, endedAt: '09:00', handleSeconds: 45, answers: { Q1: 'x' } });
    const admin = await t.callerFor('admin');
    expect((await admin.get(listUrl(day, w.campaignName))).json<TSuspiciousList>().map((c) => c.reasons)).toEqual([
      ['short'],
    ]);
    await admin.put(`/api/suspicious/settings/${encodeURIComponent(w.campaignName)}`, {
      minHandleSeconds: 45,
      hourlyLimit: 12,
      flaggedFirst: true,
    });
    expect((await admin.get(listUrl(day, w.campaignName))).body).toEqual([]);
    const badDay = await admin.get(listUrl('2026-13-01', w.campaignName));
    expect(badDay.status).toBe(400);
    expect(badDay.json<{ message: string }>().message).toMatch(/date must be a date written yyyy-MM-dd/);
    const unknown = await admin.get(listUrl(day, 'No Such Campaign'));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'No campaign named "No Such Campaign"', code: 'UNKNOWN_CAMPAIGN' });
  });
});

describe('countSuspicious', () => {
  it('counts flagged completes per agent and local day, of the campaign asked', async () => {
    const w = await suspiciousWorld(t, 2);
    const [a, b] = w.agents;
    if (!a || !b) throw new Error('no agents');
    // a: two short on 11-17 (one at 23:30 local, 17:30Z: still the 17th there), one clean; b: one short on 11-18.
    await addCall(t.db, w, { agent: a, day: '2026-11-17', endedAt: '09:00', handleSeconds: 10, answers: { Q1: '1' } });
    await addCall(t.db, w, { agent: a, day: '2026-11-17', endedAt: '12:00', handleSeconds: 100, answers: { Q1: '2' } });
    await addCall(t.db, w, { agent: a, day: '2026-11-17', endedAt: '23:30', handleSeconds: 20, answers: { Q1: '3' } });
    await addCall(t.db, w, { agent: b, day: '2026-11-18', endedAt: '00:10', handleSeconds: 30, answers: { Q1: '4' } });
    // Outside the range: not counted.
    await addCall(t.db, w, { agent: b, day: '2026-11-19', endedAt: '10:00', handleSeconds: 30, answers: { Q1: '5' } });
    const counts = await countSuspicious(t.db, {
      from: '2026-11-17',
      to: '2026-11-18',
      campaignId: w.campaignId,
      timeZone: SUSPICIOUS_TIME_ZONE,
    });
    expect(Object.fromEntries(counts)).toEqual({ [`${a.id}|2026-11-17`]: 2, [`${b.id}|2026-11-18`]: 1 });
    const other = await suspiciousWorld(t);
    expect(
      (await countSuspicious(t.db, { from: '2026-11-17', to: '2026-11-18', campaignId: other.campaignId })).size,
    ).toBe(0);
  });
});

describe('settings', () => {
  it('lists every campaign with the defaults until an admin sets its own, audited', async () => {
    const w = await suspiciousWorld(t);
    const admin = await t.callerFor('admin');
    const before = (await admin.get('/api/suspicious/settings')).json<TSuspiciousSettings[]>();
    expect(before.find((s) => s.campaignId === w.campaignId)).toEqual({
      campaignId: w.campaignId,
      campaignName: w.campaignName,
      minHandleSeconds: 60,
      hourlyLimit: 12,
      flaggedFirst: true,
      isDefault: true,
    });
    const put = await admin.put(`/api/suspicious/settings/${encodeURIComponent(w.campaignName.toUpperCase())}`, {
      minHandleSeconds: 90,
      hourlyLimit: 8,
      flaggedFirst: false,
    });
    expect(put.status, put.text).toBe(200);
    const saved = { campaignId: w.campaignId, campaignName: w.campaignName, minHandleSeconds: 90, hourlyLimit: 8 };
    expect(put.body).toEqual({ ...saved, flaggedFirst: false, isDefault: false });
    const after = (await admin.get('/api/suspicious/settings')).json<TSuspiciousSettings[]>();
    expect(after.find((s) => s.campaignId === w.campaignId)).toEqual({
      ...saved,
      flaggedFirst: false,
      isDefault: false,
    });
    const audit = await t.db
      .selectFrom('auditLog')
      .select(['action', 'objectType', 'objectId', 'changes'])
      .where('objectType', '=', 'campaign')
      .where('objectId', '=', String(w.campaignId))
      .execute();
    expect(audit).toEqual([
      {
        action: 'update',
        objectType: 'campaign',
        objectId: String(w.campaignId),
        changes: {
          before: { suspicious: { minHandleSeconds: 60, hourlyLimit: 12, flaggedFirst: true } },
          after: { suspicious: { minHandleSeconds: 90, hourlyLimit: 8, flaggedFirst: false } },
        },
      },
    ]);
  });

  it('refuses values out of range naming the field, and an unknown campaign with its code', async () => {
    const w = await suspiciousWorld(t);
    const admin = await t.callerFor('admin');
    const url = `/api/suspicious/settings/${encodeURIComponent(w.campaignName)}`;
    const low = await admin.put(url, { minHandleSeconds: 60, hourlyLimit: 0, flaggedFirst: true });
    expect(low.status).toBe(400);
    expect(low.json<{ message: string }>().message).toMatch(/Hourly limit must be at least 1/);
    const long = await admin.put(url, { minHandleSeconds: 3601, hourlyLimit: 12, flaggedFirst: true });
    expect(long.status).toBe(400);
    expect(long.json<{ message: string }>().message).toMatch(/Minimum handle time must be at most 3600/);
    const half = await admin.put(url, { minHandleSeconds: 1.5, hourlyLimit: 12, flaggedFirst: true });
    expect(half.json<{ message: string }>().message).toMatch(/Minimum handle time must be a whole number/);
    const unknown = await admin.put('/api/suspicious/settings/Nowhere', {
      minHandleSeconds: 60,
      hourlyLimit: 12,
      flaggedFirst: true,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'No campaign named "Nowhere"', code: 'UNKNOWN_CAMPAIGN' });
    const rows = await t.db.selectFrom('suspiciousSettings').where('campaignId', '=', w.campaignId).execute();
    expect(rows).toEqual([]);
  });
});

describe('the QC queue', () => {
  it('offers an agent-day’s flagged calls first while the campaign says so, and marks them "suspicious"', async () => {
    const day = '2026-11-20';
    const w = await suspiciousWorld(t);
    const [agent] = w.agents;
    if (!agent) throw new Error('no agent');
    const fine = await addCall(t.db, w, { agent, day, endedAt: '09:01', handleSeconds: 120, answers: { Q1: 'a' } });
    const short = await addCall(t.db, w, { agent, day, endedAt: '10:01', handleSeconds: 20, answers: { Q1: 'b' } });
    const early = await addRecording(t.db, w, { agent, day, cell: fine.cell, time: '09:00' });
    const late = await addRecording(t.db, w, { agent, day, cell: short.cell, time: '10:00' });
    await t.db
      .insertInto('qcQueueDays')
      .values({ campaignId: w.campaignId, callDate: day, agentUserId: agent.id })
      .execute();
    const admin = await t.callerFor('admin');
    const page = async () =>
      (
        await admin.get(`/api/qcQueue/pagination/0/10?campaignName=${encodeURIComponent(w.campaignName)}`)
      ).json<TFlaggedQcQueuePage>().response.content;

    expect((await page()).map((c) => [c.recordingId, c.suspicious])).toEqual([
      [late, true],
      [early, false],
    ]);
    const qc = await t.callerFor('qc');
    const claimed = await qc.post('/api/qcQueue/claim', { campaignName: w.campaignName });
    expect(claimed.status, claimed.text).toBe(200);
    expect(claimed.json<TQcQueueClaimReply>().recordingId).toBe(late);
    await qc.delete(`/api/qcQueue/claim/${claimed.json<TQcQueueClaimReply>().claim.id}`);

    // The setting off: the oldest call first again, the flag still shown.
    await admin.put(`/api/suspicious/settings/${encodeURIComponent(w.campaignName)}`, {
      minHandleSeconds: 60,
      hourlyLimit: 12,
      flaggedFirst: false,
    });
    expect((await page()).map((c) => [c.recordingId, c.suspicious])).toEqual([
      [early, false],
      [late, true],
    ]);
    const next = await qc.post('/api/qcQueue/claim', { campaignName: w.campaignName });
    expect(next.json<TQcQueueClaimReply>().recordingId).toBe(early);
  });
});
