// npm run bench [-- name …]: runs the benchmarks (all, or those named: login-weight, compression, http, leads, leads-upload, leads-generate, survey, qc-export, analysis, checks-backlog, qc-queue, qc-loop, dialer-send, screen-pop, signin, heavy-reads, qc-insights, scale, reports, load; quick only when named) against the real server and
// prints one table (also bench/results/latest.json). npm run bench -- quick [--update-baseline]: the guard of issue 35,
// three same-run ratios against bench/baseline.json (exits 1 on a MISSED one); the flag rewrites that file instead.
import fs from 'node:fs/promises';
import path from 'node:path';
import { benchAnalysis } from './analysis.ts';
import { benchChecksBacklog } from './checks-backlog.ts';
import { benchCompressionCost } from './compression-cost.ts';
import { benchDialerSend } from './dialer-send.ts';
import { benchHeavyReads } from './heavy-reads.ts';
import { benchHttp } from './http.ts';
import { benchLeadsGenerate } from './leads-generate.ts';
import { benchLeadsUpload } from './leads-upload.ts';
import { benchLoad } from './load.ts';
import { benchLoginWeight } from './login-weight.ts';
import { describeMachine } from './machine.ts';
import { benchQcExport } from './qc-export.ts';
import { benchQcInsights } from './qc-insights.ts';
import { benchQcLoop } from './qc-loop.ts';
import { benchQcQueue } from './qc-queue.ts';
import { benchQuick } from './quick.ts';
import { benchReports } from './reports.ts';
import { benchSignin } from './signin.ts';
import { startBenchServer, type BenchServer } from './server.ts';
import { benchScaleGroup } from './scale.ts';
import { benchScreenPop } from './screen-pop.ts';
import { benchSurvey } from './survey.ts';
import type { Figure } from './table.ts';
import { printTable } from './table.ts';

/** A benchmark on the shared server, or one with a server and database of its own (no shared server started for it). */
type Bench = ((server: BenchServer) => Promise<Figure[]>) | { ownServer: () => Promise<Figure[]> };

const BENCHES: Record<string, Bench[]> = {
  // The built web app (npm run build) as Chromium receives /login: JS + CSS transferred against 250 KB.
  'login-weight': [benchLoginWeight],
  // JSON compression on the busiest route (GET /api/ap/getByNumber): reply sizes, CPU per reply, the lookup under load.
  compression: [benchCompressionCost],
  http: [benchHttp],
  leads: [benchLeadsUpload, benchLeadsGenerate],
  'leads-upload': [benchLeadsUpload],
  'leads-generate': [benchLeadsGenerate],
  survey: [benchSurvey],
  'qc-export': [benchQcExport],
  // The automatic checks of a recording: speed (× real time, one core) and peak RSS per job on one-hour recordings.
  analysis: [benchAnalysis],
  // The agents' lookup idle and while 500 recordings are analysed by the same server (a server and database of its own).
  'checks-backlog': [benchChecksBacklog],
  // The QC queue's "score next" with 1M leads and 200k QC records, 8 inspectors at once (a database and server of its own).
  'qc-queue': [benchQcQueue],
  // 10k then 100k generated leads sent to the fake VICIdial (2 ms a reply, its own process) at rate 0: leads/s, RSS flat.
  'dialer-send': [benchDialerSend],
  // 300 agents with /CRM open watched against the fake VICIdial (agent_status in 5 ms, its own process): pop latency
  // p99, the agent_status rate, the server's CPU share; the lookup p99 with the watch running against without.
  'screen-pop': [benchScreenPop],
  // 200 agents signing in at once; ends with 200 scrypt N=2^17 hashes in-process as a reference (about 80 s).
  signin: [benchSignin],
  // One user's heaviest reads in parallel for 40 s on 200k QC records: /healthz and another agent's lookup p99, without
  // and with the per-user limit (a database and servers of its own).
  'heavy-reads': [benchHeavyReads],
  // QC insights as the admin on 200k in-house records over a year, 30k on a weighted scorecard: a year, one campaign's
  // year and a month, 5 calls each after 2 warm-ups (a database and server of its own).
  'qc-insights': [{ ownServer: benchQcInsights }],
  // Score next → playable audio in Chromium (the built web app), 50 claims in fresh contexts: median and p95 against
  // 500 ms (a server, database and recordings folder of its own).
  'qc-loop': [{ ownServer: benchQcLoop }],
  // The screens' calls at 100k, 1M and 5M leads (BENCH_SCALE_SIZES), on a database and server of its own; builds 5M leads.
  scale: [benchScaleGroup],
  // What managers and clients read (issue 38): results, cross-tabs, productivity, suspicious and the dashboard at 100k
  // and 1M leads (200k completes, 250k attempts by 200 agents over 30 days, 100k QC records per 1M), on a database and
  // server of its own.
  reports: [{ ownServer: benchReports }],
  // Last: 5 minutes of 200 agents (BENCH_LOAD_SECONDS to shorten).
  load: [benchLoad],
  // Only when named (it repeats survey, leads-upload and qc-export on smaller data): the lookup ÷ a bare route, the
  // upload ÷ \copy and the QC export ÷ exceljs alone against bench/baseline.json, on a server of its own (~2 minutes).
  quick: [{ ownServer: benchQuick }],
};
/** Groups a bare `npm run bench` leaves out. */
const ONLY_WHEN_NAMED = new Set(['quick']);
/** --update-baseline: the quick group rewrites bench/baseline.json from this run (as BENCH_UPDATE_BASELINE=1 does). */
const FLAGS = ['--update-baseline'];

const args = process.argv.slice(2);
const asked = args.filter((arg) => !arg.startsWith('--'));
const unknown = asked.filter((name) => !(name in BENCHES));
const unknownFlags = args.filter((arg) => arg.startsWith('--') && !FLAGS.includes(arg));
if (unknown.length > 0 || unknownFlags.length > 0) {
  console.error(
    `Unknown benchmark or flag ${[...unknown, ...unknownFlags].join(', ')}; choose from: ${Object.keys(BENCHES).join(', ')}; flags: ${FLAGS.join(', ')}.`,
  );
  process.exit(2);
}
if (args.includes('--update-baseline')) process.env.BENCH_UPDATE_BASELINE = '1';
const chosen = asked.length > 0 ? asked : Object.keys(BENCHES).filter((name) => !ONLY_WHEN_NAMED.has(name));

/** Started for the first benchmark that uses it. */
let server: BenchServer | undefined;
const figures: Figure[] = [];
/** A benchmark that throws is reported after the table; the others still run and are in it. */
const failures: string[] = [];
try {
  // Each benchmark once, however many of the chosen groups hold it.
  for (const bench of new Set(chosen.flatMap((name) => BENCHES[name] ?? []))) {
    const name = typeof bench === 'function' ? bench.name : bench.ownServer.name;
    try {
      figures.push(
        ...(await (typeof bench === 'function' ? bench((server ??= await startBenchServer())) : bench.ownServer())),
      );
    } catch (e) {
      console.error(`[${name}] FAILED: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      failures.push(`${name}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
} finally {
  await server?.stop();
}
printTable(figures);
const out = path.join(import.meta.dirname, 'results');
await fs.mkdir(out, { recursive: true });
const machine = describeMachine();
await fs.writeFile(
  path.join(out, `latest${asked.length > 0 ? `-${chosen.join('-')}` : ''}.json`),
  JSON.stringify({ at: new Date().toISOString(), machine, figures, failures }, null, 2),
);
console.log(`\nMachine: ${machine}`);
if (failures.length > 0) {
  console.error(`\n${failures.length} benchmark(s) failed and are missing from the table:\n  ${failures.join('\n  ')}`);
  process.exitCode = 1;
}
