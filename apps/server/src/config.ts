// Server configuration, read once from the environment (documented in docs/configuration.md, made from ZEnv).
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

/**
 * The environment the server reads. Each variable's description is its row in docs/configuration.md (config-doc.ts
 * renders it; a trailing "Default: …" gives the default in words where it is computed or not in the schema).
 */
export const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000).describe('HTTP port (web app and API on one port)'),
  HOST: z.string().default('0.0.0.0').describe('interface to listen on'),
  DATA_DIR: z
    .string()
    .optional()
    .describe(
      'embedded PostgreSQL data (`pg/`), the generated token secret (`jwt-secret`); a relative path is taken from where you run npm. Default: `data/` at the top of the repository',
    ),
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .describe(
      "a PostgreSQL server to use instead of the embedded one, as the server's own role (owns nothing, no superuser), e.g. `postgres://crm_app:secret@db:5432/crm` (docs/operations.md, Running on PostgreSQL)",
    ),
  DATABASE_OWNER_URL: z
    .string()
    .url('DATABASE_OWNER_URL must be a postgres:// URL of the schema owner, on the database of DATABASE_URL')
    .optional()
    .describe(
      "the schema owner on the same database, e.g. `postgres://crm_owner:secret@db:5432/crm`: migrations and the grants to `DATABASE_URL`'s role run as it at start-up, nothing else (docs/trust.md, Database roles); needs `DATABASE_URL`",
    ),
  READ_DATABASE_URL: z
    .string()
    .url('READ_DATABASE_URL must be a postgres:// URL of a streaming replica of DATABASE_URL')
    .optional()
    .describe(
      'a streaming replica of `DATABASE_URL` for the heavy reads (docs/operations.md, Read replica); needs `DATABASE_URL`',
    ),
  READ_MAX_LAG_MS: wholeNumber('READ_MAX_LAG_MS', 100, 5_000).describe(
    'how far behind the primary the replica may be (at least 100); further behind, the heavy reads go to the primary until it catches up',
  ),
  CRM_ADMIN_PASSWORD: z
    .string()
    .min(8, 'CRM_ADMIN_PASSWORD must be at least 8 characters')
    .optional()
    .describe(
      'password of the `admin` user made on the first start; it must meet the password rules (docs/trust.md, Passwords) or the first start stops saying which it breaks. Default: random, printed once',
    ),
  JWT_SECRET: z
    .string()
    .min(32, 'JWT_SECRET must be at least 32 characters')
    .optional()
    .describe(
      'token signing secret (at least 32 characters); set it when several server processes share one database. Default: generated once, kept in `DATA_DIR/jwt-secret`',
    ),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(12 * 60 * 60)
    .describe('how long a sign-in lasts, in seconds (the default is 12 h, a shift)'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`'),
  LOGIN_RATE_LIMIT: wholeNumber('LOGIN_RATE_LIMIT', 1, 10).describe(
    'failed sign-ins per minute for one username, from all addresses together, then 429 (docs/operations.md, Security)',
  ),
  LOGIN_RATE_LIMIT_PER_IP: wholeNumber('LOGIN_RATE_LIMIT_PER_IP', 1, 20).describe(
    'failed sign-ins per minute from one client address, whatever the usernames, then 429',
  ),
  LOGIN_DAILY_LIMIT_PER_IP: wholeNumber('LOGIN_DAILY_LIMIT_PER_IP', 1, 1000).describe(
    'failed sign-ins per day from one client address, then 429 until its day is over (docs/trust.md, Sign-in limits)',
  ),
  LOGIN_BACKOFF_AFTER: wholeNumber('LOGIN_BACKOFF_AFTER', 1, 10).describe(
    'failures of one account within a day from which each failure makes it wait: 1 minute, doubling with each further failure',
  ),
  LOGIN_BACKOFF_MAX_SECONDS: wholeNumber('LOGIN_BACKOFF_MAX_SECONDS', 1, 3600).describe(
    'the longest wait of an account; a sign-in that succeeds ends it',
  ),
  MFA_REQUIRED: z
    .string()
    .transform((v, ctx) => {
      const parsed = parseMfaRequired(v);
      if (typeof parsed === 'string') ctx.addIssue({ code: 'custom', message: parsed });
      return typeof parsed === 'string' ? [] : parsed;
    })
    .optional()
    .describe(
      "who gives a second factor (an authenticator app's code) after the password: `admins` (every admin, the `admin` user included), `admins,qc`, `admins,qc,client` (client accounts too), or `none` (unsafe: for test set-ups and the older client); agents never (docs/trust.md, Second factor). Default: `admins`",
    ),
  MFA_GRACE_SIGNINS: wholeNumber('MFA_GRACE_SIGNINS', 0, 3).describe(
    'sign-ins an account that must set up its second factor may still put it off (*Skip for now*); `0`: at once',
  ),
  HEAVY_READS_PER_USER: wholeNumber('HEAVY_READS_PER_USER', 1, defaultHeavyReadsPerUser()).describe(
    "exports, reports, insights and print JSON one user may run at once; more answer 429 `HEAVY_READS_BUSY` (docs/trust.md). Default: half the machine's cores, at least 1",
  ),
  DOWNLOAD_IDLE_SECONDS: wholeNumber('DOWNLOAD_IDLE_SECONDS', 1, 30).describe(
    'a download whose reader takes nothing for this long is cut and its database connection freed (docs/trust.md)',
  ),
  TRUST_PROXY: z
    .string()
    .optional()
    .describe(
      'the reverse proxies whose `X-Forwarded-For`/`X-Forwarded-Proto` are believed: their addresses or CIDR ranges separated by commas (`127.0.0.1`, `10.0.0.0/8`, `loopback`), or the number of proxies in front (`1`); `true` is refused. Default: unset (trust none)',
    ),
  BODY_TIMEOUT_SECONDS: wholeNumber('BODY_TIMEOUT_SECONDS', 1, 15).describe(
    'a request body that brings less than 1 KiB in this many seconds, while the server is reading it, has its connection closed',
  ),
  HEADERS_TIMEOUT_SECONDS: wholeNumber('HEADERS_TIMEOUT_SECONDS', 1, 20).describe(
    "the longest a client may take to send a request's headers",
  ),
  WEB_DIST: z.string().optional().describe('the built web app the server serves. Default: `apps/web/dist`'),
  DIALER: z
    .enum(['vicidial', 'simulated'], { message: 'DIALER must be vicidial or simulated' })
    .optional()
    .describe(
      '`simulated` runs a built-in dialer simulator whose figures are labelled "Simulated" on the dashboard: `DIALER=simulated npm start` shows live figures without a VICIdial, and pops the next generated lead on an agent\'s `/CRM` 3 s after each save. `vicidial` (implied by `VICIDIAL_URL`) reads a real one. Unset and no `VICIDIAL_URL`: the dashboard says "Dialer not configured"',
    ),
  VICIDIAL_URL: z
    .url({ protocol: /^https?$/, message: 'VICIDIAL_URL must be the http(s) URL of non_agent_api.php' })
    .optional()
    .describe(
      'full URL of the VICIdial non-agent API, e.g. `http://dialer.example/vicidial/non_agent_api.php`; the server polls `function=user_group_status` there (the browser never sees it)',
    ),
  VICIDIAL_USER: z
    .string()
    .optional()
    .describe(
      'the VICIdial API user (user level 7+, "view reports"; for sends and the dialer kept in step also level 8+, "modify leads" and "modify lists"); required with `VICIDIAL_URL`, never sent to the browser or logged',
    ),
  VICIDIAL_PASS: z
    .string()
    .optional()
    .describe("the VICIdial API user's password; required with `VICIDIAL_URL`, never sent to the browser or logged"),
  VICIDIAL_USER_GROUPS: z
    .string()
    .optional()
    .describe(
      'user groups whose live figures the dashboard shows, separated by commas or `|`, e.g. `VIRTUAL,INHOUSE`; required with `VICIDIAL_URL`',
    ),
  VICIDIAL_AGENT_API_URL: z
    .url({ protocol: /^https?$/, message: 'VICIDIAL_AGENT_API_URL must be the http(s) URL of agc/api.php' })
    .optional()
    .describe(
      "VICIdial's agent API, where a popped call's disposition goes (`function=external_status`, same API user). Default: `VICIDIAL_URL` with `/vicidial/non_agent_api.php` replaced by `/agc/api.php`",
    ),
  SCREEN_POP_POLL_MS: z.coerce
    .number()
    .int('SCREEN_POP_POLL_MS must be a whole number')
    .min(1000, 'SCREEN_POP_POLL_MS must be at least 1000')
    .default(1000)
    .describe(
      'how often the VICIdial session of each agent with `/CRM` open is read (`function=agent_status`) for the screen pop, in milliseconds (at least `1000`); a read taking over 2 s counts as failed (docs/guide/call-loop.md, Screen pop)',
    ),
  SCREEN_POP_CONCURRENCY: wholeNumber('SCREEN_POP_CONCURRENCY', 1, 20).describe(
    '`agent_status` requests in flight at once during one pass over the watched agents',
  ),
  DIALER_POLL_MS: z.coerce
    .number()
    .int()
    .min(1000, 'DIALER_POLL_MS must be at least 1000')
    .default(5000)
    .describe(
      'how often the dialer is read, in milliseconds (at least `1000`); a read taking over 4 s counts as failed',
    ),
  DIALER_SEND_TIMEOUT_MS: wholeNumber('DIALER_SEND_TIMEOUT_MS', 50, 10_000).describe(
    'an `add_lead` request unanswered this long has failed; the lead is looked up before it is tried again',
  ),
  DIALER_SEND_RETRIES: wholeNumber('DIALER_SEND_RETRIES', 0, 3).describe(
    'tries after the first of a lead whose request failed (network, time-out, HTTP 5xx); then it counts as failed',
  ),
  DIALER_SEND_BACKOFF_MS: wholeNumber('DIALER_SEND_BACKOFF_MS', 0, 1000).describe(
    'the wait before the first retry; it doubles for each further one',
  ),
  DIALER_SEND_CONCURRENCY: wholeNumber('DIALER_SEND_CONCURRENCY', 1, 8).describe(
    "`add_lead` requests in flight at once while leads are sent to the dialer (the campaign's rate still applies)",
  ),
  PHONE_COUNTRY: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isPhoneCountry, 'PHONE_COUNTRY must be a two-letter country code, e.g. BD')
    .default(DEFAULT_PHONE_COUNTRY)
    .describe(
      'the country of lead phone numbers written without a country code (`017…` is read as `+88017…`); a two-letter code such as `IN`, checked at start-up. Numbers are stored in E.164 (`+8801712345678`)',
    ),
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
    .optional()
    .describe(
      "the call centre's time zone, an IANA name such as `Asia/Dhaka` or `UTC`, checked at start-up (an unknown name stops the start and says so). Days start at midnight there (today's sign-ins, the agent's calls of today, the audit log's *From*/*To*) and every date written for people is its wall clock, `yyyy-MM-dd HH:mm:ss`: CSV and xlsx exports, the screens (whatever the browser's own zone), the times in messages. JSON replies keep ISO-8601 UTC times (`…Z`); the process's `TZ` and PostgreSQL's `TimeZone` play no part. Default: the machine's zone",
    ),
  LEAD_UPLOAD_MAX_MB: z.coerce
    .number()
    .int('LEAD_UPLOAD_MAX_MB must be a whole number')
    .min(1, 'LEAD_UPLOAD_MAX_MB must be at least 1')
    .default(DEFAULT_LEAD_UPLOAD_MAX_MB)
    .describe(
      'the largest lead CSV accepted, in MB (a million leads take ~200 MB); a larger file is refused with 413 and nothing is stored',
    ),
  RECORDINGS_DIR: z
    .string()
    .optional()
    .describe(
      'call recordings, one folder per call date `{yyyy-MM-dd}/` (docs/guide/voicelog.md). Default: `DATA_DIR/recordings`',
    ),
  VOICE_LOG_URL: z
    .url({
      protocol: /^https?$/,
      message:
        'VOICE_LOG_URL must be the http(s) URL of the voice-log server (its /search and /download-mp3 sit under it)',
    })
    .optional()
    .describe(
      'an external voice-log server with the same `/search` and `/download-mp3` calls, used instead of `RECORDINGS_DIR` (the CRM forwards to it)',
    ),
  VOICE_LOG_TIMEOUT_MS: z.coerce
    .number()
    .int('VOICE_LOG_TIMEOUT_MS must be a whole number')
    .min(100, 'VOICE_LOG_TIMEOUT_MS must be at least 100')
    .default(10_000)
    .describe('how long the external voice-log server may take to start answering before the user gets a 502'),
  ANALYSIS_CONCURRENCY: wholeNumber('ANALYSIS_CONCURRENCY', 0, defaultAnalysisConcurrency()).describe(
    "recordings this server process analyses at once, each in a worker thread of its own (docs/guide/voicelog.md, Automatic checks); `0`: this process only queues them, for other processes to analyse. Default: the machine's cores − 1, at least 1",
  ),
  HOLD_SECONDS: z.coerce
    .number('HOLD_SECONDS must be a number of seconds')
    .min(1, 'HOLD_SECONDS must be at least 1')
    .default(DEFAULT_HOLD_SECONDS)
    .describe("a silence longer than this is a hold (the scorecard's Hold Process rule)"),
  ANALYSIS_AGENT_CHANNEL: z
    .enum(['left', 'right'], { message: 'ANALYSIS_AGENT_CHANNEL must be left or right' })
    .default('left')
    .describe("on stereo recordings, which channel is the agent's (`left` or `right`)"),
  RECORDINGS_SCAN_SECONDS: wholeNumber('RECORDINGS_SCAN_SECONDS', 0, 30).describe(
    'how often `RECORDINGS_DIR` is read again for new, changed and removed recordings; `0`: only at start-up (a search still reads a date folder whose contents changed)',
  ),
  ANALYSIS_JOB_TIMEOUT_SECONDS: wholeNumber('ANALYSIS_JOB_TIMEOUT_SECONDS', 2, 600).describe(
    'an analysis running longer is stopped; a job whose server died expires this long plus 5 s after it started and is retried within 10 s of that (pg-boss looks for expired jobs every 10 s)',
  ),
  DB_POOL_SIZE: wholeNumber('DB_POOL_SIZE', 1, DEFAULT_DB_LIMITS.poolSize).describe(
    "database connections of the interactive pool (every screen, the agents' calls)",
  ),
  DB_POOL_TIMEOUT_MS: wholeNumber('DB_POOL_TIMEOUT_MS', 100, DEFAULT_DB_LIMITS.poolTimeoutMs).describe(
    'how long a request waits for a free database connection before it is answered 503 *The server is busy* (the bulk pool waits 10× as long)',
  ),
  DB_STATEMENT_TIMEOUT_MS: wholeNumber('DB_STATEMENT_TIMEOUT_MS', 100, DEFAULT_DB_LIMITS.statementTimeoutMs).describe(
    'the longest statement of the interactive pool (PostgreSQL `statement_timeout`); longer ones are cancelled and rolled back',
  ),
  DB_LOCK_TIMEOUT_MS: wholeNumber('DB_LOCK_TIMEOUT_MS', 100, DEFAULT_DB_LIMITS.lockTimeoutMs).describe(
    'the longest wait of an interactive statement for a lock (a locked table, a row another change holds; `lock_timeout`)',
  ),
  DB_BULK_POOL_SIZE: wholeNumber('DB_BULK_POOL_SIZE', 2, DEFAULT_DB_LIMITS.bulkPoolSize).describe(
    'connections of the bulk pool: lead uploads (two each), generate, regenerate, delete, CSV reports, QC exports',
  ),
  DB_BULK_STATEMENT_TIMEOUT_MS: wholeNumber(
    'DB_BULK_STATEMENT_TIMEOUT_MS',
    1000,
    DEFAULT_DB_LIMITS.bulkStatementTimeoutMs,
  ).describe(
    "the longest statement of the bulk pool (the default is 30 min): a whole upload's `COPY`, a whole report's cursor; it waits for locks as long",
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

/** The screen pop's watch of the agents' VICIdial sessions (docs/guide/call-loop.md, Screen pop). */
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
  /** How leads are sent to the dialer (docs/guide/dialer.md). */
  dialerSend: TDialerSendConfig;
  /** The screen pop (docs/guide/call-loop.md, Screen pop). */
  screenPop: TScreenPopConfig;
};

/** Who must give a second factor after the password; agents never (shared floor machines). */
export type TMfaRole = 'admin' | 'qc' | 'client';
export type TMfaConfig = {
  /** MFA_REQUIRED: none, admins (the default), admins,qc or admins,qc,client. The `admin` user is in 'admin'. */
  requiredRoles: TMfaRole[];
  /** Sign-ins a user who must enrol may still put it off (MFA_GRACE_SIGNINS). */
  graceSignIns: number;
};

/** MFA_REQUIRED: `none`, or any of `admins`, `qc` and `client` (any order, e.g. `admins,qc,client`), or what is wrong. */
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
    else if (part === 'client' || part === 'clients') roles.add('client');
    else return `MFA_REQUIRED must be none, or admins, qc and client joined by commas; not ${JSON.stringify(value)}`;
  }
  if (roles.size === 0)
    return `MFA_REQUIRED must be none, or admins, qc and client joined by commas; not ${JSON.stringify(value)}`;
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
