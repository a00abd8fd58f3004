// Cuts off request bodies that trickle in (slowloris-style), without limiting how long a body may take in all.
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** A body must bring at least this many bytes in every BODY_TIMEOUT_SECONDS while the server is reading it. */
export const SLOW_BODY_MIN_BYTES = 1024;
/** How often the bodies in flight are looked at. */
const TICK_MS = 1000;

type Watched = {
  socket: Socket;
  /** socket.bytesRead when the current stretch began. */
  startBytes: number;
  /** When the current stretch began: the last time the body made enough progress, or the server stopped reading. */
  since: number;
  done: () => boolean;
  cut: () => void;
};

/**
 * Why not Node's own limits: `server.requestTimeout` counts until the whole body has arrived, so it would cut a large
 * lead upload that takes longer (hundreds of MB, slowed further by the database), and the socket idle time-out
 * (`connectionTimeout`) is reset by every byte, so one byte every few seconds keeps it alive forever, while it would
 * also cut a quiet long request (a generate waiting for a lock) or a reply stream. So: a body must bring
 * SLOW_BODY_MIN_BYTES in every `timeoutMs` while the server is ready to read. Time while the server itself does not
 * read (the socket is paused: back-pressure from the database, a handler still checking the session) never counts.
 * Bytes are counted on the socket (`bytesRead`), so the watch never reads the body itself. Requests without a body
 * (every GET, the dialer's event stream) are not watched; their headers have Node's headersTimeout.
 */
export function registerSlowBodyGuard(app: FastifyInstance, timeoutMs: number): void {
  const watched = new Set<Watched>();
  const timer = setInterval(() => {
    const now = Date.now();
    for (const w of watched) {
      if (w.done() || w.socket.destroyed) {
        watched.delete(w);
        continue;
      }
      if (w.socket.isPaused() || w.socket.bytesRead - w.startBytes >= SLOW_BODY_MIN_BYTES) {
        w.startBytes = w.socket.bytesRead;
        w.since = now;
      } else if (now - w.since >= timeoutMs) {
        watched.delete(w);
        w.cut();
      }
    }
  }, TICK_MS);
  timer.unref();
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    watched.clear();
    done();
  });

  app.addHook('onRequest', (request, _reply, done) => {
    const raw = request.raw;
    const hasBody = raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length'] ?? 0) > 0;
    const socket = raw.socket;
    // app.inject has no real socket to watch (its body is whole already).
    if (hasBody && !raw.complete && typeof socket?.bytesRead === 'number') {
      watched.add({
        socket,
        startBytes: socket.bytesRead,
        since: Date.now(),
        done: () => raw.complete || raw.destroyed,
        cut: () => {
          request.log.warn(
            { method: request.method, url: request.url, bytes: socket.bytesRead },
            'request body too slow: connection closed',
          );
          socket.destroy();
        },
      });
    }
    done();
  });
}
