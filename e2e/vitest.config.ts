// Browser tests: the built product on a real PostgreSQL, driven in Debian's Chromium by playwright-core.
import { defineConfig } from 'vitest/config';

/**
 * Files that disturb the shared database for everyone (database-trouble locks the leads table, so any lead call of
 * another file would be refused meanwhile): they run on their own, after all the others have finished.
 */
const EXCLUSIVE = ['database-trouble.e2e.test.ts'];

const common = { root: import.meta.dirname, testTimeout: 60_000, hookTimeout: 120_000 };

export default defineConfig({
  test: {
    // One server and database for both groups (the root's global set-up; the groups inherit what it provides).
    root: import.meta.dirname,
    globalSetup: ['./global-setup.ts'],
    // One browser per file. CI runs the files one at a time: with the server, PostgreSQL and two Chromiums
    // on two cores, animations and timers stretch enough to make waits flaky.
    maxWorkers: process.env.CI ? 1 : 2,
    projects: [
      {
        test: {
          ...common,
          name: 'e2e',
          include: ['**/*.e2e.test.ts'],
          exclude: ['**/node_modules/**', ...EXCLUSIVE],
          sequence: { groupOrder: 0 },
        },
      },
      { test: { ...common, name: 'e2e-exclusive', include: EXCLUSIVE, sequence: { groupOrder: 1 } } },
    ],
  },
});
