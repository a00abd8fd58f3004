// buildApp(config): the Fastify instance serving the API and the web app (tests use it directly).
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { logFormatFor, logStream } from './http/log-format.ts';
import { maskLogLine } from './http/log-privacy.ts';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TConfig, TTrustProxy } from './config.ts';
import { openDatabase, poolOf, type Database } from './db/database.ts';
import { createDbWatch } from './db/watch.ts';
import { registerGuard } from './auth/guard.ts';
import { createTokenService } from './auth/tokens.ts';
import { registerErrorHandler } from './http/errors.ts';
import { registerCompression } from './http/compression.ts';
import { registerWeb } from './http/web.ts';
import { registerSlowBodyGuard } from './http/slow-body.ts';
import { registerHeavyReads } from './http/heavy-reads.ts';
import { registerOpenApi } from './http/openapi.ts';
import { loadJwtSecret } from './secrets.ts';
import { authRoutes, sessionRoutes } from './modules/auth/routes.ts';
import { campaignRoutes } from './modules/campaigns/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { agentRoutes } from './modules/agents/routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { dataTableRoutes } from './modules/data-tables/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { dialerRoutes } from './modules/dialer/routes.ts';
import { dialerSendRoutes } from './modules/dialer/sends/routes.ts';
import { questionRoutes } from './modules/questions/routes.ts';
import { logicRoutes } from './modules/logic/routes.ts';
import { leadRoutes } from './modules/leads/routes.ts';
import { leadImportRoutes } from './modules/lead-import/routes.ts';
import { leadReportRoutes } from './modules/lead-reports/routes.ts';
import { agentPanelRoutes } from './modules/crm/routes.ts';
import { qcRoutes } from './modules/qc/routes.ts';
import { qcReportRoutes } from './modules/qc-reports/routes.ts';
import { voicelogRoutes } from './modules/voicelog/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { qcQueueRoutes } from './modules/qc-queue/routes.ts';
import { calibrationRoutes } from './modules/calibration/routes.ts';
import { disputeRoutes } from './modules/disputes/routes.ts';
import { qcInsightRoutes } from './modules/qc-insights/routes.ts';
import { dncRoutes } from './modules/dnc/routes.ts';
import { quotaRoutes } from './modules/quotas/routes.ts';
import { dispositionRoutes } from './modules/dispositions/routes.ts';
import { callAttemptRoutes } from './modules/call-attempts/routes.ts';
import { callbackRoutes } from './modules/callbacks/routes.ts';
import { screenPopRoutes } from './modules/screen-pop/routes.ts';
import { dialerSyncRoutes } from './modules/dialer-sync/routes.ts';
import { scorecardRoutes } from './modules/scorecards/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { qcRecordRoutes } from './modules/qc-records/routes.ts';
import { coachingRoutes } from './modules/coaching/routes.ts';
import { productivityRoutes } from './modules/productivity/routes.ts';
import { floorRoutes } from './modules/floor/routes.ts';
import { suspiciousRoutes } from './modules/suspicious/routes.ts';
import { resultsRoutes } from './modules/results/routes.ts';
import { clientsRoutes } from './modules/clients/routes.ts';
import { startRecordingChecks } from './modules/voicelog/checks/runtime.ts';
import { createVoiceLog } from './modules/voicelog/service.ts';

import type { App } from './app-type.ts';

export type { App };

/** Methods that change nothing. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type BuildOptions = {
  /** An already open database (tests); otherwise one is opened from the config and closed with the app. */
  database?: Database;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: { write: (line: string) => void };
};

export async function buildApp(config: TConfig, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    // Written asynchronously: lines logged while a write is under way go out together in the next one, so
    // the log of a busy server costs a few writes a second instead of one per request (~4% of the server's
    // time under the lookup benchmark). pino flushes what is left when the process exits.
    // Every line leaves with media tokens and phone numbers masked (http/log-privacy.ts), as human-readable lines on a
    // terminal and JSON lines otherwise (http/log-format.ts).
    logger: {
      level: config.logLevel,
      stream: options.logStream ?? (config.logLevel === 'silent' ? undefined : logStream(logFormatFor(process.stdout))),
      hooks: { streamWrite: maskLogLine },
    },
    // Fastify's own two lines per request are replaced by ours: one line, with status and duration.
    logController: new LogController({ disableRequestLogging: true }),
    // X-Forwarded-For/-Proto are believed only from the proxies TRUST_PROXY names (none by default): otherwise any
    // client could pick its own address, and with it a fresh sign-in allowance per request.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Slow clients. A client gets HEADERS_TIMEOUT_SECONDS to send a request's headers (checked every second); a body
    // is held to a minimum rate by registerSlowBodyGuard (http/slow-body.ts). Deliberately left off: requestTimeout
    // (whole request, body included: it would cut a long upload) and connectionTimeout (socket idle: reset by each
    // trickled byte, and it would cut a request quietly waiting on the database).
    http: { headersTimeout: config.headersTimeoutMs, connectionsCheckingInterval: 1000 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      ownerUrl: config.databaseOwnerUrl,
      readReplica: config.readReplica,
      dataDir: config.dataDir,
      limits: config.db,
      log: (line, level = 'debug') => app.log[level]({ pg: line }, level === 'debug' ? 'postgres' : line),
    }));
  const dbWatch = createDbWatch(poolOf(database.db), app.log);
  app.addHook('onClose', async () => {
    await dbWatch.close();
    if (!options.database) await database.close();
  });
  registerErrorHandler(app, { onDatabaseUnavailable: dbWatch.noteUnavailable, databaseDown: dbWatch.isDown });
  app.decorate('db', database.db);
  app.decorate('bulkDb', database.bulkDb);
  app.decorate('reads', database.reads);
  app.decorate('dbMode', database.mode);
  app.decorate('dbWatch', dbWatch);
  app.decorate('config', config);
  app.decorate(
    'tokens',
    createTokenService(await loadJwtSecret(config.jwtSecret, config.dataDir), config.jwtTtlSeconds),
  );
  app.decorate('recordingChecks', startRecordingChecks(app, createVoiceLog(config)));

  // One line per request, with its outcome and duration.
  // Callback-style hooks: they run on every request, and skip the promise an async hook costs.
  app.addHook('onResponse', (request, reply, done) => {
    // The URL as it came (the log's streamWrite hook masks tokens and phone numbers in it). The user id of a signed-in request: who did what, next to the audit log's record of changes.
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
      userId: request.user?.sub,
    };
    // A request the database failed is one warning line with the reason (no stack): an outage logs no more than that.
    if (request.failure !== null) request.log.warn({ ...line, failure: request.failure }, 'request');
    else request.log.info(line, 'request');
    // A change by a signed-in user: their heavy reads stay on the primary until the read replica has it (db/replica.ts).
    if (request.user && !READ_METHODS.has(request.method)) app.reads.noteWrite(request.user.sub);
    done();
  });

  // While closing, answers still in flight tell keep-alive clients to hang up, so close() can finish.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    // Node closes the keep-alive connections that are idle when the close begins, once: one busy then and idle after
    // (its answer went out without "connection: close") would hold the close open for the keep-alive time, past the
    // 20 s a stop may take (main.ts). Idle ones are closed again until the server has closed.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 250);
    sweep.unref();
    app.server.once('close', () => clearInterval(sweep));
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    // Answered before its body was read to the end (an upload cut off by its database, a file too large): the rest
    // of the body is read and dropped, so the answer arrives whole and the connection serves the client's next request.
    if (!request.raw.complete) {
      request.raw.unpipe();
      request.raw.resume();
    }
    done(null, payload);
  });

  registerSlowBodyGuard(app, config.bodyTimeoutMs);
  registerSecurityHeaders(app);
  // Before the routes: it hooks each route as it is declared (JSON replies only; see http/compression.ts).
  await registerCompression(app);
  registerGuard(app, app.tokens, app.db);
  // After the guard (it names the user), before the routes: routes marked `heavy` are limited per user (http/heavy-reads.ts).
  registerHeavyReads(app, { perUser: config.heavyReadsPerUser, downloadIdleMs: config.downloadIdleMs });
  // Before the routes: the API's description collects each route as it is declared (http/openapi.ts).
  await registerOpenApi(app);
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(sessionRoutes);
  await app.register(campaignRoutes);
  await app.register(agentRoutes);
  await app.register(userRoutes);
  await app.register(dataTableRoutes);
  await app.register(dashboardRoutes);
  await app.register(dialerRoutes);
  await app.register(dialerSendRoutes);
  await app.register(questionRoutes);
  await app.register(logicRoutes);
  await app.register(leadRoutes);
  await app.register(leadImportRoutes);
  await app.register(leadReportRoutes);
  await app.register(agentPanelRoutes);
  await app.register(qcRoutes);
  await app.register(qcReportRoutes);
  await app.register(voicelogRoutes);
  await app.register(auditRoutes);
  await app.register(qcQueueRoutes);
  await app.register(calibrationRoutes);
  await app.register(disputeRoutes);
  await app.register(qcInsightRoutes);
  await app.register(dncRoutes);
  await app.register(quotaRoutes);
  await app.register(dispositionRoutes);
  await app.register(callAttemptRoutes);
  await app.register(callbackRoutes);
  await app.register(screenPopRoutes);
  await app.register(dialerSyncRoutes);
  await app.register(scorecardRoutes);
  await app.register(notificationRoutes);
  await app.register(qcRecordRoutes);
  await app.register(coachingRoutes);
  await app.register(productivityRoutes);
  await app.register(floorRoutes);
  await app.register(suspiciousRoutes);
  await app.register(resultsRoutes);
  await app.register(clientsRoutes);
  await registerWeb(app, config.webDist);
  return app;
}

/** TRUST_PROXY as Fastify takes it: a hop count becomes "the nearest n peers are proxies". */
function fastifyTrustProxy(trust: TTrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ('hops' in trust) return (_address, hop) => hop < trust.hops;
  return trust.addresses;
}

/** One year, in seconds: how long a browser that reached the app over HTTPS keeps to HTTPS. */
const HSTS_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * Security headers on every reply (API, web app, errors). The CSP allows scripts from the app's own files only;
 * styles may also be inline (Mantine writes its CSS variables in a <style> and positions popovers with style=""),
 * images also data: (the favicon) and blob:. Nothing may frame the app. HSTS goes only on a request that reached the
 * app over HTTPS, which the server (plain HTTP itself) knows only from the X-Forwarded-Proto of a trusted proxy: a
 * plain-HTTP install on a LAN address never gets it, and no upgrade-insecure-requests either.
 */
function registerSecurityHeaders(app: FastifyInstance): void {
  // Built once: helmet works its options into header values here, not per request (the Fastify plugin built a new
  // helmet on every request, ~4 % of the server's time under the lookup benchmark; docs/performance.md).
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', `max-age=${HSTS_MAX_AGE}`);
    // On the raw response, as the plugin did: every reply (API, web app, errors, 404) leaves with them.
    setHeaders(request.raw, reply.raw, () => done());
  });
}
