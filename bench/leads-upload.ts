// A 1M-row lead CSV uploaded over HTTP, against psql's \copy of the same file into a table of the same shape.
// Also the server's peak memory during the upload and how fast /healthz answers meanwhile.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { UPLOAD_LEAD_COLUMNS, ZImportProgress, ZLeadUploadResult, type TLeadUploadResult } from '@crm/shared';
import type { BenchServer } from './server.ts';
import { BENCH_ADMIN_PASSWORD } from './server.ts';
import type { Figure } from './table.ts';
import { copyStoredRowsIntoLeads } from './leads-same-table.ts';

const ROWS = Number(process.env.BENCH_UPLOAD_ROWS ?? 1_000_000);
const CAMPAIGN = 'Bench Upload';
const CUSTOM = ['shop_name', 'shop_type', 'owner_name', 'address', 'landmark', 'channel', 'segment', 'remarks'];
/** The same day written the ways spreadsheets write it, and a few days. */
const DATES = ['2024-05-01', '2/5/2024', '03-05-2024', '2024-05-04'];
const TARGET_RATIO = 0.85;
const TARGET_RSS_MB = 400;
const TARGET_HEALTH_P99_MS = 100;

type Json = Record<string, unknown>;

async function call(server: BenchServer, token: string, method: string, url: string, body?: Json): Promise<unknown> {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function signIn(server: BenchServer): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/signInSuperAdmin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: BENCH_ADMIN_PASSWORD }),
  });
  return ((await res.json()) as { jwtToken: string }).jwtToken;
}

/** One lead: ~230 bytes, like a real export (numbers in two forms, dates in three). */
function leadLine(i: number): string {
  const phone = `${i % 3 === 0 ? '88' : ''}017${String(10_000_000 + i)}`;
  const upload: Record<string, string> = {
    did: `D${i}`,
    data_status: i % 10 < 7 ? 'valid' : 'invalid',
    br_id: `BR${i % 50}`,
    region: 'Dhaka',
    territory: `Territory ${i % 20}`,
    area: `Area ${i % 100}`,
    respondent_name: i % 97 === 0 ? `"Rahman, Md. ${i}"` : `Respondent ${i}`,
    cell_number: phone,
    data_date: DATES[i % DATES.length] as string,
    brand: 'Gold Leaf',
    target_selector: ['Smoker', 'Non-smoker', 'Trial', 'Loyal'][i % 4] as string,
  };
  const custom = [
    `Store ${i}`,
    'Grocery',
    `Owner ${i}`,
    `"House ${i % 500}, Road ${i % 40}, Mirpur"`,
    'Near the mosque',
    'Retail',
    `S${i % 7}`,
    '',
  ];
  return `${UPLOAD_LEAD_COLUMNS.map((c) => upload[c]).join(',')},${custom.join(',')}\n`;
}

/** The upload's CSV of `rows` leads (ROWS by default); returns its size in bytes. */
export async function writeCsv(file: string, rows = ROWS): Promise<number> {
  const out = fs.createWriteStream(file);
  async function* lines() {
    yield `${[...UPLOAD_LEAD_COLUMNS, ...CUSTOM].join(',')}\n`;
    for (let start = 0; start < rows; start += 10_000) {
      let chunk = '';
      for (let i = start; i < Math.min(rows, start + 10_000); i++) chunk += leadLine(i);
      yield chunk;
    }
  }
  await pipeline(Readable.from(lines()), out);
  return (await fsp.stat(file)).size;
}

/** POSTs the file as multipart/form-data, streamed from disk with a known length. */
export async function uploadFile(
  server: BenchServer,
  token: string,
  file: string,
  size: number,
  importId: string,
  campaign = CAMPAIGN,
): Promise<TLeadUploadResult> {
  const boundary = `----crm-bench-${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="leads-1m.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const query = new URLSearchParams({ tableName: campaign, importId }).toString();
  const req = http.request(`${server.url}/api/file/uploadCsv?${query}`, {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + size + tail.length,
      authorization: `Bearer ${token}`,
    },
  });
  const reply = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res
        .setEncoding('utf8')
        .on('data', (c: string) => (body += c))
        .on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
  async function* body() {
    yield head;
    yield* fs.createReadStream(file, { highWaterMark: 256 * 1024 });
    yield tail;
  }
  await pipeline(Readable.from(body()), req);
  const { status, body: text } = await reply;
  if (status !== 200) throw new Error(`upload: ${status} ${text.slice(0, 2000)}`);
  return ZLeadUploadResult.parse(JSON.parse(text));
}

/** Samples VmRSS of a process until stopped; returns the peak in MB. */
function sampleRss(pid: number): { stop: () => number } {
  let peakKb = 0;
  const read = () => {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (m) peakKb = Math.max(peakKb, Number(m[1]));
  };
  read();
  const timer = setInterval(read, 100);
  return { stop: () => (clearInterval(timer), read(), peakKb / 1024) };
}

/** Asks /healthz every 50 ms, one request at a time, until stopped; returns the latencies. */
function pollHealth(server: BenchServer): { stop: () => Promise<number[]> } {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${server.url}/healthz`);
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return { stop: async () => ((running = false), await loop, latencies) };
}

/** Follows the upload's progress; returns when reading ended (storing began), in ms after start. */
function followPhases(
  server: BenchServer,
  token: string,
  importId: string,
  started: number,
): { stop: () => number | undefined } {
  let storingAt: number | undefined;
  const timer = setInterval(() => {
    void fetch(`${server.url}/api/file/uploadStatus/${importId}`, { headers: { authorization: `Bearer ${token}` } })
      .then(async (res) => (res.ok ? ZImportProgress.parse(await res.json()) : undefined))
      .then((p) => {
        if (p && p.phase !== 'reading' && storingAt === undefined) storingAt = performance.now() - started;
      })
      .catch(() => undefined);
  }, 100);
  return { stop: () => (clearInterval(timer), storingAt) };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function findPsql(): Promise<string> {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (
      await fsp.access(path.join(dir, 'psql')).then(
        () => true,
        () => false,
      )
    )
      return path.join(dir, 'psql');
  }
  const versions = await fsp.readdir('/usr/lib/postgresql').catch(() => [] as string[]);
  for (const v of versions.sort().reverse()) {
    const psql = `/usr/lib/postgresql/${v}/bin/psql`;
    if (
      await fsp.access(psql).then(
        () => true,
        () => false,
      )
    )
      return psql;
  }
  throw new Error('psql not found: the \\copy reference needs it');
}

/**
 * The reference: psql's \copy of the same file into a table shaped like leads: its columns (the data table's
 * own as text columns instead of fields), defaults, check, indexes (read from leads itself) and storage parameters, and
 * with foreignKeys its two foreign keys too, as leads has them. They matter: checking campaign_id row by row is about a third of either load.
 */
export async function copyReference(
  databaseUrl: string,
  file: string,
  campaignId: number,
  foreignKeys: boolean,
): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const columns = [...UPLOAD_LEAD_COLUMNS, ...CUSTOM];
  try {
    await client.query('drop table if exists bench_copy_reference');
    // The same storage parameters as leads (its fillfactor: design note in migration 0004).
    const options = await client.query<{ reloptions: string[] | null }>(
      "select reloptions from pg_class where oid = 'leads'::regclass",
    );
    const storage = options.rows[0]?.reloptions?.length ? ` with (${options.rows[0].reloptions.join(', ')})` : '';
    await client.query(`create table bench_copy_reference (
      id bigserial primary key, campaign_id integer not null default ${campaignId} ${foreignKeys ? 'references campaigns (id) on delete restrict' : ''},
      ${columns.map((c) => `${c} ${c === 'data_date' ? 'date not null' : c === 'cell_number' ? 'text not null' : 'text'}`).join(', ')},
      for_d text not null default '', generate_status integer not null default 0, is_called integer not null default 0 check (is_called in (0, 1)),
      called_by integer ${foreignKeys ? 'references users (id) on delete set null' : ''}, called_at timestamptz, created_at timestamptz not null default now(),
      fields jsonb not null default '{}', answers jsonb not null default '{}')${storage}`);
    // Every index leads has now, from its own definitions: a list written here went stale as indexes were added for
    // generate and the lead browser (migrations 0013, 0014), and the reference got cheaper than the table it stands for.
    const indexes = await client.query<{ indexdef: string }>(
      "select indexdef from pg_indexes where tablename = 'leads' and schemaname = current_schema() and indexname <> 'leads_pkey'",
    );
    for (const { indexdef } of indexes.rows)
      await client.query(
        indexdef.replace(/^CREATE (UNIQUE )?INDEX \S+ ON \S+/, (_all, unique: string | undefined) => {
          return `CREATE ${unique ?? ''}INDEX ON bench_copy_reference`;
        }),
      );
    await client.query('checkpoint');
    const psql = await findPsql();
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        psql,
        [
          databaseUrl,
          '-v',
          'ON_ERROR_STOP=1',
          '-c',
          `\\copy bench_copy_reference (${columns.join(', ')}) from '${file}' with (format csv, header true)`,
        ],
        {
          // The file's day-first dates read as the upload reads them.
          env: { ...process.env, PGOPTIONS: '-c datestyle=ISO,DMY' },
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      );
      let err = '';
      child.stderr.on('data', (c: Buffer) => (err += c.toString()));
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`psql \\copy failed: ${err}`))));
    });
    const ms = performance.now() - started;
    await client.query('drop table bench_copy_reference');
    await client.query('checkpoint');
    return ms;
  } finally {
    await client.end();
  }
}

/**
 * Takes the upload's leads out again and gives their pages back, so the benchmarks after this one (leads-generate)
 * find the leads table as they would alone. Left in place, every page of the upload keeps, beyond leads' fillfactor
 * reserve, up to a lead's width of slack, and the free space map knows it: narrower leads added afterwards go one per
 * page into that slack, so leads-generate's 200k leads of a date were spread over all 100k pages (860 MB) instead of
 * 11k, and its generate touched ~70k pages, each written whole to the WAL after its checkpoint (302 MB against 34 MB).
 * PostgreSQL 16 and later record that slack as COPY fills each page and make it findable as COPY extends the table,
 * 15 only once a VACUUM has run (the CI's server runs without autovacuum): that, not the engine, made the group 2–4
 * times slower on the embedded PostgreSQL 18 than on the PostgreSQL 15 server. The VACUUM cuts the emptied pages off
 * the end of the table.
 */
export async function removeUploadedLeads(databaseUrl: string, campaignId: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('delete from leads where campaign_id = $1', [campaignId]);
    await client.query('vacuum leads');
    await client.query('checkpoint');
  } finally {
    await client.end();
  }
}

/** The upload's campaign (or another named so) and its data table (the CSV's own columns), through the API as the admin. */
export async function createUploadCampaign(
  server: BenchServer,
  token: string,
  name = CAMPAIGN,
  code = 'BENCH-UP',
): Promise<{ id: number }> {
  const campaign = (await call(server, token, 'POST', '/cc/addCampaign', {
    campaignType: 'Outbound',
    campaignName: name,
    campaignId: code,
    callTarget: 50,
  })) as { id: number };
  await call(server, token, 'POST', '/dt/addDataTables', {
    campaignName: name,
    numberOfField: CUSTOM.length,
    columns: CUSTOM,
  });
  return campaign;
}

export async function benchLeadsUpload(server: BenchServer): Promise<Figure[]> {
  const pid = server.child.pid;
  if (pid === undefined) throw new Error('the server process has no pid');
  const token = await signIn(server);
  const campaign = await createUploadCampaign(server, token);

  const work = await fsp.mkdtemp(path.join(os.tmpdir(), 'crm-bench-upload-'));
  const file = path.join(work, 'leads-1m.csv');
  try {
    const size = await writeCsv(file);
    const referenceBeforeMs = await copyReference(server.databaseUrl, file, campaign.id, true);
    const bareReferenceMs = await copyReference(server.databaseUrl, file, campaign.id, false);

    const importId = randomUUID();
    const rss = sampleRss(pid);
    const health = pollHealth(server);
    const started = performance.now();
    const phases = followPhases(server, token, importId, started);
    const result = await uploadFile(server, token, file, size, importId);
    const ms = performance.now() - started;
    const readingMs = phases.stop();
    const peakRssMb = rss.stop();
    const latencies = await health.stop();
    if (result.leadsAdded !== ROWS) throw new Error(`the upload added ${result.leadsAdded} leads, expected ${ROWS}`);
    const remove = () => removeUploadedLeads(server.databaseUrl, campaign.id);
    const sameTableMs = await copyStoredRowsIntoLeads(await findPsql(), server.databaseUrl, campaign.id, work, remove);
    const cleanupStarted = performance.now();
    await removeUploadedLeads(server.databaseUrl, campaign.id);
    const cleanupMs = performance.now() - cleanupStarted;
    // The reference again after the upload: this machine's speed drifts by tens of percent within minutes, so the
    // upload is compared with the mean of a \copy before and one after it (both orders in one run).
    const referenceAfterMs = await copyReference(server.databaseUrl, file, campaign.id, true);
    const referenceMs = (referenceBeforeMs + referenceAfterMs) / 2;

    const rate = (ROWS / ms) * 1000;
    const referenceRate = (ROWS / referenceMs) * 1000;
    const bareReferenceRate = (ROWS / bareReferenceMs) * 1000;
    const sameTableRate = (ROWS / sameTableMs) * 1000;
    const k = `${Math.round(ROWS / 1000)}k`;
    const mb = Math.round(size / 2 ** 20);
    console.log(
      `lead upload: ${k} rows, ${mb} MB in ${(ms / 1000).toFixed(1)} s (reading ${readingMs === undefined ? '?' : (readingMs / 1000).toFixed(1)} s, storing the rest); \\copy ${(referenceMs / 1000).toFixed(1)} s (mean of ${(referenceBeforeMs / 1000).toFixed(1)} s before and ${(referenceAfterMs / 1000).toFixed(1)} s after it; ${(bareReferenceMs / 1000).toFixed(1)} s without foreign keys; ${(sameTableMs / 1000).toFixed(1)} s for the stored rows into leads itself); ${latencies.length} /healthz probes; its leads removed again in ${(cleanupMs / 1000).toFixed(1)} s`,
    );
    return [
      {
        figure: `lead CSV upload, ${k} rows (${mb} MB) over HTTP`,
        value: Math.round(rate),
        unit: 'rows/s',
        higher: true,
        target: Math.round(referenceRate * TARGET_RATIO),
        reference: Math.round(referenceRate),
      },
      {
        figure: 'lead upload speed / psql \\copy of the same file (same table)',
        value: Math.round((rate / referenceRate) * 100),
        unit: '%',
        higher: true,
        target: TARGET_RATIO * 100,
      },
      {
        figure: 'lead upload speed / \\copy into a table without foreign keys',
        value: Math.round((rate / bareReferenceRate) * 100),
        unit: '%',
        higher: true,
      },
      {
        figure: 'lead upload speed / \\copy of the rows it stored into leads itself',
        value: Math.round((rate / sameTableRate) * 100),
        unit: '%',
        higher: true,
      },
      { figure: 'server peak RSS during the upload', value: Math.round(peakRssMb), unit: 'MB', target: TARGET_RSS_MB },
      {
        figure: 'GET /healthz p99 during the upload',
        value: Math.round(percentile(latencies, 99) * 10) / 10,
        unit: 'ms',
        target: TARGET_HEALTH_P99_MS,
      },
    ];
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}
