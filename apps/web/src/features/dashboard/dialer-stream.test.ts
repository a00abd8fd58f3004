import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TDialerState } from '@crm/shared';
import { FakeEventSource } from '../../test/fake-event-source.ts';
import { connectDialerStream, defaultBackoff, MAX_BACKOFF_MS, type TStreamStatus } from './dialer-stream.ts';

const STATE: TDialerState = {
  mode: 'vicidial',
  stats: {
    calls_waiting: 1,
    agents_logged_in: 2,
    agents_in_calls: 1,
    agents_waiting: 1,
    agents_paused: 0,
    agents_in_dead_calls: 0,
    agents_in_dispo: 0,
    agents_in_dial: 0,
  },
  updatedAt: '2024-05-02T09:00:00.000Z',
  error: null,
  errorAt: null,
};

function setup(tokens: (string | Error)[]) {
  const states: TDialerState[] = [];
  const statuses: TStreamStatus[] = [];
  let issued = 0;
  const stop = connectDialerStream({
    path: '/api/dialer/stream',
    fetchToken: async () => {
      const next = tokens[issued++] ?? new Error('no more tokens');
      if (next instanceof Error) throw next;
      return next;
    },
    onState: (s) => states.push(s),
    onStatus: (s) => statuses.push(s),
    createEventSource: (url) => new FakeEventSource(url) as unknown as EventSource,
  });
  return { states, statuses, stop, issued: () => issued };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.all = [];
});
afterEach(() => vi.useRealTimers());

describe('connectDialerStream', () => {
  it('opens the stream with a media token and passes each state on', async () => {
    const s = setup(['tok-1']);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeEventSource.all.map((e) => e.url)).toEqual(['/api/dialer/stream?token=tok-1']);
    FakeEventSource.all[0]!.emit('dialer', JSON.stringify(STATE));
    expect(s.states).toEqual([STATE]);
    expect(s.statuses).toEqual(['connecting', 'open']);
    s.stop();
    expect(FakeEventSource.all[0]!.closed).toBe(true);
  });

  it('on an error closes the old EventSource and reconnects with a fresh token, backing off while failures repeat', async () => {
    const s = setup(['tok-1', new Error('offline'), 'tok-3', 'tok-4']);
    await vi.advanceTimersByTimeAsync(0);
    const first = FakeEventSource.all[0]!;
    first.onerror?.();
    expect(first.closed).toBe(true); // its own reconnect would reuse an expired token
    expect(s.statuses.at(-1)).toBe('reconnecting');

    await vi.advanceTimersByTimeAsync(defaultBackoff(0) - 1);
    expect(s.issued()).toBe(1);
    await vi.advanceTimersByTimeAsync(1); // second token request fails
    expect(s.issued()).toBe(2);
    expect(FakeEventSource.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(defaultBackoff(1)); // waits longer, then succeeds
    expect(FakeEventSource.all.map((e) => e.url).at(-1)).toBe('/api/dialer/stream?token=tok-3');

    // A good event resets the back-off.
    FakeEventSource.all[1]!.emit('dialer', JSON.stringify(STATE));
    FakeEventSource.all[1]!.onerror?.();
    await vi.advanceTimersByTimeAsync(defaultBackoff(0));
    expect(FakeEventSource.all.map((e) => e.url).at(-1)).toBe('/api/dialer/stream?token=tok-4');
    s.stop();
  });

  it('ignores an event it cannot read, and stops reconnecting once stopped', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const s = setup(['tok-1', 'tok-2']);
    await vi.advanceTimersByTimeAsync(0);
    FakeEventSource.all[0]!.emit('dialer', 'not json');
    FakeEventSource.all[0]!.emit('dialer', JSON.stringify({ mode: 'other' }));
    expect(s.states).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(2);
    FakeEventSource.all[0]!.onerror?.();
    s.stop();
    await vi.advanceTimersByTimeAsync(MAX_BACKOFF_MS);
    expect(FakeEventSource.all).toHaveLength(1);
    warn.mockRestore();
  });

  it('never waits more than 30 s between attempts', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(defaultBackoff)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
