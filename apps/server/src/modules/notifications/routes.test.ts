// GET /api/notifications, POST /api/notifications/read and GET /api/notifications/stream: every user reads, marks and
// follows only their own; the push reaches the right user's open streams, and survives a lost database connection.
import { describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import {
  NOTIFICATION_EVENT,
  NOTIFICATION_KEEP_DAYS,
  ZNotificationStreamEvent,
  type TNotificationList,
  type TNotificationsReadReply,
} from '@crm/shared';
import { caller, createUser, useTestApp, type TestUser } from '../../test/harness.ts';
import { readSse, type SseReader } from '../../test/sse-client.ts';
import { notifyUsers } from './notify.ts';
import { NOTIFICATIONS_APPLICATION_NAME } from './routes.ts';

const t = useTestApp();

/** An event of the stream, read by the schema the web app reads it with. */
const event = (e: { data: string } | null) => ZNotificationStreamEvent.parse(JSON.parse(e?.data ?? 'null'));
const DAY = 24 * 3600 * 1000;

async function twoUsers() {
  const ana = await createUser(t.db, { role: 'agent' });
  const qc = await createUser(t.db, { role: 'qc' });
  return { ana, qc, anaApi: await t.as(ana), qcApi: await t.as(qc) };
}

const notice = (user: TestUser, title: string) => ({
  userId: user.id,
  kind: 'qc-record' as const,
  title,
  body: `For ${user.username}`,
  link: '/agent-performance',
});

async function list(api: Awaited<ReturnType<typeof t.as>>, query = ''): Promise<TNotificationList> {
  const r = await api.get(`/api/notifications${query}`);
  expect(r.status, r.text).toBe(200);
  return r.json<TNotificationList>();
}

describe('GET /api/notifications', () => {
  it('answers 401 without a session', async () => {
    expect((await t.anonymous.get('/api/notifications')).status).toBe(401);
    expect((await t.anonymous.post('/api/notifications/read', { all: true })).status).toBe(401);
    expect((await t.anonymous.get('/api/notifications/stream')).status).toBe(401);
  });

  it("lists the caller's own newest first with the unread count, and only unread ones when asked", async () => {
    const { ana, qc, anaApi, qcApi } = await twoUsers();
    await notifyUsers(t.db, [notice(ana, 'First')]);
    await notifyUsers(t.db, [notice(ana, 'Second'), notice(qc, 'For the inspector')]);
    const mine = await list(anaApi);
    expect(mine.unread).toBe(2);
    expect(mine.items.map((n) => n.title)).toEqual(['Second', 'First']);
    expect(mine.items[0]).toMatchObject({ kind: 'qc-record', link: '/agent-performance', readAt: null });
    expect((await list(qcApi)).items.map((n) => n.title)).toEqual(['For the inspector']);

    const first = mine.items[1]!.id;
    await anaApi.post('/api/notifications/read', { ids: [first] });
    expect((await list(anaApi, '?unread=true')).items.map((n) => n.title)).toEqual(['Second']);
    expect((await list(anaApi)).items.find((n) => n.id === first)?.readAt).not.toBeNull();
  });

  it(`keeps ${NOTIFICATION_KEEP_DAYS} days: older ones are not listed, and deleted when the user is told again`, async () => {
    const { ana, anaApi } = await twoUsers();
    await notifyUsers(t.db, [notice(ana, 'Old')]);
    await sql`update notifications set created_at = ${new Date(Date.now() - (NOTIFICATION_KEEP_DAYS + 1) * DAY)}
               where user_id = ${ana.id}`.execute(t.ownerDb);
    expect(await list(anaApi)).toEqual({ items: [], unread: 0 });
    await notifyUsers(t.db, [notice(ana, 'New')]);
    const rows = await t.db.selectFrom('notifications').select('title').where('userId', '=', ana.id).execute();
    expect(rows.map((r) => r.title)).toEqual(['New']);
  });

  it('tells one user once per kind and link in one call, and of each of two things of a kind', async () => {
    const { ana, anaApi } = await twoUsers();
    await notifyUsers(t.db, [notice(ana, 'Once'), notice(ana, 'Twice')]);
    expect((await list(anaApi)).items.map((n) => n.title)).toEqual(['Once']);
    // Two overdue records in one batch of a check: two notices, one per record.
    await notifyUsers(t.db, [
      { ...notice(ana, 'Record 7'), link: '/editqc/7' },
      { ...notice(ana, 'Record 8'), link: '/editqc/8' },
    ]);
    expect((await list(anaApi)).items.map((n) => n.title).sort()).toEqual(['Once', 'Record 7', 'Record 8']);
  });
});

describe('POST /api/notifications/read', () => {
  it("marks the caller's own by id and ignores another's ids, never marking them", async () => {
    const { ana, qc, anaApi, qcApi } = await twoUsers();
    await notifyUsers(t.db, [notice(ana, 'Ana'), notice(qc, 'Inspector')]);
    const anas = (await list(anaApi)).items[0]!.id;
    const qcs = (await list(qcApi)).items[0]!.id;
    const r = await anaApi.post('/api/notifications/read', { ids: [qcs] });
    expect(r.status).toBe(200);
    expect(r.json<TNotificationsReadReply>()).toEqual({ marked: 0, unread: 1 });
    expect((await list(qcApi)).unread).toBe(1);
    const both = await anaApi.post('/api/notifications/read', { ids: [anas, qcs] });
    expect(both.json<TNotificationsReadReply>()).toEqual({ marked: 1, unread: 0 });
    expect((await list(qcApi)).items[0]!.readAt).toBeNull();
  });

  it("marks all of the caller's own with {all: true}, and nobody else's", async () => {
    const { ana, qc, anaApi, qcApi } = await twoUsers();
    await notifyUsers(t.db, [notice(ana, 'A1'), notice(qc, 'Q1')]);
    await notifyUsers(t.db, [notice(ana, 'A2')]);
    const r = await anaApi.post('/api/notifications/read', { all: true });
    expect(r.json<TNotificationsReadReply>()).toEqual({ marked: 2, unread: 0 });
    expect((await list(qcApi)).unread).toBe(1);
  });

  it('refuses a body that is neither ids nor all: true', async () => {
    const { anaApi } = await twoUsers();
    for (const body of [{}, { ids: [] }, { all: false }, { ids: ['x'] }, { ids: [1], all: true }])
      expect((await anaApi.post('/api/notifications/read', body)).status, JSON.stringify(body)).toBe(400);
  });
});

describe('GET /api/notifications/stream', () => {
  async function serverUrl(): Promise<string> {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }

  async function open(user: TestUser, signal: AbortSignal): Promise<SseReader> {
    const media = await (await t.as(user)).get('/api/auth/media-token');
    const token = media.json<{ token: string }>().token;
    const res = await fetch(`${await serverUrl()}/api/notifications/stream?token=${encodeURIComponent(token)}`, {
      signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    return readSse(res.body!);
  }

  /** The dedicated connection of this app is listening (after a start or a reconnect). */
  async function listening(): Promise<boolean> {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
       where datname = current_database() and application_name = ${NOTIFICATIONS_APPLICATION_NAME}
         and query ilike 'listen%'`.execute(t.ownerDb);
    return rows[0]!.n > 0;
  }

  it('pushes a new notification to its user only, with the unread count', async () => {
    await expect.poll(listening).toBe(true);
    const { ana, qc } = await twoUsers();
    await notifyUsers(t.db, [notice(ana, 'Before')]);
    const abort = new AbortController();
    try {
      const anaStream = await open(ana, abort.signal);
      const qcStream = await open(qc, abort.signal);
      const ready = await anaStream.next();
      expect(ready?.event).toBe(NOTIFICATION_EVENT);
      expect(event(ready)).toEqual({ unread: 1, notification: null });
      expect(event(await qcStream.next())).toEqual({ unread: 0, notification: null });

      await notifyUsers(t.db, [notice(ana, 'Scored')]);
      const pushed = await anaStream.next();
      expect(pushed?.event).toBe(NOTIFICATION_EVENT);
      expect(event(pushed)).toMatchObject({
        unread: 2,
        notification: { title: 'Scored', body: `For ${ana.username}` },
      });

      // The inspector's next event is their own notification: Ana's never reached their stream.
      await notifyUsers(t.db, [notice(qc, 'Disputed')]);
      const theirs = await qcStream.next();
      expect(event(theirs).notification?.title).toBe('Disputed');
    } finally {
      abort.abort();
    }
  });

  it('tells the other open streams of the user when they mark read, and pushes nothing of a refused change', async () => {
    await expect.poll(listening).toBe(true);
    const { ana, anaApi } = await twoUsers();
    await notifyUsers(t.db, [notice(ana, 'Unread')]);
    const abort = new AbortController();
    try {
      const stream = await open(ana, abort.signal);
      await stream.next();
      // A transaction that rolls back tells nobody.
      await t.db
        .transaction()
        .execute(async (trx) => {
          await notifyUsers(trx, [notice(ana, 'Rolled back')]);
          throw new Error('refused');
        })
        .catch(() => undefined);
      await anaApi.post('/api/notifications/read', { all: true });
      const next = await stream.next();
      expect(event(next)).toEqual({ unread: 0, notification: null });
      expect((await list(anaApi)).items.map((n) => n.title)).toEqual(['Unread']);
    } finally {
      abort.abort();
    }
  });

  it('listens again after its database connection is cut, without ending the process', async () => {
    await expect.poll(listening).toBe(true);
    const { ana } = await twoUsers();
    const abort = new AbortController();
    try {
      const stream = await open(ana, abort.signal);
      await stream.next();
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
                 where datname = current_database() and application_name = ${NOTIFICATIONS_APPLICATION_NAME}`.execute(
        t.ownerDb,
      );
      // Back: the open stream gets its count again, then the next notification.
      const again = await stream.next(15_000);
      expect(event(again).notification).toBeNull();
      await expect.poll(listening).toBe(true);
      await notifyUsers(t.db, [notice(ana, 'After the cut')]);
      expect(event(await stream.next()).notification?.title).toBe('After the cut');
      expect((await caller(t.app).get('/healthz')).status).toBe(200);
    } finally {
      abort.abort();
    }
  });
});
