// The database fault tests' own ground: a PostgreSQL the test stops, kills and starts again on the same
// port, and a small tmpfs where the platform lets the test mount one (a full disk on demand).
import { execFile } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded.ts';
import { isAlive, waitFor } from './crash-support.ts';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

// ---- a PostgreSQL of the test's own

/** A PostgreSQL 18 cluster (the npm-shipped binaries) the test stops, kills and starts again on the same port. */
export type OwnPostgres = {
  /** Database `postgres`, as the superuser with its password. */
  adminUrl: string;
  port: number;
  /** Its directory (DATA_DIR/pg holds the cluster); reachable by the postgres OS user. */
  work: string;
  /** Fast shutdown (open sessions are ended); resolves once it exited. */
  stop: () => Promise<void>;
  /** kill -9 of the postmaster alone (its backends notice and end); resolves once it is gone. */
  kill: () => Promise<void>;
  /** `pg_ctl stop -m immediate`: SIGQUIT to the postmaster, every session ended at once; resolves once it is gone. */
  stopImmediately: () => Promise<void>;
  /** Starts it again on the same port; resolves with Date.now() once it accepts connections. */
  start: () => Promise<number>;
  remove: () => Promise<void>;
};

export async function startOwnPostgres(label: string): Promise<OwnPostgres> {
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), `crm-fault-${label}-`));
  // mkdtemp makes it 0700: as root PostgreSQL runs as "postgres", which must reach its directory.
  await fsp.chmod(work, 0o755);
  const dataDir = path.join(work, 'data');
  let instance: EmbeddedPostgres | undefined = await startEmbeddedPostgres(dataDir, undefined, {
    supervise: false,
  }).catch(async (e: unknown) => {
    await fsp.rm(work, { recursive: true, force: true });
    throw e;
  });
  const { port, url: adminUrl } = instance;
  const signalPostmaster = async (signal: NodeJS.Signals) => {
    const pid = instance?.pid();
    if (pid === undefined) throw new Error('PostgreSQL is not running');
    process.kill(pid, signal);
    await waitFor(() => !isAlive(pid), 10_000, `PostgreSQL ${pid} to end (${signal})`, 10);
  };
  return {
    adminUrl,
    port,
    work,
    stop: async () => {
      await instance?.stop();
    },
    kill: () => signalPostmaster('SIGKILL'),
    stopImmediately: () => signalPostmaster('SIGQUIT'),
    start: async () => {
      // After a kill -9 the old postmaster's backends hold its shared memory for a moment: then it is tried again.
      const until = Date.now() + 30_000;
      for (;;) {
        try {
          instance = await startEmbeddedPostgres(dataDir, undefined, { port, supervise: false });
          return Date.now();
        } catch (e) {
          if (Date.now() > until) throw e;
          await sleep(50);
        }
      }
    },
    remove: async () => {
      await instance?.stop().catch(() => undefined);
      instance = undefined;
      await fsp.rm(work, { recursive: true, force: true });
    },
  };
}

// ---- a small tmpfs

/** Why a tmpfs cannot be mounted here (not root, a container without CAP_SYS_ADMIN, not Linux); undefined when it can. */
export async function tmpfsProblem(): Promise<string | undefined> {
  if (os.platform() !== 'linux') return `mounting a tmpfs needs Linux, this is ${os.platform()}`;
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'crm-fault-probe-'));
  try {
    await mountTmpfs(dir, '1m');
    await unmount(dir);
    return undefined;
  } catch (e) {
    return `mount -t tmpfs failed: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`;
  } finally {
    await fsp.rmdir(dir).catch(() => undefined);
  }
}

export async function mountTmpfs(dir: string, size: string): Promise<void> {
  await run('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0755`, 'tmpfs', dir]);
}

/** A tmpfs grows or shrinks in place, its files kept. */
export async function resizeTmpfs(dir: string, size: string): Promise<void> {
  await run('mount', ['-o', `remount,size=${size}`, dir]);
}

/** Unmounts; `lazy` detaches a mount still in use now and frees it once it is not. */
export async function unmount(dir: string, lazy = false): Promise<void> {
  await run('umount', lazy ? ['-l', dir] : [dir]);
}

/** Writes `file` until the file system has no space left; returns the bytes written. */
export async function fillUp(file: string): Promise<number> {
  const handle = await fsp.open(file, 'w');
  const block = Buffer.alloc(64 * 1024, 7);
  let written = 0;
  try {
    for (;;) {
      const { bytesWritten } = await handle.write(block);
      written += bytesWritten;
      if (bytesWritten < block.length) break;
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
  } finally {
    await handle.close().catch(() => undefined);
  }
  // Whatever a 64 KB block left over, filled byte by byte in small pieces.
  const rest = await fsp.open(file, 'a');
  try {
    for (;;) await rest.write(Buffer.alloc(512, 7)).then(({ bytesWritten }) => (written += bytesWritten));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
  } finally {
    await rest.close().catch(() => undefined);
  }
  return written;
}

/** As root, PostgreSQL runs as the OS user `postgres`: the ids its own directories must belong to. */
export async function postgresOsUser(): Promise<{ uid: number; gid: number } | undefined> {
  if (os.userInfo().uid !== 0) return undefined;
  const [u, g] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(u.stdout.trim()), gid: Number(g.stdout.trim()) };
}
