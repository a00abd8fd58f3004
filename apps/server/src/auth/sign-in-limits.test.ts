// The sign-in limits beyond the minute (docs/trust.md, Sign-in limits): the default per-address minute limit, an
// account's growing wait, an address's daily cap, kept in the database. Time is moved by a fake clock, never waited for.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGN_IN_LIMIT_CODES, signInLimitMessage } from '@crm/shared';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createCampaign, createUser, openTestDatabase, testConfig, useTestApp } from '../test/harness.ts';

const DEFAULTS = loadConfig({});
const T0 = new Date('2027-03-01T08:00:00Z').getTime();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Attempt = { username: string; password: string };

function clockAt(ms: number) {
  vi.setSystemTime(ms);
}

describe('with the default limits', () => {
  const t = useTestApp({
    loginRateLimit: DEFAULTS.loginRateLimit,
    loginRateLimitPerIp: DEFAULTS.loginRateLimitPerIp,
    loginDailyLimitPerIp: DEFAULTS.loginDailyLimitPerIp,
    loginBackoffAfter: DEFAULTS.loginBackoffAfter,
    loginBackoffMaxSeconds: DEFAULTS.loginBackoffMaxSeconds,
  });

  it('are 20 failures a minute per address, 1000 a day, a wait from 10 failures of an account, up to an hour', () => {
    expect(DEFAULTS).toMatchObject({
      loginRateLimit: 10,
      loginRateLimitPerIp: 20,
      loginDailyLimitPerIp: 1000,
      loginBackoffAfter: 10,
      loginBackoffMaxSeconds: 3600,
    });
  });

  it('answers 429 to one address spraying 30 usernames within a minute, from the 21st on', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 30; i++) {
      last = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signInAgent',
        remoteAddress: '10.20.0.1',
        payload: { username: `AG-SPRAY20-${i}`, password: 'Spring2024!', shift: 'Morning', campaign: 'Any' },
      });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(20).fill(401), ...Array<number>(10).fill(429)]);
    expect(last?.json()).toMatchObject({
      code: SIGN_IN_LIMIT_CODES.minute,
      message: expect.stringMatching(/^Too many sign-in attempts\. Wait (\d+ seconds|1 minute) and try again\.$/),
    });
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('a whole office behind one address', () => {
  const t = useTestApp({ loginRateLimitPerIp: 5, loginRateLimit: 5 });

  it('signs 40 agents in at once, though the address allows 5 failures a minute: successes wait their turn, never refused', async () => {
    const campaign = await createCampaign(t.db);
    const agents = await Promise.all(Array.from({ length: 40 }, () => createUser(t.db, { role: 'agent' })));
    const replies = await Promise.all(
      agents.map((agent) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/signInAgent',
          remoteAddress: '10.50.0.1',
          payload: {
            username: agent.username,
            password: agent.password,
            shift: 'Morning',
            campaign: campaign.campaignName,
          },
        }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array<number>(40).fill(200));
    // Guesses at once from that address still stop at 5.
    const guesses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/signInSuperAdmin',
          remoteAddress: '10.50.0.1',
          payload: { username: `nobody-${i}`, password: 'Spring2024!' },
        }),
      ),
    );
    expect(guesses.map((r) => r.statusCode).sort()).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });
});

describe('an account that keeps failing', () => {
  const t = useTestApp({ loginBackoffAfter: 3, loginBackoffMaxSeconds: 300 });
  const signIn = (body: Attempt, remoteAddress = '10.30.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/auth/signInSuperAdmin', remoteAddress, payload: body });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    clockAt(T0);
  });
  afterEach(() => vi.useRealTimers());

  it('waits a minute from the 3rd failure, each further failure doubling the wait up to the maximum, from every address', async () => {
    const qc = await createUser(t.db, { role: 'qc' });
    const wrong = { username: qc.username, password: 'not-the-password' };
    expect([
      (await signIn(wrong)).statusCode,
      (await signIn(wrong)).statusCode,
      (await signIn(wrong)).statusCode,
    ]).toEqual([401, 401, 401]);
    // Even the right password, from another address, is not checked while the account waits.
    const held = await signIn({ username: qc.username, password: qc.password }, '10.30.0.2');
    expect(held.statusCode).toBe(429);
    expect(held.json()).toEqual({
      code: SIGN_IN_LIMIT_CODES.backoff,
      message: 'Too many failed sign-ins for this account. Wait 1 minute and try again.',
    });
    expect(held.headers['retry-after']).toBe('60');
    const waits: number[] = [];
    let [now, wait] = [T0, 60];
    for (let i = 0; i < 4; i++) {
      now += wait * 1000;
      clockAt(now);
      expect((await signIn(wrong)).statusCode).toBe(401);
      const next = await signIn(wrong);
      expect(next.statusCode).toBe(429);
      wait = Number(next.headers['retry-after']);
      waits.push(wait);
    }
    expect(waits).toEqual([120, 240, 300, 300]);
  });

  it('starts again from nothing after a sign-in that succeeds', async () => {
    const qc = await createUser(t.db, { role: 'qc' });
    const wrong = { username: qc.username, password: 'not-the-password' };
    for (let i = 0; i < 3; i++) await signIn(wrong);
    clockAt(T0 + MINUTE);
    expect((await signIn({ username: qc.username, password: qc.password })).statusCode).toBe(200);
    const again = [];
    for (let i = 0; i < 3; i++) again.push((await signIn(wrong)).statusCode);
    expect(again).toEqual([401, 401, 401]);
    expect((await signIn(wrong)).statusCode).toBe(429);
  });

  it('forgets the failures of a day once the day is over', async () => {
    const qc = await createUser(t.db, { role: 'qc' });
    const wrong = { username: qc.username, password: 'not-the-password' };
    await signIn(wrong);
    clockAt(T0 + 12 * HOUR);
    await signIn(wrong);
    clockAt(T0 + 25 * HOUR);
    // The day of the first failure is over: this is the first of a new day, and two more still get no wait.
    expect([(await signIn(wrong)).statusCode, (await signIn(wrong)).statusCode]).toEqual([401, 401]);
    expect((await signIn({ username: qc.username, password: qc.password })).statusCode).toBe(200);
  });

  it('writes nothing for sign-ins that succeed', async () => {
    const campaign = await createCampaign(t.db);
    const agents = await Promise.all(Array.from({ length: 20 }, () => createUser(t.db, { role: 'agent' })));
    const before = await t.db
      .selectFrom('signInFailures')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    for (const agent of agents) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signInAgent',
        remoteAddress: '10.31.0.1',
        payload: {
          username: agent.username,
          password: agent.password,
          shift: 'Morning',
          campaign: campaign.campaignName,
        },
      });
      expect(r.statusCode).toBe(200);
    }
    const after = await t.db
      .selectFrom('signInFailures')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe('an address that keeps failing', () => {
  const t = useTestApp({ loginDailyLimitPerIp: 5 });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    clockAt(T0);
  });
  afterEach(() => vi.useRealTimers());

  it('is refused for the rest of the day after LOGIN_DAILY_LIMIT_PER_IP failures, whatever the usernames; others are not', async () => {
    const qc = await createUser(t.db, { role: 'qc' });
    const from = (remoteAddress: string, body: Attempt) =>
      t.app.inject({ method: 'POST', url: '/api/auth/signInSuperAdmin', remoteAddress, payload: body });
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      // Spread over the day: the minute limits never come into it.
      clockAt(T0 + i * HOUR);
      statuses.push((await from('10.40.0.1', { username: `sprayed-${i}`, password: 'Spring2024!' })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    clockAt(T0 + 10 * HOUR);
    const capped = await from('10.40.0.1', { username: qc.username, password: qc.password });
    expect(capped.statusCode).toBe(429);
    expect(capped.json()).toEqual({
      code: SIGN_IN_LIMIT_CODES.daily,
      message: signInLimitMessage(SIGN_IN_LIMIT_CODES.daily, 14 * 3600),
    });
    expect(capped.json<{ message: string }>().message).toBe(
      'Too many failed sign-ins from this address today. Wait 14 hours and try again.',
    );
    expect(capped.headers['retry-after']).toBe(String(14 * 3600));
    expect((await from('10.40.0.2', { username: qc.username, password: qc.password })).statusCode).toBe(200);
    // The day since the first failure is over.
    clockAt(T0 + 24 * HOUR);
    expect((await from('10.40.0.1', { username: qc.username, password: qc.password })).statusCode).toBe(200);
  });
});

describe('the day-long limits across a restart', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    clockAt(T0);
  });
  afterEach(() => vi.useRealTimers());

  it('keeps an account waiting after the server restarts, and in a second server process on the same database', async () => {
    const config = await testConfig({ loginBackoffAfter: 2 });
    const { database, drop } = await openTestDatabase(config.db);
    try {
      const first = await buildApp(config, { database });
      const qc = await createUser(first.db, { role: 'qc' });
      const attempt = (app: typeof first, password: string) =>
        app.inject({ method: 'POST', url: '/api/auth/signInSuperAdmin', payload: { username: qc.username, password } });
      expect([(await attempt(first, 'wrong-one')).statusCode, (await attempt(first, 'wrong-two')).statusCode]).toEqual([
        401, 401,
      ]);
      const second = await buildApp({ ...config }, { database });
      expect((await attempt(second, qc.password)).statusCode).toBe(429);
      await first.close();
      const restarted = await buildApp({ ...config }, { database });
      const r = await attempt(restarted, qc.password);
      expect([r.statusCode, r.json<{ code: string }>().code]).toEqual([429, SIGN_IN_LIMIT_CODES.backoff]);
      await second.close();
      await restarted.close();
    } finally {
      await drop();
    }
  });
});
