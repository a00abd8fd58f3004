// Unit and API tests of every workspace and of the scripts (browser tests run separately: e2e/vitest.config.ts).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker on two cores; most files wait on PostgreSQL, so two run side by side. The
    // server files that time or kill processes run afterwards, alone (apps/server/vitest.exclusive.config.ts).
    maxWorkers: 2,
    projects: [
      'packages/shared/vitest.config.ts',
      'apps/server/vitest.config.ts',
      'apps/server/vitest.exclusive.config.ts',
      'apps/web/vitest.config.ts',
      // npm test's own scripts (scripts/test-setup.mjs).
      { test: { name: 'scripts', environment: 'node', include: ['scripts/**/*.test.mjs'] } },
      // The benchmarks' own logic (bench/baseline.test.ts: the quick guard's verdicts); the benchmarks run by npm run bench.
      { test: { name: 'bench', environment: 'node', include: ['bench/**/*.test.ts'] } },
    ],
  },
});
