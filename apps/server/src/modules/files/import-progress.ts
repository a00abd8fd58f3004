// The progress row of a lead upload the browser follows (?importId=): written through the pool, outside the
// upload's own transaction, so GET /api/file/uploadStatus sees it while the upload runs; only 'done' is written in
// that transaction, to commit with the leads. The transaction holds the row (FOR KEY SHARE) while it lives: a row
// left 'running' and not held belongs to a server that died (failAbandonedImports, at start-up).
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
};

/** How often the rows read are written while a file is read (the screen polls about as often). */
export const PROGRESS_INTERVAL_MS = 500;

const NO_PROGRESS: ImportProgress = {
  holdOn: async () => undefined,
  reading: () => undefined,
  storing: async () => undefined,
  doneOn: async () => undefined,
  end: async () => undefined,
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
  };
}

export const ABANDONED_MESSAGE = 'The server stopped before this upload finished; nothing was stored. Upload the file again.';

/**
 * At start-up: uploads left 'running' by a server that stopped mid-way (killed, crashed) are marked failed.
 * Their transaction died with their connection, so nothing of them was stored. Uploads still alive on another
 * server hold their row, and are skipped. Returns how many were marked.
 */
export async function failAbandonedImports(db: Db): Promise<number> {
  const result = await db
    .updateTable('leadImports')
    .set({ status: 'failed', phase: 'finished', leadsAdded: null, duplicatesSkipped: null, errorCount: null, message: ABANDONED_MESSAGE, finishedAt: new Date() })
    .where('status', '=', 'running')
    .where('id', 'in', (eb) => eb.selectFrom('leadImports').select('id').where('status', '=', 'running').forUpdate().skipLocked())
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
