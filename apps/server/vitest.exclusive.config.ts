// The server's exclusive test files (apps/server/vitest.config.ts EXCLUSIVE): after every other file, one at a time.
import { defineProject } from 'vitest/config';
import { EXCLUSIVE, SERVER_TEST_OPTIONS } from './vitest.config.ts';

export default defineProject({
  test: {
    ...SERVER_TEST_OPTIONS,
    name: 'server-exclusive',
    include: EXCLUSIVE,
    maxWorkers: 1,
    sequence: { groupOrder: 1 },
  },
});
