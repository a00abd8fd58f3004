// The floor's watch: one marker read per tick whatever the number of open streams, the floor read again only when the
// marker moved, sent only when it changed, and no reads at all while nobody listens (on fake timers: ticks by hand).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import type { TFloor } from '@crm/shared';
import { createFloorWatch } from './live.ts';

const TICK_MS = 1000;

const floorWith = (signedIn: number): TFloor => ({
  at: new Date().toISOString(),
  agents: [],
  totals: { signedIn, onCall: 0, idle: signedIn, callsToday: 0, completedToday: 0 },
});

function watched() {
  const state = { marker: 'm1', signedIn: 1, markerReads: 0, floorReads: 0, fail: false };
  const watch = createFloorWatch({
    log: pino({ level: 'silent' }),
    tickMs: TICK_MS,
    readMarker: async () => {
      state.markerReads += 1;
      if (state.fail) throw new Error('database gone');
      return state.marker;
    },
    readFloor: async () => {
      state.floorReads += 1;
      return floorWith(state.signedIn);
    },
  });
  return { state, watch };
}

const ticks = (n: number) => vi.advanceTimersByTimeAsync(n * TICK_MS);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createFloorWatch', () => {
  it('reads the marker once per tick for all streams and sends a changed floor to each once', async () => {
    const { state, watch } = watched();
    watch.start();
    const a: string[] = [];
    const b: string[] = [];
    const feedA = await watch.feed();
    const feedB = await watch.feed();
    expect(feedA.first).toMatch(/^event: floor\ndata: \{.*"signedIn":1/);
    const stopA = feedA.subscribe(
      (c) => a.push(c),
      () => {},
    );
    const stopB = feedB.subscribe(
      (c) => b.push(c),
      () => {},
    );
    const marker0 = state.markerReads;
    const floor0 = state.floorReads;

    // Three ticks, nothing changed: a marker read each (not one per stream), no floor read, nothing sent.
    await ticks(3);
    expect(state.markerReads - marker0).toBe(3);
    expect(state.floorReads).toBe(floor0);
    expect(a).toEqual([]);

    // The marker moved and the floor changed: read once, sent to both once.
    state.marker = 'm2';
    state.signedIn = 2;
    await ticks(1);
    expect(state.floorReads).toBe(floor0 + 1);
    expect(a).toHaveLength(1);
    expect(b).toEqual(a);
    expect(a[0]).toMatch(/"signedIn":2/);

    // The marker moved, the floor is the same: read, not sent.
    state.marker = 'm3';
    await ticks(1);
    expect(state.floorReads).toBe(floor0 + 2);
    expect(a).toHaveLength(1);

    stopA();
    stopB();
    expect(watch.listeners()).toBe(0);
    await watch.stop();
  });

  it('reads nothing while no stream is open, and again once one opens', async () => {
    const { state, watch } = watched();
    watch.start();
    await ticks(5);
    expect(state.markerReads).toBe(0);

    const feed = await watch.feed();
    const stop = feed.subscribe(
      () => {},
      () => {},
    );
    const opened = state.markerReads;
    await ticks(2);
    expect(state.markerReads).toBe(opened + 2);

    stop();
    await ticks(5);
    expect(state.markerReads).toBe(opened + 2);
    await watch.stop();
  });

  it('keeps going after a failed read: the next tick reads again', async () => {
    const { state, watch } = watched();
    watch.start();
    const sent: string[] = [];
    const feed = await watch.feed();
    feed.subscribe(
      (c) => sent.push(c),
      () => {},
    );
    state.fail = true;
    const before = state.markerReads;
    await ticks(2);
    expect(state.markerReads).toBe(before + 2);
    state.fail = false;
    state.marker = 'm9';
    state.signedIn = 9;
    await ticks(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/"signedIn":9/);
    await watch.stop();
  });
});
