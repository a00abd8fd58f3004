import http from 'node:http';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { createUser, openTestDatabase, sessionTokenFor, testConfig } from '../test/harness.ts';

// Short limits so the test is quick: a body must bring 1 KiB every 2 s, headers must arrive within 2 s.
const LIMIT_MS = 2000;
/** The longest a cut may take: the limit, the one-second check interval, and slack for a busy machine. */
const CUT_WITHIN_MS = LIMIT_MS + 3000;

let app: App;
let port: number;
let drop: () => Promise<void>;

beforeAll(async () => {
  const config = await testConfig({ bodyTimeoutMs: LIMIT_MS, headersTimeoutMs: LIMIT_MS });
  const opened = await openTestDatabase(config.db);
  drop = opened.drop;
  app = await buildApp(config, { database: opened.database });
  // A handler that stops reading for a while, as a lead upload does while the database catches up.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/octet-stream', (_req, payload, done) => done(null, payload));
    scope.post('/test/slow-reader', { config: { public: true } }, async (req) => {
      await sleep(LIMIT_MS * 2);
      let bytes = 0;
      let paused = false;
      for await (const chunk of req.body as Readable) {
        bytes += (chunk as Buffer).length;
        if (!paused && bytes > 1024 * 1024) {
          paused = true;
          await sleep(LIMIT_MS * 2);
        }
      }
      return { bytes };
    });
    scope.post('/test/count', { config: { public: true } }, async (req) => {
      let bytes = 0;
      for await (const chunk of req.body as Readable) bytes += (chunk as Buffer).length;
      return { bytes };
    });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

afterAll(async () => {
  await app?.close();
  await drop?.();
});

/** Opens a raw connection, sends `head`, then one byte of `trickle` every 300 ms; resolves when the server hangs up. */
function trickle(head: string, drip: string): Promise<{ closedAfterMs: number; dripped: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    let dripped = 0;
    const timer = setInterval(() => {
      if (dripped < drip.length && !socket.destroyed) socket.write(drip[dripped++]!);
    }, 300);
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ closedAfterMs: Date.now() - started, dripped });
    });
  });
}

/** POSTs `chunks` of the body with `gapMs` between them, honouring back-pressure; resolves with the reply. */
function post(path: string, chunks: Buffer[], gapMs: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const total = chunks.reduce((n, c) => n + c.length, 0);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'content-length': total },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    void (async () => {
      for (const chunk of chunks) {
        if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
        if (gapMs > 0) await sleep(gapMs);
      }
      req.end();
    })();
  });
}

describe('slow clients', () => {
  it('cut a request body that trickles in one byte at a time', async () => {
    const body = JSON.stringify({ username: 'admin', password: 'x'.repeat(200) });
    const head = `POST /api/auth/signInSuperAdmin HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { closedAfterMs, dripped } = await trickle(head, body);
    expect(closedAfterMs).toBeLessThan(CUT_WITHIN_MS);
    expect(dripped).toBeLessThan(body.length);
  }, 20_000);

  it('cut a client that trickles its headers', async () => {
    const { closedAfterMs } = await trickle('GET /healthz HTTP/1.1\r\n', 'X-Slow: ' + 'a'.repeat(200));
    expect(closedAfterMs).toBeLessThan(CUT_WITHIN_MS);
  }, 20_000);

  it('keep a large body that the server itself reads slowly (back-pressure never counts against the client)', async () => {
    const chunks = Array.from({ length: 64 }, () => Buffer.alloc(64 * 1024, 97));
    const reply = await post('/test/slow-reader', chunks, 0);
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toEqual({ bytes: 64 * 64 * 1024 });
  }, 30_000);

  it('keep a body that arrives slowly but steadily, for longer than the limit', async () => {
    const chunks = Array.from({ length: 12 }, () => Buffer.alloc(4096, 98));
    const started = Date.now();
    const reply = await post('/test/count', chunks, 500);
    expect(Date.now() - started).toBeGreaterThan(LIMIT_MS * 2);
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toEqual({ bytes: 12 * 4096 });
  }, 30_000);

  it('keep the dialer event stream open for longer than both limits', async () => {
    const admin = await createUser(app.db, { role: 'admin' });
    const session = await sessionTokenFor(app, admin);
    const media = await app.inject({ url: '/api/auth/media-token', headers: { authorization: `Bearer ${session}` } });
    const { token } = media.json<{ token: string }>();
    const received = await new Promise<{ open: boolean; text: string }>((resolve, reject) => {
      const req = http.get(
        { host: '127.0.0.1', port, path: `/api/dialer/stream?token=${encodeURIComponent(token)}` },
        (res) => {
          expect(res.statusCode).toBe(200);
          let text = '';
          let open = true;
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('close', () => (open = false));
          setTimeout(() => {
            resolve({ open, text });
            req.destroy();
          }, LIMIT_MS * 3);
        },
      );
      req.on('error', reject);
    });
    expect(received.open).toBe(true);
    expect(received.text).toContain('data:');
  }, 20_000);
});
