// GET /healthz: the process answers, its database does too, and a request would get a database connection.
import { MESSAGES, ZErrorReply, ZHealth } from '@crm/shared';
import type { App } from '../../app-type.ts';
import { PUBLIC } from '../../auth/roles.ts';
import { poolOf } from '../../db/database.ts';
import { poolBacklog } from '../../db/watch.ts';

export async function healthRoutes(app: App) {
  const pool = poolOf(app.db);
  app.get(
    '/healthz',
    {
      config: PUBLIC,
      schema: {
        summary: 'Check that the server and its database answer',
        description: '503 `{message}` when the database does not answer.',
        response: { 200: ZHealth, 503: ZErrorReply },
      },
    },
    async (_req, reply) => {
      // Both within a second: the database is asked on the watch's own connection, never through the busy pool.
      const [down, backlog] = await Promise.all([app.dbWatch.probe(), poolBacklog(pool)]);
      if (down !== null) return reply.status(503).send({ message: MESSAGES.database.unavailable });
      if (backlog !== null) return reply.status(503).send({ message: backlog });
      const reads = app.reads.state();
      const readReplica = reads.configured
        ? { inUse: reads.inUse, lagMs: reads.lagMs === null ? null : Math.round(reads.lagMs), reason: reads.reason }
        : undefined;
      return { status: 'ok' as const, db: app.dbMode, ...(readReplica ? { readReplica } : {}) };
    },
  );
}
