// API and service tests against a real PostgreSQL: TEST_DATABASE_URL / DATABASE_URL, else an embedded one.
// Two projects: most files run two at a time (they mostly wait on PostgreSQL, so two workers on two cores halve the
// wall time); the files that start the product as processes, kill it, fill its disk or time it run afterwards, one
// at a time, so another file's load never stretches what they measure.
import { defineProject } from 'vitest/config';

/** Files that start server processes, kill them, lock or fill the database, or measure elapsed time. */
export const EXCLUSIVE = [
  'src/build.test.ts',
  'src/main.test.ts',
  'src/db/replica.test.ts',
  'src/http/slow-body.test.ts',
  'src/modules/dialer/fanout.test.ts',
  'src/modules/voicelog/checks/crash.test.ts',
  'src/test/crash-safety.test.ts',
  'src/test/fault-*.test.ts',
  'src/test/oversize-upload.test.ts',
  'src/test/two-servers.test.ts',
];

export const SERVER_TEST_OPTIONS = {
  environment: 'node' as const,
  globalSetup: ['src/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 120_000,
};

export default defineProject({
  test: {
    ...SERVER_TEST_OPTIONS,
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...EXCLUSIVE],
  },
});
