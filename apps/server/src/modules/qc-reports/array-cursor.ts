// A server-side cursor that reads rows as arrays: the large exports read batch after batch on one pool client,
// without a row object (and its camel-cased copy) per record, the next batch on its way while one is written.
import type { CompiledQuery } from 'kysely';
import Cursor from 'pg-cursor';
import { poolOf } from '../../db/database.ts';
import type { Db } from '../../db/schema.ts';

export type ArrayCursor = {
  /** The next batch; [] once every row was read. */
  read: () => Promise<unknown[][]>;
  /** Closes the cursor and hands its client back (discarded if the cursor failed); safe to call twice. */
  close: () => Promise<void>;
};

/** Opens `query` (compiled by Kysely, so its plugins applied) as a cursor of `batchRows` rows a read. */
export async function openArrayCursor(db: Db, query: CompiledQuery, batchRows: number): Promise<ArrayCursor> {
  const client = await poolOf(db).connect();
  const cursor = client.query(new Cursor<unknown[]>(query.sql, [...query.parameters], { rowMode: 'array' }));
  let failure: Error | undefined;
  let closed = false;
  let ended = false;
  /** The batch asked for ahead of time: PostgreSQL reads it while the caller writes the one before. */
  let ahead: Promise<unknown[][]> | undefined;
  const fetch = () => {
    const batch = cursor.read(batchRows).catch((err: unknown) => {
      failure = err instanceof Error ? err : new Error(String(err));
      throw failure;
    });
    // Its failure is seen by the read that takes it; an abandoned one must not be reported as unhandled.
    batch.catch(() => undefined);
    return batch;
  };
  return {
    read: async () => {
      if (ended) return [];
      const batch = await (ahead ?? fetch());
      // A short batch was the last one.
      ended = batch.length < batchRows;
      ahead = ended ? undefined : fetch();
      return batch;
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await ahead?.catch(() => undefined);
      if (!failure) {
        await cursor.close().catch((err: unknown) => {
          failure = err instanceof Error ? err : new Error(String(err));
        });
      }
      // A client whose cursor failed (or could not close) is not put back in the pool.
      client.release(failure);
    },
  };
}
