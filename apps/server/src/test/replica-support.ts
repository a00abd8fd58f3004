// A PostgreSQL primary and a real streaming replica of it, for the read replica's tests (db/replica.ts). Both come
// from the machine's own PostgreSQL installation (Debian's postgresql package: initdb, postgres, pg_basebackup); the
// primary is a cluster of the test's own, because the machine's running server is not set up to accept replication
// connections (pg_hba.conf), and a test must not change it.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort, osUser } from '../db/embedded.ts';
import { waitFor } from './crash-support.ts';

const run = promisify(execFile);

/** The installation's binaries folder holding pg_basebackup: pg_config's, else the newest /usr/lib/postgresql/N/bin. */
async function localPostgresBin(): Promise<string> {
  const candidates: string[] = [];
  const configured = await run('pg_config', ['--bindir']).then(
    (r) => r.stdout.trim(),
    () => '',
  );
  if (configured) candidates.push(configured);
  const versions = await fs.readdir('/usr/lib/postgresql').catch(() => [] as string[]);
  for (const v of versions.sort((a, b) => Number(b) - Number(a))) candidates.push(`/usr/lib/postgresql/${v}/bin`);
  for (const dir of candidates) {
    const found = await fs.access(path.join(dir, 'pg_basebackup')).then(
      () => true,
      () => false,
    );
    if (found) return dir;
  }
  throw new Error(
    "The read replica tests need PostgreSQL's initdb, postgres and pg_basebackup (Debian: apt-get install postgresql); none was found.",
  );
}

export type ReplicaPair = {
  /** The primary's `postgres` database, as the superuser (trust). */
  primaryUrl: string;
  /** The same database on the replica. */
  replicaUrl: string;
  /** The URL of `name` on the primary or the replica. */
  urlOf: (which: 'primary' | 'replica', name: string) => string;
  /** Stops applying the primary's changes on the replica (it goes on receiving them): it falls behind. */
  pauseReplay: () => Promise<void>;
  resumeReplay: () => Promise<void>;
  /** Fast shutdown of the replica; resolves once it exited. */
  stopReplica: () => Promise<void>;
  /** Starts the replica again on its port; resolves once it accepts connections and streams again. */
  startReplica: () => Promise<void>;
  remove: () => Promise<void>;
};

type Ids = Awaited<ReturnType<typeof osUser>>;

async function startServer(
  bin: string,
  dir: string,
  port: number,
  ids: Ids,
  settings: string[],
): Promise<ChildProcess> {
  const args = [
    '-D',
    dir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    '-c',
    'fsync=off',
    ...settings.flatMap((s) => ['-c', s]),
  ];
  const child = spawn(path.join(bin, 'postgres'), args, { ...ids, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-4000);
      if (/database system is ready to accept (read-only )?connections/.test(output)) resolve();
    };
    child.stderr?.on('data', onData);
    child.stdout?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`PostgreSQL in ${dir} exited during start-up (code ${code}): ${output}`)),
    );
    child.once('error', reject);
  });
  return child;
}

async function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGINT');
  await exited;
}

async function one<T>(url: string, text: string): Promise<T | undefined> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<T & pg.QueryResultRow>(text)).rows[0];
  } finally {
    await client.end();
  }
}

/** Makes the primary (initdb), its replica (pg_basebackup -R) and starts both; the replica streams when this resolves. */
export async function startReplicaPair(label: string): Promise<ReplicaPair> {
  const bin = await localPostgresBin();
  const ids = await osUser();
  const work = await fs.mkdtemp(path.join(os.tmpdir(), `crm-replica-${label}-`));
  // mkdtemp makes it 0700 and root's: as root PostgreSQL and pg_basebackup run as "postgres", which must write here.
  await fs.chmod(work, 0o755);
  if (ids.uid !== undefined && ids.gid !== undefined) await fs.chown(work, ids.uid, ids.gid);
  const primaryDir = path.join(work, 'primary');
  const replicaDir = path.join(work, 'replica');
  let primary: ChildProcess | undefined;
  let replica: ChildProcess | undefined;
  const remove = async () => {
    await stopServer(replica);
    await stopServer(primary);
    await fs.rm(work, { recursive: true, force: true });
  };
  try {
    // initdb's pg_hba.conf with --auth=trust accepts replication connections from 127.0.0.1.
    await run(
      path.join(bin, 'initdb'),
      [`--pgdata=${primaryDir}`, '--username=postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync'],
      { ...ids },
    );
    const [primaryPort, replicaPort] = [await freePort(), await freePort()];
    primary = await startServer(bin, primaryDir, primaryPort, ids, ['wal_level=replica', 'max_wal_senders=4']);
    // -R writes standby.signal and the primary's connection: the copy starts as a streaming replica.
    await run(
      path.join(bin, 'pg_basebackup'),
      [
        '-h',
        '127.0.0.1',
        '-p',
        String(primaryPort),
        '-U',
        'postgres',
        '-D',
        replicaDir,
        '-R',
        '-X',
        'stream',
        '-c',
        'fast',
        '--no-sync',
      ],
      { ...ids },
    );
    const urlOf = (which: 'primary' | 'replica', name: string) =>
      `postgres://postgres@127.0.0.1:${which === 'primary' ? primaryPort : replicaPort}/${name}`;
    const startReplica = async () => {
      replica = await startServer(bin, replicaDir, replicaPort, ids, ['hot_standby=on']);
      await waitFor(
        async () =>
          (await one<{ status: string }>(urlOf('replica', 'postgres'), 'select status from pg_stat_wal_receiver'))
            ?.status === 'streaming',
        30_000,
        'the replica to stream',
      );
    };
    await startReplica();
    return {
      primaryUrl: urlOf('primary', 'postgres'),
      replicaUrl: urlOf('replica', 'postgres'),
      urlOf,
      pauseReplay: async () => {
        await one(urlOf('replica', 'postgres'), 'select pg_wal_replay_pause()');
      },
      resumeReplay: async () => {
        await one(urlOf('replica', 'postgres'), 'select pg_wal_replay_resume()');
      },
      stopReplica: () => stopServer(replica),
      startReplica,
      remove,
    };
  } catch (e) {
    await remove();
    throw e;
  }
}
