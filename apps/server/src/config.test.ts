import { describe, expect, it } from 'vitest';
import { machineTimeZone } from '@crm/shared';
import { defaultHeavyReadsPerUser, loadConfig } from './config.ts';

describe('security settings', () => {
  it('trust no proxy, limit sign-ins to 10 per username and 20 per address a minute, and time bodies and headers by default', () => {
    expect(loadConfig({})).toMatchObject({
      trustProxy: false,
      loginRateLimit: 10,
      loginRateLimitPerIp: 20,
      bodyTimeoutMs: 15_000,
      headersTimeoutMs: 20_000,
    });
  });

  it('cap failed sign-ins at 1000 a day per address, and make an account wait from 10 failures a day, up to an hour', () => {
    expect(loadConfig({})).toMatchObject({
      loginDailyLimitPerIp: 1000,
      loginBackoffAfter: 10,
      loginBackoffMaxSeconds: 3600,
    });
    expect(
      loadConfig({ LOGIN_DAILY_LIMIT_PER_IP: '50', LOGIN_BACKOFF_AFTER: '5', LOGIN_BACKOFF_MAX_SECONDS: '600' }),
    ).toMatchObject({
      loginDailyLimitPerIp: 50,
      loginBackoffAfter: 5,
      loginBackoffMaxSeconds: 600,
    });
    expect(() => loadConfig({ LOGIN_DAILY_LIMIT_PER_IP: '0' })).toThrow(/LOGIN_DAILY_LIMIT_PER_IP must be at least 1/);
    expect(() => loadConfig({ LOGIN_BACKOFF_AFTER: '2.5' })).toThrow(/LOGIN_BACKOFF_AFTER must be a whole number/);
    expect(() => loadConfig({ LOGIN_BACKOFF_MAX_SECONDS: '0' })).toThrow(
      /LOGIN_BACKOFF_MAX_SECONDS must be at least 1/,
    );
  });

  it('let one user run heavy reads on at most half the cores at once (at least 1), or HEAVY_READS_PER_USER', () => {
    expect([1, 2, 3, 4, 8, 16].map((cores) => defaultHeavyReadsPerUser(cores))).toEqual([1, 1, 1, 2, 4, 8]);
    expect(loadConfig({}).heavyReadsPerUser).toBe(defaultHeavyReadsPerUser());
    expect(loadConfig({ HEAVY_READS_PER_USER: '3' }).heavyReadsPerUser).toBe(3);
    expect(() => loadConfig({ HEAVY_READS_PER_USER: '0' })).toThrow(/HEAVY_READS_PER_USER must be at least 1/);
  });

  it('read TRUST_PROXY as a hop count or a list of proxy addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,fd00::/8, ::1, loopback' }).trustProxy).toEqual({
      addresses: ['127.0.0.1', '10.0.0.0/8', 'fd00::/8', '::1', 'loopback'],
    });
  });

  it('refuse TRUST_PROXY=true (anyone could pick their address) and anything that is not an address', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY=true would let any client choose its address/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1,proxy.local' })).toThrow(/not "proxy.local"/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ LOGIN_RATE_LIMIT_PER_IP: '0' })).toThrow(/LOGIN_RATE_LIMIT_PER_IP must be at least 1/);
    expect(() => loadConfig({ BODY_TIMEOUT_SECONDS: 'soon' })).toThrow(/BODY_TIMEOUT_SECONDS/);
  });
});

describe('the time zone', () => {
  it("is the machine's by default, and TIME_ZONE names another by its IANA name, in any case", () => {
    expect(loadConfig({}).timeZone).toBe(machineTimeZone());
    expect(loadConfig({ TIME_ZONE: 'Asia/Dhaka' }).timeZone).toBe('Asia/Dhaka');
    expect(loadConfig({ TIME_ZONE: ' asia/dhaka ' }).timeZone).toBe('Asia/Dhaka');
    expect(loadConfig({ TIME_ZONE: 'UTC' }).timeZone).toBe('UTC');
  });

  it('stops the start with a clear message when the zone is unknown', () => {
    expect(() => loadConfig({ TIME_ZONE: 'Asia/Dhakka' })).toThrow(
      'Invalid configuration: TIME_ZONE: TIME_ZONE must be an IANA time zone name such as Asia/Dhaka or UTC; "Asia/Dhakka" is not one',
    );
    expect(() => loadConfig({ TIME_ZONE: '+06:00' })).toThrow(/TIME_ZONE must be an IANA time zone name/);
  });
});

describe('the read replica', () => {
  it('is off by default; READ_DATABASE_URL names one, READ_MAX_LAG_MS how far behind it may be (5 s by default)', () => {
    expect(loadConfig({}).readReplica).toBeUndefined();
    const primary = { DATABASE_URL: 'postgres://crm@db1/crm' };
    expect(loadConfig({ ...primary, READ_DATABASE_URL: 'postgres://crm@db2/crm' }).readReplica).toEqual({
      url: 'postgres://crm@db2/crm',
      maxLagMs: 5_000,
    });
    expect(
      loadConfig({ ...primary, READ_DATABASE_URL: 'postgres://crm@db2/crm', READ_MAX_LAG_MS: '250' }).readReplica,
    ).toEqual({ url: 'postgres://crm@db2/crm', maxLagMs: 250 });
  });

  it('stops the start with a clear message when it cannot work', () => {
    expect(() => loadConfig({ READ_DATABASE_URL: 'postgres://crm@db2/crm' })).toThrow(
      'Invalid configuration: READ_DATABASE_URL needs DATABASE_URL (the embedded PostgreSQL has no replica); set both, or neither',
    );
    expect(() => loadConfig({ DATABASE_URL: 'postgres://crm@db1/crm', READ_DATABASE_URL: 'db2' })).toThrow(
      /READ_DATABASE_URL must be a postgres:\/\/ URL of a streaming replica/,
    );
    expect(() => loadConfig({ READ_MAX_LAG_MS: '50' })).toThrow(/READ_MAX_LAG_MS must be at least 100/);
  });
});

describe('the screen pop', () => {
  const VICIDIAL = {
    VICIDIAL_URL: 'https://dialer.local/vicidial/non_agent_api.php',
    VICIDIAL_USER: 'crmapi',
    VICIDIAL_PASS: 'secret',
    VICIDIAL_USER_GROUPS: 'AGENTS',
  };

  it('sends external_status to agc/api.php beside VICIDIAL_URL unless VICIDIAL_AGENT_API_URL names another', () => {
    expect(loadConfig(VICIDIAL).dialer).toMatchObject({ agentApiUrl: 'https://dialer.local/agc/api.php' });
    expect(
      loadConfig({ ...VICIDIAL, VICIDIAL_URL: 'http://10.0.0.5:8080/vici/vicidial/non_agent_api.php?x=1' }).dialer,
    ).toMatchObject({ agentApiUrl: 'http://10.0.0.5:8080/vici/agc/api.php' });
    expect(loadConfig({ ...VICIDIAL, VICIDIAL_URL: 'http://dialer.local/api/other.php' }).dialer).toMatchObject({
      agentApiUrl: 'http://dialer.local/agc/api.php',
    });
    expect(
      loadConfig({ ...VICIDIAL, VICIDIAL_AGENT_API_URL: 'https://agents.local/agc/api.php' }).dialer,
    ).toMatchObject({ agentApiUrl: 'https://agents.local/agc/api.php' });
    expect(() => loadConfig({ ...VICIDIAL, VICIDIAL_AGENT_API_URL: 'agents.local' })).toThrow(
      /VICIDIAL_AGENT_API_URL must be the http\(s\) URL of agc\/api.php/,
    );
  });

  it('reads each watched agent at most once a second, 20 at a time, by default; never more often than once a second', () => {
    expect(loadConfig({}).screenPop).toEqual({
      pollMs: 1000,
      concurrency: 20,
      timeoutMs: 2000,
      simulatedDelayMs: 3000,
    });
    expect(loadConfig({ SCREEN_POP_POLL_MS: '2500', SCREEN_POP_CONCURRENCY: '50' }).screenPop).toMatchObject({
      pollMs: 2500,
      concurrency: 50,
    });
    expect(() => loadConfig({ SCREEN_POP_POLL_MS: '500' })).toThrow(/SCREEN_POP_POLL_MS must be at least 1000/);
    expect(() => loadConfig({ SCREEN_POP_CONCURRENCY: '0' })).toThrow(/SCREEN_POP_CONCURRENCY must be at least 1/);
  });
});
