// The progress row of a lead upload the browser follows (?importId=): written through the pool, outside the
// upload's own transaction, so GET /api/file/uploadStatus sees it while the upload runs; only 'done' is written in
// that transaction, to commit with the leads. The row is created once the upload's transaction is open and held at
// once (FOR KEY SHARE) while it lives: a row left 'running' and not held belongs to an upload whose server or
// database connection died (failAbandonedImports, at start-up and every SWEEP_INTERVAL_MS).
import { sql } from 'kysely';
import type pg from 'pg';
import type { TImportProgress } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { conflict, notFound, onUniqueViolation } from '../../http/errors.ts';

export type TImportEnd =
  | { status: 'done'; rowsRead: number; leadsAdded: number; duplicatesSkipped: number; message: string }
  | { status: 'rejected' | 'failed'; rowsRead: number; errorCount: number | null; message: string };

type TImportDone = Extract<TImportEnd, { status: 'done' }>;

/** What an upload tells its progress row; a no-op when the browser gave no importId. */
export type ImportProgress = {
  /** Holds the row for as long as the upload's transaction on `client` lasts: the upload is alive. */
  holdOn: (client: pg.ClientBase) => Promise<void>;
  /** Rows read so far (the upload calls it every PROGRESS_INTERVAL_MS): written in the background, one write at a time. */
  reading: (rowsProcessed: number) => void;
  storing: (rowsProcessed: number) => Promise<void>;
  /** The end of an upload that stored its leads, written in its transaction on `client`: leads and record commit together. */
  doneOn: (client: pg.ClientBase, end: TImportDone) => Promise<void>;
  end: (end: TImportEnd) => Promise<void>;
  /**
   * The end of an upload that failed: written now, or (the database being away) again every second until it is
   * back, so the screen's status says failed within a second of the recovery. Never overwrites an end already written.
   * Resolves after the first attempt, whatever its outcome.
   */
  endEventually: (end: TImportEnd) => Promise<void>;
};

/** How long a failed upload's end is retried while the database is away; the sweep covers a longer outage. */
const END_RETRY_FOR_MS = 10 * 60_000;
const END_RETRY_EVERY_MS = 1_000;
/** Uploads of this process whose end is being retried: the sweep leaves them to that retry, which knows the reason. */
const endingHere = new Set<string>();

/** How often the rows read are written while a file is read (the screen polls about as often). */
export const PROGRESS_INTERVAL_MS = 500;

const NO_PROGRESS: ImportProgress = {
  holdOn: async () => undefined,
  reading: () => undefined,
  storing: async () => undefined,
  doneOn: async () => undefined,
  end: async () => undefined,
  endEventually: async () => undefined,
};

function endValues(end: TImportEnd) {
  return {
    status: end.status,
    phase: 'finished' as const,
    rowsProcessed: end.rowsRead,
    leadsAdded: end.status === 'done' ? end.leadsAdded : null,
    duplicatesSkipped: end.status === 'done' ? end.duplicatesSkipped : null,
    errorCount: end.status === 'done' ? 0 : end.errorCount,
    message: end.message,
    finishedAt: new Date(),
  };
}

export type TImportStart = { importId: string | undefined; campaignId: number; userId: number | null; fileName: string };

/** Creates the progress row (409 when the id is taken) and returns its writer. */
export async function startImportProgress(db: Db, start: TImportStart): Promise<ImportProgress> {
  const { importId } = start;
  if (importId === undefined) return NO_PROGRESS;
  await db
    .insertInto('leadImports')
    .values({ id: importId, campaignId: start.campaignId, userId: start.userId, fileName: start.fileName })
    .execute()
    .catch(onUniqueViolation('lead_imports_pkey', () => conflict(`An upload with importId ${importId} already exists; start a new one with a new id.`)));

  const row = db.updateTable('leadImports').where('id', '=', importId);
  let writing: Promise<unknown> = Promise.resolve();
  let busy = false;
  return {
    async holdOn(client) {
      await client.query('select 1 from lead_imports where id = $1 for key share', [importId]);
    },
    reading(rowsProcessed) {
      if (busy) return;
      busy = true;
      // A progress write that fails costs the screen one beat, never the upload.
      writing = row.set({ rowsProcessed }).execute().catch(() => undefined).finally(() => {
        busy = false;
      });
    },
    async storing(rowsProcessed) {
      await writing;
      await row.set({ phase: 'storing', rowsProcessed }).execute();
    },
    async doneOn(client, end) {
      await writing;
      const update = row.set(endValues(end)).compile();
      await client.query(update.sql, [...update.parameters]);
    },
    async end(end) {
      await writing;
      await row.set(endValues(end)).execute();
    },
    async endEventually(end) {
      const giveUpAt = Date.now() + END_RETRY_FOR_MS;
      endingHere.add(importId);
      const attempt = (): Promise<void> =>
        row
          .set(endValues(end))
          .where('status', '=', 'running')
          .execute()
          .then(
            () => void endingHere.delete(importId),
            () => {
              if (Date.now() > giveUpAt) endingHere.delete(importId);
              else setTimeout(() => void attempt(), END_RETRY_EVERY_MS).unref();
            },
          );
      await writing;
      await attempt();
    },
  };
}

export const ABANDONED_MESSAGE = 'The server stopped before this upload finished; nothing was stored. Upload the file again.';

/** How often every server looks for uploads nobody holds any more. */
export const SWEEP_INTERVAL_MS = 15_000;
/** A record younger than this is left alone: its upload creates it, then holds it, a round trip later. */
const SWEEP_GRACE_SECONDS = 5;

/**
 * Uploads left 'running' by a server that stopped mid-way (killed, crashed), or whose end could not be written, are
 * marked failed: their transaction died with their connection, so nothing of them was stored. Uploads still alive,
 * on this server or another, hold their row, and are skipped. Run at start-up and every SWEEP_INTERVAL_MS; returns
 * how many were marked.
 */
export async function failAbandonedImports(db: Db): Promise<number> {
  const result = await db
    .updateTable('leadImports')
    .set({ status: 'failed', phase: 'finished', leadsAdded: null, duplicatesSkipped: null, errorCount: null, message: ABANDONED_MESSAGE, finishedAt: new Date() })
    .where('status', '=', 'running')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('leadImports')
        .select('id')
        .where('status', '=', 'running')
        .where('startedAt', '<', sql<Date>`now() - make_interval(secs => ${SWEEP_GRACE_SECONDS})`)
        .$if(endingHere.size > 0, (q) => q.where('id', 'not in', [...endingHere]))
        .forUpdate()
        .skipLocked(),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** GET /api/file/uploadStatus/{importId}; 404 for an id no upload used. */
export async function findImportProgress(db: Db, importId: string): Promise<TImportProgress> {
  const row = await db
    .selectFrom('leadImports as i')
    .innerJoin('campaigns as c', 'c.id', 'i.campaignId')
    .select(['i.id', 'c.campaignName', 'i.fileName', 'i.status', 'i.phase', 'i.rowsProcessed', 'i.leadsAdded', 'i.duplicatesSkipped', 'i.errorCount', 'i.message', 'i.startedAt', 'i.finishedAt'])
    .where('i.id', '=', importId)
    .executeTakeFirst();
  if (!row) throw notFound(`No upload with importId ${importId}`);
  return {
    importId: row.id,
    campaignName: row.campaignName,
    fileName: row.fileName,
    status: row.status,
    phase: row.phase,
    rowsProcessed: row.rowsProcessed,
    leadsAdded: row.leadsAdded,
    duplicatesSkipped: row.duplicatesSkipped,
    errorCount: row.errorCount,
    message: row.message,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
