// One temporary folder per test run, the TMPDIR of everything the run starts (test workers, servers, PostgreSQL,
// Chromium), removed when the run ends: a run leaves nothing in the system temporary folder, not even when a test
// crashed before its clean-up. A test must still remove what it makes: the run's end names what was left behind.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * What tools keep in TMPDIR on purpose, not a test's to remove: tsx's compiled files, embedded.ts's copy of PostgreSQL
 * the postgres user can reach, and libpulse's runtime folder (made when espeak-ng speaks the demo recordings).
 */
const TOOL_CACHES = [/^tsx-\d+$/, /^crm-embedded-pg-[0-9a-f]+$/, /^pulse-[A-Za-z0-9]+$/];

export type TempRoot = {
  path: string;
  /** Removes the folder and gives TMPDIR back; fails the run, naming them, if tests left files or folders in it. */
  close: () => Promise<void>;
};

/** Makes the run's folder and points TMPDIR at it (set before vitest starts its workers, which inherit it). */
export async function openTempRoot(label: string): Promise<TempRoot> {
  const previous = process.env.TMPDIR;
  const root = await fs.mkdtemp(path.join(os.tmpdir(), `crm-${label}-run-`));
  // mkdtemp makes it 0700: as root the embedded PostgreSQL runs as "postgres", which must reach its folders in here.
  await fs.chmod(root, 0o755);
  process.env.TMPDIR = root;
  return {
    path: root,
    close: async () => {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
      const left = await leftBehind(root);
      await fs.rm(root, { recursive: true, force: true });
      if (left.length === 0) return;
      // vitest prints an error thrown by a global teardown but does not fail the run for it: the exit code does.
      process.exitCode = 1;
      throw new Error(
        `The tests left ${left.length} temporary file(s) or folder(s) behind (each test must remove what it makes): ${left.join(', ')}`,
      );
    },
  };
}

/** What is in the folder apart from tools' caches. */
export async function leftBehind(root: string): Promise<string[]> {
  const names = await fs.readdir(root).catch(() => []);
  return names.filter((n) => !TOOL_CACHES.some((c) => c.test(n))).sort();
}
