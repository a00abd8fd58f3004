import { describe, expect, it } from 'vitest';
import { createBatchLoader } from './batch.ts';

describe('createBatchLoader', () => {
  it('answers the loads of one turn from one fetch of their distinct keys', async () => {
    const fetches: string[][] = [];
    const loader = createBatchLoader(
      async (keys: string[]) => {
        fetches.push(keys);
        return new Map(keys.filter((k) => k !== 'missing').map((k) => [k, k.toUpperCase()]));
      },
      (k) => k,
    );
    const values = await Promise.all(['a', 'b', 'a', 'missing'].map((k) => loader.load(k)));
    expect(values).toEqual(['A', 'B', 'A', undefined]);
    expect(fetches).toEqual([['a', 'b', 'missing']]);
    expect(await loader.load('c')).toBe('C');
    expect(fetches).toHaveLength(2);
  });

  it('splits a turn into batches of at most maxBatch keys', async () => {
    const sizes: number[] = [];
    const loader = createBatchLoader(
      async (keys: number[]) => {
        sizes.push(keys.length);
        return new Map(keys.map((k) => [String(k), k * 2]));
      },
      String,
      { maxBatch: 3 },
    );
    expect(await Promise.all([1, 2, 3, 4, 5, 6, 7].map((k) => loader.load(k)))).toEqual([2, 4, 6, 8, 10, 12, 14]);
    expect(sizes).toEqual([3, 3, 1]);
  });

  it('fails every load of a batch whose fetch fails, and the next batch still runs', async () => {
    let fail = true;
    const loader = createBatchLoader(
      async (keys: string[]) => {
        if (fail) throw new Error('database down');
        return new Map(keys.map((k) => [k, 1]));
      },
      (k) => k,
    );
    const results = await Promise.allSettled([loader.load('a'), loader.load('b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await loader.load('a')).toBe(1);
  });
});
