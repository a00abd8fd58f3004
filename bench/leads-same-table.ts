// A second reference for the lead upload: psql's \copy of the rows the upload stored, as COPY text, into leads itself
// (its indexes, foreign keys and counters' triggers), so what the upload's own pipeline costs (reading, checks,
// repeats, do-not-call, HTTP) is told apart from what the leads table itself costs any writer.
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { UPLOAD_LEAD_COLUMNS } from '@crm/shared';

/** The columns the upload's COPY fills (apps/server lead-import/lead-csv.ts COPY_LEAD_COLUMNS, by name). */
const COPY_COLUMNS = ['campaign_id', ...UPLOAD_LEAD_COLUMNS, 'fields'].join(', ');

function runPsql(psql: string, databaseUrl: string, command: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(psql, [databaseUrl, '-v', 'ON_ERROR_STOP=1', '-c', command], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`psql failed: ${err}`))));
  });
}

/**
 * Writes the campaign's stored leads out as COPY text, removes them (`remove`: as the upload benchmark does, so the
 * pages are given back), then times psql's \copy of that file into leads. Leaves the rows in leads: the caller removes
 * them again. Returns the \copy's milliseconds.
 */
export async function copyStoredRowsIntoLeads(
  psql: string,
  databaseUrl: string,
  campaignId: number,
  workDir: string,
  remove: () => Promise<void>,
): Promise<number> {
  if (!Number.isInteger(campaignId)) throw new Error(`unexpected campaign id ${campaignId}`);
  const file = path.join(workDir, 'leads-stored.copy');
  await runPsql(
    psql,
    databaseUrl,
    `\\copy (select ${COPY_COLUMNS} from leads where campaign_id = ${campaignId} order by id) to '${file}'`,
  );
  await remove();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('checkpoint');
  } finally {
    await client.end();
  }
  const started = performance.now();
  await runPsql(psql, databaseUrl, `\\copy leads (${COPY_COLUMNS}) from '${file}'`);
  return performance.now() - started;
}
