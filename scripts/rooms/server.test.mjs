// The server's room rules (server.mjs) fail a deliberate violation: in a small tree of their own under the system's
// temporary folder (the server's shape, nothing of the real code), a module importing a module its directions do not
// list, a foundation file importing a module, a module importing app.ts and an unlisted module are refused; the same
// imports from a test file, and the allowed ones, pass. Also: DIRECTIONS has no circle, and docs/architecture.md
// "Module directions" lists the same directions.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import server, { DIRECTIONS } from './server.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Files of the small tree, by path from its top. */
const TREE = {
  'apps/server/src/app-type.ts': 'export type App = { name: string };\n',
  'apps/server/src/http/errors.ts': "import { entry } from '../modules/audit/record.ts';\nexport const e = entry;\n",
  'apps/server/src/modules/audit/record.ts': 'export const entry = 1;\n',
  // Allowed: qc may import audit, and every module the app's type.
  'apps/server/src/modules/qc/access.ts':
    "import type { App } from '../../app-type.ts';\nimport { entry } from '../audit/record.ts';\n" +
    'export const canSee = (app: App) => app.name.length + entry;\n',
  // Refused: audit may import no module.
  'apps/server/src/modules/audit/service.ts': "import { canSee } from '../qc/access.ts';\nexport const s = canSee;\n",
  // Allowed: a test sets its world up across rooms.
  'apps/server/src/modules/audit/service.test.ts':
    "import { canSee } from '../qc/access.ts';\nexport const t = canSee;\n",
  // Refused: a module importing back up into app.ts.
  'apps/server/src/modules/qc/routes.ts': "import { buildApp } from '../../app.ts';\nexport const r = buildApp;\n",
  // Refused: a module nobody has given directions.
  'apps/server/src/modules/newcomer/service.ts':
    "import { entry } from '../audit/record.ts';\nexport const n = entry;\n",
  // Allowed: the top imports anything.
  'apps/server/src/app.ts': "import { canSee } from './modules/qc/access.ts';\nexport const buildApp = canSee;\n",
};

let top = '';

beforeAll(() => {
  top = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-server-rooms-'));
  for (const [file, text] of Object.entries(TREE)) {
    fs.mkdirSync(path.dirname(path.join(top, file)), { recursive: true });
    fs.writeFileSync(path.join(top, file), text);
  }
});

afterAll(() => fs.rmSync(top, { recursive: true, force: true }));

describe('server room rules', () => {
  it('refuse a module importing against its directions, the foundation importing a module, and imports of app.ts', async () => {
    const { output } = await cruise(
      ['apps'],
      { baseDir: top, ruleSet: { forbidden: server }, validate: true, tsPreCompilationDeps: true },
      { extensions: ['.ts'] },
    );
    const result = typeof output === 'string' ? JSON.parse(output) : output;
    expect(result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort()).toEqual([
      'module-directions-audit: apps/server/src/modules/audit/service.ts -> apps/server/src/modules/qc/access.ts',
      'server-foundation-below-modules: apps/server/src/http/errors.ts -> apps/server/src/modules/audit/record.ts',
      'server-nothing-imports-the-top: apps/server/src/modules/qc/routes.ts -> apps/server/src/app.ts',
      'server-unknown-module: apps/server/src/modules/newcomer/service.ts -> apps/server/src/modules/audit/record.ts',
    ]);
  }, 10_000);

  it('give the modules directions without a circle', () => {
    const placed = new Set();
    let left = Object.keys(DIRECTIONS);
    // Peel off the modules whose every allowed import is placed already; a circle would leave some for ever.
    while (left.length > 0) {
      const ready = left.filter((m) => DIRECTIONS[m].every((d) => placed.has(d)));
      expect(ready, `a circle among ${left.join(', ')}`).not.toEqual([]);
      for (const m of ready) placed.add(m);
      left = left.filter((m) => !placed.has(m));
    }
    for (const allowed of Object.values(DIRECTIONS)) for (const m of allowed) expect(DIRECTIONS).toHaveProperty([m]);
  });

  it('match the table in docs/architecture.md "Module directions", and every module folder has directions', () => {
    const doc = fs.readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8');
    const section = doc.split(/^## /m).find((s) => s.startsWith('Module directions'));
    expect(section, 'docs/architecture.md has a "## Module directions" section').toBeDefined();
    const table = {};
    for (const [, name, allowed] of section.matchAll(/^\| `([a-z-]+)` \| (.*?) \|$/gm))
      table[name] = allowed === '—' ? [] : [...allowed.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]);
    expect(table).toEqual(DIRECTIONS);
    const folders = fs
      .readdirSync(path.join(ROOT, 'apps/server/src/modules'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(folders.sort()).toEqual(Object.keys(DIRECTIONS).sort());
  });
});
