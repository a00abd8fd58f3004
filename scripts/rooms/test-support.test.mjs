// The test-support rules (test-support.mjs) fail a deliberate violation: in a small tree of their own under the
// system's temporary folder (the apps' and e2e's shape, nothing of the real code), a product file importing src/test/
// and an e2e file importing apps/server/src/ by a relative path are refused; the same imports from a test file and
// through @crm/server's exports pass.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import testSupport from './test-support.mjs';

/** Files of the small tree, by path from its top. */
const TREE = {
  'apps/server/package.json': JSON.stringify({
    name: '@crm/server',
    type: 'module',
    exports: { './config': './src/config.ts', './test/*': './src/test/*.ts' },
  }),
  'apps/server/src/config.ts': 'export const PORT = 3000;\n',
  'apps/server/src/test/harness.ts': 'export const useTestApp = () => 1;\n',
  'apps/web/src/test/render.ts': 'export const render = () => 1;\n',
  // Refused: product files that import test support.
  'apps/server/src/modules/leads/service.ts': "import { useTestApp } from '../../test/harness.ts';\nuseTestApp();\n",
  'apps/web/src/features/leads/LeadsPage.ts': "import { render } from '../../test/render.ts';\nrender();\n",
  // Refused: e2e and bench reaching into an app's src/ by a relative path.
  'e2e/deep.ts': "import { PORT } from '../apps/server/src/config.ts';\nexport const p = PORT;\n",
  'bench/deep.ts': "import { useTestApp } from '../apps/server/src/test/harness.ts';\nuseTestApp();\n",
  // Allowed: tests and test support import test support; e2e through the package's exports.
  'apps/server/src/modules/leads/service.test.ts':
    "import { useTestApp } from '../../test/harness.ts';\nuseTestApp();\n",
  'apps/server/src/test/more-support.ts': "import { useTestApp } from './harness.ts';\nuseTestApp();\n",
  'e2e/through-exports.ts':
    "import { PORT } from '@crm/server/config';\nimport { useTestApp } from '@crm/server/test/harness';\n" +
    'export const p = PORT + useTestApp();\n',
};

let top = '';

beforeAll(() => {
  top = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-rooms-'));
  for (const [file, text] of Object.entries(TREE)) {
    fs.mkdirSync(path.dirname(path.join(top, file)), { recursive: true });
    fs.writeFileSync(path.join(top, file), text);
  }
  // The workspace link npm makes: node_modules/@crm/server -> apps/server.
  fs.mkdirSync(path.join(top, 'node_modules/@crm'), { recursive: true });
  fs.symlinkSync(path.join(top, 'apps/server'), path.join(top, 'node_modules/@crm/server'), 'dir');
});

afterAll(() => fs.rmSync(top, { recursive: true, force: true }));

/** The small tree cruised with the test-support rules. */
async function cruiseTree() {
  const { output } = await cruise(
    ['apps', 'e2e', 'bench'],
    {
      baseDir: top,
      ruleSet: { forbidden: testSupport },
      validate: true,
      tsPreCompilationDeps: true,
      doNotFollow: { path: 'node_modules' },
    },
    {
      extensions: ['.ts', '.js', '.mjs'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
    },
  );
  return typeof output === 'string' ? JSON.parse(output) : output;
}

describe('test-support rules', () => {
  it('refuse product files importing src/test/ and e2e/bench importing apps/*/src/ by a relative path', async () => {
    const result = await cruiseTree();
    // The allowed imports were followed: the e2e file's package imports reached the app's files.
    const throughExports = result.modules.find((m) => m.source === 'e2e/through-exports.ts');
    expect(throughExports.dependencies.map((d) => d.resolved).sort()).toEqual([
      'apps/server/src/config.ts',
      'apps/server/src/test/harness.ts',
    ]);
    expect(result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort()).toEqual([
      'no-deep-import-from-e2e-or-bench: bench/deep.ts -> apps/server/src/test/harness.ts',
      'no-deep-import-from-e2e-or-bench: e2e/deep.ts -> apps/server/src/config.ts',
      'no-test-support-in-product: apps/server/src/modules/leads/service.ts -> apps/server/src/test/harness.ts',
      'no-test-support-in-product: apps/web/src/features/leads/LeadsPage.ts -> apps/web/src/test/render.ts',
    ]);
  }, 10_000);
});
