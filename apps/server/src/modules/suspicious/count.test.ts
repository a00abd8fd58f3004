// The suspicious completes' per-day summary (migration 0043) against a real database: after every kind of change it
// depends on (calls saved, changed and deleted, answers saved, recordings indexed and gone, a day's folder scanned, a
// lead's number, the campaign's settings, the zone the days are cut in), countSuspicious reads from it exactly what
// judging every complete gives, per agent, day and campaign.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import {
  SUSPICIOUS_TIME_ZONE,
  addCall,
  addRecording,
  localInstant,
  scanFolder,
  suspiciousWorld,
  type TSuspiciousWorld,
} from '../../test/suspicious-support.ts';
import { ensureSummaryZone } from '../productivity/summary.ts';
import { countSuspicious, judgeSuspicious } from './count.ts';

const t = useTestApp({ timeZone: SUSPICIOUS_TIME_ZONE });
const FROM = '2026-11-01';
const TO = '2026-11-30';

beforeAll(async () => {
  await ensureSummaryZone(t.db, SUSPICIOUS_TIME_ZONE);
});

/** The summary's counts and the judged ones of each campaign, and of every campaign together, side by side. */
async function kept(worlds: TSuspiciousWorld[], timeZone = SUSPICIOUS_TIME_ZONE) {
  const summary: Record<string, Record<string, number>> = {};
  const judged: Record<string, Record<string, number>> = {};
  for (const campaignId of [...worlds.map((w) => w.campaignId), undefined]) {
    const key = String(campaignId ?? 'all');
    summary[key] = Object.fromEntries(await countSuspicious(t.db, { from: FROM, to: TO, campaignId, timeZone }));
    judged[key] = Object.fromEntries(await judgeSuspicious(t.db, { from: FROM, to: TO, campaignId, timeZone }));
  }
  return { summary, judged };
}

async function expectKept(worlds: TSuspiciousWorld[], timeZone = SUSPICIOUS_TIME_ZONE) {
  const { rows } = await sql<{ timeZone: string }>`select time_zone as "timeZone" from agent_day_calls_zone`.execute(
    t.db,
  );
  // The summary is what countSuspicious reads in this zone.
  expect(rows[0]?.timeZone).toBe(timeZone);
  const { summary, judged } = await kept(worlds, timeZone);
  expect(summary).toEqual(judged);
  return summary;
}

describe('the per-day summary of suspicious completes (migration 0043)', () => {
  it('equals a direct count after inserts, updates, deletes, recordings, scans, settings and a zone change', async () => {
    const w = await suspiciousWorld(t, 2);
    const v = await suspiciousWorld(t, 0);
    const [a, b] = w.agents;
    if (!a || !b) throw new Error('no agents');
    const vw = { ...v, agents: [a] };
    const worlds = [w, v];
    const day = '2026-11-10';
    const next = '2026-11-11';

    // Inserts: a clean call, a short one, a repeat of the one before, five within an hour (limit 3 set below), a
    // call at 23:50 local whose next complete (00:20, the next day) repeats it, another agent's and campaign's.
    const clean = await addCall(t.db, w, { agent: a, day, endedAt: '08:00', handleSeconds: 120, answers: { Q1: 'x' } });
    const short = await addCall(t.db, w, { agent: a, day, endedAt: '09:00', handleSeconds: 20, answers: { Q1: 'y' } });
    const repeat = await addCall(t.db, w, {
      agent: a,
      day,
      endedAt: '09:30',
      handleSeconds: 200,
      answers: { Q1: 'y', Q2: '' },
    });
    const hour: Awaited<ReturnType<typeof addCall>>[] = [];
    for (const [i, time] of ['10:00', '10:10', '10:20', '10:30', '10:40'].entries())
      hour.push(await addCall(t.db, w, { agent: a, day, endedAt: time, handleSeconds: 90, answers: { Q1: `h${i}` } }));
    const late = await addCall(t.db, w, { agent: a, day, endedAt: '23:50', handleSeconds: 90, answers: { Q1: 'z' } });
    const after = await addCall(t.db, vw, {
      agent: a,
      day: next,
      endedAt: '00:20',
      handleSeconds: 90,
      answers: { Q1: 'z' },
    });
    await addCall(t.db, w, { agent: b, day, endedAt: '10:05', handleSeconds: 10, answers: { Q1: 'b' } });
    await addCall(t.db, w, { agent: b, day, endedAt: '10:15', handleSeconds: 100, completed: false });
    let counts = await expectKept(worlds);
    // Hand-counted: a on the 10th: short and repeat; the 11th (other campaign): the repeat of 23:50; b: short.
    expect(counts[String(w.campaignId)]).toEqual({ [`${a.id}|${day}`]: 2, [`${b.id}|${day}`]: 1 });
    expect(counts[String(v.campaignId)]).toEqual({ [`${a.id}|${next}`]: 1 });

    // Settings: a hourly limit of 3 flags the 4th and 5th of the hour; a minimum of 10 s unflags b's short call; back.
    const admin = await t.callerFor('admin');
    const put = (minHandleSeconds: number, hourlyLimit: number) =>
      admin.put(`/api/suspicious/settings/${encodeURIComponent(w.campaignName)}`, {
        minHandleSeconds,
        hourlyLimit,
        flaggedFirst: true,
      });
    expect((await put(60, 3)).status).toBe(200);
    counts = await expectKept(worlds);
    // Over 3 in the hour: 10:20 (09:30 to it), 10:30 and 10:40; with the short call and the repeat, 5.
    expect(counts[String(w.campaignId)]?.[`${a.id}|${day}`]).toBe(5);
    expect((await put(10, 3)).status).toBe(200);
    expect((await expectKept(worlds))[String(w.campaignId)]?.[`${b.id}|${day}`]).toBeUndefined();
    await sql`delete from suspicious_settings where campaign_id = ${w.campaignId}`.execute(t.db);
    await expectKept(worlds);
    expect((await put(60, 3)).status).toBe(200);

    // Recordings and the day's scan: none is "no recording" until the day is indexed after it ended.
    await scanFolder(t.db, day, localInstant(day, '20:00'));
    await expectKept(worlds);
    await scanFolder(t.db, day, localInstant(next, '01:00'));
    counts = await expectKept(worlds);
    // No recording of any of a's nine completes that day.
    expect(counts[String(w.campaignId)]?.[`${a.id}|${day}`]).toBe(9);
    const recording = await addRecording(t.db, w, { agent: a, day, cell: clean.cell, time: '08:00' });
    await addRecording(t.db, w, { agent: a, day, cell: late.cell, time: '23:49' });
    await expectKept(worlds);
    await sql`update recordings set gone_at = now() where id = ${recording}`.execute(t.db);
    await expectKept(worlds);
    await sql`update recordings set gone_at = null, phone_key = ${short.cell} where id = ${recording}`.execute(t.db);
    await expectKept(worlds);
    // The short call's lead takes another number: the recording is no longer its.
    await sql`update leads set cell_number = '+8801799000001' where id = ${short.leadId}`.execute(t.db);
    await expectKept(worlds);
    await sql`delete from recordings where id = ${recording}`.execute(t.db);
    await expectKept(worlds);

    // Updates of attempts: a shorter handle time, a call moved to the next day, a complete turned into a callback.
    await sql`update call_attempts set handle_seconds = 5 where id = ${clean.attemptId}`.execute(t.db);
    await expectKept(worlds);
    await sql`update call_attempts set ended_at = ended_at + interval '1 day' where id = ${hour[0]?.attemptId ?? 0}`.execute(
      t.db,
    );
    await expectKept(worlds);
    await sql`update call_attempts set completed = false where id = ${hour[1]?.attemptId ?? 0}`.execute(t.db);
    await expectKept(worlds);
    // Answers: the short call's taken away (the repeat repeats nothing), saved again as before (it repeats again),
    // then the 23:50 call's changed (00:20 repeats nothing).
    await sql`delete from lead_answer_history where lead_id = ${short.leadId}`.execute(t.db);
    await expectKept(worlds);
    await sql`insert into lead_answer_history (lead_id, version, user_id, agent_id, answers, is_called, saved_at)
      values (${short.leadId}, 2, ${a.id}, ${a.username}, '{"Q1": "y"}', 1, ${localInstant(day, '09:00:30')})`.execute(
      t.db,
    );
    await expectKept(worlds);
    await sql`update lead_answer_history set answers = '{"Q1": "other"}' where lead_id = ${late.leadId}`.execute(t.db);
    await expectKept(worlds);
    // Deletes: an attempt in the middle of the agent's completes, then a whole lead (its attempts go with it).
    await sql`delete from call_attempts where id = ${repeat.attemptId}`.execute(t.db);
    await expectKept(worlds);
    await sql`delete from leads where id = ${after.leadId}`.execute(t.db);
    await expectKept(worlds);
    await sql`delete from recording_folders where call_date = ${day}`.execute(t.db);
    await expectKept(worlds);

    // A zone change cuts every day again: the summary follows the server's new zone, and back.
    await ensureSummaryZone(t.db, 'UTC');
    await expectKept(worlds, 'UTC');
    await ensureSummaryZone(t.db, SUSPICIOUS_TIME_ZONE);
    await expectKept(worlds);
  });

  it('reads the completes themselves while the summary is cut in another zone', async () => {
    const w = await suspiciousWorld(t);
    const [a] = w.agents;
    if (!a) throw new Error('no agent');
    // 23:30 in Dhaka is 17:30 UTC; 03:00 on the 18th in Dhaka is 21:00 UTC on the 17th.
    await addCall(t.db, w, { agent: a, day: '2026-11-17', endedAt: '23:30', handleSeconds: 10, answers: { Q1: '1' } });
    await addCall(t.db, w, { agent: a, day: '2026-11-18', endedAt: '03:00', handleSeconds: 10, answers: { Q1: '2' } });
    const query = { from: '2026-11-17', to: '2026-11-18', campaignId: w.campaignId };
    expect(Object.fromEntries(await countSuspicious(t.db, { ...query, timeZone: 'UTC' }))).toEqual({
      [`${a.id}|2026-11-17`]: 2,
    });
    expect(Object.fromEntries(await countSuspicious(t.db, { ...query, timeZone: SUSPICIOUS_TIME_ZONE }))).toEqual({
      [`${a.id}|2026-11-17`]: 1,
      [`${a.id}|2026-11-18`]: 1,
    });
  });
});
