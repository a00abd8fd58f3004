// Browser tests: the built product on a real PostgreSQL, driven in Debian's Chromium by playwright-core.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser per file. CI runs the files one at a time: with the server, PostgreSQL and two Chromiums
    // on two cores, animations and timers stretch enough to make waits flaky.
    maxWorkers: process.env.CI ? 1 : 2,
  },
});
