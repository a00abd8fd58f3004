import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { DIALER_EVENT, ZDialerState, type TDbRole, type TDialerState, type TDialerStats } from '@crm/shared';
import { buildApp, type App } from '../../app.ts';
import type { TDialerConfig } from '../../config.ts';
import {
  caller,
  createUser,
  openTestDatabase,
  sessionTokenFor,
  testConfig,
  useTestApp,
  type Caller,
} from '../../test/harness.ts';
import { FAKE_STATS, startFakeVicidial, type FakeVicidial } from '../../test/fake-vicidial.ts';
import { readSse, type SseReader } from '../../test/sse-client.ts';

/** The VICIdial read's time-out: generous, so an answer is never mistaken for a hang on a busy machine. */
const DIALER_TIMEOUT_MS = 10_000;
/** How long a test waits for a state the poller (every 100 ms) should reach at once: wide, for a busy machine. */
const WAIT_MS = 10_000;

async function sessionToken(app: App, role: TDbRole): Promise<string> {
  return sessionTokenFor(app, await createUser(app.db, { role }));
}

async function mediaToken(app: App, session: string): Promise<string> {
  const r = await caller(app, session).get('/api/auth/media-token');
  expect(r.status).toBe(200);
  return r.json<{ token: string }>().token;
}

/** An app on its own database with the given dialer, listening on a free port (streams need a real socket). */
async function startApp(dialer: TDialerConfig) {
  const { database, drop } = await openTestDatabase();
  const app = await buildApp(await testConfig({ dialer }), { database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const admin = await sessionToken(app, 'admin');
  return {
    app,
    base,
    admin: caller(app, admin),
    adminSession: admin,
    drop,
    stop: async () => {
      await app.close();
      await drop();
    },
  };
}

async function openStream(
  base: string,
  token: string,
  signal?: AbortSignal,
): Promise<{ status: number; type: string | null; events: SseReader | null; res: Response }> {
  const res = await fetch(`${base}/api/dialer/stream?token=${encodeURIComponent(token)}`, signal ? { signal } : {});
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    res,
    events: res.ok && res.body ? readSse(res.body) : null,
  };
}

async function nextState(events: SseReader): Promise<TDialerState> {
  const e = await events.next(WAIT_MS);
  expect(e?.event).toBe(DIALER_EVENT);
  return ZDialerState.parse(JSON.parse(e!.data));
}

/** Reads events until one satisfies `match` (the poller publishes every read, so older figures may come first). */
async function stateWhere(events: SseReader, match: (s: TDialerState) => boolean): Promise<TDialerState> {
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    const s = await nextState(events);
    if (match(s)) return s;
  }
  throw new Error('no matching state');
}

/** Polls the status until one satisfies `match`, and returns that one (a later read may hold a newer error). */
async function statusWhere(api: Caller, match: (s: TDialerState) => boolean, timeout = WAIT_MS): Promise<TDialerState> {
  let matched: TDialerState | undefined;
  await expect
    .poll(
      async () => {
        const state = ZDialerState.parse((await api.get('/api/dialer/status')).body);
        if (match(state)) matched = state;
        return matched !== undefined;
      },
      { timeout, interval: 50 },
    )
    .toBe(true);
  return matched!;
}

describe('dialer routes when no dialer is configured (the default)', () => {
  const t = useTestApp();

  it('refuses anonymous callers, agents and QC inspectors on status and stream', async () => {
    for (const url of ['/api/dialer/status', '/api/dialer/stream']) {
      expect((await t.anonymous.get(url)).status, url).toBe(401);
      expect((await (await t.callerFor('agent')).get(url)).status, url).toBe(403);
      expect((await (await t.callerFor('qc')).get(url)).status, url).toBe(403);
    }
    // A media token of an agent or QC inspector opens no dialer stream either.
    for (const role of ['agent', 'qc'] as const) {
      const media = await mediaToken(t.app, await sessionToken(t.app, role));
      expect((await t.anonymous.get(`/api/dialer/stream?token=${media}`)).status).toBe(403);
    }
  });

  it('says so: unconfigured, no figures, no error', async () => {
    const r = await (await t.callerFor('admin')).get('/api/dialer/status');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ mode: 'unconfigured', stats: null, updatedAt: null, error: null, errorAt: null });
  });
});

describe('dialer routes on a VICIdial (fake)', () => {
  let fake: FakeVicidial;
  let s: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    fake = await startFakeVicidial({ pass: 'never-shown-pass' });
    s = await startApp({
      mode: 'vicidial',
      url: fake.url,
      user: fake.user,
      pass: fake.pass,
      userGroups: ['G1', 'G2'],
      pollMs: 100,
      timeoutMs: DIALER_TIMEOUT_MS,
    });
  });
  afterAll(async () => {
    await s?.stop();
    await fake?.close();
  });

  it(
    'reads the figures, keeps the last good ones with the error when the dialer fails, and recovers',
    { timeout: 90_000 },
    async () => {
      fake.set({ kind: 'figures', stats: FAKE_STATS });
      const good = await statusWhere(
        s.admin,
        (st) => st.stats?.calls_waiting === FAKE_STATS.calls_waiting && st.error === null,
      );
      expect(good).toMatchObject({ mode: 'vicidial', stats: FAKE_STATS, error: null, errorAt: null });
      // A reading of this run (a wide bound, for a busy machine).
      expect(Date.parse(good.updatedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

      fake.set({ kind: 'error', message: 'user_group_status INVALID SEARCH PARAMETERS' });
      const failed = await statusWhere(s.admin, (st) => st.error !== null);
      expect(failed.error).toBe('user_group_status INVALID SEARCH PARAMETERS');
      expect(failed.stats).toEqual(FAKE_STATS);
      expect(failed.updatedAt).not.toBeNull();
      expect(Date.parse(failed.errorAt ?? '')).toBeGreaterThanOrEqual(Date.parse(failed.updatedAt ?? ''));

      fake.set({ kind: 'hang' });
      const hung = await statusWhere(
        s.admin,
        (st) => st.error?.includes('did not answer') === true,
        DIALER_TIMEOUT_MS + WAIT_MS,
      );
      expect(hung.error).toBe('The dialer did not answer within 10 s.');
      expect(hung.stats).toEqual(FAKE_STATS);

      const next: TDialerStats = { ...FAKE_STATS, calls_waiting: 11 };
      fake.set({ kind: 'figures', stats: next });
      // A read that began while the dialer hung still waits out its time-out first.
      expect(await statusWhere(s.admin, (st) => st.error === null, DIALER_TIMEOUT_MS + WAIT_MS)).toMatchObject({
        stats: next,
        errorAt: null,
      });
    },
  );

  it('never shows the VICIdial credentials', async () => {
    fake.set({ kind: 'error', message: `denied for ${fake.user} with ${fake.pass}` });
    const st = await statusWhere(s.admin, (x) => x.error?.startsWith('denied') === true);
    expect(JSON.stringify(st)).not.toContain(fake.pass);
    expect(JSON.stringify(st)).not.toContain(fake.user);
    fake.set({ kind: 'figures', stats: FAKE_STATS });
  });

  it('streams the current state at once, then each change, to an admin with a media token', async () => {
    fake.set({ kind: 'figures', stats: FAKE_STATS });
    await statusWhere(s.admin, (st) => st.error === null && st.stats?.calls_waiting === FAKE_STATS.calls_waiting);
    const controller = new AbortController();
    const stream = await openStream(s.base, await mediaToken(s.app, s.adminSession), controller.signal);
    try {
      expect(stream.status).toBe(200);
      expect(stream.type).toMatch(/^text\/event-stream/);
      const first = await nextState(stream.events!);
      expect(first).toMatchObject({ mode: 'vicidial', stats: FAKE_STATS });

      const changed: TDialerStats = { ...FAKE_STATS, agents_in_calls: 27, agents_logged_in: 39 };
      fake.set({ kind: 'figures', stats: changed });
      expect((await stateWhere(stream.events!, (st) => st.stats?.agents_in_calls === 27)).stats).toEqual(changed);
    } finally {
      controller.abort();
    }
  });

  it('accepts only a media token in the query: a session token there, or none, is refused', async () => {
    expect((await openStream(s.base, s.adminSession)).status).toBe(401);
    expect((await fetch(`${s.base}/api/dialer/stream`)).status).toBe(401);
    expect((await openStream(s.base, 'not-a-token')).status).toBe(401);
  });
});

describe('closing the app', () => {
  it('ends open streams instead of hanging on them', async () => {
    const s = await startApp({ mode: 'simulated', pollMs: 60_000 });
    const stream = await openStream(s.base, await mediaToken(s.app, s.adminSession));
    const first = await nextState(stream.events!);
    expect(first.mode).toBe('simulated');
    // The close ends the open stream instead of waiting on it: a wide bound, for a busy machine (a hang is endless);
    // the database's drop is not timed.
    const started = Date.now();
    await s.app.close();
    expect(Date.now() - started).toBeLessThan(WAIT_MS);
    expect(await stream.events!.next(WAIT_MS)).toBeNull();
    await s.drop();
  });
});

describe('the simulator (DIALER=simulated)', () => {
  it('publishes plausible figures, labelled simulated, whose agent states add up', async () => {
    const s = await startApp({ mode: 'simulated', pollMs: 1000 });
    try {
      const st = await statusWhere(s.admin, (x) => x.stats !== null);
      expect(st.mode).toBe('simulated');
      const { agents_logged_in, calls_waiting: _waiting, ...states } = st.stats!;
      expect(Object.values(states).reduce((a, b) => a + b, 0)).toBe(agents_logged_in);
      expect(agents_logged_in).toBeGreaterThan(0);
    } finally {
      await s.stop();
    }
  });
});
