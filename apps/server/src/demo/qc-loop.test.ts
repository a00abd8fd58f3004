// The demo's QC loop, read through the API as its users: AG-1001 reads the inspector's comments on the timeline of
// their scored calls, has signed one off, sees their open and closed coaching sessions without the private notes, and
// has unread and read notifications; qc.rahman has overdue acknowledgements and unread and read notifications.
// Seeding twice adds nothing.
import { describe, expect, it } from 'vitest';
import type { TCoachingSession, TNotificationList, TQcRecordComment, TUnacknowledgedPage } from '@crm/shared';
import { useTestApp } from '../test/harness.ts';
import { demoRecordings } from './recordings.ts';
import { DEMO_CAMPAIGNS, seedDemo } from './seed.ts';
import { allowDemoSeedTime } from '../test/demo-timeout.ts';

allowDemoSeedTime();

const t = useTestApp();

async function userNamed(username: string) {
  return t.db
    .selectFrom('users')
    .select(['id', 'username', 'name', 'role'])
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
}

describe('demo data of the QC loop', () => {
  it('shows comments on the timeline, an acknowledgement, coaching and notifications to AG-1001 and qc.rahman', async () => {
    await seedDemo(t.db, demoRecordings());
    const once = async () => ({
      comments: (await t.db.selectFrom('qcRecordComments').select('id').execute()).length,
      sessions: (await t.db.selectFrom('coachingSessions').select('id').execute()).length,
      notifications: (await t.db.selectFrom('notifications').select('id').execute()).length,
    });
    const first = await once();
    await seedDemo(t.db, demoRecordings());
    expect(await once()).toEqual(first);

    const agentUser = await userNamed('AG-1001');
    const qcUser = await userNamed('qc.rahman');
    const agent = await t.as({ ...agentUser, password: '' }, { campaign: DEMO_CAMPAIGNS[0].campaignName });
    const qc = await t.as({ ...qcUser, password: '' });

    // Comments on AG-1001's calls with a recording, by qc.rahman, on the timeline and on criteria; the agent reads them.
    const commented = await t.db
      .selectFrom('qcRecordComments')
      .innerJoin('qcRecords', 'qcRecords.id', 'qcRecordComments.qcRecordId')
      .select(['qcRecords.id', 'qcRecords.agentId', 'qcRecords.qcInspector'])
      .select((eb) =>
        eb
          .exists(eb.selectFrom('qcRecordFiles as f').select('f.id').whereRef('f.qcRecordId', '=', 'qcRecords.id'))
          .as('hasRecording'),
      )
      .distinct()
      .orderBy('qcRecords.id')
      .execute();
    expect(commented.length).toBeGreaterThanOrEqual(2);
    expect(commented.every((r) => r.agentId === 'AG-1001' && r.hasRecording)).toBe(true);
    expect(commented.some((r) => r.qcInspector === 'qc.rahman')).toBe(true);
    for (const r of commented) {
      const reply = await agent.get(`/api/qc-records/${r.id}/comments`);
      expect(reply.status, reply.text).toBe(200);
      const comments = reply.json<TQcRecordComment[]>();
      expect(comments.some((c) => c.atSeconds !== null)).toBe(true);
      expect(comments.some((c) => c.criterionKey !== null)).toBe(true);
      // Written by the record's inspector.
      const inspector = await userNamed(r.qcInspector);
      expect(new Set(comments.map((c) => c.authorName))).toEqual(new Set([inspector.name]));
    }

    // One call signed off by AG-1001 with a comment: a second sign-off is refused.
    const signed = await t.db
      .selectFrom('qcRecordAcknowledgements')
      .select(['qcRecordId', 'comment'])
      .where('agentUserId', '=', agentUser.id)
      .where('comment', '<>', '')
      .execute();
    expect(signed).toHaveLength(1);
    expect((await agent.post(`/api/qc-records/${signed[0]!.qcRecordId}/acknowledge`, {})).status).toBe(409);

    // qc.rahman's overdue list: AG-1001's calls left unacknowledged past the window.
    const overdue = await qc.get('/api/qc-records/unacknowledged');
    expect(overdue.status, overdue.text).toBe(200);
    const page = overdue.json<TUnacknowledgedPage>();
    expect(page.recordCount).toBeGreaterThan(0);
    expect(page.response.content.some((r) => r.agentId === 'AG-1001')).toBe(true);

    // Coaching: an open session and a closed one with its figure; the agent sees both without the private notes.
    const listed = await agent.get('/api/coaching?agentId=AG-1001');
    expect(listed.status, listed.text).toBe(200);
    const sessions = listed.json<TCoachingSession[]>();
    const open = sessions.find((s) => s.state === 'planned');
    const closed = sessions.find((s) => s.state === 'closed');
    if (!open || !closed) throw new Error(`sessions: ${sessions.map((s) => s.state).join(', ')}`);
    const seen = (await agent.get(`/api/coaching/${open.id}`)).json<TCoachingSession>();
    expect(seen).not.toHaveProperty('privateNotes');
    expect(seen).toMatchObject({ coach: 'qc.rahman', agentId: 'AG-1001' });
    expect(seen.focus.length).toBeGreaterThan(0);
    expect(seen.qcRecords.map((r) => r.id)).toEqual(commented.map((r) => r.id));
    expect(seen.notes).not.toBe('');
    expect(seen.actionItems.length).toBeGreaterThan(0);
    expect(seen.meetingDate).not.toBeNull();
    const asCoach = (await qc.get(`/api/coaching/${open.id}`)).json<TCoachingSession>();
    expect(asCoach.privateNotes).not.toBe('');
    const result = (await agent.get(`/api/coaching/${closed.id}`)).json<TCoachingSession>().result;
    expect(result?.before.records).toBeGreaterThan(0);
    expect(result?.after.records).toBeGreaterThan(0);
    expect(result?.verdict).not.toBe('unknown');

    // Notifications: unread ones for each, of the kinds their role is told of, and read ones too.
    for (const [caller, kinds] of [
      [agent, ['qc-record', 'coaching']],
      [qc, ['acknowledgement-overdue']],
    ] as const) {
      const unread = await caller.get('/api/notifications?unread=true');
      expect(unread.status, unread.text).toBe(200);
      const list = unread.json<TNotificationList>();
      expect(list.unread).toBeGreaterThan(0);
      for (const kind of kinds) expect(list.items.map((n) => n.kind)).toContain(kind);
      const all = (await caller.get('/api/notifications')).json<TNotificationList>();
      expect(all.items.some((n) => n.readAt !== null)).toBe(true);
    }
  });
});
