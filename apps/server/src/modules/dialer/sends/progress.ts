// A send's progress as server-sent events (GET /api/dialer/sends/{id}/stream): the send at once, then every change,
// read from its row twice a second (so the stream shows the work of whichever server process runs the send), and the
// stream ends after the first state that is not 'running'.
import { SEND_EVENT, type TDialerSend } from '@crm/shared';
import type { Db } from '../../../db/schema.ts';
import type { EventFeed } from '../../../http/event-stream.ts';
import { findSend } from './service.ts';

export const SEND_POLL_MS = 500;

export function formatSendEvent(send: TDialerSend): string {
  return `event: ${SEND_EVENT}\ndata: ${JSON.stringify(send)}\n\n`;
}

export function sendFeed(db: Db, first: TDialerSend, timeZone: string, pollMs = SEND_POLL_MS): EventFeed {
  return {
    first: formatSendEvent(first),
    subscribe: (write, done) => {
      if (first.state !== 'running') {
        done();
        return () => {};
      }
      let last = JSON.stringify(first);
      let reading = false;
      const timer = setInterval(() => {
        if (reading) return;
        reading = true;
        findSend(db, first.id, timeZone)
          .then((send) => {
            const text = JSON.stringify(send);
            if (text !== last) write(formatSendEvent(send));
            last = text;
            if (send.state !== 'running') done();
          })
          // A database outage: the stream stays open and reads again; the browser shows the last figures.
          .catch(() => undefined)
          .finally(() => {
            reading = false;
          });
      }, pollMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
