// How long the server takes to start: process spawn until /healthz answers 200, median of N runs (after one warm-up).
//   node scripts/start-time.mjs built|tsx [runs]
// It uses DATABASE_URL (default: database crm_start_time, made if absent, on the PostgreSQL at 127.0.0.1:5432) and a
// temporary DATA_DIR.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const server = path.resolve(import.meta.dirname, '../apps/server');
const ENTRIES = {
  built: [path.join(server, 'dist/main.js')],
  tsx: ['--import', 'tsx', path.join(server, 'src/main.ts')],
};
const kind = process.argv[2] ?? 'built';
const runs = Number(process.argv[3] ?? 5);
const args = ENTRIES[kind];
if (!args) {
  console.error(`usage: node scripts/start-time.mjs ${Object.keys(ENTRIES).join('|')} [runs]`);
  process.exit(2);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });
}

async function once(dataDir) {
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    CRM_ADMIN_PASSWORD: 'start-time check',
  };
  env.DATABASE_URL = databaseUrl;
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: server, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

async function ensureDatabase() {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const client = new pg.Client('postgres://postgres@127.0.0.1:5432/postgres');
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = 'crm_start_time'");
    if (found.rowCount === 0) await client.query('create database crm_start_time');
  } finally {
    await client.end();
  }
  return 'postgres://postgres@127.0.0.1:5432/crm_start_time';
}

const databaseUrl = await ensureDatabase();
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-start-time-'));
try {
  await once(dataDir); // warm-up: migrations, first administrator, file-system caches
  const times = [];
  for (let i = 0; i < runs; i += 1) times.push(await once(dataDir));
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(
    `${kind}: median ${Math.round(median)} ms over ${runs} runs (${times.map((t) => Math.round(t)).join(', ')} ms)`,
  );
} finally {
  await fs.rm(dataDir, { recursive: true, force: true });
}
