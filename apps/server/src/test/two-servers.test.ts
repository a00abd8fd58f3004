// Two real server processes on one PostgreSQL database, as behind a load balancer (docs/architecture.md §7): they serve the
// same data, accept each other's tokens, share one dialer poller, and both dashboards get its readings. Both start at
// once as a server does in production: DATABASE_URL the application's role, DATABASE_OWNER_URL the owner's, so their
// start-ups migrate and grant side by side (docs/trust.md, Database roles).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DIALER_EVENT, ZDialerState, type TDialerState, type TDialerStats } from '@crm/shared';
import { FAKE_STATS, startFakeVicidial, type FakeVicidial } from './fake-vicidial.ts';
import { readSse, type SseReader } from './sse-client.ts';
import { appUrlOf, createDatabaseFromTemplate, dropDatabase } from './databases.ts';
import { startServer, type RunningServer } from './process.ts';

const PASSWORD = 'two-servers-keeper-pass';
const POLL_MS = 1000;
const LEADER_LOG = 'this server now polls the dialer';

let fake: FakeVicidial;
let databaseUrl: string;
const dirs: string[] = [];
const servers: RunningServer[] = [];
const streams: AbortController[] = [];

beforeAll(async () => {
  fake = await startFakeVicidial();
  // TEST_DATABASE_URL's server, or the embedded PostgreSQL the test run started: either is reachable by both.
  databaseUrl = await createDatabaseFromTemplate(inject('dbAdminUrl'), inject('dbTemplate'));
  const start = async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-two-servers-'));
    dirs.push(dataDir);
    return startServer({
      DATABASE_URL: appUrlOf(databaseUrl),
      DATABASE_OWNER_URL: databaseUrl,
      // Each server has its own DATA_DIR: only the shared JWT_SECRET makes their tokens valid on both.
      DATA_DIR: dataDir,
      JWT_SECRET: 'two-servers-shared-signing-secret-0123456789',
      CRM_ADMIN_PASSWORD: PASSWORD,
      VICIDIAL_URL: fake.url,
      VICIDIAL_USER: fake.user,
      VICIDIAL_PASS: fake.pass,
      VICIDIAL_USER_GROUPS: 'G1',
      DIALER_POLL_MS: String(POLL_MS),
      WEB_DIST: undefined,
    });
  };
  servers.push(...(await Promise.all([start(), start()])));
});

afterAll(async () => {
  for (const c of streams) c.abort();
  for (const s of servers) await s.stop();
  if (databaseUrl) await dropDatabase(inject('dbAdminUrl'), new URL(databaseUrl).pathname.slice(1));
  await fake?.close();
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
});

async function call(server: RunningServer, method: string, url: string, token?: string, body?: unknown) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const r = await fetch(`${server.url}${url}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

async function signIn(server: RunningServer): Promise<string> {
  const r = await call(server, 'POST', '/api/auth/signInSuperAdmin', undefined, {
    username: 'admin',
    password: PASSWORD,
  });
  expect(r.status).toBe(200);
  return String(r.body.jwtToken);
}

async function openStream(server: RunningServer, session: string): Promise<SseReader> {
  const media = await call(server, 'GET', '/api/auth/media-token', session);
  expect(media.status).toBe(200);
  const controller = new AbortController();
  streams.push(controller);
  const res = await fetch(`${server.url}/api/dialer/stream?token=${encodeURIComponent(String(media.body.token))}`, {
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  return readSse(res.body!);
}

/** Reads the stream until a state satisfies `match`; older readings may come first. */
async function stateWhere(
  events: SseReader,
  match: (s: TDialerState) => boolean,
  timeoutMs = 6000,
): Promise<TDialerState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const e = await events.next(Math.max(1, deadline - Date.now()));
    expect(e?.event).toBe(DIALER_EVENT);
    const state = ZDialerState.parse(JSON.parse(e!.data));
    if (match(state)) return state;
  }
}

/** Dialer requests the fake receives over `ms`. */
async function requestsDuring(ms: number): Promise<number> {
  const before = fake.requests.length;
  await new Promise((r) => setTimeout(r, ms));
  return fake.requests.length - before;
}

const leaders = () => servers.filter((s) => s.output().includes(LEADER_LOG));

describe('two server processes on one PostgreSQL', { timeout: 30_000 }, () => {
  let session: string;
  let readers: SseReader[];

  it('serve the same data, and a sign-in on one is valid on the other', async () => {
    const [one, two] = servers as [RunningServer, RunningServer];
    session = await signIn(one);
    const created = await call(one, 'POST', '/cc/addCampaign', session, {
      campaignType: 'Outbound',
      campaignName: 'Shared floor',
      campaignId: 'SHARED1',
      callTarget: 40,
    });
    expect(created.status).toBe(200);
    const read = await call(two, 'GET', `/cc/campaign/${String(created.body.id)}`, session);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ campaignName: 'Shared floor', campaignId: 'SHARED1', callTarget: 40 });
    // And the other way round: a change through the second is what the first serves.
    const updated = await call(two, 'PUT', '/cc/updateCampaign', await signIn(two), {
      id: created.body.id,
      campaignName: 'Shared floor B',
      campaignId: 'SHARED1',
    });
    expect(updated.status).toBe(200);
    expect((await call(one, 'GET', `/cc/campaign/${String(created.body.id)}`, session)).body).toMatchObject({
      campaignName: 'Shared floor B',
    });
  });

  it('poll the dialer from one server only, and both dashboards receive every reading', async () => {
    readers = await Promise.all(servers.map((s) => openStream(s, session)));
    const figures: TDialerStats = { ...FAKE_STATS, calls_waiting: 17 };
    fake.set({ kind: 'figures', stats: figures });
    const [a, b] = await Promise.all(readers.map((r) => stateWhere(r, (s) => s.stats?.calls_waiting === 17)));
    expect(a).toMatchObject({ mode: 'vicidial', stats: figures, error: null });
    // One reading, seen by both: the very same state, read at the same moment.
    expect(b).toEqual(a);

    expect(leaders()).toHaveLength(1);
    // One poller reads about once a second; two would read about twice as often.
    const requests = await requestsDuring(3 * POLL_MS);
    expect(requests).toBeGreaterThanOrEqual(1);
    expect(requests).toBeLessThanOrEqual(4);
    // Both answer the status from the same latest reading (asked again should a reading land between the two).
    const statuses = () =>
      Promise.all(
        servers.map(async (s) => ZDialerState.parse((await call(s, 'GET', '/api/dialer/status', session)).body)),
      );
    await expect
      .poll(async () => {
        const [x, y] = await statuses();
        return x?.stats?.calls_waiting === 17 && x.updatedAt === y?.updatedAt;
      })
      .toBe(true);
  });

  it('hand polling to the other server when the polling one dies, whose dashboard keeps receiving', async () => {
    const leader = leaders()[0]!;
    const survivor = servers.find((s) => s !== leader)!;
    const events = readers[servers.indexOf(survivor)]!;
    leader.child.kill('SIGKILL');
    const killedAt = Date.now();
    const figures: TDialerStats = { ...FAKE_STATS, calls_waiting: 23, agents_waiting: 7 };
    fake.set({ kind: 'figures', stats: figures });

    const after = await stateWhere(
      events,
      (s) => s.stats?.calls_waiting === 23 && Date.parse(s.updatedAt ?? '') > killedAt,
    );
    expect(after).toMatchObject({ stats: figures, error: null });
    // Taken over within about a poll interval (plus the time the kill takes to reach PostgreSQL).
    expect(Date.parse(after.updatedAt!) - killedAt).toBeLessThan(4 * POLL_MS);
    // The log goes out every 100 ms (http/log-format.ts): the line may follow the takeover by that much.
    await expect.poll(() => survivor.output()).toContain(LEADER_LOG);

    const requests = await requestsDuring(2 * POLL_MS);
    expect(requests).toBeGreaterThanOrEqual(1);
    expect(requests).toBeLessThanOrEqual(3);
    const next = await stateWhere(events, (s) => Date.parse(s.updatedAt ?? '') > Date.parse(after.updatedAt!));
    expect(next).toMatchObject({ stats: figures, error: null });
  });
});

describe('their database role', () => {
  it("is the application's own: neither start-up warns of a superuser or of the tables' owner", () => {
    for (const s of servers) expect(s.output()).not.toMatch(/database role "[^"]+" (is a superuser|owns the tables)/);
  });
});
