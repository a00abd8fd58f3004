// The progress row of a lead upload the browser follows (?importId=): written through the pool, outside the
// upload's own transaction, so GET /api/file/uploadStatus sees it while the upload runs; only 'done' is written in
// that transaction, to commit with the leads. Before the row is created, the upload's transaction takes the import's
// advisory lock and keeps it while it lives: a row left 'running' whose lock is free belongs to an upload whose server
// or database connection died (failAbandonedImports, at start-up, every SWEEP_INTERVAL_MS and on a status read).
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
  /** Rows read so far (the upload calls it every PROGRESS_INTERVAL_MS): written in the background, one write at a time. */
  reading: (rowsProcessed: number) => void;
  storing: (rowsProcessed: number) => Promise<void>;
  /** The upload's 'done' (written by doneOn) is committed: the record is no longer this process's to end. */
  settled: () => void;
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
/**
 * Uploads of this process whose end is not written yet (running, or their end being retried): the sweep leaves them
 * to this process, which knows how they end, even in the moment between their transaction's end and their end's write.
 */
const openHere = new Set<string>();

/** How often the rows read are written while a file is read (the screen polls about as often). */
export const PROGRESS_INTERVAL_MS = 500;

const NO_PROGRESS: ImportProgress = {
  settled: () => undefined,
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

export type TImportStart = {
  importId: string | undefined;
  campaignId: number;
  userId: number | null;
  fileName: string;
};

/** The advisory lock class of upload claims (the second key is hashtext(importId)). */
const IMPORT_LOCK_CLASS = 7301;

/**
 * Claims the upload for as long as the transaction on `client` lasts, before its row exists: from the row's first
 * moment, every sweep (on any server) sees the upload alive. A no-op without an importId.
 */
export async function claimImport(client: pg.ClientBase, importId: string | undefined): Promise<void> {
  if (importId !== undefined)
    await client.query('select pg_advisory_xact_lock($1, hashtext($2))', [IMPORT_LOCK_CLASS, importId]);
}

/** Creates the progress row (409 when the id is taken) and returns its writer. Call claimImport first. */
export async function startImportProgress(db: Db, start: TImportStart): Promise<ImportProgress> {
  const { importId } = start;
  if (importId === undefined) return NO_PROGRESS;
  await db
    .insertInto('leadImports')
    .values({ id: importId, campaignId: start.campaignId, userId: start.userId, fileName: start.fileName })
    .execute()
    .catch(
      onUniqueViolation('lead_imports_pkey', () =>
        conflict(`An upload with importId ${importId} already exists; start a new one with a new id.`),
      ),
    );
  openHere.add(importId);

  const row = db.updateTable('leadImports').where('id', '=', importId);
  let writing: Promise<unknown> = Promise.resolve();
  let busy = false;
  return {
    reading(rowsProcessed) {
      if (busy) return;
      busy = true;
      // A progress write that fails costs the screen one beat, never the upload.
      writing = row
        .set({ rowsProcessed })
        .execute()
        .catch(() => undefined)
        .finally(() => {
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
    settled() {
      openHere.delete(importId);
    },
    async end(end) {
      await writing;
      await row.set(endValues(end)).execute();
      openHere.delete(importId);
    },
    async endEventually(end) {
      const giveUpAt = Date.now() + END_RETRY_FOR_MS;
      const attempt = (): Promise<void> =>
        row
          .set(endValues(end))
          .where('status', '=', 'running')
          .execute()
          .then(
            () => void openHere.delete(importId),
            () => {
              if (Date.now() > giveUpAt) openHere.delete(importId);
              else setTimeout(() => void attempt(), END_RETRY_EVERY_MS).unref();
            },
          );
      await writing;
      await attempt();
    },
  };
}

export const ABANDONED_MESSAGE =
  'The server stopped before this upload finished; nothing was stored. Upload the file again.';

/** How often every server looks for uploads nobody holds any more. */
export const SWEEP_INTERVAL_MS = 15_000;

/**
 * Uploads left 'running' by a server that stopped mid-way (killed, crashed), or whose end could not be written, are
 * marked failed: their transaction died with their connection, so nothing of them was stored. An upload still alive,
 * on this server or another, holds its claim (and its row while it writes its end), and is skipped; so is one whose
 * end this process is still retrying. Run at start-up, every SWEEP_INTERVAL_MS, and for one upload when its status is
 * read; returns how many were marked.
 */
export async function failAbandonedImports(db: Db, importId?: string): Promise<number> {
  const result = await db
    .updateTable('leadImports')
    .set({
      status: 'failed',
      phase: 'finished',
      leadsAdded: null,
      duplicatesSkipped: null,
      errorCount: null,
      message: ABANDONED_MESSAGE,
      finishedAt: new Date(),
    })
    .where('status', '=', 'running')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('leadImports')
        .select('id')
        .where('status', '=', 'running')
        .$if(importId !== undefined, (q) => q.where('id', '=', importId ?? ''))
        .$if(openHere.size > 0, (q) => q.where('id', 'not in', [...openHere]))
        .forUpdate()
        .skipLocked(),
    )
    // Free, so taken here until this statement's transaction ends: no upload holds it.
    .where(sql<boolean>`pg_try_advisory_xact_lock(${IMPORT_LOCK_CLASS}, hashtext(id::text))`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** GET /api/file/uploadStatus/{importId}; 404 for an id no upload used. */
export async function findImportProgress(db: Db, importId: string): Promise<TImportProgress> {
  const row = await selectProgress(db, importId);
  if (!row) throw notFound(`No upload with importId ${importId}`);
  // A 'running' upload nobody holds any more is told as failed at once, not at the next sweep.
  const current =
    row.status === 'running' && (await failAbandonedImports(db, importId)) > 0
      ? await selectProgress(db, importId)
      : row;
  return toProgress(current ?? row);
}

function selectProgress(db: Db, importId: string) {
  return db
    .selectFrom('leadImports as i')
    .innerJoin('campaigns as c', 'c.id', 'i.campaignId')
    .select([
      'i.id',
      'c.campaignName',
      'i.fileName',
      'i.status',
      'i.phase',
      'i.rowsProcessed',
      'i.leadsAdded',
      'i.duplicatesSkipped',
      'i.errorCount',
      'i.message',
      'i.startedAt',
      'i.finishedAt',
    ])
    .where('i.id', '=', importId)
    .executeTakeFirst();
}

function toProgress(row: NonNullable<Awaited<ReturnType<typeof selectProgress>>>): TImportProgress {
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
