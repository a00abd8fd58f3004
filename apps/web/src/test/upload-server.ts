// Test support: a throw-away local HTTP server the browser's XMLHttpRequest (jsdom) really uploads to (app/send-form.ts).
// A <base> element points relative paths (/api/file/uploadCsv) at it; CORS headers let the cross-origin call through.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';

export type TReceived = {
  method: string;
  url: string;
  authorization: string | null;
  contentType: string;
  body: string;
};
/** drop: the connection is cut with no answer at all (the browser sees a network error). */
export type TReply = { status: number; body: unknown; delayMs?: number; drop?: boolean };

/** The answer lost on the way: the request arrived whole, the connection is cut instead of answered. */
export const LOST_ANSWER: TReply = { status: 0, body: undefined, drop: true };

export type TUploadServer = {
  base: string;
  /** What the next requests are answered with (the last one repeats). */
  reply: (...replies: TReply[]) => void;
  received: TReceived[];
  close: () => Promise<void>;
};

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, accept',
  'access-control-allow-methods': 'POST, GET',
};

export async function startUploadServer(): Promise<TUploadServer> {
  let replies: TReply[] = [{ status: 404, body: { message: 'Not found.' } }];
  const received: TReceived[] = [];
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS);
      res.end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization ?? null,
        contentType: req.headers['content-type'] ?? '',
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const next = (replies.length > 1 ? replies.shift() : replies[0]) ?? { status: 500, body: undefined };
      setTimeout(() => {
        if (next.drop === true) {
          req.socket.destroy();
          return;
        }
        res.writeHead(next.status, {
          ...CORS,
          'content-type': typeof next.body === 'string' ? 'text/plain' : 'application/json; charset=utf-8',
        });
        res.end(typeof next.body === 'string' ? next.body : JSON.stringify(next.body));
      }, next.delayMs ?? 0);
    });
  };
  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    reply: (...next) => {
      replies = next;
    },
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Makes relative XHR URLs of the page go to the test server; returns the undo. */
export function pointPageAt(base: string): () => void {
  const element = document.createElement('base');
  element.href = `${base}/`;
  document.head.append(element);
  return () => element.remove();
}

type TErrorListener = (error: Error) => void;
/** The part of jsdom's VirtualConsole (a Node EventEmitter) used here. */
type TVirtualConsole = {
  listeners: (event: 'jsdomError') => TErrorListener[];
  removeAllListeners: (event: 'jsdomError') => void;
  on: (event: 'jsdomError', listener: TErrorListener) => void;
  off: (event: 'jsdomError', listener: TErrorListener) => void;
};

/**
 * jsdom also prints each connection cut on purpose (LOST_ANSWER) through its virtual console; the tests expect
 * those, so only they are kept quiet. Returns the undo.
 */
function quietLostAnswers(): () => void {
  const virtualConsole = (window as unknown as { _virtualConsole?: TVirtualConsole })._virtualConsole;
  if (virtualConsole === undefined) return () => undefined;
  const listeners = virtualConsole.listeners('jsdomError');
  const filter: TErrorListener = (error) => {
    if (!error.message.includes('socket hang up')) for (const listener of listeners) listener(error);
  };
  virtualConsole.removeAllListeners('jsdomError');
  virtualConsole.on('jsdomError', filter);
  return () => {
    virtualConsole.off('jsdomError', filter);
    for (const listener of listeners) virtualConsole.on('jsdomError', listener);
  };
}

/**
 * One upload server for a test file, started before its tests and pointed at by the page; what it received
 * and the mocks are reset after each test.
 */
export function withUploadServer(): TUploadServer {
  const handle = {} as TUploadServer;
  let unpoint = () => {};
  let unquiet = () => {};
  beforeAll(async () => {
    Object.assign(handle, await startUploadServer());
    unpoint = pointPageAt(handle.base);
    unquiet = quietLostAnswers();
  });
  afterAll(async () => {
    unquiet();
    unpoint();
    await handle.close();
  });
  afterEach(() => {
    handle.received.length = 0;
    vi.restoreAllMocks();
  });
  return handle;
}
