// The "web" test project: component and unit tests of the browser app under jsdom.
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // jsdom renders of a whole screen take 1–2 s on a quiet machine and several times that on a busy one: the
    // tests wait for states (findBy…, waitFor), and this backstop only ends a test that would never finish.
    testTimeout: 20_000,
  },
});
