// Helpers of the crash-safety test: the product as a child process on PostgreSQL or on its own embedded one,
// what a user does over HTTP, a 1M-row CSV written as a stream, and a look at the running statements.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { inject } from 'vitest';
import { createDatabaseFromTemplate, dropDatabase, withClient } from './databases.ts';
import { startServer, type RunningServer } from './process.ts';

export const ADMIN_PASSWORD = 'crash-test-keeper';

/** Where the server keeps its data: a PostgreSQL of its own under DATA_DIR, or the one at DATABASE_URL. */
export type Mode = 'postgres' | 'embedded';

/** One product installation: its environment (kept across restarts) and its database. */
export type Installation = {
  start: () => Promise<RunningServer>;
  /** The database URL as it is now (the embedded PostgreSQL takes a new port on every start). */
  databaseUrl: () => Promise<string>;
  /** The embedded PostgreSQL's process, from its pid file. */
  postgresPid: () => Promise<number | undefined>;
  remove: () => Promise<void>;
};

/** `extraEnv`: more settings of the installation (a dialer to send leads to). */
export async function createInstallation(mode: Mode, extraEnv: Record<string, string> = {}): Promise<Installation> {
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'crm-crash-'));
  // mkdtemp makes it 0700: as root the embedded PostgreSQL runs as "postgres", which must reach DATA_DIR.
  await fsp.chmod(work, 0o755);
  const dataDir = path.join(work, 'data');
  const env: Record<string, string | undefined> = {
    DATA_DIR: dataDir,
    CRM_ADMIN_PASSWORD: ADMIN_PASSWORD,
    LOG_LEVEL: 'info',
    ...extraEnv,
  };
  let url: string | undefined;
  if (mode === 'postgres') {
    url = await createDatabaseFromTemplate(inject('dbAdminUrl'), inject('dbTemplate'));
    env.DATABASE_URL = url;
  }
  return {
    start: () => startServer(env),
    databaseUrl: async () => url ?? embeddedUrl(dataDir),
    postgresPid: () => postmasterPid(dataDir),
    remove: async () => {
      if (url) await dropDatabase(inject('dbAdminUrl'), new URL(url).pathname.slice(1));
      // A test that failed half-way may leave the embedded PostgreSQL running: stop it, it is ours.
      const pid = await postmasterPid(dataDir);
      if (pid !== undefined && isAlive(pid)) {
        process.kill(pid, 'SIGQUIT');
        await waitFor(() => !isAlive(pid), 20_000, `PostgreSQL ${pid} to stop`);
      }
      await fsp.rm(work, { recursive: true, force: true });
    },
  };
}

/** postmaster.pid: pid, data directory, start time, port, … */
async function postmasterLines(dataDir: string): Promise<string[] | undefined> {
  const text = await fsp.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').catch(() => undefined);
  return text?.split('\n');
}

export async function postmasterPid(dataDir: string): Promise<number | undefined> {
  const pid = Number((await postmasterLines(dataDir))?.[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

async function embeddedUrl(dataDir: string): Promise<string> {
  const port = Number((await postmasterLines(dataDir))?.[3]);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`the embedded PostgreSQL under ${dataDir} is not running`);
  const password = (await fsp.readFile(path.join(dataDir, 'pg-password'), 'utf8')).trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/crm`;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function waitFor(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
  intervalMs = 50,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

export async function query<T>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  return withClient(url, async (c) => (await c.query(text, params)).rows as T[]);
}

/** A statement of this database running now on another connection, matched by its text: its backend's pid. */
export async function runningStatement(url: string, like: string): Promise<number | undefined> {
  const rows = await query<{ pid: number }>(
    url,
    `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state = 'active' and query ilike $1`,
    [like],
  );
  return rows[0]?.pid;
}

export async function backendAlive(url: string, pid: number): Promise<boolean> {
  return (await query(url, 'select 1 from pg_stat_activity where pid = $1', [pid])).length > 0;
}

export type Api = {
  call: <T>(method: string, url: string, body?: unknown) => Promise<{ status: number; body: T }>;
  token: string;
};

export async function signIn(server: RunningServer): Promise<Api> {
  const res = await fetch(`${server.url}/api/auth/signInSuperAdmin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  const { jwtToken: token } = (await res.json()) as { jwtToken: string };
  return apiFor(server, token);
}

/** Calls as the admin whose token this is (tokens outlive a restart: the secret is kept in DATA_DIR). */
export function apiFor(server: RunningServer, token: string): Api {
  return {
    token,
    call: async <T>(method: string, url: string, body?: unknown) => {
      const res = await fetch(`${server.url}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return {
        status: res.status,
        body: (text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T,
      };
    },
  };
}

export async function addCampaign(api: Api, campaignName: string, campaignId: string): Promise<number> {
  const r = await api.call<{ id: number }>('POST', '/cc/addCampaign', {
    campaignType: 'Outbound',
    campaignName,
    campaignId,
    callTarget: 50,
  });
  if (r.status !== 200) throw new Error(`addCampaign: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.id;
}

/** The i-th lead's number as a spreadsheet holds it (017 and eight digits) and as stored. */
export const leadNumber = (i: number) => `017${10_000_000 + i}`;

/** A lead CSV of `rows` leads of one date, written as a stream (~23 bytes a lead); returns its size in bytes. */
export async function writeLeadCsv(file: string, rows: number, dataDate: string): Promise<number> {
  async function* lines() {
    yield 'cell_number,data_date\n';
    for (let start = 0; start < rows; start += 20_000) {
      let chunk = '';
      for (let i = start; i < Math.min(rows, start + 20_000); i++) chunk += `${leadNumber(i)},${dataDate}\n`;
      yield chunk;
    }
  }
  await pipeline(Readable.from(lines()), fs.createWriteStream(file));
  return (await fsp.stat(file)).size;
}

/** The upload's answer; status 0 when none came (the server died), with the error as body. */
export type Upload = { importId: string; reply: Promise<{ status: number; body: string }> };

/** POST /api/file/uploadCsv with a multipart body the caller streams (`body`, a file part ending with `tail`). */
function postUpload(server: RunningServer, api: Api, campaignName: string, fileName: string, fileSize?: number) {
  const importId = randomUUID();
  const boundary = `----crm-crash-${importId}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = fileSize === undefined ? {} : { 'content-length': head.length + fileSize + tail.length };
  const req = http.request(
    `${server.url}/api/file/uploadCsv?${new URLSearchParams({ tableName: campaignName, importId }).toString()}`,
    {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${api.token}`,
        ...length,
      },
    },
  );
  const reply = new Promise<{ status: number; body: string }>((resolve) => {
    req.on('response', (res) => {
      let body = '';
      res
        .setEncoding('utf8')
        .on('data', (c: string) => (body += c))
        .on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', (e) => resolve({ status: 0, body: String(e) }));
    });
    req.on('error', (e) => resolve({ status: 0, body: String(e) }));
  });
  return { importId, reply, req, head, tail };
}

/** The file streamed from disk, as a browser sends it; the reply settles later. */
export function uploadFile(server: RunningServer, api: Api, campaignName: string, file: string, size: number): Upload {
  const { importId, reply, req, head, tail } = postUpload(server, api, campaignName, path.basename(file), size);
  async function* body() {
    yield head;
    yield* fs.createReadStream(file, { highWaterMark: 256 * 1024 });
    yield tail;
  }
  // A server killed mid-file breaks the request: the reply reports it.
  pipeline(Readable.from(body()), req).catch(() => undefined);
  return { importId, reply };
}

/** An upload whose CSV the caller writes piece by piece, then ends. */
export function openUpload(
  server: RunningServer,
  api: Api,
  campaignName: string,
  fileName: string,
): Upload & { write: (csv: string) => void; end: () => void } {
  const { importId, reply, req, head, tail } = postUpload(server, api, campaignName, fileName);
  req.write(head);
  return { importId, reply, write: (csv) => void req.write(csv), end: () => void req.end(tail) };
}
