// The floor's live feed (docs/guide/floor.md, Live): one watch per server reads a change marker once a second while a
// stream is open, reads the floor again when it moved, and sends it to every open stream when it changed.
import type { FastifyBaseLogger } from 'fastify';
import { FLOOR_EVENT, type TFloor } from '@crm/shared';
import type { EventFeed } from '../../http/event-stream.ts';

/** How often the marker is read while someone listens: a change reaches the screens within about this. */
export const FLOOR_TICK_MS = 1000;

export function formatFloorEvent(floor: TFloor): string {
  return `event: ${FLOOR_EVENT}\ndata: ${JSON.stringify(floor)}\n\n`;
}

/** The floor without its reading time: two readings of the same floor compare equal. */
const contentOf = (floor: TFloor) => JSON.stringify({ ...floor, at: '' });

export type FloorWatch = {
  /** A stream's feed: the floor now first, then each change. */
  feed: () => Promise<EventFeed>;
  /** Open streams being fed (for tests). */
  listeners: () => number;
  start: () => void;
  stop: () => Promise<void>;
};

type Options = {
  readFloor: () => Promise<TFloor>;
  readMarker: () => Promise<string>;
  log: FastifyBaseLogger;
  tickMs?: number;
  /** Read the floor again at least this often even when the marker stays (VICIdial's state changes on its own). */
  refreshMs?: number;
};

export function createFloorWatch({
  readFloor,
  readMarker,
  log,
  tickMs = FLOOR_TICK_MS,
  refreshMs,
}: Options): FloorWatch {
  const listeners = new Set<(chunk: string) => void>();
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let marker: string | undefined;
  let sent: string | undefined;
  let readAt = 0;
  let failing = false;

  async function tick() {
    const next = await readMarker();
    const due = refreshMs !== undefined && Date.now() - readAt >= refreshMs;
    if (next === marker && !due) return;
    const floor = await readFloor();
    marker = next;
    readAt = Date.now();
    const content = contentOf(floor);
    if (content === sent) return;
    sent = content;
    const chunk = formatFloorEvent(floor);
    for (const write of [...listeners]) write(chunk);
  }

  function schedule() {
    if (stopped || listeners.size === 0 || timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      running = tick().then(
        () => {
          if (failing) log.info('floor: reading the floor again');
          failing = false;
        },
        (err: unknown) => {
          // A database outage: the screens keep the last floor and the watch tries again next tick.
          if (!failing) log.warn({ err }, 'floor: the floor could not be read');
          failing = true;
        },
      );
      void running.finally(() => {
        running = undefined;
        schedule();
      });
    }, tickMs);
    timer.unref();
  }

  return {
    feed: async () => {
      // The marker before the floor: a change between the two is seen by the next tick.
      const seen = await readMarker();
      const floor = await readFloor();
      return {
        first: formatFloorEvent(floor),
        subscribe: (write) => {
          // The first listener's floor is where the watch compares from, so it is not sent twice.
          if (listeners.size === 0) {
            marker = seen;
            sent = contentOf(floor);
            readAt = Date.now();
          }
          listeners.add(write);
          schedule();
          return () => {
            listeners.delete(write);
            if (listeners.size === 0) {
              clearTimeout(timer);
              timer = undefined;
            }
          };
        },
      };
    },
    listeners: () => listeners.size,
    start: () => {
      stopped = false;
      schedule();
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
