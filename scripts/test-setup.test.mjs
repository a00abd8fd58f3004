// npm test's own set-up (scripts/test-setup.mjs): what it installs, and the one line it stops with when it cannot.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import net from 'node:net';
import { chooseDatabase, installCommand, missingPackages, planSystemPackages } from './test-setup.mjs';

const ROOT_INSTALL = 'apt-get update -qq && env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq';
const SUDO_INSTALL = 'sudo apt-get update -qq && sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq';

/** A machine with the given files and commands. */
function machine({
  files = [],
  commands = ['apt-get'],
  postgresTools = true,
  isRoot = true,
  sudo = false,
  env = {},
  localPostgresUrl = '',
  startLocalCluster = () => false,
} = {}) {
  return {
    root: '/repo',
    env,
    exists: (f) => files.includes(f),
    onPath: (c) => commands.includes(c),
    postgresTools: () => postgresTools,
    isRoot,
    hasSudo: () => sudo,
    localPostgresUrl,
    startLocalCluster,
  };
}

/** A port nothing listens on. */
async function closedPort() {
  const srv = net.createServer();
  await new Promise((resolve) => srv.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = srv.address();
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

describe('the Debian packages npm test needs', () => {
  it('are Chromium for the browser tests and espeak-ng for the unit tests, when missing', () => {
    const bare = machine();
    expect(missingPackages(['static', 'unit', 'e2e'], bare)).toEqual(['chromium', 'espeak-ng']);
    expect(missingPackages(['unit'], bare)).toEqual(['espeak-ng']);
    expect(missingPackages(['e2e'], bare)).toEqual(['chromium']);
    expect(missingPackages(['static'], bare)).toEqual([]);
    const full = machine({ files: ['/usr/bin/chromium'], commands: ['espeak-ng'] });
    expect(missingPackages(['static', 'unit', 'e2e'], full)).toEqual([]);
    // Another Chromium named by CHROMIUM_PATH (e2e/browser.ts) needs no Debian one.
    expect(
      missingPackages(['e2e'], machine({ files: ['/opt/chrome'], env: { CHROMIUM_PATH: '/opt/chrome' } })),
    ).toEqual([]);
  });

  it("are PostgreSQL's own programs for the read replica's unit test, when no installation has them", () => {
    const noPostgres = machine({
      files: ['/usr/bin/chromium'],
      commands: ['apt-get', 'espeak-ng'],
      postgresTools: false,
    });
    expect(missingPackages(['unit'], noPostgres)).toEqual(['postgresql']);
    expect(missingPackages(['static', 'e2e'], noPostgres)).toEqual([]);
    expect(planSystemPackages(['unit'], machine({ commands: [], postgresTools: false })).stop).toMatch(
      /^npm test needs espeak-ng \(for the demo recordings' test\) and postgresql \(initdb and pg_basebackup, for the read replica's test\), and this machine has no apt-get/,
    );
  });

  it('are installed with apt-get as root, or with sudo when it needs no password', () => {
    expect(planSystemPackages(['unit', 'e2e'], machine())).toEqual({
      install: ['chromium', 'espeak-ng'],
      command: `${ROOT_INSTALL} chromium espeak-ng`,
    });
    expect(planSystemPackages(['unit'], machine({ isRoot: false, sudo: true }))).toEqual({
      install: ['espeak-ng'],
      command: `${SUDO_INSTALL} espeak-ng`,
    });
    expect(
      planSystemPackages(['unit', 'e2e'], machine({ files: ['/usr/bin/chromium'], commands: ['espeak-ng'] })),
    ).toEqual({ install: [] });
  });

  it('otherwise stop the run with the command to run', () => {
    const plan = planSystemPackages(['unit', 'e2e'], machine({ isRoot: false, sudo: false }));
    expect(plan.stop).toContain(`run \`${SUDO_INSTALL} chromium espeak-ng\`, then npm test again.`);
    expect(plan.stop).not.toContain('\n');
    expect(planSystemPackages(['e2e'], machine({ commands: [] })).stop).toMatch(
      /no apt-get: install chromium \(Chromium at \/usr\/bin\/chromium/,
    );
    expect(planSystemPackages(['e2e'], machine({ env: { CHROMIUM_PATH: '/opt/none' } })).stop).toContain(
      'CHROMIUM_PATH=/opt/none does not exist',
    );
    expect(installCommand(['espeak-ng'], false)).toBe(`${SUDO_INSTALL} espeak-ng`);
  });

  it('stop npm test before it lints anything, with one line and exit code 1', () => {
    // A PATH with node alone: no espeak-ng and no apt-get to install it with.
    const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-test-setup-'));
    try {
      fs.symlinkSync(process.execPath, path.join(bin, 'node'));
      const r = spawnSync(process.execPath, [path.join(import.meta.dirname, 'test.mjs'), 'unit'], {
        env: { ...process.env, PATH: bin },
        encoding: 'utf8',
      });
      expect(r.status).toBe(1);
      expect(r.stdout).not.toContain('===');
      expect(r.stderr.trim()).toMatch(
        /^npm test needs espeak-ng \(for the demo recordings' test\), and this machine has no apt-get: install espeak-ng .* then run npm test again\.$/,
      );
    } finally {
      fs.rmSync(bin, { recursive: true, force: true });
    }
  });
});

describe('the database npm test uses', () => {
  it('is TEST_DATABASE_URL when set, asking nothing', async () => {
    const m = machine({
      env: { TEST_DATABASE_URL: 'postgres://u@db:5432/x' },
      startLocalCluster: () => expect.unreachable(),
    });
    expect((await chooseDatabase(m)).url).toBe('postgres://u@db:5432/x');
  });

  it('is none (the tests then start an embedded PostgreSQL) when 127.0.0.1:5432 does not answer and no local cluster starts', async () => {
    let tried = 0;
    const m = machine({
      localPostgresUrl: `postgres://postgres@127.0.0.1:${await closedPort()}/postgres`,
      startLocalCluster: () => (tried += 1) > 1,
    });
    expect(await chooseDatabase(m)).toEqual({ url: undefined, note: expect.stringContaining('embedded PostgreSQL') });
    expect(tried).toBe(1);
  });
});
