// An oversize lead upload against the real product (a child process, LEAD_UPLOAD_MAX_MB=1): the 413 comes while the
// client is still sending; the rest of the body is read and dropped, so the same keep-alive connection serves the
// next request and SIGTERM still stops the server (exit code 0) in under 2 s.
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileTooLargeMessage } from '../modules/lead-import/lead-upload.ts';
import { ADMIN_PASSWORD, addCampaign, signIn, type Api } from './crash-support.ts';
import { createDatabaseFromTemplate, dropDatabase } from './databases.ts';
import { startServer, type RunningServer } from './process.ts';

const MAX_MB = 1;
/** Well past the limit, and past what the kernel buffers on a loopback connection whose reader stopped. */
const BODY_MB = 24;
const STOP_WITHIN_MS = 2000;

let databaseUrl: string;
let dataDir: string;
let server: RunningServer | undefined;
let api: Api;
const CAMPAIGN = 'Oversize Upload';

beforeAll(async () => {
  databaseUrl = await createDatabaseFromTemplate(inject('dbAdminUrl'), inject('dbTemplate'));
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-oversize-'));
  server = await startServer({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    CRM_ADMIN_PASSWORD: ADMIN_PASSWORD,
    LEAD_UPLOAD_MAX_MB: String(MAX_MB),
    WEB_DIST: undefined,
  });
  api = await signIn(server);
  await addCampaign(api, CAMPAIGN, 'OVS-1');
});

afterAll(async () => {
  await server?.kill();
  if (databaseUrl) await dropDatabase(inject('dbAdminUrl'), new URL(databaseUrl).pathname.slice(1));
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

type RawReply = { status: number; headers: Record<string, string>; body: string };

/** One keep-alive HTTP/1.1 connection, written and read by hand: replies are read in order, by Content-Length. */
class Connection {
  private buffer = Buffer.alloc(0);
  private wake: () => void = () => undefined;
  closed = false;

  constructor(readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    socket.on('error', () => undefined);
  }

  static open(port: number): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(new Connection(socket)));
      socket.once('error', reject);
    });
  }

  /** The next whole reply, or null when none comes within `timeoutMs` (or the connection closes first). */
  async reply(timeoutMs: number): Promise<RawReply | null> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const parsed = this.take();
      if (parsed) return parsed;
      const left = until - Date.now();
      if (this.closed || left <= 0) return null;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  private take(): RawReply | null {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0) return null;
    const [statusLine = '', ...lines] = this.buffer.subarray(0, end).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(
      lines.map((l) => [l.slice(0, l.indexOf(':')).trim().toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
    );
    const length = Number(headers['content-length'] ?? 0);
    if (this.buffer.length < end + 4 + length) return null;
    const body = this.buffer.subarray(end + 4, end + 4 + length).toString('utf8');
    this.buffer = this.buffer.subarray(end + 4 + length);
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  }

  /** Writes every chunk, honouring back-pressure: true once all are handed to the kernel, false if that takes over `timeoutMs`. */
  async send(chunks: Iterable<Buffer>, timeoutMs: number): Promise<boolean> {
    const until = Date.now() + timeoutMs;
    for (const chunk of chunks) {
      if (this.socket.write(chunk)) continue;
      const drained = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), Math.max(0, until - Date.now()));
        this.socket.once('drain', () => {
          clearTimeout(timer);
          resolve(true);
        });
      });
      if (!drained) return false;
    }
    return true;
  }
}

/** A multipart upload of a lead CSV of BODY_MB: the request head and its body in 64 KB chunks. */
function oversizeUpload(token: string): { head: Buffer; body: () => Iterable<Buffer> } {
  const boundary = '----crm-oversize-upload';
  const partHead = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="leads.csv"\r\nContent-Type: text/csv\r\n\r\ncell_number,data_date\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const line = '01712345678,2024-05-01\n';
  const chunk = Buffer.from(line.repeat(Math.floor((64 * 1024) / line.length)));
  const chunks = Math.ceil((BODY_MB * 1024 * 1024) / chunk.length);
  const length = partHead.length + chunks * chunk.length + tail.length;
  const head = Buffer.from(
    `POST /api/file/uploadCsv?${new URLSearchParams({ tableName: CAMPAIGN }).toString()} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
      `Authorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\nConnection: keep-alive\r\n\r\n`,
  );
  return {
    head,
    body: function* () {
      yield partHead;
      for (let i = 0; i < chunks; i++) yield chunk;
      yield tail;
    },
  };
}

describe('an oversize lead upload on a keep-alive connection', () => {
  it('gets 413; the rest of the body is drained, the connection serves the next request, and SIGTERM exits 0 in under 2 s', async () => {
    const running = server as RunningServer;
    const connection = await Connection.open(running.port);
    const upload = oversizeUpload(api.token);
    connection.socket.write(upload.head);
    // The client sends on as a browser does; the 413 comes meanwhile.
    const sent = connection.send(upload.body(), 15_000);
    const refused = await connection.reply(15_000);
    expect(refused?.status, refused?.body).toBe(413);
    expect(JSON.parse(refused?.body ?? '{}')).toEqual({ message: fileTooLargeMessage(MAX_MB) });
    expect(refused?.headers.connection).not.toBe('close');

    const bodySent = await sent;
    let second: RawReply | null = null;
    if (bodySent) {
      connection.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
      second = await connection.reply(5_000);
    }

    // SIGTERM with that connection still open (idle, kept alive).
    const started = Date.now();
    const exit = await Promise.race([
      running.stop(),
      new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 10_000)),
    ]);
    const stoppedInMs = Date.now() - started;
    connection.socket.destroy();

    expect(
      {
        bodySent,
        second: second?.status,
        secondBody: second && JSON.parse(second.body),
        exit,
        stoppedInTime: stoppedInMs < STOP_WITHIN_MS,
      },
      `stopped in ${stoppedInMs} ms`,
    ).toEqual({
      bodySent: true,
      second: 200,
      secondBody: { status: 'ok', db: 'postgres' },
      exit: 0,
      stoppedInTime: true,
    });
    server = undefined;
  });
});
