// Per test file: a fresh migrated database, the real app on it, and helpers to call it as a role.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import type { TDbRole, TShift, TTokenPayload } from '@crm/shared';
import { DB_ROLES, ROLE_DESCRIPTIONS } from '@crm/shared';
import { buildApp, type App } from '../app.ts';
import { loadConfig, type TConfig } from '../config.ts';
import { createKysely, openDatabase, type Database } from '../db/database.ts';
import type { Db } from '../db/schema.ts';
import type { TDbLimits } from '../db/limits.ts';
import { hashPassword } from '../auth/password.ts';
import { appUrlOf, createDatabaseFromTemplate, dropDatabase } from './databases.ts';

export type Reply = {
  status: number;
  body: unknown;
  headers: LightMyRequestResponse['headers'];
  json: <T>() => T;
  text: string;
};
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';

export type Caller = {
  request: (method: Method, url: string, body?: unknown) => Promise<Reply>;
  get: (url: string) => Promise<Reply>;
  post: (url: string, body?: unknown) => Promise<Reply>;
  put: (url: string, body?: unknown) => Promise<Reply>;
  delete: (url: string) => Promise<Reply>;
};

export function caller(app: App, token?: string): Caller {
  const request = async (method: Method, url: string, body?: unknown): Promise<Reply> => {
    const res = await app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const isJson = String(res.headers['content-type'] ?? '').includes('application/json');
    const parsed: unknown = isJson && res.body ? JSON.parse(res.body) : res.body;
    return { status: res.statusCode, body: parsed, headers: res.headers, text: res.body, json: <T>() => parsed as T };
  };
  return {
    request,
    get: (url) => request('GET', url),
    post: (url, body) => request('POST', url, body ?? {}),
    put: (url, body) => request('PUT', url, body ?? {}),
    delete: (url) => request('DELETE', url),
  };
}

export type TestUser = { id: number; username: string; name: string; password: string; role: TDbRole };

let counter = 0;
export async function createUser(
  db: Db,
  overrides: Partial<Omit<TestUser, 'id'>> & { active?: boolean } = {},
): Promise<TestUser> {
  counter += 1;
  const role = overrides.role ?? 'agent';
  const user = {
    username: overrides.username ?? `${role}${counter}`,
    name: overrides.name ?? `Test ${role} ${counter}`,
    password: overrides.password ?? 'correct horse battery',
    role,
  };
  const row = await db
    .insertInto('users')
    .values({
      username: user.username,
      name: user.name,
      role,
      passwordHash: await hashPassword(user.password),
      active: overrides.active ?? true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, ...user };
}

export async function createCampaign(
  db: Db,
  overrides: { campaignName?: string; campaignType?: 'Inbound' | 'Outbound'; status?: boolean } = {},
) {
  counter += 1;
  const campaignName = overrides.campaignName ?? `Campaign ${counter}`;
  return db
    .insertInto('campaigns')
    .values({
      campaignId: `C${counter}`,
      campaignName,
      campaignType: overrides.campaignType ?? 'Outbound',
      callTarget: overrides.campaignType === 'Inbound' ? null : 50,
      status: overrides.status ?? true,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type TestContext = {
  app: App;
  /** The app's own interactive pool (the application's role: no DDL, audit_log insert-only; docs/trust.md). */
  db: Db;
  /** The same database as its owner, for a test's own set-up that the app may not do (DDL, a trigger of the test's). */
  ownerDb: Db;
  config: TConfig;
  anonymous: Caller;
  /** Calls as a user (token minted directly; sign-in itself is tested through its route). */
  as: (user: TestUser, agent?: { shift?: TShift; campaign?: string }) => Promise<Caller>;
  /** A fresh user of the role and a caller for it. */
  callerFor: (role: TDbRole, agent?: { campaign?: string }) => Promise<Caller>;
};

/** The DATA_DIRs testConfig made in this test file (each holds a signing secret): removed after the file's tests. */
const dataDirs: string[] = [];
afterAll(async () => {
  for (const dir of dataDirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

/** Tests sign in without a second factor (MFA_REQUIRED=none) and with sign-in limits out of the way, unless a test asks. */
export async function testConfig(overrides: Partial<TConfig> = {}): Promise<TConfig> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-test-data-'));
  dataDirs.push(dataDir);
  const defaults = loadConfig({});
  // No analysis workers or periodic scans unless a test asks: each test's app would otherwise analyse in the background.
  const analysis = { ...defaults.analysis, concurrency: 0, scanSeconds: 0 };
  return {
    ...defaults,
    dataDir,
    logLevel: 'silent',
    webDist: undefined,
    loginRateLimit: 1000,
    loginRateLimitPerIp: 1000,
    loginDailyLimitPerIp: 100_000,
    loginBackoffAfter: 1000,
    mfa: { requiredRoles: [], graceSignIns: 3 },
    analysis,
    ...overrides,
  };
}

/**
 * The campaign an agent of a test signs into, by name (any case); made when the test has none of that name, as an
 * agent's token stands for a sign-in record of a real campaign (docs/trust.md, Sessions and tokens).
 */
async function campaignToSignInto(db: Db, name: string): Promise<{ id: number; campaignName: string }> {
  const find = () =>
    db
      .selectFrom('campaigns')
      .select(['id', 'campaignName'])
      .where(sql<string>`lower(campaign_name)`, '=', name.trim().toLowerCase())
      .executeTakeFirst();
  const found = await find();
  if (found !== undefined) return found;
  counter += 1;
  // Two callers made at once may both make it: the second finds the first's.
  await db
    .insertInto('campaigns')
    .values({
      campaignId: `S${counter}-${process.pid}`,
      campaignName: name,
      campaignType: 'Outbound',
      callTarget: 50,
      status: true,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const made = await find();
  if (made === undefined) throw new Error(`could not make the campaign "${name}" to sign into`);
  return made;
}

/**
 * A session token of the user, as sign-in would mint it: with an expiry, and for an agent a shift, a campaign and a
 * sign-in record (agent_sessions) of that campaign, `Default` unless said (made when the test has none).
 */
export async function sessionTokenFor(
  app: App,
  user: TestUser,
  agent: { shift?: TShift; campaign?: string } = {},
): Promise<string> {
  const roleName = DB_ROLES[user.role];
  const identity = {
    sub: String(user.id),
    userName: user.username,
    name: user.name,
    roles: [{ roleName, roleDescription: ROLE_DESCRIPTIONS[roleName] }],
  };
  if (user.role !== 'agent') return app.tokens.sign(identity);
  const shift = agent.shift ?? 'Morning';
  const campaign = await campaignToSignInto(app.db, agent.campaign ?? 'Default');
  const session = await app.db
    .insertInto('agentSessions')
    .values({
      userId: user.id,
      agentId: user.username,
      agentName: user.name,
      shift,
      campaignId: campaign.id,
      campaignName: campaign.campaignName,
      expiresAt: new Date(Date.now() + app.tokens.ttlSeconds * 1000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const payload: Omit<TTokenPayload, 'exp' | 'iat'> = {
    ...identity,
    agentId: user.username,
    shift,
    campaign: campaign.campaignName,
    sid: session.id,
  };
  return app.tokens.sign(payload);
}

/** A session token of a fresh user of the role (for requests built by hand, such as multipart uploads). */
export async function tokenForRole(app: App, role: TDbRole): Promise<string> {
  return sessionTokenFor(app, await createUser(app.db, { role }));
}

/**
 * Opens a fresh copy of the migrated template database, with the pools' limits of the config (db/limits.ts), as a
 * server started without DATABASE_OWNER_URL on an up-to-date schema does: the pools use the tests' application role
 * (test/databases.ts TEST_APP_ROLE), whose grants the copy has from the template (test/global-setup.ts), and only
 * check that nothing is pending. `ownerUrl` is the copy as its owner (the test cluster's admin), for a test's own set-up.
 */
export async function openTestDatabase(
  limits?: TDbLimits,
): Promise<{ database: Database; ownerUrl: string; drop: () => Promise<void> }> {
  const adminUrl = inject('dbAdminUrl');
  const ownerUrl = await createDatabaseFromTemplate(adminUrl, inject('dbTemplate'));
  const database = await openDatabase({ databaseUrl: appUrlOf(ownerUrl), dataDir: os.tmpdir(), limits });
  return {
    database,
    ownerUrl,
    drop: async () => {
      await database.close();
      await dropDatabase(adminUrl, new URL(ownerUrl).pathname.slice(1));
    },
  };
}

/** Call at the top of a test file: builds the app on its own database before the tests, closes both after. */
export function useTestApp(overrides: Partial<TConfig> = {}): TestContext {
  const ctx = {} as TestContext;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const config = await testConfig(overrides);
    const opened = await openTestDatabase(config.db);
    const ownerDb = createKysely(opened.ownerUrl, 2);
    drop = async () => {
      await ownerDb.destroy();
      await opened.drop();
    };
    const app = await buildApp(config, { database: opened.database });
    await app.ready();
    const as = async (user: TestUser, agent: { shift?: TShift; campaign?: string } = {}) =>
      caller(app, await sessionTokenFor(app, user, agent));
    Object.assign(ctx, {
      app,
      db: app.db,
      ownerDb,
      config,
      anonymous: caller(app),
      as,
      callerFor: async (role: TDbRole, agent?: { campaign?: string }) => as(await createUser(app.db, { role }), agent),
    });
  });
  afterAll(async () => {
    await ctx.app?.close();
    await drop?.();
  });
  return ctx;
}
