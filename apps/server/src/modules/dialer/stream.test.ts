import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { ZDialerState, type TDialerState } from '@crm/shared';
import { createLocalPublisher } from './publisher.ts';
import { initialDialerState } from './service.ts';
import { readSse } from '../../test/sse-client.ts';
import { createStreamHub } from '../../http/event-stream.ts';
import { dialerFeed } from './stream.ts';

const publisher = createLocalPublisher(initialDialerState('simulated'));
const hub = createStreamHub();
let sessionLive = true;
let app: FastifyInstance;
let url: string;

beforeAll(async () => {
  // A client that aborted may leave its socket open for seconds (undici keeps it until its keep-alive ends):
  // closing the test server cuts such sockets instead of waiting for them.
  app = Fastify({ forceCloseConnections: true });
  // A short heartbeat, so the test sees one without waiting 15 s.
  app.get('/stream', async (_req, reply) =>
    reply.header('content-type', 'text/event-stream').send(hub.openFeed(reply, dialerFeed(publisher), undefined, 50)),
  );
  // A stream of a sign-in: the test decides whether it is still live, and when its token runs out.
  app.get('/session-stream', async (req, reply) => {
    const { expiresIn } = req.query as { expiresIn?: string };
    const session = {
      expiresAt: expiresIn === undefined ? undefined : Date.now() + Number(expiresIn),
      isLive: async () => sessionLive,
    };
    return reply
      .header('content-type', 'text/event-stream')
      .send(hub.openFeed(reply, dialerFeed(publisher), session, 50));
  });
  app.addHook('preClose', () => hub.closeAll());
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/stream`;
});
afterAll(async () => app.close());

const state = (calls: number): TDialerState => ({
  mode: 'simulated',
  stats: {
    calls_waiting: calls,
    agents_logged_in: 1,
    agents_in_calls: 1,
    agents_waiting: 0,
    agents_paused: 0,
    agents_in_dead_calls: 0,
    agents_in_dispo: 0,
    agents_in_dial: 0,
  },
  updatedAt: new Date().toISOString(),
  error: null,
  errorAt: null,
});

describe('the dialer event stream', () => {
  it('sends heartbeats and every published state to each open stream', async () => {
    const controllers = [new AbortController(), new AbortController()];
    const readers = await Promise.all(
      controllers.map(async (c) => readSse((await fetch(url, { signal: c.signal })).body!)),
    );
    try {
      for (const r of readers) expect(ZDialerState.parse(JSON.parse((await r.next())!.data)).mode).toBe('simulated');
      publisher.publish(state(7));
      for (const r of readers) expect(JSON.parse((await r.next())!.data).stats.calls_waiting).toBe(7);
      // Heartbeats arrive between events: wait past a few, then read the next event through them.
      await new Promise((r) => setTimeout(r, 200));
      publisher.publish(state(8));
      expect(JSON.parse((await readers[0]!.next())!.data).stats.calls_waiting).toBe(8);
      expect(readers[0]!.comments.length).toBeGreaterThan(0);
      expect(readers[0]!.comments[0]).toBe(': heartbeat');
    } finally {
      for (const c of controllers) c.abort();
    }
  });

  it('stops feeding a client that went away', async () => {
    const controller = new AbortController();
    const reader = readSse((await fetch(url, { signal: controller.signal })).body!);
    await reader.next();
    await expect.poll(() => hub.size()).toBe(1);
    controller.abort();
    await expect.poll(() => hub.size(), { timeout: 2000 }).toBe(0);
    publisher.publish(state(9)); // nothing left to write to: must not throw
  });
});

describe('a stream opened by a sign-in', () => {
  /** Reads the stream to its end; resolves with how long that took. */
  async function untilEnded(response: Response): Promise<number> {
    const started = performance.now();
    const reader = response.body!.getReader();
    while (!(await reader.read()).done) {
      // heartbeats and events until the server ends the stream
    }
    return performance.now() - started;
  }

  it("ends within a heartbeat once its user's sessions end (signed out, disabled, a new password)", async () => {
    sessionLive = true;
    const response = await fetch(`${url.replace('/stream', '/session-stream')}`);
    await expect.poll(() => hub.size()).toBe(1);
    const ended = untilEnded(response);
    await new Promise((r) => setTimeout(r, 200));
    expect(hub.size()).toBe(1);
    sessionLive = false;
    expect(await ended).toBeLessThan(2000);
    expect(hub.size()).toBe(0);
    sessionLive = true;
  });

  it('ends when its token runs out', async () => {
    const response = await fetch(`${url.replace('/stream', '/session-stream')}?expiresIn=300`);
    const took = await untilEnded(response);
    expect(took).toBeGreaterThan(200);
    expect(took).toBeLessThan(2000);
    expect(hub.size()).toBe(0);
  });
});
