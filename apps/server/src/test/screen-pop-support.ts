// Helpers of the screen pop tests: the real app on its own database, listening (streams need a socket), its log lines
// kept; agents signed into a campaign with generated leads; the pop stream read event by event.
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { SCREEN_POP_EVENTS, ZScreenPop, ZScreenPopReady, type TScreenPop, type TScreenPopReady } from '@crm/shared';
import { buildApp, type App } from '../app.ts';
import type { TConfig } from '../config.ts';
import { readSse, type SseReader } from './sse-client.ts';
import {
  caller,
  createCampaign,
  createUser,
  openTestDatabase,
  sessionTokenFor,
  testConfig,
  type Caller,
  type TestUser,
} from './harness.ts';
import { insertLeads } from './leads-support.ts';

export type PopApp = {
  app: App;
  base: string;
  /** Every log line so far, parsed. */
  lines: { level: number; msg: string; [key: string]: unknown }[];
  stop: () => Promise<void>;
};

/** The app with these settings, logging at info into `lines`, listening on a free port. */
export async function startPopApp(overrides: Partial<TConfig>): Promise<PopApp> {
  const { database, drop } = await openTestDatabase();
  const lines: PopApp['lines'] = [];
  const config = await testConfig({ logLevel: 'info', ...overrides });
  const app = await buildApp(config, {
    database,
    logStream: { write: (line) => void lines.push(JSON.parse(line) as PopApp['lines'][number]) },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    app,
    base,
    lines,
    stop: async () => {
      const closed = app.close();
      // fetch() may leave a connection of an aborted stream open without a request on it until its keep-alive ends
      // (72 s): the test's own connections are cut rather than waited for.
      app.server.closeAllConnections();
      await closed;
      await drop();
    },
  };
}

export type PopAgent = {
  user: TestUser;
  campaign: { id: number; name: string };
  api: Caller;
  session: string;
  leadIds: number[];
};

let seq = 0;

/**
 * A campaign with generated leads of these numbers (E.164) and an agent signed into it, whose VICIdial user is their
 * agent ID, or `vicidialUser` on their profile.
 */
export async function popAgent(
  app: App,
  numbers: string[],
  options: { vicidialUser?: string } = {},
): Promise<PopAgent> {
  seq += 1;
  const c = await createCampaign(app.db, { campaignName: `Pop campaign ${seq}` });
  const user = await createUser(app.db, { role: 'agent', username: `AG-${process.pid % 1000}-${seq}` });
  await app.db
    .insertInto('agents')
    .values({ userId: user.id, type: 'Physical', vicidialUser: options.vicidialUser ?? null })
    .execute();
  const leadIds = await insertLeads(
    app.db,
    c.id,
    numbers.map((cellNumber) => ({ cellNumber, forD: 'd', generateStatus: 1 })),
  );
  const session = await sessionTokenFor(app, user, { campaign: c.campaignName });
  return { user, campaign: { id: c.id, name: c.campaignName }, api: caller(app, session), session, leadIds };
}

/** A media token of the session (what the web's EventSource carries). */
export async function mediaTokenOf(app: App, session: string): Promise<string> {
  const r = await caller(app, session).get('/api/auth/media-token');
  expect(r.status, r.text).toBe(200);
  return r.json<{ token: string }>().token;
}

export type PopStream = { status: number; events: SseReader | null; close: () => void };

export async function openPopStream(base: string, token: string): Promise<PopStream> {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/ap/popStream?token=${encodeURIComponent(token)}`, { signal: controller.signal });
  // A refusal's body is read to its end, so its connection is free again (an unread one is held open).
  if (!res.ok) await res.text();
  return { status: res.status, events: res.ok && res.body ? readSse(res.body) : null, close: () => controller.abort() };
}

export async function nextReady(events: SseReader): Promise<TScreenPopReady> {
  const e = await events.next();
  expect(e?.event).toBe(SCREEN_POP_EVENTS.ready);
  return ZScreenPopReady.parse(JSON.parse(e!.data));
}

export async function nextPop(events: SseReader, timeoutMs = 5000): Promise<TScreenPop> {
  const e = await events.next(timeoutMs);
  expect(e?.event).toBe(SCREEN_POP_EVENTS.pop);
  return ZScreenPop.parse(JSON.parse(e!.data));
}
