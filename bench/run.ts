// npm run bench [-- name …]: runs the benchmarks (all, or those named: http, leads, leads-upload, leads-generate, survey, qc-export) against the real server and
// prints one table (also bench/results/latest.json).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { benchHttp } from './http.ts';
import { benchLeadsGenerate } from './leads-generate.ts';
import { benchLeadsUpload } from './leads-upload.ts';
import { benchQcExport } from './qc-export.ts';
import { startBenchServer, type BenchServer } from './server.ts';
import { benchSurvey } from './survey.ts';
import type { Figure } from './table.ts';
import { printTable } from './table.ts';

const BENCHES: Record<string, ((server: BenchServer) => Promise<Figure[]>)[]> = {
  http: [benchHttp],
  leads: [benchLeadsUpload, benchLeadsGenerate],
  'leads-upload': [benchLeadsUpload],
  'leads-generate': [benchLeadsGenerate],
  survey: [benchSurvey],
  'qc-export': [benchQcExport],
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in BENCHES));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; choose from: ${Object.keys(BENCHES).join(', ')}.`);
  process.exit(2);
}
const chosen = asked.length > 0 ? asked : Object.keys(BENCHES);

const server = await startBenchServer();
const figures: Figure[] = [];
try {
  // Each benchmark once, however many of the chosen groups hold it.
  for (const bench of new Set(chosen.flatMap((name) => BENCHES[name] ?? []))) figures.push(...(await bench(server)));
} finally {
  await server.stop();
}
printTable(figures);
const out = path.join(import.meta.dirname, 'results');
await fs.mkdir(out, { recursive: true });
const machine = `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.cpus()[0]?.model ?? 'unknown CPU'}, node ${process.version}`;
await fs.writeFile(path.join(out, `latest${asked.length > 0 ? `-${chosen.join('-')}` : ''}.json`), JSON.stringify({ at: new Date().toISOString(), machine, figures }, null, 2));
console.log(`\nMachine: ${machine}`);
