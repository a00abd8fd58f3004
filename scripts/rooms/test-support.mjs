// Test support lives in src/test/ (both apps and packages/shared), e2e/ and bench/; product files import none of it, and e2e/ and bench/
// reach the apps only through their packages' exports (docs/architecture.md §1).

/** Files that are tests or test support themselves: everything else is product code. */
const TEST_SIDE = ['\\.test\\.(ts|tsx|mjs)$', '(^|/)src/test/', '^e2e/', '^bench/'];

export default [
  {
    name: 'no-test-support-in-product',
    severity: 'error',
    comment:
      'A product file imports test support (apps/*/src/test/, packages/shared/src/test/): move what both need into a product file, or the ' +
      'importing file into src/test/.',
    from: { pathNot: TEST_SIDE },
    to: { path: '^(apps/(server|web)|packages/shared)/src/test/' },
  },
  {
    name: 'no-deep-import-from-e2e-or-bench',
    severity: 'error',
    comment:
      'e2e/ and bench/ import an app through its package (@crm/server/…, see the "exports" of apps/server/package.json), ' +
      'never by a relative path into apps/*/src/.',
    from: { path: '^(e2e|bench)/' },
    to: { path: '^apps/(server|web)/src/', dependencyTypes: ['local'] },
  },
];
