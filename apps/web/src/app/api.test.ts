// The API client over real HTTP (a throw-away local server): token, errors, session expiry, time-outs, network failure.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications, notificationsStore } from '@mantine/notifications';
import { MESSAGES, ZSignInResponse } from '@crm/shared';
import { makeToken } from '../test/tokens.ts';
import {
  ApiError,
  DEFAULT_TIMEOUT_MS,
  LONG_JOB_TIMEOUT_MS,
  NETWORK_ERROR_MESSAGE,
  TIMEOUT_ERROR_MESSAGE,
  TIMEOUT_WRITE_MESSAGE,
  api,
  setSessionExpiredHandler,
  timeoutMessage,
} from './api.ts';
import { readSession, storeSession } from './session.ts';
import { silentServer } from '../test/silent-server.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const routes = new Map<string, Handler>();
let server: Server;
let base = '';

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const handler = routes.get(req.url?.split('?')[0] ?? '');
    if (handler) handler(req, res);
    else json(res, 404, { message: 'Not found.' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  routes.set('/echo', (req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () =>
      json(res, 200, { authorization: req.headers.authorization ?? null, url: req.url, method: req.method, body }),
    );
  });
  routes.set('/token', (_req, res) => json(res, 200, { jwtToken: 'abc' }));
  routes.set('/conflict', (_req, res) => json(res, 409, { message: 'A campaign named "Mobile" already exists' }));
  routes.set('/unauthorized', (_req, res) => json(res, 401, { message: 'Please sign in.' }));
  routes.set('/broken', (_req, res) => {
    res.writeHead(502, { 'content-type': 'text/html' });
    res.end('<html>Bad gateway</html>');
  });
  routes.set('/file.csv', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/csv' });
    res.end('name,agentId\nRahim,A-100\n');
  });
  routes.set('/crash', (_req, res) => {
    res.writeHead(500);
    res.end();
  });
  routes.set('/slow', (_req, res) => setTimeout(() => json(res, 200, { jwtToken: 'late' }), 400));
  // The headers and half the body, then nothing: the connection stays open.
  routes.set('/stalled', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"jwtToken":');
  });
  routes.set('/busy', (_req, res) => json(res, 503, { message: MESSAGES.database.busyReading }));
  routes.set('/disk-full', (_req, res) => json(res, 507, { message: MESSAGES.database.diskFull }));
});

afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);
afterEach(() => notifications.clean());

const shownMessages = () => notificationsStore.getState().notifications.map((n) => n.message);

describe('api', () => {
  it('sends JSON with the bearer token and validates the reply', async () => {
    const token = makeToken();
    storeSession(token);
    const reply = await api.post(`${base}/echo`, { a: 1 }, { query: { tableName: 'Mobile Survey', skip: undefined } });
    expect(reply).toMatchObject({ authorization: `Bearer ${token}`, method: 'POST', body: '{"a":1}' });
    expect(reply).toMatchObject({ url: '/echo?tableName=Mobile+Survey' });
    await expect(api.get(`${base}/token`, { schema: ZSignInResponse })).resolves.toEqual({ jwtToken: 'abc' });
  });

  it('downloads a file as a Blob, and a failed download still carries the message', async () => {
    const blob = await api.download(`${base}/file.csv`);
    expect(await blob.text()).toBe('name,agentId\nRahim,A-100\n');
    await expect(api.download(`${base}/conflict`, { notify: false })).rejects.toMatchObject({
      status: 409,
      message: 'A campaign named "Mobile" already exists',
    });
  });

  it('sends no token on an anonymous call', async () => {
    storeSession(makeToken());
    await expect(api.get(`${base}/echo`, { anonymous: true })).resolves.toMatchObject({ authorization: null });
  });

  it("turns an error reply into an ApiError with the server's message, shown in red", async () => {
    const error = await api.get(`${base}/conflict`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, kind: 'http', message: 'A campaign named "Mobile" already exists' });
    expect(shownMessages()).toEqual(['A campaign named "Mobile" already exists']);
  });

  it('gives a readable message for a non-JSON failure and a reply of the wrong shape', async () => {
    await expect(api.get(`${base}/broken`)).rejects.toMatchObject({ status: 502, message: NETWORK_ERROR_MESSAGE });
    await expect(api.get(`${base}/crash`)).rejects.toMatchObject({ status: 500, message: MESSAGES.common.serverError });
    await expect(api.get(`${base}/echo`, { schema: ZSignInResponse })).rejects.toMatchObject({ kind: 'invalid-reply' });
  });

  it('a 401 ends the session, says so once, and calls the expiry handler', async () => {
    storeSession(makeToken());
    const expired = vi.fn();
    const restore = setSessionExpiredHandler(expired);
    try {
      await expect(api.get(`${base}/unauthorized`)).rejects.toMatchObject({ status: 401 });
      expect(readSession()).toBeNull();
      expect(expired).toHaveBeenCalledTimes(1);
      expect(shownMessages()).toEqual([MESSAGES.auth.sessionExpired]);
    } finally {
      restore();
    }
  });

  it('a 401 on an anonymous call (sign-in) keeps the session and quietly reports when asked to', async () => {
    const token = makeToken();
    storeSession(token);
    const expired = vi.fn();
    const restore = setSessionExpiredHandler(expired);
    try {
      await expect(api.post(`${base}/unauthorized`, {}, { anonymous: true, notify: false })).rejects.toMatchObject({
        status: 401,
      });
      expect(readSession()?.token).toBe(token);
      expect(expired).not.toHaveBeenCalled();
      expect(shownMessages()).toEqual([]);
    } finally {
      restore();
    }
  });

  it('reports an unreachable server', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/x`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(api.get(url)).rejects.toMatchObject({ status: 0, kind: 'network', message: NETWORK_ERROR_MESSAGE });
    expect(shownMessages()).toEqual([NETWORK_ERROR_MESSAGE]);
  });

  it('aborts a call that outlives its time-out', async () => {
    await expect(api.get(`${base}/slow`, { timeoutMs: 50, notify: false })).rejects.toMatchObject({
      status: 0,
      kind: 'timeout',
    });
  });

  it('counts the whole answer against the time-out, not only its headers', async () => {
    await expect(api.get(`${base}/stalled`, { timeoutMs: 200, notify: false })).rejects.toMatchObject({
      status: 0,
      kind: 'timeout',
      message: timeoutMessage(200, false),
    });
  });

  it("shows the server's own words for database trouble (503, 507), not the gateway's 'Cannot reach the server'", async () => {
    await expect(api.get(`${base}/busy`)).rejects.toMatchObject({
      status: 503,
      kind: 'http',
      message: MESSAGES.database.busyReading,
    });
    await expect(api.get(`${base}/disk-full`)).rejects.toMatchObject({
      status: 507,
      kind: 'http',
      message: MESSAGES.database.diskFull,
    });
    expect(shownMessages()).toEqual([MESSAGES.database.busyReading, MESSAGES.database.diskFull]);
  });

  it('a call the screen cancels fails quietly', async () => {
    const controller = new AbortController();
    const pending = api.get(`${base}/slow`, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
    expect(shownMessages()).toEqual([]);
  });
});

/** The call's outcome so far: 'pending' or what it settled with. */
function watch(promise: Promise<unknown>): () => unknown {
  let outcome: unknown = 'pending';
  promise.then(
    (value: unknown) => (outcome = { value }),
    (error: unknown) => (outcome = error),
  );
  return () => outcome;
}

describe('api time-outs', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('gives every call a 60-second time-out by default, with words that say what to do', async () => {
    silentServer();
    expect(DEFAULT_TIMEOUT_MS).toBe(60_000);
    const read = watch(api.get('/api/ap/getByNumber', { notify: false }));
    const write = watch(api.put('/dynamic/updateLeadData/Spring/017', { Q1: 'Yes' }, { notify: false }));
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS - 1);
    expect([read(), write()]).toEqual(['pending', 'pending']);
    await vi.advanceTimersByTimeAsync(1);
    expect(read()).toMatchObject({ status: 0, kind: 'timeout', message: TIMEOUT_ERROR_MESSAGE });
    expect(write()).toMatchObject({ status: 0, kind: 'timeout', message: TIMEOUT_WRITE_MESSAGE });
    expect(TIMEOUT_ERROR_MESSAGE).toBe('The server did not answer within 60 seconds. Try again in a moment.');
    expect(TIMEOUT_WRITE_MESSAGE).toBe(
      'The server did not answer within 60 seconds. The change may or may not have been saved: check it, and try again if it was not.',
    );
  });

  it('shows a time-out in red like any other failure, unless the screen shows it itself', async () => {
    silentServer();
    const shown = watch(api.get('/dynamic/dashboard'));
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS);
    expect(shown()).toMatchObject({ kind: 'timeout' });
    expect(shownMessages()).toEqual([TIMEOUT_ERROR_MESSAGE]);
  });

  it('waits as long as a call asks, and without end when it opts out with null', async () => {
    silentServer();
    const longJob = watch(api.post('/dynamic/updateData', {}, { notify: false, timeoutMs: LONG_JOB_TIMEOUT_MS }));
    const controller = new AbortController();
    const unbounded = watch(api.get('/stream', { notify: false, timeoutMs: null, signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(LONG_JOB_TIMEOUT_MS - 1);
    expect([longJob(), unbounded()]).toEqual(['pending', 'pending']);
    await vi.advanceTimersByTimeAsync(1);
    expect(longJob()).toMatchObject({ kind: 'timeout', message: timeoutMessage(LONG_JOB_TIMEOUT_MS, true) });
    expect(timeoutMessage(LONG_JOB_TIMEOUT_MS, true)).toMatch(
      /^The server did not answer within 65 minutes\. The change may or may not have been saved/,
    );
    await vi.advanceTimersByTimeAsync(24 * 3_600_000);
    expect(unbounded()).toBe('pending');
    // Only the screen ends it.
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(unbounded()).toMatchObject({ kind: 'aborted' });
  });
});
