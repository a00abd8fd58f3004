import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import type { TDialerStats } from '@crm/shared';
import { createDialerPoller } from './poller.ts';
import { createLocalPublisher } from './publisher.ts';
import { initialDialerState } from './service.ts';
import { DialerReadError, type DialerSource } from './vicidial.ts';

/** A logger that prints nothing. */
const silent = Fastify({ logger: false }).log;

const STATS: TDialerStats = {
  calls_waiting: 2,
  agents_logged_in: 10,
  agents_in_calls: 6,
  agents_waiting: 2,
  agents_paused: 1,
  agents_in_dead_calls: 0,
  agents_in_dispo: 1,
  agents_in_dial: 0,
};

/** A source that answers from a script: stats, or an error message to fail with. */
function scripted(steps: (TDialerStats | string)[]): DialerSource {
  return {
    mode: 'vicidial',
    read: async () => {
      const step = steps.shift();
      if (step === undefined || typeof step === 'string') throw new DialerReadError(step ?? 'script ran out');
      return step;
    },
  };
}

function clock() {
  let t = Date.parse('2024-05-02T09:00:00Z');
  return () => new Date((t += 5000));
}

describe('the dialer poller', () => {
  it('publishes good figures, keeps them with the error on a failure, and clears the error on recovery', async () => {
    const publisher = createLocalPublisher(initialDialerState('vicidial'));
    const seen: (string | null)[] = [];
    publisher.subscribe((s) => seen.push(s.error));
    const poller = createDialerPoller({
      source: scripted([STATS, 'ERROR one', { ...STATS, calls_waiting: 5 }]),
      publisher,
      intervalMs: 60_000,
      log: silent,
      now: clock(),
    });

    const ok = await poller.pollNow();
    expect(ok).toEqual({
      mode: 'vicidial',
      stats: STATS,
      updatedAt: '2024-05-02T09:00:05.000Z',
      error: null,
      errorAt: null,
    });
    const failed = await poller.pollNow();
    expect(failed).toEqual({
      mode: 'vicidial',
      stats: STATS,
      updatedAt: '2024-05-02T09:00:05.000Z',
      error: 'ERROR one',
      errorAt: '2024-05-02T09:00:10.000Z',
    });
    const back = await poller.pollNow();
    expect(back).toMatchObject({
      stats: { calls_waiting: 5 },
      error: null,
      errorAt: null,
      updatedAt: '2024-05-02T09:00:15.000Z',
    });
    expect(seen).toEqual([null, 'ERROR one', null]);
    expect(publisher.current()).toEqual(back);
  });

  it('never runs two reads at once, and stop() cancels the read in flight', async () => {
    let reads = 0;
    let aborted = false;
    const source: DialerSource = {
      mode: 'vicidial',
      read: (signal) => {
        reads += 1;
        return new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => {
            aborted = true;
            reject(new Error('aborted'));
          }),
        );
      },
    };
    const publisher = createLocalPublisher(initialDialerState('vicidial'));
    const poller = createDialerPoller({ source, publisher, intervalMs: 10, log: silent });
    poller.start();
    void poller.pollNow();
    await new Promise((r) => setTimeout(r, 50));
    expect(reads).toBe(1);
    await poller.stop();
    expect(aborted).toBe(true);
    // A cancelled read is not a dialer failure: nothing is published.
    expect(publisher.current()).toEqual(initialDialerState('vicidial'));
  });
});
