// Demo data: a week of QC queue targets. Each demo campaign gets its own settings; Spring Survey's active agents get a
// week of recorded calls in the recordings index (today and the six days before, demo/queue-calls.ts), attributed to
// the agent and the campaign, so /qcQueue lists calls and its progress shows the demo QC records (demo/qc.ts) against
// the targets. The rows are left to the product's automatic checks (pending, not yet read by the scanner); `npm run
// demo` writes their audio (writeDemoQueueCalls), and the server's start-up scan reads and analyses them. Runs once:
// nothing is added when Spring Survey already has queue days.
import { addDays, localDayText } from '@crm/shared';
import type { Db } from '../db/schema.ts';
import { DEMO_AGENTS } from './agents.ts';
import { DEMO_CAMPAIGNS } from './base.ts';
import { demoQueueCalls, QUEUE_DAYS, type TDemoQueueCall } from './queue-calls.ts';

/** Per demo campaign: calls to score per agent and day, and the shortest call worth scoring (seconds). */
const DEMO_SETTINGS: Record<string, { targetPerAgentDay: number; minDurationSec: number }> = {
  'Spring Survey': { targetPerAgentDay: 3, minDurationSec: 20 },
  'Customer Care': { targetPerAgentDay: 5, minDurationSec: 30 },
  'Eid Offer Callback': { targetPerAgentDay: 4, minDurationSec: 30 },
};

/** Spring Survey's id and its active demo agents (those with accounts), by username: whose calls the demo week holds. */
async function findQueueScope(
  db: Db,
): Promise<{ campaignId: number; agents: { id: number; username: string }[] } | undefined> {
  const spring = await db
    .selectFrom('campaigns')
    .select('id')
    .where('campaignName', '=', DEMO_CAMPAIGNS[0].campaignName)
    .executeTakeFirst();
  if (!spring) return undefined;
  const agents = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where(
      'username',
      'in',
      DEMO_AGENTS.filter((a) => a.active).map((a) => a.agentId),
    )
    .orderBy('username')
    .execute();
  return { campaignId: spring.id, agents };
}

export async function seedQcQueueDemo(db: Db, timeZone: string): Promise<void> {
  const campaigns = await db
    .selectFrom('campaigns')
    .select(['id', 'campaignName'])
    .where('campaignName', 'in', Object.keys(DEMO_SETTINGS))
    .execute();
  for (const c of campaigns) {
    const settings = DEMO_SETTINGS[c.campaignName];
    if (settings)
      await db
        .insertInto('qcQueueSettings')
        .values({ campaignId: c.id, ...settings })
        .onConflict((oc) => oc.column('campaignId').doNothing())
        .execute();
  }
  const scope = await findQueueScope(db);
  if (!scope || scope.agents.length === 0) return;
  const seeded = await db
    .selectFrom('qcQueueDays')
    .select('campaignId')
    .where('campaignId', '=', scope.campaignId)
    .executeTakeFirst();
  if (seeded) return;

  const userIdOf = new Map(scope.agents.map((a) => [a.username, a.id]));
  const calls = demoQueueCalls(
    localDayText(new Date(), timeZone),
    scope.agents.map((a) => a.username),
  );
  await db.transaction().execute(async (trx) => {
    // The index as the scanner would write it, less the file's modification time: left null, so the start-up scan
    // reads each file (size, time, duration) and queues it for analysis (scan.ts queues new and changed files only).
    await trx
      .insertInto('recordings')
      .values(
        calls.map((c) => ({
          callDate: c.date,
          fileName: c.fileName,
          source: 'local' as const,
          phoneNumber: c.phoneNumber.replace(/^\+880/, '0'),
          phoneKey: c.phoneNumber,
          agentId: c.agentId,
          callTime: `${c.date} ${c.time}`,
          durationSec: c.durationSec,
          sizeBytes: c.sizeBytes,
          modifiedAt: null,
          analysisStatus: 'pending' as const,
          campaignId: scope.campaignId,
          agentUserId: userIdOf.get(c.agentId) ?? null,
          attributedAt: new Date(),
        })),
      )
      .onConflict((oc) => oc.columns(['callDate', 'fileName']).doNothing())
      .execute();
    const days = [...new Set(calls.map((c) => c.date))];
    await trx
      .insertInto('qcQueueDays')
      .values(
        days.flatMap((callDate) =>
          scope.agents.map((a) => ({ campaignId: scope.campaignId, callDate, agentUserId: a.id })),
        ),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  });
}

/**
 * The demo week's calls as the seed indexed them (whenever it ran: its week is Spring Survey's first queue week), for
 * `npm run demo` to write their files. Empty before the seed, or when the week's rows are no longer in the index.
 */
export async function findDemoQueueCalls(db: Db): Promise<TDemoQueueCall[]> {
  const scope = await findQueueScope(db);
  if (!scope || scope.agents.length === 0) return [];
  const first = await db
    .selectFrom('qcQueueDays')
    .select((e) => e.fn.min('callDate').as('date'))
    .where('campaignId', '=', scope.campaignId)
    .executeTakeFirst();
  if (!first?.date) return [];
  const calls = demoQueueCalls(
    addDays(first.date, QUEUE_DAYS - 1),
    scope.agents.map((a) => a.username),
  );
  const indexed = await db
    .selectFrom('recordings')
    .select(['callDate', 'fileName'])
    .where('campaignId', '=', scope.campaignId)
    .where('source', '=', 'local')
    .where(
      'fileName',
      'in',
      calls.map((c) => c.fileName),
    )
    .execute();
  const known = new Set(indexed.map((r) => `${r.callDate}/${r.fileName}`));
  return calls.filter((c) => known.has(`${c.date}/${c.fileName}`));
}
