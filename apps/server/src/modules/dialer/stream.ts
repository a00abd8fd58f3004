// Server-sent events of the dialer state: the current state at once, then each change (the hub, its heartbeats and
// its ends are http/event-stream.ts).
import { DIALER_EVENT, type TDialerState } from '@crm/shared';
import type { EventFeed } from '../../http/event-stream.ts';
import type { DialerStatePublisher } from './publisher.ts';

export function formatEvent(state: TDialerState): string {
  return `event: ${DIALER_EVENT}\ndata: ${JSON.stringify(state)}\n\n`;
}

/** The dialer's state as a stream's events: the current one first, then each change. */
export function dialerFeed(publisher: DialerStatePublisher): EventFeed {
  return {
    first: formatEvent(publisher.current()),
    subscribe: (write) => publisher.subscribe((state) => write(formatEvent(state))),
  };
}
