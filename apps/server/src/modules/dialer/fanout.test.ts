import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import pino from 'pino';
import type { TDialerState, TDialerStats } from '@crm/shared';
import type { Database } from '../../db/database.ts';
import { openTestDatabase } from '../../test/harness.ts';
import {
  createDialerFanout,
  decodeState,
  DIALER_APPLICATION_NAME,
  DIALER_CHANNEL,
  encodeState,
  LOST_CONNECTION_MESSAGE,
  MAX_PAYLOAD_BYTES,
  POLLER_LOCK_KEY,
  staleMessage,
  type DialerFanout,
} from './fanout.ts';
import { createDialerPoller } from './poller.ts';
import { initialDialerState } from './service.ts';
import { DialerReadError } from './vicidial.ts';

const STATS: TDialerStats = {
  calls_waiting: 2,
  agents_logged_in: 10,
  agents_in_calls: 6,
  agents_waiting: 2,
  agents_paused: 1,
  agents_in_dead_calls: 0,
  agents_in_dispo: 1,
  agents_in_dial: 0,
};
const POLL_MS = 100;

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => drop());

/** What the fake dialer answers: figures, or an error message to fail with. */
let answer: TDialerStats | string = STATS;
const running: DialerFanout[] = [];
const clients: pg.Client[] = [];
afterEach(async () => {
  answer = STATS;
  for (const f of running.splice(0)) await f.stop();
  for (const c of clients.splice(0)) await c.end().catch(() => undefined);
});

/** One server's part in the fan-out, with its own dialer reads counted and its log kept. */
function startServer(staleAfterMs = 5000) {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  const server = {
    reads: 0,
    seen: [] as TDialerState[],
    log: () => lines.join(''),
    fanout: undefined as unknown as DialerFanout,
  };
  const source = {
    mode: 'vicidial' as const,
    read: async () => {
      server.reads += 1;
      if (typeof answer === 'string') throw new DialerReadError(answer);
      return answer;
    },
  };
  server.fanout = createDialerFanout({
    connect: () => new pg.Client({ connectionString: database.url, application_name: DIALER_APPLICATION_NAME }),
    initial: initialDialerState('vicidial'),
    createPoller: (publisher) => createDialerPoller({ source, publisher, intervalMs: POLL_MS, log }),
    intervalMs: POLL_MS,
    staleAfterMs,
    log,
  });
  server.fanout.publisher.subscribe((s) => server.seen.push(s));
  server.fanout.start();
  running.push(server.fanout);
  return server;
}

async function sqlClient(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: database.url });
  await c.connect();
  clients.push(c);
  return c;
}

const current = (s: { fanout: DialerFanout }) => s.fanout.publisher.current();

describe('the dialer fan-out over PostgreSQL', () => {
  it('lets one of two servers poll, shows each of its readings on both, and hands polling over when it stops', async () => {
    const a = startServer();
    const b = startServer();
    await expect.poll(() => [a, b].filter((s) => s.fanout.isLeader()).length).toBe(1);
    await expect.poll(() => current(a).stats !== null && current(b).stats !== null).toBe(true);
    const [leader, follower] = a.fanout.isLeader() ? [a, b] : [b, a];

    answer = { ...STATS, calls_waiting: 9 };
    await expect.poll(() => current(a).stats?.calls_waiting === 9 && current(b).stats?.calls_waiting === 9).toBe(true);
    // The same reading, not two: the time it was read is the same on both.
    const reading = follower.seen.find((s) => s.stats?.calls_waiting === 9);
    expect(leader.seen.find((s) => s.stats?.calls_waiting === 9)).toEqual(reading);
    expect(leader.reads).toBeGreaterThan(0);
    expect(follower.reads).toBe(0);
    expect(follower.log()).toContain('another server polls the dialer');

    await leader.fanout.stop();
    await expect.poll(() => follower.fanout.isLeader(), { timeout: 2000 }).toBe(true);
    answer = { ...STATS, calls_waiting: 11 };
    await expect.poll(() => current(follower).stats?.calls_waiting).toBe(11);
    expect(follower.reads).toBeGreaterThan(0);
    expect(follower.log()).toContain('this server now polls the dialer');
  });

  it('shows a lost database connection at once, logs it, reconnects and resumes the figures', async () => {
    const a = startServer();
    await expect.poll(() => current(a).stats !== null && a.fanout.isLeader()).toBe(true);
    const admin = await sqlClient();
    const killed = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
      [DIALER_APPLICATION_NAME],
    );
    expect(killed.rowCount).toBe(1);

    // The dashboards say the figures are old, keeping the last ones, instead of freezing silently.
    await expect.poll(() => a.seen.some((s) => s.error === LOST_CONNECTION_MESSAGE)).toBe(true);
    expect(a.seen.find((s) => s.error === LOST_CONNECTION_MESSAGE)?.stats).toEqual(STATS);
    expect(a.log()).toContain('lost the database connection that brings the live figures');

    answer = { ...STATS, agents_paused: 4 };
    await expect.poll(() => current(a), { timeout: 3000 }).toMatchObject({ error: null, stats: { agents_paused: 4 } });
    expect(a.log()).toContain('connected to the database again');
    expect(a.fanout.isLeader()).toBe(true);
  });

  it('marks the figures stale while no server polls, shows what arrives on the channel, and takes over when the lock frees', async () => {
    // Someone else holds the lock and sends nothing: a poller that hangs, or a server cut off from the dialer.
    const holder = await sqlClient();
    await holder.query('select pg_advisory_lock($1)', [POLLER_LOCK_KEY]);
    const a = startServer(600);
    await expect.poll(() => current(a).error, { timeout: 3000 }).toBe(staleMessage(600));
    expect(current(a).stats).toBeNull();
    expect(a.fanout.isLeader()).toBe(false);
    expect(a.reads).toBe(0);

    // What is not a dialer state is ignored; a state is shown as it came.
    await holder.query('select pg_notify($1, $2)', [
      DIALER_CHANNEL,
      '{"mode":"vicidial","stats":"; drop table users"}',
    ]);
    const sent: TDialerState = {
      mode: 'vicidial',
      stats: { ...STATS, calls_waiting: 7 },
      updatedAt: new Date().toISOString(),
      error: null,
      errorAt: null,
    };
    await holder.query('select pg_notify($1, $2)', [DIALER_CHANNEL, JSON.stringify(sent)]);
    await expect.poll(() => current(a)).toEqual(sent);
    expect(a.log()).toContain('ignored a notification that is not a dialer state');

    await holder.end();
    await expect.poll(() => a.fanout.isLeader(), { timeout: 2000 }).toBe(true);
    await expect.poll(() => current(a)).toMatchObject({ error: null, stats: STATS });
    expect(a.reads).toBeGreaterThan(0);
  });

  it('keeps a reading under the 8000-byte NOTIFY limit, so even a very long error reaches the dashboards', async () => {
    answer = `dialer said: ${'é'.repeat(20_000)}`;
    const a = startServer();
    await expect.poll(() => current(a).error?.startsWith('dialer said: ééé')).toBe(true);
    expect(current(a).error?.endsWith('…')).toBe(true);
    expect(Buffer.byteLength(encodeState(current(a)))).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    // An ordinary state travels unchanged.
    const plain: TDialerState = {
      mode: 'simulated',
      stats: STATS,
      updatedAt: '2024-05-02T09:00:00.000Z',
      error: null,
      errorAt: null,
    };
    expect(decodeState(encodeState(plain))).toEqual(plain);
  });
});
