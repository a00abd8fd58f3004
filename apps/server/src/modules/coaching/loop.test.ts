// Coaching in the QC loop, against a real database: a fatal (auto-fail) in-house record opens a planned session for
// its inspector or joins the agent's open one; while a session is open the QC queue raises the agent's target; on
// closing, the focus criteria's averages over the records after the session against those before it.
import { describe, expect, it } from 'vitest';
import { bestScores, type TCoachingSession, type TQcQueueProgress, type TQcScores } from '@crm/shared';
import { useTestApp, type Caller } from '../../test/harness.ts';
import {
  addRecord,
  clientScorecard,
  addClientRecord,
  qcWorld,
  scorecard,
  type QcWorld,
} from '../../test/qc-support.ts';
import { threeSectionRecord, useThreeSectionCard } from '../../test/disputes-support.ts';
import { standardValues } from '../qc/scoring.ts';

const t = useTestApp();
let seq = 0;

async function sessionsOf(api: Caller, w: QcWorld, agentId = w.agent.username): Promise<TCoachingSession[]> {
  const r = await api.get(`/api/coaching?agentId=${agentId}&campaignName=${encodeURIComponent(w.campaign)}`);
  expect(r.status, r.text).toBe(200);
  return r.json<TCoachingSession[]>();
}

describe('a fatal record opens a session', () => {
  it('opens a planned session for the inspector who scored a Fatal, with the record and the criterion; a second joins it', async () => {
    const w = await qcWorld(t);
    await addRecord(w.qcA, scorecard(w, { greetings: -5 }));
    expect(await sessionsOf(w.admin, w)).toEqual([]);

    const fatal = await addRecord(w.qcA, scorecard(w, { fatal: -100, fatalReason: 'Abusive words' }));
    const [opened, ...more] = await sessionsOf(w.admin, w);
    expect(more).toEqual([]);
    expect(opened).toMatchObject({
      state: 'planned',
      autoOpened: true,
      coachId: w.inspectorA.id,
      coach: w.inspectorA.username,
      focus: [{ key: 'fatal', name: 'Fatal' }],
      qcRecords: [{ id: fatal.id, total: 0 }],
    });
    // The agent sees it.
    expect((await w.agentApi.get('/api/coaching')).json<TCoachingSession[]>().map((s) => s.id)).toEqual([opened!.id]);

    // Another inspector's fatal joins the open session; a client record never opens one.
    const second = await addRecord(w.qcB, scorecard(w, { fatal: -100, fatalReason: 'Again' }));
    await addClientRecord(w.qcA, clientScorecard(w, { fatalMarks: -100 }));
    const [joined, ...none] = await sessionsOf(w.admin, w);
    expect(none).toEqual([]);
    expect(joined!.qcRecords.map((r) => r.id)).toEqual([fatal.id, second.id]);

    // Closed: the next fatal opens a new one.
    expect((await w.qcA.post(`/api/coaching/${opened!.id}/held`, {})).status).toBe(200);
    expect((await w.qcA.post(`/api/coaching/${opened!.id}/close`, {})).status).toBe(200);
    const third = await addRecord(w.qcB, scorecard(w, { fatal: -100, fatalReason: 'Third' }));
    const [newest] = await sessionsOf(w.admin, w);
    expect(newest).toMatchObject({ state: 'planned', coach: w.inspectorB.username, qcRecords: [{ id: third.id }] });
  });

  it('opens one when an edit makes the record fatal, and once only', async () => {
    const w = await qcWorld(t);
    const record = await addRecord(w.qcA, scorecard(w));
    const edit = {
      id: record.id,
      ...bestScores(),
      fatal: -100,
      fatalReason: 'Heard on replay',
      easVoiceMatchedWithReport: 'yes',
      suggestion: '',
    };
    expect((await w.qcA.put('/api/qcReport/editqc', edit)).status).toBe(200);
    expect((await w.qcA.put('/api/qcReport/editqc', { ...edit, suggestion: 'Never again' })).status).toBe(200);
    const sessions = await sessionsOf(w.admin, w);
    expect(sessions.map((s) => s.qcRecords.map((r) => r.id))).toEqual([[record.id]]);
  });

  it("opens one on any scorecard's auto-fail choice, with that criterion as focus", async () => {
    const w = await qcWorld(t);
    seq += 1;
    const versionId = await useThreeSectionCard(w, `Coaching card ${process.pid}-${seq}`);
    await threeSectionRecord(w, versionId);
    expect(await sessionsOf(w.admin, w)).toEqual([]);
    const breach = await threeSectionRecord(w, versionId, { compliance: 'Breach' });
    const [s] = await sessionsOf(w.admin, w);
    expect(s).toMatchObject({
      scorecardId: versionId,
      focus: [{ key: 'compliance', name: 'Compliance' }],
      qcRecords: [{ id: breach.id }],
    });
  });
});

describe('the raised target', () => {
  it("multiplies the agent's queue target in the campaign while a session is open (default ×2, the campaign's factor)", async () => {
    const w = await qcWorld(t);
    const day = '2026-11-20';
    for (const agent of [w.agent, w.otherAgent])
      await t.db
        .insertInto('qcQueueDays')
        .values({ campaignId: w.campaignId, callDate: day, agentUserId: agent.id })
        .execute();
    const targets = async () =>
      Object.fromEntries(
        (await w.qcA.get(`/api/qcQueue/progress?campaignName=${encodeURIComponent(w.campaign)}&date=${day}`))
          .json<TQcQueueProgress>()
          .agentDays.map((d) => [d.agentId, d.target]),
      );
    expect(await targets()).toEqual({ [w.agent.username]: 5, [w.otherAgent.username]: 5 });

    const s = (
      await w.qcA.post('/api/coaching', {
        agentId: w.agent.username,
        campaignName: w.campaign,
        focus: ['crm'],
      })
    ).json<TCoachingSession>();
    expect(await targets()).toEqual({ [w.agent.username]: 10, [w.otherAgent.username]: 5 });
    const url = `/api/coaching/settings/${encodeURIComponent(w.campaign)}`;
    expect((await w.admin.put(url, { samplingFactor: 1.5, compareCount: 10, acknowledgeDays: 3 })).status).toBe(200);
    // 5 × 1.5 rounded up.
    expect(await targets()).toEqual({ [w.agent.username]: 8, [w.otherAgent.username]: 5 });

    expect((await w.qcA.post(`/api/coaching/${s.id}/held`, {})).status).toBe(200);
    expect(await targets()).toEqual({ [w.agent.username]: 8, [w.otherAgent.username]: 5 });
    expect((await w.qcA.post(`/api/coaching/${s.id}/close`, {})).status).toBe(200);
    expect(await targets()).toEqual({ [w.agent.username]: 5, [w.otherAgent.username]: 5 });
  });
});

describe('before and after', () => {
  it("compares the focus criteria's averages over the next N records with the N before, saying how many were used", async () => {
    const w = await qcWorld(t);
    const admin = w.admin;
    const url = `/api/coaching/settings/${encodeURIComponent(w.campaign)}`;
    expect((await admin.put(url, { samplingFactor: 2, compareCount: 3, acknowledgeDays: 3 })).status).toBe(200);
    const s = (
      await w.qcA.post('/api/coaching', {
        agentId: w.agent.username,
        campaignName: w.campaign,
        focus: ['greetings', 'crm'],
      })
    ).json<TCoachingSession>();
    const at = Date.parse(s.createdAt);
    /** A hand-made in-house record, created `minutes` from the session's creation. */
    const made = async (
      minutes: number,
      marks: Partial<TQcScores>,
      agentUserId = w.agent.id,
      kind: 'in-house' | 'client' = 'in-house',
    ) => {
      await t.db
        .insertInto('qcRecords')
        .values({
          kind,
          callDate: '2026-11-20',
          agentUserId,
          agentId: w.agent.username,
          agentName: w.agent.name,
          campaignId: w.campaignId,
          campaignName: w.campaign,
          consumerNumber: '+8801712345678',
          duration: 60,
          qcInspectorId: w.inspectorA.id,
          qcInspector: w.inspectorA.username,
          fatalReason: '',
          easVoiceMatchedWithReport: '',
          suggestion: '',
          ...standardValues({ ...bestScores(), ...marks }),
          createdAt: new Date(at + minutes * 60_000),
        })
        .execute();
    };
    // Before, newest three: Greetings −5, −5, 0 and CRM 0, 10, 10 (the oldest, all best, is a fourth: left out).
    await made(-400, {});
    await made(-300, { greetings: -5, crm: 0 });
    await made(-200, { greetings: -5, crm: 10 });
    await made(-100, { greetings: 0, crm: 10 });
    // After: two records (fewer than three); another agent's and a client record are not the agent's in-house ones.
    await made(100, { greetings: 0, crm: 20 });
    await made(200, { greetings: 0, crm: 10 });
    await made(150, { greetings: -5, crm: 0 }, w.otherAgent.id);
    await made(160, { greetings: -5, crm: 0 }, w.agent.id, 'client');

    expect((await w.qcA.post(`/api/coaching/${s.id}/held`, {})).status).toBe(200);
    const r = await w.qcA.post(`/api/coaching/${s.id}/close`, {});
    expect(r.status, r.text).toBe(200);
    const { result } = r.json<TCoachingSession>();
    // Shares of the scale: Greetings −5 → 0 %, 0 → 100 %; CRM 0 → 0 %, 10 → 50 %, 20 → 100 %.
    expect(result).toEqual({
      compareCount: 3,
      before: { records: 3, share: 33.33 },
      after: { records: 2, share: 87.5 },
      criteria: [
        { key: 'greetings', name: 'Greetings', before: -3.33, after: 0 },
        { key: 'crm', name: 'CRM', before: 6.67, after: 15 },
      ],
      change: 54.17,
      verdict: 'improved',
      summary:
        "Improved: 33.33% → 87.5% of the focus criteria's scale (+54.17 points) over 3 records before and 2 after (fewer than 3)",
    });
    // Kept: the session read later shows the same figure, to the agent too.
    expect((await w.agentApi.get(`/api/coaching/${s.id}`)).json<TCoachingSession>().result).toEqual(result);
  });

  it('calls a move under 5 points unchanged and a fall of 5 or more worse', async () => {
    const w = await qcWorld(t);
    const open = async () =>
      (
        await w.qcA.post('/api/coaching', { agentId: w.agent.username, campaignName: w.campaign, focus: ['crm'] })
      ).json<TCoachingSession>();
    const close = async (id: number) => {
      await w.qcA.post(`/api/coaching/${id}/held`, {});
      return (await w.qcA.post(`/api/coaching/${id}/close`, {})).json<TCoachingSession>().result!;
    };
    await addRecord(w.qcA, scorecard(w, { crm: 20 }));
    const first = await open();
    await addRecord(w.qcA, scorecard(w, { crm: 20 }));
    expect(await close(first.id)).toMatchObject({ verdict: 'unchanged', change: 0 });
    const second = await open();
    await addRecord(w.qcA, scorecard(w, { crm: 0 }));
    expect(await close(second.id)).toMatchObject({ verdict: 'worse', after: { records: 1, share: 0 } });
  });
});
