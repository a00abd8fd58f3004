// npm test: lint, typecheck, unit + API tests, browser tests; ends with one line "N passed, N failed".
// First it sets up what the machine lacks (scripts/test-setup.mjs), or stops at once saying what to run.
//   node scripts/test.mjs [static|unit|e2e]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { prepareTests, thisMachine } from './test-setup.mjs';

const root = path.resolve(import.meta.dirname, '..');
const STEPS = ['static', 'unit', 'e2e'];
const only = process.argv[2];
if (only !== undefined && !STEPS.includes(only)) {
  console.error(`usage: node scripts/test.mjs [${STEPS.join('|')}]`);
  process.exit(2);
}
const setup = await prepareTests(only ? [only] : STEPS, thisMachine(root));
if (setup.stop) {
  console.error(setup.stop);
  process.exit(1);
}
Object.assign(process.env, setup.env);
const results = path.join(root, 'test-results');
fs.mkdirSync(results, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Each failing test's file and name with its message's first line: printed last, so a log's tail names them. */
const failedTests = [];

function run(label, command, args) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  return r.status === 0;
}

/** A step that is one check: it passes or fails as a whole. */
function check(label, command, args) {
  if (run(label, command, args)) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(label);
  }
}

/** A vitest run: its own counts, read from its JSON report. */
function vitest(label, args) {
  const out = path.join(results, `${label}.json`);
  fs.rmSync(out, { force: true });
  const ok = run(label, 'npx', [
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${out}`,
  ]);
  let report;
  try {
    report = JSON.parse(fs.readFileSync(out, 'utf8'));
  } catch {
    totals.failed += 1;
    failures.push(`${label} (no report: the run crashed before it finished)`);
    return;
  }
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name);
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'))
      failedTests.push(`${label}: ${where}: ${firstLine(file.message)}`);
    for (const t of file.assertionResults ?? [])
      if (t.status === 'failed')
        failedTests.push(`${label}: ${where} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
  }
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  if (report.numTotalTests === 0) {
    totals.failed += 1;
    failures.push(`${label} ran no test`);
  } else if (report.numFailedTests > 0 || !ok) {
    if (report.numFailedTests === 0) totals.failed += 1; // a suite-level failure (setup, import) with no failing test
    failures.push(label);
  }
}

function firstLine(text) {
  const line =
    String(text ?? '')
      .split('\n')
      .find((l) => l.trim() !== '') ?? '';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

if (!only || only === 'static') {
  check('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
  check('rooms', 'npm', ['run', '--silent', 'rooms']);
  check('format', 'npm', ['run', '--silent', 'format:check']);
  check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
}
if (!only || only === 'unit') vitest('unit', []);
if (!only || only === 'e2e') {
  if (run('build', 'npm', ['run', '--silent', 'build'])) vitest('e2e', ['--config', 'e2e/vitest.config.ts']);
  else {
    totals.failed += 1;
    failures.push('build');
  }
}

console.log('');
for (const line of failedTests) console.log(`FAILED ${line}`);
if (failures.length) console.log(`Failed: ${failures.join(', ')}`);
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed === 0 ? 0 : 1);
