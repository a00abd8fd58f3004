// Server-sent events for any module: the reply's headers, and a hub of the open streams with heartbeats, a slow
// reader's cut-off, the end of a stream with its sign-in, and the end of every stream when the app closes.
import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { TTokenPayload } from '@crm/shared';
import type { App } from '../app-type.ts';

/** A comment line every so often keeps proxies and load balancers from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;
/** A client that stops reading is dropped before its backlog grows large. */
const MAX_BACKLOG_BYTES = 256 * 1024;
/** How long closing waits for a stream to end cleanly before cutting its connection. */
const CLOSE_GRACE_MS = 1_000;

/** Sends an open stream of events as the reply, with the headers every event stream here needs. */
export function replyEventStream(reply: FastifyReply, stream: PassThrough) {
  return (
    reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache, no-transform')
      // Proxies such as nginx would otherwise hold events back in their buffers.
      .header('x-accel-buffering', 'no')
      // The connection ends with the stream, so closing the server never waits on a kept-alive socket.
      .header('connection', 'close')
      .send(stream)
  );
}

/** The sign-in a stream was opened with: the stream ends when its token runs out or its user's sessions end. */
export type StreamSession = {
  /** When the token expires (ms since the epoch); undefined: never. */
  expiresAt: number | undefined;
  /** Whether the token still stands for a live session (checked with every heartbeat). */
  isLive: () => Promise<boolean>;
};

/** Any stream's events, already formatted: the first written at once, the next ones fed as they come. */
export type EventFeed = {
  first: string;
  /** Starts feeding: `write` an event, `done` ends the stream. Returns what stops the feed. */
  subscribe: (write: (chunk: string) => void, done: () => void) => () => void;
};

/** The open streams of one app, so closing the app can end them instead of waiting on them forever. */
export type StreamHub = {
  /** A stream of events: the dialer's state, a send's progress, an agent's calls, a user's notifications. */
  openFeed: (reply: FastifyReply, feed: EventFeed, session?: StreamSession, heartbeatMs?: number) => PassThrough;
  size: () => number;
  closeAll: () => Promise<void>;
};

export function createStreamHub(): StreamHub {
  const streams = new Map<PassThrough, { end: () => void; reply: FastifyReply; closed: Promise<void> }>();

  const openFeed = (
    reply: FastifyReply,
    feed: EventFeed,
    session?: StreamSession,
    heartbeatMs = HEARTBEAT_MS,
  ): PassThrough => {
    const stream = new PassThrough();
    const closed = new Promise<void>((resolve) => reply.raw.once('close', () => resolve()));
    const write = (chunk: string) => {
      if (stream.writableLength > MAX_BACKLOG_BYTES) end();
      else if (!stream.writableEnded) stream.write(chunk);
    };
    let unsubscribe = () => {};
    const heartbeat = setInterval(() => {
      write(': heartbeat\n\n');
      // Signed out, disabled or a new password since the stream opened: it ends (the browser's reconnect is refused).
      session?.isLive().then(
        (live) => live || end(),
        () => undefined,
      );
    }, heartbeatMs);
    heartbeat.unref();
    // The token ran out: the stream ends with it; the browser reconnects with a fresh one if it still may.
    const expiry =
      session?.expiresAt === undefined
        ? undefined
        : setTimeout(() => end(), Math.max(0, session.expiresAt - Date.now()));
    expiry?.unref();
    function end() {
      if (!streams.delete(stream)) return;
      clearInterval(heartbeat);
      clearTimeout(expiry);
      unsubscribe();
      stream.end();
    }
    streams.set(stream, { end, reply, closed });
    // The client went away (tab closed, network lost): stop feeding it.
    reply.raw.once('close', end);
    stream.write(feed.first);
    const stop = feed.subscribe(write, end);
    // A feed that ended at once (a send already over) has nothing left to stop later.
    if (streams.has(stream)) unsubscribe = stop;
    else stop();
    return stream;
  };

  return {
    openFeed,
    size: () => streams.size,
    closeAll: async () => {
      const open = [...streams.values()];
      for (const s of open) s.end();
      await Promise.all(
        open.map(async ({ reply, closed }) => {
          let timer: NodeJS.Timeout | undefined;
          const late = new Promise<'late'>((resolve) => {
            timer = setTimeout(() => resolve('late'), CLOSE_GRACE_MS);
          });
          if ((await Promise.race([closed, late])) === 'late') reply.raw.destroy();
          clearTimeout(timer);
        }),
      );
    },
  };
}

/** A route plugin's streams: each for one signed-in user, all of them ended before the app closes. */
export type AppStreams = {
  /** Replies with `feed` as a stream that ends when `user`'s token runs out or their sessions end. */
  reply: (reply: FastifyReply, user: TTokenPayload, feed: EventFeed) => FastifyReply;
};

/**
 * The streams of one route plugin on its own hub. Open streams never finish on their own, so they are ended before
 * the app closes (or closing would wait forever); `feeder`, what feeds them, starts once the app is ready and stops
 * when it closes.
 */
export function createAppStreams(app: App, feeder?: { start: () => void; stop: () => Promise<void> }): AppStreams {
  const hub = createStreamHub();
  if (feeder) {
    app.addHook('onReady', async () => {
      feeder.start();
    });
  }
  app.addHook('preClose', async () => {
    await hub.closeAll();
  });
  if (feeder) {
    app.addHook('onClose', async () => {
      await feeder.stop();
    });
  }
  return {
    reply: (reply, user, feed) =>
      replyEventStream(
        reply,
        hub.openFeed(reply, feed, {
          expiresAt: user.exp === undefined ? undefined : user.exp * 1000,
          isLive: () => app.sessionCheck(user),
        }),
      ),
  };
}
