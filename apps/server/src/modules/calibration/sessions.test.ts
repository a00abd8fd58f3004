import fs from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCalibrationSession, TCalibrationSessionSummary, TPaged } from '@crm/shared';
import { useTestApp } from '../../test/harness.ts';
import { toneWav, writeRecordings } from '../../test/test-audio.ts';
import { calibrationWorld, card, createSession, score, sessionBody } from '../../test/calibration-support.ts';

const recordingsDir = mkdtempSync(path.join(os.tmpdir(), 'crm-calibration-'));
const t = useTestApp({ recordingsDir });
afterAll(() => fs.rm(recordingsDir, { recursive: true, force: true }));
const RECORDING = '20261120-101500_01712345678_AG1-all.wav';
beforeAll(async () => {
  await writeRecordings(recordingsDir, '2026-11-20', { [RECORDING]: toneWav(1) });
});

describe('POST /api/calibration', () => {
  it('answers 401 without a session and 403 to inspectors and agents', async () => {
    const w = await calibrationWorld(t);
    expect((await t.anonymous.post('/api/calibration', sessionBody(w))).status).toBe(401);
    expect((await w.qcA.post('/api/calibration', sessionBody(w))).status).toBe(403);
    expect((await w.agent.post('/api/calibration', sessionBody(w))).status).toBe(403);
  });

  it('stores the session with its calls (numbers normalised, a recording of the day checked) and inspectors, open', async () => {
    const w = await calibrationWorld(t);
    const calls = [
      {
        campaignName: w.campaign.toUpperCase(),
        consumerNumber: '017-1234-5678',
        callDate: '2026-11-20',
        fileName: RECORDING,
      },
      { campaignName: w.campaign, consumerNumber: '01812345678', callDate: '2026-11-21' },
    ];
    const r = await w.admin.post('/api/calibration', sessionBody(w, { calls }));
    expect(r.status, r.text).toBe(200);
    expect(r.json<TCalibrationSessionSummary>()).toMatchObject({
      name: 'November calibration',
      deadline: '2099-12-31',
      status: 'open',
      closedAt: null,
      callCount: 2,
      inspectorCount: 3,
      scoringCount: 0,
    });
    const s = (await w.admin.get(`/api/calibration/${r.json<{ id: number }>().id}`)).json<TCalibrationSession>();
    expect(s.calls.map((c) => [c.position, c.campaignName, c.consumerNumber, c.callDate, c.fileName])).toEqual([
      [1, w.campaign, '+8801712345678', '2026-11-20', RECORDING],
      [2, w.campaign, '+8801812345678', '2026-11-21', null],
    ]);
    expect(s.inspectors.map((i) => i.id)).toEqual(w.inspectors.map((i) => i.id));
    const audit = await t.db
      .selectFrom('auditLog')
      .select(['action', 'objectType'])
      .where('objectType', '=', 'calibrationSession')
      .where('objectId', '=', String(s.id))
      .execute();
    expect(audit).toEqual([{ action: 'create', objectType: 'calibrationSession' }]);
  });

  it('refuses an unknown campaign, a number that is not one, a recording of another number or day, a non-inspector, a past deadline', async () => {
    const w = await calibrationWorld(t);
    const before = await t.db
      .selectFrom('calibrationSessions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const call = { campaignName: w.campaign, consumerNumber: '01712345678', callDate: '2026-11-20' };
    const adminUser = await t.db.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirstOrThrow();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ calls: [{ ...call, campaignName: 'Nope' }] }, 400, 'Call 1: no campaign named "Nope"'],
      [{ calls: [{ ...call, consumerNumber: 'abc' }] }, 400, 'Call 1: "abc" is not a phone number'],
      [
        { calls: [{ ...call, consumerNumber: '01812345678', fileName: RECORDING }] },
        400,
        'is not a recording of +8801812345678',
      ],
      [
        { calls: [{ ...call, callDate: '2026-11-21', fileName: RECORDING }] },
        400,
        'is not in the voice log of 2026-11-21',
      ],
      [{ calls: [call, call] }, 400, 'Call 2 is listed twice'],
      [
        { inspectorIds: [w.inspectors[0]?.id, adminUser.id] },
        400,
        `User ${adminUser.id} is not an active QC inspector`,
      ],
      [{ inspectorIds: [w.inspectors[0]?.id] }, 400, 'Choose at least two inspectors'],
      [{ calls: [] }, 400, 'Add at least one call'],
      [{ deadline: '2020-01-01' }, 400, 'deadline must be today or later'],
      [{ name: '' }, 400, 'name is required'],
    ];
    for (const [overrides, status, message] of cases) {
      const r = await w.admin.post('/api/calibration', sessionBody(w, overrides));
      expect(r.status, message).toBe(status);
      expect(r.json<{ message: string }>().message, message).toContain(message);
    }
    const after = await t.db
      .selectFrom('calibrationSessions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe('GET /api/calibration/pagination/{page}/{size}', () => {
  it('answers 401 without a session and 403 to agents', async () => {
    const w = await calibrationWorld(t);
    expect((await t.anonymous.get('/api/calibration/pagination/0/10')).status).toBe(401);
    expect((await w.agent.get('/api/calibration/pagination/0/10')).status).toBe(403);
  });

  it('gives admins every session and an inspector only its own, newest first, in the usual wrapper', async () => {
    const w = await calibrationWorld(t);
    const first = await createSession(w, { name: 'First' });
    const second = await createSession(w, { name: 'Second', inspectorIds: [w.inspectors[0]?.id, w.inspectors[1]?.id] });
    await score(w.qcA, second, 0, {});
    const mine = (await w.qcA.get('/api/calibration/pagination/0/10')).json<TPaged<TCalibrationSessionSummary>>();
    expect(mine.response.content.map((s) => s.id).slice(0, 2)).toEqual([second.id, first.id]);
    expect(mine.response.content[0]).toMatchObject({ scoredByMe: 1, scoringCount: 1, callCount: 2, inspectorCount: 2 });
    const c = (await w.qcC.get('/api/calibration/pagination/0/10')).json<TPaged<TCalibrationSessionSummary>>();
    expect(c.response.content.map((s) => s.id)).toContain(first.id);
    expect(c.response.content.map((s) => s.id)).not.toContain(second.id);
    const outsider = (await w.outsider.get('/api/calibration/pagination/0/10')).json<
      TPaged<TCalibrationSessionSummary>
    >();
    expect(outsider).toEqual({
      recordCount: 0,
      response: { content: [], totalElements: 0, totalPages: 0, size: 10, number: 0 },
    });
    const all = (await w.admin.get('/api/calibration/pagination/0/1')).json<TPaged<TCalibrationSessionSummary>>();
    expect(all.response).toMatchObject({ size: 1, number: 0, content: [{ id: second.id }] });
    expect(all.recordCount).toBeGreaterThanOrEqual(2);
  });
});

describe('GET /api/calibration/{id}', () => {
  it('answers 401 without a session, 403 to agents and to an inspector who does not take part, 404 for no session', async () => {
    const w = await calibrationWorld(t);
    const s = await createSession(w);
    expect((await t.anonymous.get(`/api/calibration/${s.id}`)).status).toBe(401);
    expect((await w.agent.get(`/api/calibration/${s.id}`)).status).toBe(403);
    const outsider = await w.outsider.get(`/api/calibration/${s.id}`);
    expect(outsider.status).toBe(403);
    expect(outsider.json<{ message: string }>().message).toBe('You are not taking part in this calibration session');
    expect((await w.admin.get('/api/calibration/999999')).status).toBe(404);
  });

  it("hides another inspector's marks of a call until the caller has submitted its own for that call", async () => {
    const w = await calibrationWorld(t);
    const s = await createSession(w);
    await score(w.qcB, s, 0, { liveliness: 5 }, 'B-BLIND-MARKER');
    const early = await w.qcA.get(`/api/calibration/${s.id}`);
    expect(early.text).not.toContain('B-BLIND-MARKER');
    const view = early.json<TCalibrationSession>();
    expect(view.participant).toBe(true);
    expect(view.calls[0]).toMatchObject({ myScoring: null, scorings: [], scoredCount: 1, expert: null });
    await score(w.qcA, s, 0, {});
    const after = (await w.qcA.get(`/api/calibration/${s.id}`)).json<TCalibrationSession>();
    expect(after.calls[0]?.myScoring).toMatchObject({ total: 100, grade: 'Exceed Expectation' });
    expect(after.calls[0]?.scorings.map((x) => [x.inspectorId, x.scores?.liveliness, x.total, x.comment])).toEqual([
      [w.inspectors[1]?.id, 5, 95, 'B-BLIND-MARKER'],
    ]);
    // Only the call A scored: the second stays blind.
    expect(after.calls[1]?.scorings).toEqual([]);
    // The admin sees every mark at any time.
    const admin = (await w.admin.get(`/api/calibration/${s.id}`)).json<TCalibrationSession>();
    expect(admin.participant).toBe(false);
    expect(admin.calls[0]?.scorings).toHaveLength(2);
  });
});

describe('POST /api/calibration/{id}/close and the deadline', () => {
  it('answers 401 without a session and 403 to inspectors, even those taking part', async () => {
    const w = await calibrationWorld(t);
    const s = await createSession(w);
    expect((await t.anonymous.post(`/api/calibration/${s.id}/close`)).status).toBe(401);
    expect((await w.qcA.post(`/api/calibration/${s.id}/close`)).status).toBe(403);
  });

  it('closes the session: scoring ends (409), a second close answers 409, the change is audited', async () => {
    const w = await calibrationWorld(t);
    const s = await createSession(w);
    const r = await w.admin.post(`/api/calibration/${s.id}/close`);
    expect(r.status, r.text).toBe(200);
    expect(r.json<TCalibrationSessionSummary>()).toMatchObject({ status: 'closed' });
    expect(r.json<TCalibrationSessionSummary>().closedAt).not.toBeNull();
    const late = await w.qcA.put(`/api/calibration/${s.id}/calls/${s.calls[0]?.id}/scoring`, card());
    expect(late.status).toBe(409);
    expect(late.json<{ message: string }>().message).toBe('This calibration session is closed');
    const again = await w.admin.post(`/api/calibration/${s.id}/close`);
    expect(again.status).toBe(409);
    expect(again.json<{ message: string }>().message).toBe('This calibration session is already closed');
    const audit = await t.db
      .selectFrom('auditLog')
      .select('action')
      .where('objectType', '=', 'calibrationSession')
      .where('objectId', '=', String(s.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'update']);
  });

  it('closes by itself when the deadline day is over: status closed, scoring refused, results open to its inspectors', async () => {
    const w = await calibrationWorld(t);
    const s = await createSession(w);
    await score(w.qcA, s, 0, {});
    expect((await w.qcA.get(`/api/calibration/${s.id}/results`)).status).toBe(403);
    await t.db
      .updateTable('calibrationSessions')
      .set({ closesAt: new Date(Date.now() - 1000) })
      .where('id', '=', s.id)
      .execute();
    const view = (await w.qcA.get(`/api/calibration/${s.id}`)).json<TCalibrationSession>();
    expect(view.status).toBe('closed');
    expect(view.closedAt).toBeNull();
    const late = await w.qcB.put(`/api/calibration/${s.id}/calls/${s.calls[0]?.id}/scoring`, card());
    expect(late.status).toBe(409);
    expect((await w.qcA.get(`/api/calibration/${s.id}/results`)).status).toBe(200);
    expect((await w.admin.post(`/api/calibration/${s.id}/close`)).status).toBe(409);
  });
});
