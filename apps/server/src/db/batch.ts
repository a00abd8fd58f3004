// Coalesces the reads that arrive in the same turn of the event loop into one query.
// Under load one round trip answers dozens of requests (~30 per lookup batch in `npm run bench -- survey`). In a
// scratch measurement of a route doing only the lead query (100 connections, 2 cores), one query per request gave
// 7k req/s at p99 49 ms and batching 24k at p99 11 ms; the whole lookup route's figures are in docs/performance.md. Nothing
// is cached: every read sees the database as it is when its batch runs. (Holding reads back while a batch runs,
// so that batches grow, was measured too: with at most 2 batches in flight the lookup lost a quarter.)

export type BatchLoader<K, V> = {
  /** The value for the key, or undefined when the batch's query found none. */
  load: (key: K) => Promise<V | undefined>;
};

type Waiter<V> = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };
type Batch<K, V> = Map<string, { key: K; waiters: Waiter<V>[] }>;

/**
 * `fetch` receives distinct keys (by `keyOf`) and returns the values found, by that same key. A batch holds at
 * most `maxBatch` keys; more start another batch in the same turn.
 */
export function createBatchLoader<K, V>(
  fetch: (keys: K[]) => Promise<Map<string, V>>,
  keyOf: (key: K) => string,
  { maxBatch = 500 }: { maxBatch?: number } = {},
): BatchLoader<K, V> {
  let pending: Batch<K, V> | null = null;

  const run = async (batch: Batch<K, V>) => {
    try {
      const found = await fetch([...batch.values()].map((entry) => entry.key));
      for (const [id, entry] of batch) for (const w of entry.waiters) w.resolve(found.get(id));
    } catch (error) {
      for (const entry of batch.values()) for (const w of entry.waiters) w.reject(error);
    }
  };

  return {
    load: (key) =>
      new Promise<V | undefined>((resolve, reject) => {
        if (pending === null || pending.size >= maxBatch) {
          const batch: Batch<K, V> = new Map();
          pending = batch;
          setImmediate(() => {
            if (pending === batch) pending = null;
            void run(batch);
          });
        }
        const id = keyOf(key);
        const entry = pending.get(id);
        if (entry) entry.waiters.push({ resolve, reject });
        else pending.set(id, { key, waiters: [{ resolve, reject }] });
      }),
  };
}
