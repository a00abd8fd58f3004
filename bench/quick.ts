// The guard of issue 35 (npm run bench -- quick, under 3 minutes): three same-run ratios on a server and database of
// their own (the lookup ÷ a bare route, the upload ÷ \copy, the QC export ÷ exceljs alone) compared with the last
// release's in bench/baseline.json: a ratio more than 15 % below its baseline prints MISSED and the run exits 1.
// With --update-baseline (or BENCH_UPDATE_BASELINE=1) the run rewrites bench/baseline.json instead.
import os from 'node:os';
import {
  type Ratio,
  VERDICT_HEAD,
  compareWithBaseline,
  loadCaution,
  readBaseline,
  verdictLines,
  verdictRows,
  writeBaseline,
} from './baseline.ts';
import { describeCommit, describeLoad, describeMachine } from './machine.ts';
import { measureExport, measureLookup, measureUpload, type Measured } from './quick-ratios.ts';
import { startBenchServer } from './server.ts';
import { createSurvey } from './survey-setup.ts';
import { type Figure, printRows } from './table.ts';

const seconds = (since: number) => Math.round((performance.now() - since) / 1000);

export async function benchQuick(): Promise<Figure[]> {
  const log = (line: string) => console.log(`[quick] ${line}`);
  const started = performance.now();
  const update = process.env.BENCH_UPDATE_BASELINE === '1';
  // Read first: a broken baseline stops the run before its minutes are spent.
  const baseline = await readBaseline();
  const server = await startBenchServer('quick');
  log(`server and database of its own started in ${seconds(started)} s`);
  const measured: Record<string, Measured> = {};
  try {
    const { adminToken } = await createSurvey(server);
    for (const [name, measure] of Object.entries({
      lookup: measureLookup,
      upload: measureUpload,
      export: measureExport,
    })) {
      const phase = performance.now();
      measured[name] = await measure(server, adminToken, log);
      log(`${name} measured in ${seconds(phase)} s`);
    }
  } finally {
    await server.stop();
  }
  const ratios: Record<string, Ratio> = Object.fromEntries(Object.entries(measured).map(([n, m]) => [n, m.ratio]));
  const verdicts = compareWithBaseline(ratios, baseline);
  const load = describeLoad();
  log(`${seconds(started)} s in all, load ${load}; against bench/baseline.json:`);
  printRows(VERDICT_HEAD, verdictRows(verdicts));
  const lines = verdictLines(verdicts, baseline);
  if (update) {
    const commit = describeCommit();
    await writeBaseline({ measuredAt: new Date().toISOString(), machine: describeMachine(), load, commit, ratios });
    log(`bench/baseline.json rewritten from this run (commit ${commit}); the comparison above is with the old one`);
  } else {
    for (const line of lines) console.log(line);
    if (verdicts.some((v) => v.missed)) process.exitCode = 1;
    const caution = loadCaution(baseline, os.loadavg()[0] ?? 0, os.cpus().length);
    if (caution !== undefined) console.log(caution);
  }
  return [
    ...Object.values(measured).flatMap((m) => m.figures),
    // The table's target here is the floor: the baseline less 15 %.
    ...verdicts.map((v): Figure => ({
      figure: `quick: ${v.what}; target: baseline − 15 %`,
      value: v.value,
      unit: '%',
      higher: true,
      target: v.floor === undefined ? undefined : Math.round(v.floor * 10) / 10,
      reference: v.baseline,
    })),
  ];
}
