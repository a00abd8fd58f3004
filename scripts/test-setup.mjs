// What `npm test` needs on the machine before it runs, set up when it can be: the npm packages (npm ci), Debian's
// Chromium and espeak-ng (apt-get, as root or with passwordless sudo), and a PostgreSQL (the one on 127.0.0.1:5432
// when it answers, started if it is a local cluster that is down; else the tests start an embedded one). What it
// cannot set up stops the run before it starts, with one line naming the command to run.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const LOCAL_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/**
 * @typedef {'static' | 'unit' | 'e2e'} Step
 * @typedef {{
 *   root: string,
 *   env: Record<string, string | undefined>,
 *   exists: (file: string) => boolean,
 *   onPath: (command: string) => boolean,
 *   postgresTools: () => boolean,
 *   isRoot: boolean,
 *   hasSudo: () => boolean,
 *   localPostgresUrl: string,
 *   startLocalCluster: () => boolean,
 * }} Machine
 */

/**
 * The Debian packages the steps need that the machine lacks: Chromium for the browser tests, espeak-ng for the demo
 * recordings' test, and PostgreSQL's own programs (initdb, postgres, pg_basebackup) for the read replica's test.
 */
export function missingPackages(/** @type {Step[]} */ steps, /** @type {Machine} */ m) {
  const missing = [];
  if (
    steps.includes('e2e') &&
    (m.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM) === DEFAULT_CHROMIUM &&
    !m.exists(DEFAULT_CHROMIUM)
  )
    missing.push('chromium');
  if (steps.includes('unit') && !m.onPath('espeak-ng')) missing.push('espeak-ng');
  if (steps.includes('unit') && !m.postgresTools()) missing.push('postgresql');
  return missing;
}

/** The one command that installs the packages, as this user may run it (sudo when not root). */
export function installCommand(/** @type {string[]} */ packages, /** @type {boolean} */ isRoot) {
  const sudo = isRoot ? '' : 'sudo ';
  return `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages.join(' ')}`;
}

/** Installs them here when the user may (root, or sudo without a password, with apt-get); otherwise why not, in one line. */
export function planSystemPackages(/** @type {Step[]} */ steps, /** @type {Machine} */ m) {
  const chromium = m.env.CHROMIUM_PATH;
  if (steps.includes('e2e') && chromium && chromium !== DEFAULT_CHROMIUM && !m.exists(chromium)) {
    return {
      install: [],
      stop: `npm test: CHROMIUM_PATH=${chromium} does not exist: point it at a Chromium, or unset it to use Debian's ${DEFAULT_CHROMIUM}.`,
    };
  }
  const install = missingPackages(steps, m);
  if (install.length === 0) return { install };
  const command = installCommand(install, m.isRoot);
  if (!m.onPath('apt-get'))
    return {
      install,
      stop: `npm test needs ${explainPackages(install)}, and this machine has no apt-get: install ${install.join(' and ')} (Chromium at ${DEFAULT_CHROMIUM} or CHROMIUM_PATH), then run npm test again.`,
    };
  if (!m.isRoot && !m.hasSudo())
    return { install, stop: `npm test needs ${explainPackages(install)}: run \`${command}\`, then npm test again.` };
  return { install, command };
}

function explainPackages(/** @type {string[]} */ packages) {
  const why = {
    chromium: `Debian's chromium (${DEFAULT_CHROMIUM}, for the browser tests)`,
    postgresql: "postgresql (initdb and pg_basebackup, for the read replica's test)",
  };
  return packages.map((p) => why[p] ?? `${p} (for the demo recordings' test)`).join(' and ');
}

/** The machine as it is. */
export function thisMachine(/** @type {string} */ root) {
  /** @type {Machine} */
  const m = {
    root,
    env: process.env,
    exists: (file) => fs.existsSync(file),
    onPath: (command) =>
      (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir !== '' && isExecutable(path.join(dir, command))),
    postgresTools: () => hasPostgresTools(),
    isRoot: process.getuid?.() === 0,
    hasSudo: () => m.onPath('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0,
    localPostgresUrl: LOCAL_POSTGRES_URL,
    startLocalCluster,
  };
  return m;
}

function isExecutable(/** @type {string} */ file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Whether a Debian PostgreSQL installation has initdb, postgres and pg_basebackup (/usr/lib/postgresql/N/bin). */
function hasPostgresTools() {
  let versions = [];
  try {
    versions = fs.readdirSync('/usr/lib/postgresql');
  } catch {
    return false;
  }
  return versions.some((v) =>
    ['initdb', 'postgres', 'pg_basebackup'].every((tool) =>
      isExecutable(path.join('/usr/lib/postgresql', v, 'bin', tool)),
    ),
  );
}

/** Whether the npm packages are installed (the test tools at least). */
export function hasNodeModules(/** @type {string} */ root) {
  return ['vitest', 'eslint', 'tsc'].every((bin) => fs.existsSync(path.join(root, 'node_modules', '.bin', bin)));
}

/** Whether a PostgreSQL answers at the URL, as the tests would use it (connects and runs a query), within 3 s. */
async function answers(/** @type {string} */ url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Starts the machine's own PostgreSQL cluster (Debian's postgresql package) if it has one; quietly nothing otherwise. */
function startLocalCluster() {
  let versions = [];
  try {
    versions = fs.readdirSync('/etc/postgresql');
  } catch {
    return false;
  }
  const version = versions.sort().at(-1);
  if (!version || spawnSync('pg_ctlcluster', ['--help'], { stdio: 'ignore' }).error) return false;
  console.log(`--- starting the local PostgreSQL cluster ${version}/main`);
  return (
    spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], { stdio: 'inherit' }).status ===
    0
  );
}

/**
 * The database the tests use: TEST_DATABASE_URL / DATABASE_URL when set; the PostgreSQL on 127.0.0.1:5432 when it
 * answers (after starting the local cluster if it is down); else none, and the tests start an embedded PostgreSQL.
 */
export async function chooseDatabase(/** @type {Machine} */ m) {
  if (m.env.TEST_DATABASE_URL || m.env.DATABASE_URL)
    return { url: m.env.TEST_DATABASE_URL ?? m.env.DATABASE_URL, note: 'tests use TEST_DATABASE_URL / DATABASE_URL' };
  const local = m.localPostgresUrl;
  let ok = await answers(local);
  if (!ok && m.startLocalCluster()) {
    for (let i = 0; i < 30 && !ok; i += 1) {
      ok = await answers(local);
      if (!ok) await new Promise((r) => setTimeout(r, 1000));
    }
  }
  if (ok) return { url: local, note: 'tests use the PostgreSQL at 127.0.0.1:5432' };
  return { url: undefined, note: 'no PostgreSQL answers on 127.0.0.1:5432: tests use an embedded PostgreSQL' };
}

/**
 * Everything the steps need, set up or refused. Returns the variables the test runs need (TEST_DATABASE_URL), or
 * the one line to print when the run cannot start.
 * @returns {Promise<{ env: Record<string, string>, stop?: undefined } | { stop: string }>}
 */
export async function prepareTests(/** @type {Step[]} */ steps, /** @type {Machine} */ m) {
  if (!hasNodeModules(m.root)) {
    console.log('--- npm packages missing: npm ci');
    const ci = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: m.root, stdio: 'inherit' });
    if (ci.status !== 0 || !hasNodeModules(m.root))
      return {
        stop: `npm test: the npm packages are not installed and npm ci failed: run \`npm ci\` in ${m.root} (it needs the npm registry), then npm test again.`,
      };
  }
  const system = planSystemPackages(steps, m);
  if (system.stop) return { stop: system.stop };
  if (system.command) {
    console.log(`--- installing Debian ${system.install.join(' ')}: ${system.command}`);
    const r = spawnSync('sh', ['-c', system.command], { stdio: ['ignore', 'ignore', 'inherit'] });
    const still = missingPackages(steps, m);
    if (r.status !== 0 || still.length > 0)
      return {
        stop: `npm test needs ${explainPackages(still.length ? still : system.install)} and installing failed: run \`${installCommand(system.install, m.isRoot)}\`, then npm test again.`,
      };
  }
  if (!steps.includes('unit') && !steps.includes('e2e')) return { env: {} };
  const db = await chooseDatabase(m);
  console.log(`--- ${db.note}`);
  return { env: db.url ? { TEST_DATABASE_URL: db.url } : {} };
}
