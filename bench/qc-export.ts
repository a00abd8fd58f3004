// The QC records export (docs/architecture.md §12): 100k in-house QC records of one day downloaded as xlsx through the real server,
// rows per second until the last byte and the server's peak RSS meanwhile; the file is read back and counted. A server and
// database of its own: on the shared one the RSS figure measured what earlier groups left (the survey group's 1M-lead
// lookup load left 279-339 MB before the first export), not the export (+1 to +22 MB over four exports).
import fs from 'node:fs';
import http from 'node:http';
import { Readable, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { QC_EXPORTS } from '@crm/shared';
import { BENCH_ADMIN_PASSWORD, startBenchServer, type BenchServer } from './server.ts';
import type { Figure } from './table.ts';
import { QC_AGENT_COLUMNS, QC_GRADE, QC_MARK_COLUMNS, QC_MARKS, QC_TOTAL } from './qc-rows.ts';

const ROWS = Number(process.env.BENCH_QC_ROWS ?? 100_000);
// A day far from the demo data's records.
const DAY = '2019-03-15';
/** Measured runs, after a first (cold) one reported on its own. */
const RUNS = 3;
const TARGET_ROWS_PER_S = 40_000;
const TARGET_RSS_MB = 300;

async function signIn(server: BenchServer): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/signInSuperAdmin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: BENCH_ADMIN_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { jwtToken: string }).jwtToken;
}

/**
 * `rows` (ROWS by default) in-house records of DAY in one statement: 50 agents, scores varying call by call (total
 * and grade computed as the server does), a suggestion on most calls (some in Bengali), a fatal call in fifty.
 */
export async function seedRecords(databaseUrl: string, rows = ROWS): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    await client.query(
      `
      insert into qc_records (kind, call_date, agent_id, agent_name, campaign_name, consumer_number, duration, qc_inspector_id, qc_inspector,
        marks, fatal_reason, eas_voice_matched_with_report, suggestion, total, agent_grade)
      select 'in-house', $1::date, agent_id, agent_name, 'Bench Survey', consumer_number, duration,
        (select id from users where username = 'admin'), 'admin',
        marks, fatal_reason, eas, suggestion, total,
        ${QC_GRADE}
      from (
        select s.*, ${QC_TOTAL}, ${QC_MARKS}
        from (
          select ${QC_AGENT_COLUMNS},
                 '+88017' || lpad(g::text, 8, '0') as consumer_number, 20 + g % 600 as duration,
                 ${QC_MARK_COLUMNS},
                 (array['Keep it up', 'Greet the respondent by name before the first question', 'Slow down while reading the options',
                        'Confirm the number before closing the call', '', 'গ্রাহকের সাথে আরও বিনয়ী হন'])[1 + g % 6] as suggestion
          from generate_series(1, $2::int) g
        ) s
      ) r`,
      [DAY, rows],
    );
    await client.query('analyze qc_records');
    return performance.now() - started;
  } finally {
    await client.end();
  }
}

/** VmRSS of a process, in MB. */
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

/** Samples VmRSS of a process every 100 ms until stopped; returns the peak in MB. */
function sampleRss(pid: number): { stop: () => number } {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
  return { stop: () => (clearInterval(timer), Math.max(peak, rssMb(pid))) };
}

/** Downloads the day's in-house file; the time is until its last byte. */
export async function downloadExport(server: BenchServer, token: string): Promise<{ ms: number; file: Buffer }> {
  const url = `${server.url}${QC_EXPORTS.inHouse.path}?${new URLSearchParams({ date: DAY })}`;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { authorization: `Bearer ${token}` } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const ms = performance.now() - started;
          const file = Buffer.concat(chunks);
          if (res.statusCode !== 200) reject(new Error(`export: ${res.statusCode} ${file.toString().slice(0, 500)}`));
          else resolve({ ms, file });
        });
      })
      .on('error', reject);
  });
}

/** Reads the file back with exceljs's streaming reader: its rows, and the header's first and last cells. */
export async function countRows(
  file: Buffer,
): Promise<{ rows: number; sheet: string; firstHeader: unknown; lastHeader: unknown; lastTotal: unknown }> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(file), {});
  let rows = 0;
  let sheetName = '';
  let firstHeader: unknown;
  let lastHeader: unknown;
  let lastTotal: unknown;
  for await (const sheet of reader) {
    sheetName = (sheet as unknown as { name?: string }).name ?? '';
    for await (const row of sheet) {
      rows += 1;
      if (rows === 1) {
        firstHeader = row.getCell(1).value;
        lastHeader = row.getCell(26).value;
      }
      lastTotal = row.getCell(23).value;
    }
  }
  return { rows, sheet: sheetName, firstHeader, lastHeader, lastTotal };
}

/**
 * The reference: the same 26 columns written through exceljs's own Row API (a Row and its Cells per record) into
 * a streaming workbook in this process, with no database and no HTTP: what the export would cost without its fast
 * row path.
 */
export async function exceljsRowApiRate(rows = ROWS): Promise<number> {
  let bytes = 0;
  const sink = new Writable({ write: (chunk: Buffer, _enc, done) => ((bytes += chunk.length), done()) });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: sink,
    useSharedStrings: false,
    useStyles: false,
    zip: { zlib: { level: 1 } },
  });
  const sheet = workbook.addWorksheet(QC_EXPORTS.inHouse.sheet);
  const started = performance.now();
  sheet.addRow(Array.from({ length: 26 }, (_, i) => `Header ${i + 1}`)).commit();
  for (let g = 1; g <= rows; g++) {
    sheet
      .addRow([
        DAY,
        `Rina Akter ${g % 50}`,
        `AG${g % 50}`,
        'Bench Survey',
        `+88017${String(g).padStart(8, '0')}`,
        20 + (g % 600),
        0,
        10,
        10,
        10,
        5,
        10,
        10,
        0,
        10,
        10,
        0,
        20,
        0,
        0,
        '',
        'Yes',
        95,
        'Exceed Expectation',
        'Slow down while reading the options',
        'admin',
      ])
      .commit();
    if (g % 1000 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  sheet.commit();
  await workbook.commit();
  if (bytes === 0) throw new Error('the reference workbook is empty');
  return (rows / (performance.now() - started)) * 1000;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** The group on a server of its own, started here and stopped after it. */
export async function benchQcExport(): Promise<Figure[]> {
  const server = await startBenchServer('qc_export');
  try {
    return await measureQcExport(server);
  } finally {
    await server.stop();
  }
}

async function measureQcExport(server: BenchServer): Promise<Figure[]> {
  const log = (line: string) => console.log(`[qc-export] ${line}`);
  const pid = server.child.pid;
  if (pid === undefined) throw new Error('the server process has no pid');
  const token = await signIn(server);
  const seedMs = await seedRecords(server.databaseUrl);
  log(`${ROWS.toLocaleString('en-US')} in-house QC records of ${DAY} seeded in ${(seedMs / 1000).toFixed(1)} s`);

  const idleRss = rssMb(pid);
  const rates: number[] = [];
  let peakRssMb = 0;
  let file: Buffer = Buffer.alloc(0);
  for (let run = 0; run <= RUNS; run++) {
    const rss = sampleRss(pid);
    const result = await downloadExport(server, token);
    const peak = rss.stop();
    peakRssMb = Math.max(peakRssMb, peak);
    const rate = (ROWS / result.ms) * 1000;
    rates.push(rate);
    file = result.file;
    log(
      `${run === 0 ? 'first (cold) run' : `run ${run}`}: ${(result.ms / 1000).toFixed(2)} s to the last byte, ${Math.round(rate).toLocaleString('en-US')} rows/s, ${(file.length / 2 ** 20).toFixed(1)} MB, server peak RSS ${Math.round(peak)} MB`,
    );
  }

  const check = await countRows(file);
  log(
    `read back: sheet "${check.sheet}", ${check.rows.toLocaleString('en-US')} rows (header "${String(check.firstHeader)}" … "${String(check.lastHeader)}"), last total ${String(check.lastTotal)}`,
  );
  if (
    check.rows !== ROWS + 1 ||
    check.sheet !== QC_EXPORTS.inHouse.sheet ||
    check.firstHeader !== 'Call Date' ||
    check.lastHeader !== 'QC By' ||
    typeof check.lastTotal !== 'number'
  ) {
    console.error(
      `[qc-export] PROBLEM: the file holds ${check.rows} rows in sheet "${check.sheet}", expected ${ROWS + 1} in "${QC_EXPORTS.inHouse.sheet}"`,
    );
  }

  const reference = await exceljsRowApiRate();
  log(
    `reference: exceljs's Row API alone writes ${Math.round(reference).toLocaleString('en-US')} rows/s (no database, no HTTP)`,
  );

  const [cold = Number.NaN, ...measured] = rates;
  const k = `${Math.round(ROWS / 1000)}k`;
  return [
    {
      figure: `QC export: ${k} in-house records as xlsx, median of ${RUNS} runs (to the last byte); ref. exceljs Row API alone`,
      value: Math.round(median(measured)),
      unit: 'rows/s',
      target: TARGET_ROWS_PER_S,
      higher: true,
      reference: Math.round(reference),
    },
    {
      figure: `QC export: slowest of those ${RUNS} runs`,
      value: Math.round(Math.min(...measured)),
      unit: 'rows/s',
      higher: true,
    },
    { figure: 'QC export: the first export after start (cold)', value: Math.round(cold), unit: 'rows/s', higher: true },
    {
      figure: `QC export: server peak RSS during all ${RUNS + 1} exports; ref. before them`,
      value: Math.round(peakRssMb),
      unit: 'MB',
      target: TARGET_RSS_MB,
      reference: Math.round(idleRss),
    },
    {
      figure: `QC export: server RSS added during those ${RUNS + 1} exports (peak - before)`,
      value: Math.round(peakRssMb - idleRss),
      unit: 'MB',
    },
    { figure: 'QC export: file size', value: Math.round((file.length / 2 ** 20) * 10) / 10, unit: 'MB' },
    {
      figure: 'QC export: rows read back from the file (header included)',
      value: check.rows,
      unit: 'rows',
      target: ROWS + 1,
      higher: true,
    },
  ];
}
