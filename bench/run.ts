// npm run bench: runs every benchmark against the real server and prints one table (also bench/results/latest.json).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { benchHttp } from './http.ts';
import { startBenchServer } from './server.ts';
import type { Figure } from './table.ts';
import { printTable } from './table.ts';

const server = await startBenchServer();
const figures: Figure[] = [];
try {
  figures.push(...(await benchHttp(server)));
} finally {
  await server.stop();
}
printTable(figures);
const out = path.join(import.meta.dirname, 'results');
await fs.mkdir(out, { recursive: true });
const machine = `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.cpus()[0]?.model ?? 'unknown CPU'}, node ${process.version}`;
await fs.writeFile(path.join(out, 'latest.json'), JSON.stringify({ at: new Date().toISOString(), machine, figures }, null, 2));
console.log(`\nMachine: ${machine}`);
