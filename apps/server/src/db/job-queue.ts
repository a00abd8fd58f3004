// pg-boss on the server's own pool (docs/architecture.md §5): one started instance per queue, its schema `pgboss`
// created or migrated on first start. Shared by the recording analysis and the sends to the dialer.
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

/**
 * A pg-boss started with `queue` created (or updated to these options). A fresh instance each call: one whose start
 * failed half-way cannot be started again, so a caller that meets a database outage simply calls again later.
 */
export async function startJobQueue(pool: pg.Pool, log: FastifyBaseLogger, queue: PgBoss.Queue, maintenanceIntervalSeconds: number): Promise<PgBoss> {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values) },
    schedule: false,
    maintenanceIntervalSeconds,
  });
  // A database outage fails pg-boss's polling too: one warning per failure, and it polls again.
  boss.on('error', (e) => log.warn({ err: e.message }, `job queue ${queue.name}`));
  try {
    await boss.start();
    await boss.createQueue(queue.name, queue);
    await boss.updateQueue(queue.name, queue);
    return boss;
  } catch (e) {
    await boss.stop({ graceful: false, close: false }).catch(() => undefined);
    throw e;
  }
}
