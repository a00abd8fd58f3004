// The quick guard's three same-run ratios, each the product against its reference side by side on smaller data than
// their own groups (survey, leads-upload, qc-export), whose pieces they reuse: the lookup ÷ a bare Fastify route, the
// lead upload ÷ psql \copy of the same file, the QC export ÷ exceljs alone writing the same rows.
import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Ratio } from './baseline.ts';
import { copyReference, createUploadCampaign, uploadFile, writeCsv } from './leads-upload.ts';
import { countRows, downloadExport, exceljsRowApiRate, seedRecords } from './qc-export.ts';
import type { BenchServer } from './server.ts';
import { checkLookupSample, lookupTargets, measureAgainstBare, startBareServer } from './survey-lookup.ts';
import { createAgents, seedSurveyLeads } from './survey-setup.ts';
import type { Figure } from './table.ts';

const LOOKUP_LEADS = 200_000;
/** 4 alternating windows of 2 s per side after 2 s of warm-up each (the survey group: 3 × 10 s on 1M leads). */
const LOOKUP_TIMING = { seconds: 8, windows: 4, warmupSeconds: 2 };
/** The leads-upload group's rows (1M) and the qc-export group's (100k) would not fit in the 3 minutes. */
const UPLOAD_ROWS = 200_000;
const EXPORT_ROWS = 50_000;
/** Rounds of product and reference, the order swapped each round so the machine's drift falls on both alike. */
const ROUNDS = 2;

export type Measured = { ratio: Ratio; figures: Figure[] };
type Log = (line: string) => void;

const k = (n: number) => `${Math.round(n / 1000)}k`;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** Runs a and b ROUNDS times, a first in even rounds and b first in odd ones; returns each one's ms per round. */
async function alternate(
  a: (round: number) => Promise<number>,
  b: (round: number) => Promise<number>,
): Promise<[number[], number[]]> {
  const aMs: number[] = [];
  const bMs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      aMs.push(await a(round));
      bMs.push(await b(round));
    } else {
      bMs.push(await b(round));
      aMs.push(await a(round));
    }
  }
  return [aMs, bMs];
}

const median = (sorted: readonly number[]) =>
  ((sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN) +
    (sorted[Math.ceil((sorted.length - 1) / 2)] ?? Number.NaN)) /
  2;
const sum = (values: readonly number[]) => values.reduce((total, v) => total + v, 0);
/** Each round's seconds and their total: "13.1 + 12.9 = 26.0 s". */
const rounds = (ms: readonly number[]) => `${ms.map((m) => (m / 1000).toFixed(1)).join(' + ')} = ${s(sum(ms))}`;

/** GET /api/ap/getByNumber at 100 connections on LOOKUP_LEADS leads against a bare Fastify route, in windows. */
export async function measureLookup(server: BenchServer, adminToken: string, log: Log): Promise<Measured> {
  const seeded = await seedSurveyLeads(server.databaseUrl, undefined, LOOKUP_LEADS);
  const [agent] = await createAgents(server, adminToken, 1);
  if (agent === undefined) throw new Error('no agent signed in');
  const targets = lookupTargets(LOOKUP_LEADS);
  const sample = await checkLookupSample(server.url, agent.token, targets);
  if (sample.wrong > 0)
    throw new Error(`lookup: ${sample.wrong} wrong replies in the sample:\n${sample.notes.join('\n')}`);
  const bareServer = await startBareServer();
  const { lookup, bare } = await measureAgainstBare(
    server.url,
    agent.token,
    bareServer.url,
    targets,
    LOOKUP_TIMING,
  ).finally(() => bareServer.stop());
  const failed = lookup.errors + lookup.timeouts + lookup.non2xx;
  if (failed > 0) throw new Error(`lookup: ${failed} of ${lookup.requests} requests failed under load`);
  // Each window against the bare one after it; their median, which one window slowed by another process moves less.
  const pairs = lookup.windows.map((w, i) => (w / (bare.windows[i] ?? Number.NaN)) * 100).sort((a, b) => a - b);
  log(
    `lookup: ${k(LOOKUP_LEADS)} leads seeded in ${s(seeded.ms)}; ${sample.found} sample leads found; ${Math.round(lookup.average)} req/s (p99 ${lookup.p99} ms) against the bare route's ${Math.round(bare.average)} req/s; window pairs ${pairs.map((p) => p.toFixed(1)).join(', ')} %`,
  );
  const load = `${k(LOOKUP_LEADS)} leads, 100 conn, ${LOOKUP_TIMING.windows} × ${LOOKUP_TIMING.seconds / LOOKUP_TIMING.windows} s`;
  return {
    ratio: {
      value: round1(median(pairs)),
      what: `lookup ÷ bare Fastify route (${load}; median of the window pairs)`,
    },
    figures: [
      {
        figure: `quick: GET /api/ap/getByNumber (${load}); ref. bare route`,
        value: Math.round(lookup.average),
        unit: 'req/s',
        higher: true,
        reference: Math.round(bare.average),
      },
      { figure: 'quick: lookup p99 latency (median window)', value: lookup.p99, unit: 'ms', reference: bare.p99 },
    ],
  };
}

/** The lead CSV upload over HTTP against psql's \copy of the same file into a table shaped like leads. */
export async function measureUpload(server: BenchServer, adminToken: string, log: Log): Promise<Measured> {
  // A campaign per round: the same file again into one would add no lead, and deleting them (with the VACUUM and
  // CHECKPOINT the leads-upload group runs after) costs seconds a round.
  const campaigns = Array.from({ length: ROUNDS }, (_, round) => `Quick Upload ${round + 1}`);
  const ids: number[] = [];
  for (const [round, name] of campaigns.entries())
    ids.push((await createUploadCampaign(server, adminToken, name, `QUICK-UP-${round + 1}`)).id);
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'crm-bench-quick-'));
  try {
    const file = path.join(work, 'leads.csv');
    const size = await writeCsv(file, UPLOAD_ROWS);
    const upload = async (round: number) => {
      const started = performance.now();
      const result = await uploadFile(server, adminToken, file, size, randomUUID(), campaigns[round]);
      const ms = performance.now() - started;
      if (result.leadsAdded !== UPLOAD_ROWS)
        throw new Error(`upload: ${result.leadsAdded} leads added, expected ${UPLOAD_ROWS}`);
      return ms;
    };
    const [uploads, copies] = await alternate(upload, (round) =>
      copyReference(server.databaseUrl, file, ids[round] ?? Number.NaN, true),
    );
    const rate = (UPLOAD_ROWS * ROUNDS * 1000) / sum(uploads);
    const copyRate = (UPLOAD_ROWS * ROUNDS * 1000) / sum(copies);
    const mb = Math.round(size / 2 ** 20);
    log(
      `upload: ${k(UPLOAD_ROWS)} rows (${mb} MB) × ${ROUNDS}: ${rounds(uploads)} over HTTP, ${rounds(copies)} by \\copy`,
    );
    return {
      ratio: {
        value: round1((rate / copyRate) * 100),
        what: `lead upload ÷ psql \\copy (${k(UPLOAD_ROWS)} rows, ${ROUNDS} rounds)`,
      },
      figures: [
        {
          figure: `quick: lead CSV upload, ${k(UPLOAD_ROWS)} rows (${mb} MB) over HTTP; ref. \\copy`,
          value: Math.round(rate),
          unit: 'rows/s',
          higher: true,
          reference: Math.round(copyRate),
        },
      ],
    };
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

/** The in-house QC export as xlsx to its last byte against exceljs's streaming writer alone writing as many rows. */
export async function measureExport(server: BenchServer, adminToken: string, log: Log): Promise<Measured> {
  await seedRecords(server.databaseUrl, EXPORT_ROWS);
  // The first export after start is slower (code not yet optimised); the qc-export group reports it on its own.
  const cold = await downloadExport(server, adminToken);
  let file = cold.file;
  const exportOnce = async () => {
    const result = await downloadExport(server, adminToken);
    file = result.file;
    return result.ms;
  };
  const exceljsOnce = async () => (EXPORT_ROWS * 1000) / (await exceljsRowApiRate(EXPORT_ROWS));
  const [exports, exceljsRuns] = await alternate(exportOnce, exceljsOnce);
  const check = await countRows(file);
  if (check.rows !== EXPORT_ROWS + 1)
    throw new Error(`export: the file holds ${check.rows} rows, expected ${EXPORT_ROWS + 1} (header included)`);
  const rate = (EXPORT_ROWS * ROUNDS * 1000) / sum(exports);
  const exceljsRate = (EXPORT_ROWS * ROUNDS * 1000) / sum(exceljsRuns);
  log(
    `export: ${k(EXPORT_ROWS)} rows × ${ROUNDS}: ${rounds(exports)} over HTTP (cold run ${s(cold.ms)} before), ${rounds(exceljsRuns)} by exceljs alone; ${check.rows} rows read back`,
  );
  return {
    ratio: {
      value: round1((rate / exceljsRate) * 100),
      what: `QC export ÷ exceljs alone (${k(EXPORT_ROWS)} rows, ${ROUNDS} rounds)`,
    },
    figures: [
      {
        figure: `quick: QC export, ${k(EXPORT_ROWS)} in-house records as xlsx; ref. exceljs Row API alone`,
        value: Math.round(rate),
        unit: 'rows/s',
        higher: true,
        reference: Math.round(exceljsRate),
      },
    ],
  };
}
