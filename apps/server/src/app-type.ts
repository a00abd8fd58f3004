// The app's type, apart from app.ts so that route files can name it without importing the module that imports them.
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TConfig } from './config.ts';
import type { DbMode } from './db/database.ts';
import type { DbWatch } from './db/watch.ts';
import type { ReadRouter } from './db/replica.ts';
import type { Db } from './db/schema.ts';
import type { TokenService } from './auth/tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The interactive pool: screens and agents' calls (db/limits.ts). */
    db: Db;
    /** The bulk pool: uploads, generate, regenerate, delete, reports and exports. */
    bulkDb: Db;
    /** Where heavy reads go (the read replica while it is fresh, else the pools above): db/replica.ts, http/reads.ts. */
    reads: ReadRouter;
    dbMode: DbMode;
    /** Whether the database answers, on a connection of its own (/healthz, the outage log lines). */
    dbWatch: DbWatch;
    tokens: TokenService;
    config: TConfig;
    // `recordingChecks` (the voice log, the recordings index, the analysis queue) is declared by the module that makes
    // it, modules/voicelog/checks/runtime.ts: this file sits below the modules and names none of them.
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
