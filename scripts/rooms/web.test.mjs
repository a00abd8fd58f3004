// The web's room rules (web.mjs) fail a deliberate violation: in a small tree of their own under the system's temporary
// folder (the web app's shape, nothing of the real code), a feature importing another feature and a shared component
// importing a feature are refused; a feature importing app/, components/ and its own files, and app/pages.tsx and
// app/router.tsx importing features, pass.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import web from './web.mjs';

/** Files of the small tree, by path from its top. */
const TREE = {
  'apps/web/src/app/query-keys.ts': "export const LEADS_KEY = ['leads'] as const;\n",
  'apps/web/src/components/Pager.tsx':
    "import { LEADS_KEY } from '../app/query-keys.ts';\nexport const p = LEADS_KEY;\n",
  // Allowed: its own files, app/ and components/.
  'apps/web/src/features/leads/api.ts':
    "import { LEADS_KEY } from '../../app/query-keys.ts';\nimport { p } from '../../components/Pager.tsx';\n" +
    'export const leads = [LEADS_KEY, p];\n',
  'apps/web/src/features/leads/sub/LeadsPage.tsx': "import { leads } from '../api.ts';\nexport default leads;\n",
  // Refused: another feature.
  'apps/web/src/features/dialer/SendCard.tsx': "import { leads } from '../leads/api.ts';\nexport const s = leads;\n",
  // Refused: a shared component importing a feature.
  'apps/web/src/components/LeadAttempts.tsx':
    "import { leads } from '../features/leads/api.ts';\nexport const a = leads;\n",
  // Allowed: the two files that list the pages.
  'apps/web/src/app/pages.tsx':
    "import Page from '../features/leads/sub/LeadsPage.tsx';\nexport const PAGES = [Page];\n",
  'apps/web/src/app/router.tsx': "import { s } from '../features/dialer/SendCard.tsx';\nexport const r = s;\n",
};

let top = '';

beforeAll(() => {
  top = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-web-rooms-'));
  for (const [file, text] of Object.entries(TREE)) {
    fs.mkdirSync(path.dirname(path.join(top, file)), { recursive: true });
    fs.writeFileSync(path.join(top, file), text);
  }
});

afterAll(() => fs.rmSync(top, { recursive: true, force: true }));

describe('web room rules', () => {
  it('refuse a feature importing another feature and app/ or components/ importing a feature', async () => {
    const { output } = await cruise(
      ['apps'],
      { baseDir: top, ruleSet: { forbidden: web }, validate: true, tsPreCompilationDeps: true },
      { extensions: ['.ts', '.tsx'] },
    );
    const result = typeof output === 'string' ? JSON.parse(output) : output;
    expect(result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort()).toEqual([
      'web-feature-to-feature: apps/web/src/features/dialer/SendCard.tsx -> apps/web/src/features/leads/api.ts',
      'web-shared-to-feature: apps/web/src/components/LeadAttempts.tsx -> apps/web/src/features/leads/api.ts',
    ]);
  });
});
