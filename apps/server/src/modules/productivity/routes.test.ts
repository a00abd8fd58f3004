// Agent productivity (docs/guide/productivity.md): admins and QC inspectors read each agent's signed-in time, calls,
// dispositions, handle time, call target and QC records per agent, agent-day, shift, campaign and day, in local days.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { TProductivity, TProductivityRow } from '@crm/shared';
import {
  createCampaign,
  createUser,
  sessionTokenFor,
  useTestApp,
  type Caller,
  type TestUser,
} from '../../test/harness.ts';
import { download, openXlsxReply } from '../../test/qc-reports-support.ts';
import { createPublished, smallDefinition } from '../../test/scorecards-support.ts';
import { insertAttempt, insertQcRecord, insertSession } from '../../test/productivity-support.ts';

const t = useTestApp({ timeZone: 'Asia/Dhaka' });

const RANGE = 'from=2026-11-20&to=2026-11-21';

type World = { a: TestUser; b: TestUser; admin: Caller; qc: Caller; deletable: string };
let w: World;

/**
 * Rina (A) works Alpha (target 50): an Evening sign-in 20:00 → 01:30 across midnight, a Morning one 09:00 → 13:00.
 * Kamal (B) works Beta (target 30): an Evening sign-in from the day before (22:00 → 02:00), a Morning one 08:00 → 12:00,
 * and one never signed out, 14:00 until its expiry at 16:00. Times are Dhaka's.
 */
beforeAll(async () => {
  const alpha = await createCampaign(t.db, { campaignName: 'Alpha' });
  const beta = await createCampaign(t.db, { campaignName: 'Beta' });
  await t.db.updateTable('campaigns').set({ callTarget: 30 }).where('id', '=', beta.id).execute();
  const a = await createUser(t.db, { username: 'AG-1', name: 'Rina Akter' });
  const b = await createUser(t.db, { username: 'AG-2', name: 'Kamal Hossain' });

  const s1 = await insertSession(t, {
    user: a,
    campaign: alpha,
    shift: 'Evening',
    in: '2026-11-20 20:00:00',
    out: '2026-11-21 01:30:00',
  });
  const s2 = await insertSession(t, {
    user: a,
    campaign: alpha,
    shift: 'Morning',
    in: '2026-11-21 09:00:00',
    out: '2026-11-21 13:00:00',
  });
  const s0 = await insertSession(t, {
    user: b,
    campaign: beta,
    shift: 'Evening',
    in: '2026-11-19 22:00:00',
    out: '2026-11-20 02:00:00',
  });
  const s3 = await insertSession(t, {
    user: b,
    campaign: beta,
    shift: 'Morning',
    in: '2026-11-20 08:00:00',
    out: '2026-11-20 12:00:00',
  });
  await insertSession(t, {
    user: b,
    campaign: beta,
    shift: 'Evening',
    in: '2026-11-21 14:00:00',
    expires: '2026-11-21 16:00:00',
  });

  const call = (
    user: TestUser,
    campaignId: number,
    sessionId: number,
    endedAt: string,
    handleSeconds: number,
    disposition: 'COMPLETE' | 'NOANSWER' | 'CALLBACK' | 'REFUSED',
  ) => insertAttempt(t, { user, campaignId, sessionId, endedAt, handleSeconds, disposition });
  await call(a, alpha.id, s1, '2026-11-20 21:10:00', 300, 'COMPLETE');
  await call(a, alpha.id, s1, '2026-11-20 23:50:00', 30, 'NOANSWER');
  await call(a, alpha.id, s1, '2026-11-21 00:20:00', 240, 'COMPLETE');
  await call(a, alpha.id, s2, '2026-11-21 09:30:00', 200, 'COMPLETE');
  await call(a, alpha.id, s2, '2026-11-21 10:00:00', 60, 'CALLBACK');
  await call(a, alpha.id, s2, '2026-11-21 10:30:00', 90, 'REFUSED');
  // Before the range (the 19th, Dhaka), though 17:00 UTC of the 19th: not counted.
  await call(b, beta.id, s0, '2026-11-19 23:00:00', 500, 'COMPLETE');
  await call(b, beta.id, s3, '2026-11-20 08:30:00', 180, 'COMPLETE');
  await call(b, beta.id, s3, '2026-11-20 09:00:00', 120, 'COMPLETE');
  // Deleted by a test: its figures leave the summary with it.
  const deletable = await call(b, beta.id, s3, '2026-11-20 11:00:00', 45, 'NOANSWER');

  // QC: A's on "Standard" (pass mark 70): 92 passes, 64 fails; a client record and one of the 22nd are not counted.
  await insertQcRecord(t.db, { agent: a, campaignName: 'Alpha', callDate: '2026-11-20', total: 92 });
  await insertQcRecord(t.db, { agent: a, campaignName: 'Alpha', callDate: '2026-11-21', total: 64 });
  await insertQcRecord(t.db, { agent: a, campaignName: 'Alpha', callDate: '2026-11-20', total: 10, kind: 'client' });
  await insertQcRecord(t.db, { agent: a, campaignName: 'Alpha', callDate: '2026-11-22', total: 10 });
  // B's on a scorecard with pass mark 75 whose "summary: No" fails a call: 80 with that auto-fail, 90 without; both
  // records name the agent by username only.
  const admin = await t.callerFor('admin');
  const card = await createPublished(admin, smallDefinition());
  const yes = {
    greeting: { choice: 'Yes', marks: 10, comment: '' },
    resolved: { choice: 'Yes', marks: 20, comment: '' },
  };
  await insertQcRecord(t.db, {
    agent: b,
    byUsername: true,
    campaignName: 'Beta',
    callDate: '2026-11-20',
    total: 80,
    scorecardId: card.id,
    marks: { ...yes, summary: { choice: 'No', marks: 0, comment: '' } },
  });
  await insertQcRecord(t.db, {
    agent: b,
    byUsername: true,
    campaignName: 'Beta',
    callDate: '2026-11-20',
    total: 90,
    scorecardId: card.id,
    marks: { ...yes, summary: { choice: 'Yes', marks: 10, comment: '' } },
  });
  w = { a, b, admin, qc: await t.callerFor('qc'), deletable };
});

async function read(caller: Caller, query: string): Promise<TProductivity> {
  const r = await caller.get(`/api/productivity?${query}`);
  expect(r.status, r.text).toBe(200);
  return r.json<TProductivity>();
}

/** The figures a test checks, without the row's names. */
const figures = (r: TProductivityRow | undefined) => {
  if (r === undefined) throw new Error('no such row');
  const { agentId: _a, agentName: _n, day: _d, shift: _s, campaignName: _c, ...rest } = r;
  return rest;
};

describe('GET /api/productivity', () => {
  it('answers 401 without a session and 403 to agents', async () => {
    expect((await t.anonymous.get(`/api/productivity?${RANGE}`)).status).toBe(401);
    const agent = await t.callerFor('agent');
    expect((await agent.get(`/api/productivity?${RANGE}`)).status).toBe(403);
    expect((await agent.get(`/api/productivity/export?${RANGE}`)).status).toBe(403);
  });

  it('per agent: signed-in time cut at the range, calls, dispositions, handle time, target and QC', async () => {
    for (const reader of [w.admin, w.qc]) {
      const p = await read(reader, `${RANGE}&groupBy=agent`);
      expect(p.rows.map((r) => [r.agentId, r.agentName])).toEqual([
        ['AG-2', 'Kamal Hossain'],
        ['AG-1', 'Rina Akter'],
      ]);
      // Rina: 4 h + 1.5 h (Evening, across midnight) + 4 h (Morning) = 34,200 s; 6 calls, 3 completed; handle
      // 300+30+240+200+60+90 = 920 s, 153 s a call; 6 calls in 9.5 h = 0.63 an hour; target 50 on each of 2 days.
      expect(figures(p.rows[1])).toEqual({
        agents: 1,
        signedInSeconds: 34_200,
        calls: 6,
        completed: 3,
        completionRate: 50,
        dispositions: { CALLBACK: 1, COMPLETE: 3, NOANSWER: 1, REFUSED: 1 },
        handleSeconds: 920,
        averageHandleSeconds: 153,
        callsPerHour: 0.63,
        callTarget: 100,
        targetRate: 6,
        qcRecords: 2,
        qcAverage: 78,
        qcPassed: 1,
        qcPassRate: 50,
        suspicious: 0,
      });
      // Kamal: 2 h of the sign-in from the 19th (00:00 → 02:00) + 4 h + 2 h open until its expiry = 28,800 s; 3 calls
      // in range (2 completed); 180+120+45 = 345 s, 115 s a call; 3 in 8 h = 0.38; target 30 on each of 2 days;
      // QC (80 + 90) / 2 = 85, the 80 auto-failed.
      expect(figures(p.rows[0])).toEqual({
        agents: 1,
        signedInSeconds: 28_800,
        calls: 3,
        completed: 2,
        completionRate: 66.67,
        dispositions: { COMPLETE: 2, NOANSWER: 1 },
        handleSeconds: 345,
        averageHandleSeconds: 115,
        callsPerHour: 0.38,
        callTarget: 60,
        targetRate: 5,
        qcRecords: 2,
        qcAverage: 85,
        qcPassed: 1,
        qcPassRate: 50,
        suspicious: 0,
      });
      // Totals: 63,000 s; 9 calls in 17.5 h = 0.51 an hour; 4 QC records (92+64+80+90)/4 = 81.5.
      expect(figures(p.totals)).toMatchObject({
        agents: 2,
        signedInSeconds: 63_000,
        calls: 9,
        completed: 5,
        completionRate: 55.56,
        dispositions: { CALLBACK: 1, COMPLETE: 5, NOANSWER: 2, REFUSED: 1 },
        handleSeconds: 1265,
        averageHandleSeconds: 141,
        callsPerHour: 0.51,
        callTarget: 160,
        targetRate: 5.63,
        qcRecords: 4,
        qcAverage: 81.5,
        qcPassed: 2,
        qcPassRate: 50,
      });
      expect(p.dispositionCodes).toEqual(['COMPLETE', 'NOANSWER', 'CALLBACK', 'REFUSED']);
    }
  });

  it('per agent and day: the Evening sign-in split at local midnight, the day’s target once', async () => {
    const p = await read(w.admin, `${RANGE}&groupBy=agentDay`);
    expect(
      p.rows.map((r) => [
        r.day,
        r.agentId,
        r.signedInSeconds,
        r.calls,
        r.completed,
        r.callTarget,
        r.qcRecords,
        r.qcPassed,
      ]),
    ).toEqual([
      ['2026-11-20', 'AG-2', 7200 + 14_400, 3, 2, 30, 2, 1],
      ['2026-11-20', 'AG-1', 14_400, 2, 1, 50, 1, 1],
      ['2026-11-21', 'AG-2', 7200, 0, 0, 30, 0, 0],
      ['2026-11-21', 'AG-1', 5400 + 14_400, 4, 2, 50, 1, 0],
    ]);
  });

  it('per shift: each agent-day’s target and QC on its shift with the most signed-in time', async () => {
    const p = await read(w.admin, `${RANGE}&groupBy=shift`);
    expect(
      p.rows.map((r) => [
        r.shift,
        r.agents,
        r.signedInSeconds,
        r.calls,
        r.completed,
        r.handleSeconds,
        r.callTarget,
        r.qcRecords,
      ]),
    ).toEqual([
      // A's Morning of the 21st (50; its 64), B's Morning of the 20th (30; its 80 and 90).
      ['Morning', 2, 28_800, 6, 3, 695, 80, 3],
      // A's Evening of the 20th (50; its 92), B's Evening of the 21st (30).
      ['Evening', 2, 34_200, 3, 2, 570, 80, 1],
    ]);
  });

  it('per campaign and per day, and one campaign alone', async () => {
    const byCampaign = await read(w.admin, `${RANGE}&groupBy=campaign`);
    expect(byCampaign.rows.map((r) => [r.campaignName, r.signedInSeconds, r.calls, r.callTarget, r.qcRecords])).toEqual(
      [
        ['Alpha', 34_200, 6, 100, 2],
        ['Beta', 28_800, 3, 60, 2],
      ],
    );
    const byDay = await read(w.admin, `${RANGE}&groupBy=day`);
    expect(byDay.rows.map((r) => [r.day, r.agents, r.signedInSeconds, r.calls, r.completed])).toEqual([
      ['2026-11-20', 2, 36_000, 5, 3],
      ['2026-11-21', 2, 27_000, 4, 2],
    ]);
    const beta = await read(w.admin, `${RANGE}&groupBy=agent&campaignName=Beta`);
    expect(beta.campaignName).toBe('Beta');
    expect(beta.rows.map((r) => [r.agentId, r.calls, r.signedInSeconds])).toEqual([['AG-2', 3, 28_800]]);
    expect(beta.totals.calls).toBe(3);
  });

  it('a day alone cuts the sign-ins at its midnights', async () => {
    const p = await read(w.admin, 'from=2026-11-21&to=2026-11-21&groupBy=agent');
    expect(p.rows.map((r) => [r.agentId, r.signedInSeconds, r.calls])).toEqual([
      ['AG-2', 7200, 0],
      ['AG-1', 19_800, 4],
    ]);
  });

  it('refuses an unknown campaign under its field, and a range backwards or too long', async () => {
    const unknown = await w.admin.get(`/api/productivity?${RANGE}&campaignName=Nope`);
    expect(unknown.status).toBe(400);
    expect(unknown.json<{ message: string; code: string; field: string }>()).toEqual({
      message: 'No campaign named "Nope"',
      code: 'INVALID_VALUE',
      field: 'campaignName',
    });
    const backwards = await w.admin.get('/api/productivity?from=2026-11-21&to=2026-11-20');
    expect(backwards.status, backwards.text).toBe(400);
    expect(backwards.json<{ message: string }>().message).toMatch(/end date must be on or after the start date/);
    const long = await w.admin.get('/api/productivity?from=2025-01-01&to=2026-11-20');
    expect(long.status).toBe(400);
    expect(long.json<{ message: string }>().message).toMatch(/at most 366 days/);
    const grouping = await w.admin.get(`/api/productivity?${RANGE}&groupBy=week`);
    expect(grouping.status).toBe(400);
    expect(grouping.json<{ message: string }>().message).toMatch(/groupBy must be one of/);
  });

  it('the daily summary follows every insert and delete of an attempt', async () => {
    const summary = async () =>
      (await sql<{ calls: string }>`select coalesce(sum(calls), 0) as calls from agent_day_calls`.execute(t.db)).rows[0]
        ?.calls;
    expect(Number(await summary())).toBe(10);
    await sql`delete from call_attempts where id = ${w.deletable}`.execute(t.db);
    expect(Number(await summary())).toBe(9);
    const p = await read(w.admin, `${RANGE}&groupBy=agent`);
    expect(p.totals.calls).toBe(8);
    // Read once, its days are cut in the server's zone.
    const zone = await sql<{ z: string }>`select time_zone as z from agent_day_calls_zone`.execute(t.db);
    expect(zone.rows[0]?.z).toBe('Asia/Dhaka');
    expect(p.totals.dispositions).toEqual({ CALLBACK: 1, COMPLETE: 5, NOANSWER: 1, REFUSED: 1 });
    // No row left at zero calls.
    const { rows } = await sql<{ n: string }>`select count(*) as n from agent_day_calls where calls = 0`.execute(t.db);
    expect(Number(rows[0]?.n)).toBe(0);
  });
});

describe('GET /api/productivity/export', () => {
  it('a sheet per grouping, each with its totals row, read back', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const book = await openXlsxReply(
      await download(t, `/api/productivity/export?${RANGE}`, await sessionTokenFor(t.app, admin)),
      'Productivity_2026-11-20_to_2026-11-21.xlsx',
    );
    expect(book.worksheets.map((s) => s.name)).toEqual(['Agent', 'Agent × day', 'Shift', 'Campaign', 'Day']);
    const values = (name: string) => {
      const sheet = book.getWorksheet(name);
      const rows: unknown[][] = [];
      sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return rows;
    };
    const agent = values('Agent');
    const header = agent[0] as string[];
    expect(header.slice(0, 8)).toEqual([
      'Agent Id',
      'Agent Name',
      'Agents',
      'Signed In',
      'Signed In (s)',
      'Calls',
      'Completed',
      'Completion %',
    ]);
    const col = (name: string) => header.indexOf(name);
    const rina = agent.find((row) => row[0] === 'AG-1') ?? [];
    expect([
      rina[col('Signed In')],
      rina[col('Calls')],
      rina[col('Handle (s)')],
      rina[col('QC Pass %')],
      rina[col('COMPLETE')],
    ]).toEqual(['9:30:00', 6, 920, 50, 3]);
    const total = agent.at(-1) ?? [];
    expect(total[0]).toBe('Total');
    const json = await read(w.admin, `${RANGE}&groupBy=agent`);
    expect([total[col('Signed In')], total[col('Calls')], total[col('Call Target')], total[col('QC Records')]]).toEqual(
      ['17:30:00', json.totals.calls, 160, 4],
    );
    expect(
      values('Shift')
        .slice(1)
        .map((row) => row[0]),
    ).toEqual(['Morning', 'Evening', 'Total']);
    expect(
      values('Campaign')
        .slice(1)
        .map((row) => row[0]),
    ).toEqual(['Alpha', 'Beta', 'Total']);
  });
});

describe('another zone, with a half-hour offset', () => {
  const k = useTestApp({ timeZone: 'Asia/Kolkata' });

  it('cuts the days in its own zone, so a call at 00:10 falls on its own local day', async () => {
    const c = await createCampaign(k.db, { campaignName: 'Gamma' });
    const a = await createUser(k.db, { username: 'AG-9', name: 'Nila Das' });
    const s = await insertSession(k, {
      user: a,
      campaign: c,
      shift: 'Evening',
      in: '2026-11-20 23:00:00',
      out: '2026-11-21 00:30:00',
    });
    // 00:10 Kolkata is 18:40 UTC of the 20th.
    await insertAttempt(k, {
      user: a,
      campaignId: c.id,
      sessionId: s,
      endedAt: '2026-11-21 00:10:00',
      handleSeconds: 70,
      disposition: 'COMPLETE',
    });
    const admin = await k.callerFor('admin');
    const r = await admin.get('/api/productivity?from=2026-11-20&to=2026-11-21&groupBy=agentDay');
    expect(r.status, r.text).toBe(200);
    expect(r.json<TProductivity>().rows.map((row) => [row.day, row.signedInSeconds, row.calls])).toEqual([
      ['2026-11-20', 3600, 0],
      ['2026-11-21', 1800, 1],
    ]);
  });
});
