// A download whose reader takes nothing is cut after DOWNLOAD_IDLE_SECONDS, and its database connection freed
// (docs/trust.md, Heavy reads and downloads): paused readers no longer hold every bulk connection.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createCampaign, createUser, sessionTokenFor, tokenForRole, useTestApp } from '../test/harness.ts';
import { insertRecords } from '../test/qc-reports-support.ts';
import { query } from '../test/leads-support.ts';
import { DEFAULT_DB_LIMITS } from '../db/limits.ts';
import { LEAD_REPORT_QUERY, QC_EXPORT_QUERY, queriesRunning } from '../test/queries-running.ts';

/** The idle time: a steady reader below reads ten times as often, so a busy machine's late timers never stop it. */
const IDLE_MS = 2000;
// Two bulk connections; waiting for a connection ends after 2 s (a bulk one 10 × that), long enough for a new one to
// open on a busy machine.
const t = useTestApp({
  downloadIdleMs: IDLE_MS,
  heavyReadsPerUser: 2,
  db: { ...DEFAULT_DB_LIMITS, bulkPoolSize: 2, poolTimeoutMs: 2000 },
});
let port: number;
let path: string;

beforeAll(async () => {
  const c = await createCampaign(t.db);
  await t.db
    .insertInto('dataTables')
    .values({ campaignId: c.id, name: 'fat', columns: ['note'] })
    .execute();
  // ~30 MB of CSV: far more than the socket buffers between a paused reader and the server hold. Inserted as the
  // database's owner: the app's pool would cut a statement this big after 10 s on a busy machine.
  await sql`
    insert into leads (campaign_id, data_date, cell_number, respondent_name, for_d, generate_status, fields)
    select ${c.id}, '2024-06-02'::date, '+88019' || lpad(g::text, 8, '0'), 'Respondent ' || g, 'd', 1,
           jsonb_build_object('note', repeat(md5(g::text), 100))
    from generate_series(1, 10000) g`.execute(t.ownerDb);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  path = `/api/file/generateCsv?${query({ tableName: c.campaignName, dataDate: '2024-06-02' })}`;
});

/** A client that asks for the download, reads its first bytes, then stops reading (and never hangs up). */
async function pausedDownload(token: string, url = path): Promise<{ socket: net.Socket; closed: Promise<void> }> {
  const socket = net.connect({ host: '127.0.0.1', port });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(`GET ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n\r\n`);
  const first = await new Promise<Buffer>((resolve) => socket.once('data', resolve));
  expect(first.toString('latin1')).toMatch(/^HTTP\/1\.1 200/);
  socket.pause();
  return { socket, closed };
}

describe('a download nobody reads', () => {
  // Two whole 30 MB exports after the cut: half a minute on a busy machine.
  it(
    "is cut after the idle time, its connection freed, and another user's export then works",
    { timeout: 90_000 },
    async () => {
      const token = await tokenForRole(t.app, 'admin');
      const readers = [await pausedDownload(token), await pausedDownload(token)];
      // Both bulk connections are held by the two paused downloads.
      await expect.poll(() => queriesRunning(t.db, LEAD_REPORT_QUERY), { timeout: 10_000 }).toBe(2);
      // Cut after the idle time without a byte taken (before: 5 minutes): the queries end, and the readers, reading
      // again, find their downloads ended short.
      await expect.poll(() => queriesRunning(t.db, LEAD_REPORT_QUERY), { timeout: 10_000 }).toBe(0);
      for (const r of readers) r.socket.resume();
      await Promise.all(readers.map((r) => r.closed));
      const other = await tokenForRole(t.app, 'admin');
      const whole = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { authorization: `Bearer ${other}` } });
      expect(whole.status).toBe(200);
      expect((await whole.text()).split('\r\n')).toHaveLength(10_000 + 2);
      // The first user's heavy-read slots were given back with the cut.
      const again = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { authorization: `Bearer ${token}` } });
      expect(again.status).toBe(200);
      await again.arrayBuffer();
    },
  );

  it('is not cut while its reader reads slowly but steadily', async () => {
    const token = await tokenForRole(t.app, 'admin');
    const { socket, closed } = await pausedDownload(token);
    let bytes = 0;
    socket.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    let ended = false;
    void closed.then(() => {
      ended = true;
    });
    // Reads a little every tenth of the idle time, for twice the idle time: the server keeps sending.
    for (const until = Date.now() + 2 * IDLE_MS; Date.now() < until;) {
      socket.resume();
      await new Promise((resolve) => setImmediate(resolve));
      socket.pause();
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS / 10));
    }
    expect(ended).toBe(false);
    expect(bytes).toBeGreaterThan(0);
    socket.destroy();
    await expect.poll(() => queriesRunning(t.db, LEAD_REPORT_QUERY), { timeout: 10_000 }).toBe(0);
  });

  it('is cut for an xlsx export too, closing its cursor', async () => {
    const inspector = await createUser(t.db, { role: 'qc' });
    // Hex suggestions a zip cannot shrink much: tens of MB of xlsx (inserted as the owner, as above).
    await insertRecords(t.ownerDb, { count: 15_000, callDate: '2024-07-01', inspector, suggestionLength: 2000 });
    const { closed, socket } = await pausedDownload(
      await sessionTokenFor(t.app, inspector),
      '/api/qcReport/export/in-house?date=2024-07-01',
    );
    await expect.poll(() => queriesRunning(t.db, QC_EXPORT_QUERY), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => queriesRunning(t.db, QC_EXPORT_QUERY), { timeout: 10_000 }).toBe(0);
    socket.resume();
    await closed;
  });
});
