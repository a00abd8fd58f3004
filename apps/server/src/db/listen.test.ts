// The dedicated LISTEN connection on the real PostgreSQL: payloads arrive, a cut connection is opened again and
// listens again, a failed open is retried, and stop() ends it for good.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openTestDatabase } from '../test/harness.ts';
import type { Database } from './database.ts';
import { createChannelListener, type ChannelListener } from './listen.ts';

const CHANNEL = 'crm_listen_test';
const APPLICATION_NAME = 'crm-listen-test';

let database: Database;
let drop: () => Promise<void>;
let sender: pg.Client;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  sender = new pg.Client({ connectionString: database.url });
  await sender.connect();
});
afterAll(async () => {
  await sender.end();
  await drop();
});

const running: ChannelListener[] = [];
afterEach(async () => {
  for (const l of running.splice(0)) await l.stop();
});

/** A listener with every hook recorded; `refuse` first connections go to a closed port and fail. */
function startListener(refuse = 0) {
  const seen = { payloads: [] as (string | undefined)[], connected: [] as boolean[], lost: 0, failed: [] as boolean[] };
  let opened = 0;
  const listener = createChannelListener({
    channel: CHANNEL,
    connect: () => {
      opened += 1;
      return opened <= refuse
        ? new pg.Client({ host: '127.0.0.1', port: 1, connectionTimeoutMillis: 1000 })
        : new pg.Client({ connectionString: database.url, application_name: APPLICATION_NAME });
    },
    onPayload: (payload) => seen.payloads.push(payload),
    onConnected: (again) => void seen.connected.push(again),
    onLost: () => (seen.lost += 1),
    onOpenFailed: (_err, first) => void seen.failed.push(first),
  });
  listener.start();
  running.push(listener);
  return { listener, seen };
}

const notify = (payload: string) => sender.query('select pg_notify($1, $2)', [CHANNEL, payload]);
const backends = async () =>
  (
    await sender.query<{ pid: number }>(
      'select pid from pg_stat_activity where application_name = $1 and datname = current_database()',
      [APPLICATION_NAME],
    )
  ).rows.map((r) => r.pid);

describe('the channel listener', () => {
  it('hands on each payload of its channel', async () => {
    const { listener, seen } = startListener();
    await expect.poll(() => seen.connected).toEqual([false]);
    expect(listener.client()).toBeDefined();
    await sender.query('select pg_notify($1, $2)', ['crm_listen_other', 'not ours']);
    await notify('one');
    await notify('two');
    await expect.poll(() => seen.payloads).toEqual(['one', 'two']);
  });

  it('opens the connection again after pg_terminate_backend and listens on it', async () => {
    const { listener, seen } = startListener();
    await expect.poll(() => seen.connected).toEqual([false]);
    const [pid] = await backends();
    await sender.query('select pg_terminate_backend($1)', [pid]);

    await expect.poll(() => seen.lost).toBe(1);
    await expect.poll(() => seen.connected, { timeout: 5000 }).toEqual([false, true]);
    const after = await backends();
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(pid);
    expect(listener.client()).toBeDefined();
    await notify('after the cut');
    await expect.poll(() => seen.payloads).toEqual(['after the cut']);
  });

  it('retries an open that fails, warning the first time in a row only', async () => {
    const { seen } = startListener(2);
    await expect.poll(() => seen.connected, { timeout: 5000 }).toEqual([false]);
    expect(seen.failed).toEqual([true, false]);
    expect(seen.lost).toBe(0);
    await notify('at last');
    await expect.poll(() => seen.payloads).toEqual(['at last']);
  });

  it('closes the connection on stop and does not open it again', async () => {
    const { listener, seen } = startListener();
    await expect.poll(() => seen.connected).toEqual([false]);
    await listener.stop();
    expect(listener.client()).toBeUndefined();
    expect(listener.stopped()).toBe(true);
    await expect.poll(backends).toEqual([]);
    // Its own close is no loss: nothing is reported and nothing reconnects.
    expect(seen.lost).toBe(0);
    expect(seen.connected).toEqual([false]);
  });
});
