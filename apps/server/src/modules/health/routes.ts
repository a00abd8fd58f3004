// GET /healthz: the process answers and its database does too.
import { sql } from 'kysely';
import { ZErrorReply, ZHealth } from '@crm/shared';
import type { App } from '../../app.ts';

export async function healthRoutes(app: App) {
  app.get('/healthz', {
    config: { public: true },
    schema: { response: { 200: ZHealth, 503: ZErrorReply } },
  }, async (_req, reply) => {
    try {
      await sql`select 1`.execute(app.db);
    } catch {
      return reply.status(503).send({ message: 'The database does not answer.' });
    }
    return { status: 'ok' as const, db: app.dbMode };
  });
}
