// Server configuration, read once from the environment (documented in the README).
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_HOLD_SECONDS,
  DEFAULT_LEAD_UPLOAD_MAX_MB,
  DEFAULT_PHONE_COUNTRY,
  canonicalTimeZone,
  isPhoneCountry,
  machineTimeZone,
} from '@crm/shared';
import type { CountryCode } from 'libphonenumber-js';
import { DEFAULT_DB_LIMITS, type TDbLimits } from './db/limits.ts';

function wholeNumber(name: string, min: number, fallback: number) {
  return z.coerce
    .number()
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .default(fallback);
}

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_OWNER_URL: z
    .string()
    .url('DATABASE_OWNER_URL must be a postgres:// URL of the schema owner, on the database of DATABASE_URL')
    .optional(),
  READ_DATABASE_URL: z
    .string()
    .url('READ_DATABASE_URL must be a postgres:// URL of a streaming replica of DATABASE_URL')
    .optional(),
  READ_MAX_LAG_MS: wholeNumber('READ_MAX_LAG_MS', 100, 5_000),
  CRM_ADMIN_PASSWORD: z.string().min(8, 'CRM_ADMIN_PASSWORD must be at least 8 characters').optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(12 * 60 * 60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_RATE_LIMIT: wholeNumber('LOGIN_RATE_LIMIT', 1, 10),
  LOGIN_RATE_LIMIT_PER_IP: wholeNumber('LOGIN_RATE_LIMIT_PER_IP', 1, 20),
  LOGIN_DAILY_LIMIT_PER_IP: wholeNumber('LOGIN_DAILY_LIMIT_PER_IP', 1, 1000),
  LOGIN_BACKOFF_AFTER: wholeNumber('LOGIN_BACKOFF_AFTER', 1, 10),
  LOGIN_BACKOFF_MAX_SECONDS: wholeNumber('LOGIN_BACKOFF_MAX_SECONDS', 1, 3600),
  MFA_REQUIRED: z
    .string()
    .transform((v, ctx) => {
      const parsed = parseMfaRequired(v);
      if (typeof parsed === 'string') ctx.addIssue({ code: 'custom', message: parsed });
      return typeof parsed === 'string' ? [] : parsed;
    })
    .optional(),
  MFA_GRACE_SIGNINS: wholeNumber('MFA_GRACE_SIGNINS', 0, 3),
  HEAVY_READS_PER_USER: wholeNumber('HEAVY_READS_PER_USER', 1, defaultHeavyReadsPerUser()),
  DOWNLOAD_IDLE_SECONDS: wholeNumber('DOWNLOAD_IDLE_SECONDS', 1, 30),
  TRUST_PROXY: z.string().optional(),
  BODY_TIMEOUT_SECONDS: wholeNumber('BODY_TIMEOUT_SECONDS', 1, 15),
  HEADERS_TIMEOUT_SECONDS: wholeNumber('HEADERS_TIMEOUT_SECONDS', 1, 20),
  WEB_DIST: z.string().optional(),
  DIALER: z.enum(['vicidial', 'simulated'], { message: 'DIALER must be vicidial or simulated' }).optional(),
  VICIDIAL_URL: z
    .url({ protocol: /^https?$/, message: 'VICIDIAL_URL must be the http(s) URL of non_agent_api.php' })
    .optional(),
  VICIDIAL_USER: z.string().optional(),
  VICIDIAL_PASS: z.string().optional(),
  VICIDIAL_USER_GROUPS: z.string().optional(),
  VICIDIAL_AGENT_API_URL: z
    .url({ protocol: /^https?$/, message: 'VICIDIAL_AGENT_API_URL must be the http(s) URL of agc/api.php' })
    .optional(),
  SCREEN_POP_POLL_MS: z.coerce
    .number()
    .int('SCREEN_POP_POLL_MS must be a whole number')
    .min(1000, 'SCREEN_POP_POLL_MS must be at least 1000')
    .default(1000),
  SCREEN_POP_CONCURRENCY: wholeNumber('SCREEN_POP_CONCURRENCY', 1, 20),
  DIALER_POLL_MS: z.coerce.number().int().min(1000, 'DIALER_POLL_MS must be at least 1000').default(5000),
  DIALER_SEND_TIMEOUT_MS: wholeNumber('DIALER_SEND_TIMEOUT_MS', 50, 10_000),
  DIALER_SEND_RETRIES: wholeNumber('DIALER_SEND_RETRIES', 0, 3),
  DIALER_SEND_BACKOFF_MS: wholeNumber('DIALER_SEND_BACKOFF_MS', 0, 1000),
  DIALER_SEND_CONCURRENCY: wholeNumber('DIALER_SEND_CONCURRENCY', 1, 8),
  PHONE_COUNTRY: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isPhoneCountry, 'PHONE_COUNTRY must be a two-letter country code, e.g. BD')
    .default(DEFAULT_PHONE_COUNTRY),
  TIME_ZONE: z
    .string()
    .transform((name, ctx) => {
      const zone = canonicalTimeZone(name);
      if (zone === null)
        ctx.addIssue({
          code: 'custom',
          message: `TIME_ZONE must be an IANA time zone name such as Asia/Dhaka or UTC; "${name.trim()}" is not one`,
        });
      return zone ?? name;
    })
    .optional(),
  LEAD_UPLOAD_MAX_MB: z.coerce
    .number()
    .int('LEAD_UPLOAD_MAX_MB must be a whole number')
    .min(1, 'LEAD_UPLOAD_MAX_MB must be at least 1')
    .default(DEFAULT_LEAD_UPLOAD_MAX_MB),
  RECORDINGS_DIR: z.string().optional(),
  VOICE_LOG_URL: z
    .url({
      protocol: /^https?$/,
      message:
        'VOICE_LOG_URL must be the http(s) URL of the voice-log server (its /search and /download-mp3 sit under it)',
    })
    .optional(),
  VOICE_LOG_TIMEOUT_MS: z.coerce
    .number()
    .int('VOICE_LOG_TIMEOUT_MS must be a whole number')
    .min(100, 'VOICE_LOG_TIMEOUT_MS must be at least 100')
    .default(10_000),
  ANALYSIS_CONCURRENCY: wholeNumber('ANALYSIS_CONCURRENCY', 0, defaultAnalysisConcurrency()),
  HOLD_SECONDS: z.coerce
    .number('HOLD_SECONDS must be a number of seconds')
    .min(1, 'HOLD_SECONDS must be at least 1')
    .default(DEFAULT_HOLD_SECONDS),
  ANALYSIS_AGENT_CHANNEL: z
    .enum(['left', 'right'], { message: 'ANALYSIS_AGENT_CHANNEL must be left or right' })
    .default('left'),
  RECORDINGS_SCAN_SECONDS: wholeNumber('RECORDINGS_SCAN_SECONDS', 0, 30),
  ANALYSIS_JOB_TIMEOUT_SECONDS: wholeNumber('ANALYSIS_JOB_TIMEOUT_SECONDS', 2, 600),
  DB_POOL_SIZE: wholeNumber('DB_POOL_SIZE', 1, DEFAULT_DB_LIMITS.poolSize),
  DB_POOL_TIMEOUT_MS: wholeNumber('DB_POOL_TIMEOUT_MS', 100, DEFAULT_DB_LIMITS.poolTimeoutMs),
  DB_STATEMENT_TIMEOUT_MS: wholeNumber('DB_STATEMENT_TIMEOUT_MS', 100, DEFAULT_DB_LIMITS.statementTimeoutMs),
  DB_LOCK_TIMEOUT_MS: wholeNumber('DB_LOCK_TIMEOUT_MS', 100, DEFAULT_DB_LIMITS.lockTimeoutMs),
  DB_BULK_POOL_SIZE: wholeNumber('DB_BULK_POOL_SIZE', 2, DEFAULT_DB_LIMITS.bulkPoolSize),
  DB_BULK_STATEMENT_TIMEOUT_MS: wholeNumber(
    'DB_BULK_STATEMENT_TIMEOUT_MS',
    1000,
    DEFAULT_DB_LIMITS.bulkStatementTimeoutMs,
  ),
});

/** Where the dashboard's live figures come from; the VICIdial credentials stay on the server. */
export type TDialerConfig =
  | { mode: 'unconfigured' }
  | { mode: 'simulated'; pollMs: number }
  | {
      mode: 'vicidial';
      pollMs: number;
      timeoutMs: number;
      url: string;
      user: string;
      pass: string;
      userGroups: string[];
      /** agc/api.php (external_status); left out: derived from url by defaultAgentApiUrl. */
      agentApiUrl?: string;
    };

/** A read that takes longer is a failure, so a hung dialer never stalls the figures unnoticed. */
export const DIALER_TIMEOUT_MS = 4000;

/** The screen pop's watch of the agents' VICIdial sessions (docs/call-loop.md, Screen pop). */
export type TScreenPopConfig = {
  /** One pass over the watched agents starts at most this often: each agent's agent_status is read at most once per pass. */
  pollMs: number;
  /** agent_status requests in flight at once within a pass. */
  concurrency: number;
  /** One agent_status read that takes longer has failed. */
  timeoutMs: number;
  /** DIALER=simulated: how long after an agent's save the simulated dialer pops the next lead. */
  simulatedDelayMs: number;
};

export const SCREEN_POP_TIMEOUT_MS = 2000;
export const SIMULATED_POP_DELAY_MS = 3000;

const NON_AGENT_API_PATH = '/vicidial/non_agent_api.php';

/**
 * VICIdial's agent API beside its non-agent API: VICIDIAL_URL with /vicidial/non_agent_api.php replaced by
 * /agc/api.php (a URL without that path gets /agc/api.php on its host).
 */
export function defaultAgentApiUrl(nonAgentApiUrl: string): string {
  const url = new URL(nonAgentApiUrl);
  url.pathname = url.pathname.endsWith(NON_AGENT_API_PATH)
    ? `${url.pathname.slice(0, -NON_AGENT_API_PATH.length)}/agc/api.php`
    : '/agc/api.php';
  url.search = '';
  return url.toString();
}

export type TConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * The schema owner's URL (DATABASE_OWNER_URL): migrations, the job queue's schema and the grants to DATABASE_URL's
   * role run as it; the server's pools never use it (docs/trust.md, Database roles).
   */
  databaseOwnerUrl: string | undefined;
  /** A streaming replica of DATABASE_URL for heavy reads, and how far behind it may be before they go back to the primary (db/replica.ts). */
  readReplica: { url: string; maxLagMs: number } | undefined;
  adminPassword: string | undefined;
  jwtSecret: string | undefined;
  jwtTtlSeconds: number;
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  /** Failed sign-ins allowed per username per minute, from all addresses together. */
  loginRateLimit: number;
  /** Failed sign-ins allowed per client address per minute, whatever the usernames. */
  loginRateLimitPerIp: number;
  /** Failed sign-ins allowed per client address per day (docs/trust.md, Sign-in limits). */
  loginDailyLimitPerIp: number;
  /** Failures of one account within a day after which each further failure doubles its wait... */
  loginBackoffAfter: number;
  /** ...up to this wait, in seconds. A successful sign-in resets it. */
  loginBackoffMaxSeconds: number;
  /** The second factor (docs/trust.md, Second factor). */
  mfa: TMfaConfig;
  /** Heavy reads (exports, reports, insights, print JSON) one user may run at once; more answer 429. */
  heavyReadsPerUser: number;
  /** A download whose reader takes nothing for this long is cut. */
  downloadIdleMs: number;
  /**
   * Which peers may tell the client's address and protocol in X-Forwarded-For/-Proto: false (none, the default),
   * a number of proxy hops in front of the server, or the proxies' addresses and CIDR ranges.
   */
  trustProxy: TTrustProxy;
  /** A request body that brings less than SLOW_BODY_MIN_BYTES in this long, while the server reads it, is cut off. */
  bodyTimeoutMs: number;
  /** The longest a client may take to send a request's headers. */
  headersTimeoutMs: number;
  /** The built web app to serve; undefined serves the API only. */
  webDist: string | undefined;
  dialer: TDialerConfig;
  /** The country of lead numbers written without a country code. */
  phoneCountry: CountryCode;
  /**
   * The call centre's time zone (IANA name): where its days start (today's sign-ins, the audit's days) and the wall
   * clock of every date written for people (CSV/xlsx exports, messages, the web app's screens).
   */
  timeZone: string;
  /** The largest lead CSV accepted, in MB (2^20 bytes). */
  leadUploadMaxMb: number;
  /** Where recordings live, as {yyyy-MM-dd}/{fileName} (the voice log). */
  recordingsDir: string;
  /** An external voice-log server to proxy instead of recordingsDir (no trailing slash); undefined serves recordingsDir. */
  voiceLogUrl: string | undefined;
  /** How long the external voice-log server may take to start answering. */
  voiceLogTimeoutMs: number;
  /** The automatic checks of recordings (docs/architecture.md, Automatic checks). */
  analysis: TAnalysisConfig;
  /** Connection pools and time limits of the database work (db/limits.ts). */
  db: TDbLimits;
  /** How leads are sent to the dialer (docs/dialer-sends.md). */
  dialerSend: TDialerSendConfig;
  /** The screen pop (docs/call-loop.md, Screen pop). */
  screenPop: TScreenPopConfig;
};

/** Who must give a second factor after the password; agents never (shared floor machines). */
export type TMfaRole = 'admin' | 'qc';
export type TMfaConfig = {
  /** MFA_REQUIRED: none, admins (the default) or admins,qc. The `admin` user is in 'admin'. */
  requiredRoles: TMfaRole[];
  /** Sign-ins a user who must enrol may still put it off (MFA_GRACE_SIGNINS). */
  graceSignIns: number;
};

/** MFA_REQUIRED: `none`, `admins` or `admins,qc` (any order, qc alone too), or what is wrong with it. */
export function parseMfaRequired(value: string): TMfaRole[] | string {
  const parts = value
    .split(',')
    .map((p) => p.trim().toLowerCase())
    .filter((p) => p !== '');
  if (parts.length === 1 && parts[0] === 'none') return [];
  const roles = new Set<TMfaRole>();
  for (const part of parts) {
    if (part === 'admins' || part === 'admin') roles.add('admin');
    else if (part === 'qc') roles.add('qc');
    else return `MFA_REQUIRED must be none, admins or admins,qc; not ${JSON.stringify(value)}`;
  }
  if (roles.size === 0) return `MFA_REQUIRED must be none, admins or admins,qc; not ${JSON.stringify(value)}`;
  return [...roles];
}

export type TDialerSendConfig = {
  /** One add_lead request that takes longer has failed (and is checked before it is tried again). */
  timeoutMs: number;
  /** Tries after the first of a lead whose request failed (network, time-out, HTTP 5xx, an unreadable reply). */
  retries: number;
  /** The wait before the first retry; it doubles for each further one. */
  backoffMs: number;
  /** add_lead requests in flight at once (the admin's rate still applies). */
  concurrency: number;
};

export type TAnalysisConfig = {
  /** Recordings this process analyses at once (worker threads); 0: it only queues them for other processes. */
  concurrency: number;
  /** A silence longer than this is a hold. */
  holdSeconds: number;
  /** The agent's channel of a stereo recording: 0 left, 1 right. */
  agentChannel: 0 | 1;
  /** RECORDINGS_DIR is read again this often (new, changed and removed files); 0: only at start-up. */
  scanSeconds: number;
  /** A job still running after this long is given up and retried (a hung or killed worker). */
  jobTimeoutSeconds: number;
};

/** One analysis per core, leaving one core to the API: never fewer than one. */
function defaultAnalysisConcurrency(): number {
  return Math.max(1, os.availableParallelism() - 1);
}

/**
 * Half the cores, at least one: one user's heavy reads never take more than half the machine (1 on 2 cores, where 2
 * pushed others' p99 1.5-2× past their targets: docs/trust.md, Heavy reads and downloads).
 */
export function defaultHeavyReadsPerUser(cores = os.availableParallelism()): number {
  return Math.max(1, Math.floor(cores / 2));
}

/** TRUST_PROXY: nobody, a hop count, or the proxies' addresses/ranges (what Fastify's trustProxy takes). */
export type TTrustProxy = false | { hops: number } | { addresses: string[] };

/** The ranges proxy-addr knows by name. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range (10.0.0.0/8, fd00::/8) or a named range; what proxy-addr accepts. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/** Parses TRUST_PROXY, or says what is wrong with it. "true" (trust every peer) is refused: anyone could then pick their address. */
export function parseTrustProxy(value: string | undefined): TTrustProxy | string {
  const v = (value ?? '').trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (/^\d+$/.test(v)) return { hops: Number(v) };
  if (v === 'true')
    return "TRUST_PROXY=true would let any client choose its address; give the proxy's address (e.g. 127.0.0.1) or the number of proxies in front of the server (e.g. 1)";
  const addresses = v
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '');
  const bad = addresses.filter((a) => !isProxyAddress(a));
  if (bad.length > 0)
    return `TRUST_PROXY must be a number of proxies or a comma-separated list of proxy addresses or CIDR ranges; not ${bad.map((b) => JSON.stringify(b)).join(', ')}`;
  return { addresses };
}

/** `./data` at the top of the repository, wherever the server is started from. */
const DEFAULT_DATA_DIR = path.resolve(import.meta.dirname, '../../../data');
const DEFAULT_WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const parsed = ZEnv.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const owner = databaseOwnerProblem(e.DATABASE_URL, e.DATABASE_OWNER_URL);
  if (owner !== null) throw new Error(`Invalid configuration: ${owner}`);
  if (e.READ_DATABASE_URL && !e.DATABASE_URL)
    throw new Error(
      'Invalid configuration: READ_DATABASE_URL needs DATABASE_URL (the embedded PostgreSQL has no replica); set both, or neither',
    );
  const dialer = dialerConfig(e);
  if (typeof dialer === 'string') throw new Error(`Invalid configuration: ${dialer}`);
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (typeof trustProxy === 'string') throw new Error(`Invalid configuration: ${trustProxy}`);
  // A relative DATA_DIR or RECORDINGS_DIR means relative to where the user ran npm (npm runs workspace scripts elsewhere).
  const cwd = env.INIT_CWD ?? process.cwd();
  const dataDir = e.DATA_DIR ? path.resolve(cwd, e.DATA_DIR) : DEFAULT_DATA_DIR;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseOwnerUrl: e.DATABASE_OWNER_URL,
    readReplica: e.READ_DATABASE_URL ? { url: e.READ_DATABASE_URL, maxLagMs: e.READ_MAX_LAG_MS } : undefined,
    adminPassword: e.CRM_ADMIN_PASSWORD,
    jwtSecret: e.JWT_SECRET,
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    logLevel: e.LOG_LEVEL,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    loginRateLimitPerIp: e.LOGIN_RATE_LIMIT_PER_IP,
    loginDailyLimitPerIp: e.LOGIN_DAILY_LIMIT_PER_IP,
    loginBackoffAfter: e.LOGIN_BACKOFF_AFTER,
    loginBackoffMaxSeconds: e.LOGIN_BACKOFF_MAX_SECONDS,
    mfa: { requiredRoles: e.MFA_REQUIRED ?? ['admin'], graceSignIns: e.MFA_GRACE_SIGNINS },
    heavyReadsPerUser: e.HEAVY_READS_PER_USER,
    downloadIdleMs: e.DOWNLOAD_IDLE_SECONDS * 1000,
    trustProxy,
    bodyTimeoutMs: e.BODY_TIMEOUT_SECONDS * 1000,
    headersTimeoutMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
    webDist: e.WEB_DIST ?? DEFAULT_WEB_DIST,
    dialer,
    phoneCountry: e.PHONE_COUNTRY as CountryCode,
    timeZone: e.TIME_ZONE ?? machineTimeZone(),
    leadUploadMaxMb: e.LEAD_UPLOAD_MAX_MB,
    recordingsDir: e.RECORDINGS_DIR ? path.resolve(cwd, e.RECORDINGS_DIR) : path.join(dataDir, 'recordings'),
    voiceLogUrl: e.VOICE_LOG_URL?.replace(/\/+$/, ''),
    voiceLogTimeoutMs: e.VOICE_LOG_TIMEOUT_MS,
    analysis: {
      concurrency: e.ANALYSIS_CONCURRENCY,
      holdSeconds: e.HOLD_SECONDS,
      agentChannel: e.ANALYSIS_AGENT_CHANNEL === 'right' ? 1 : 0,
      scanSeconds: e.RECORDINGS_SCAN_SECONDS,
      jobTimeoutSeconds: e.ANALYSIS_JOB_TIMEOUT_SECONDS,
    },
    db: {
      poolSize: e.DB_POOL_SIZE,
      poolTimeoutMs: e.DB_POOL_TIMEOUT_MS,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      lockTimeoutMs: e.DB_LOCK_TIMEOUT_MS,
      bulkPoolSize: e.DB_BULK_POOL_SIZE,
      bulkStatementTimeoutMs: e.DB_BULK_STATEMENT_TIMEOUT_MS,
    },
    dialerSend: {
      timeoutMs: e.DIALER_SEND_TIMEOUT_MS,
      retries: e.DIALER_SEND_RETRIES,
      backoffMs: e.DIALER_SEND_BACKOFF_MS,
      concurrency: e.DIALER_SEND_CONCURRENCY,
    },
    screenPop: {
      pollMs: e.SCREEN_POP_POLL_MS,
      concurrency: e.SCREEN_POP_CONCURRENCY,
      timeoutMs: SCREEN_POP_TIMEOUT_MS,
      simulatedDelayMs: SIMULATED_POP_DELAY_MS,
    },
  };
}

/** What is wrong with DATABASE_OWNER_URL beside DATABASE_URL, or null. */
function databaseOwnerProblem(appUrl: string | undefined, ownerUrl: string | undefined): string | null {
  if (ownerUrl === undefined) return null;
  if (appUrl === undefined)
    return 'DATABASE_OWNER_URL needs DATABASE_URL (the embedded PostgreSQL makes its own roles); set both, or neither';
  const user = (url: string) => decodeURIComponent(new URL(url).username);
  if (user(appUrl) === user(ownerUrl))
    return "DATABASE_URL and DATABASE_OWNER_URL must sign in as different roles: the server's own role must not own the tables";
  return null;
}

/** The dialer settings, or what is wrong with them. VICIDIAL_URL alone selects VICIdial; DIALER=simulated wins over it. */
function dialerConfig(e: z.infer<typeof ZEnv>): TDialerConfig | string {
  const mode = e.DIALER ?? (e.VICIDIAL_URL ? 'vicidial' : undefined);
  if (mode === undefined) return { mode: 'unconfigured' };
  if (mode === 'simulated') return { mode: 'simulated', pollMs: e.DIALER_POLL_MS };
  const userGroups = (e.VICIDIAL_USER_GROUPS ?? '')
    .split(/[,|]/)
    .map((g) => g.trim())
    .filter((g) => g !== '');
  const missing = [
    !e.VICIDIAL_URL && 'VICIDIAL_URL',
    !e.VICIDIAL_USER && 'VICIDIAL_USER',
    !e.VICIDIAL_PASS && 'VICIDIAL_PASS',
    userGroups.length === 0 && 'VICIDIAL_USER_GROUPS',
  ].filter((name): name is string => typeof name === 'string');
  if (missing.length > 0 || !e.VICIDIAL_URL || !e.VICIDIAL_USER || !e.VICIDIAL_PASS) {
    return `the VICIdial dialer needs ${missing.join(', ')}`;
  }
  const agentApiUrl = e.VICIDIAL_AGENT_API_URL ?? defaultAgentApiUrl(e.VICIDIAL_URL);
  return {
    mode: 'vicidial',
    pollMs: e.DIALER_POLL_MS,
    timeoutMs: DIALER_TIMEOUT_MS,
    url: e.VICIDIAL_URL,
    user: e.VICIDIAL_USER,
    pass: e.VICIDIAL_PASS,
    userGroups,
    agentApiUrl,
  };
}
