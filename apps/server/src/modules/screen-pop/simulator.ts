// DIALER=simulated: a predictive dialer in miniature. A few seconds after each save of an agent whose /CRM can receive a
// pop, with nothing new on their screen since, it puts the next generated, uncalled lead of their campaign through.
import type { FastifyBaseLogger } from 'fastify';
import { GENERATED_FOR_D, type TScreenPop } from '@crm/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import type { TWatchedAgent } from './watcher.ts';
import { createHeldAgents, type THeldAgent } from './held-agents.ts';

export type PopSimulator = {
  watch: (agent: TWatchedAgent) => () => void;
  start: () => void;
  stop: () => Promise<void>;
  /** One look at the watched agents' saves now (tests). */
  passNow: () => Promise<void>;
};

type Options = {
  db: Db;
  /** How often the watched agents' saves are looked at. */
  pollMs: number;
  /** How long after a save the next call comes. */
  delayMs: number;
  /** An agent whose last stream closed is still looked at this long (a reload loses no call). */
  graceMs: number;
  log: FastifyBaseLogger;
  onPop: (agent: TWatchedAgent, pop: TScreenPop) => void;
};

type Entry = THeldAgent<{
  /** The agent's latest save when they were first watched, then the latest one a call was planned after. */
  seenSaveAt: Date | null | undefined;
  timer: NodeJS.Timeout | undefined;
}>;

/** The latest end of a call (a save) of each agent. */
async function findLatestSaves(db: Db, userIds: number[]): Promise<Map<number, Date>> {
  const rows = await db
    .selectFrom('callAttempts')
    .select(['userId', (eb) => eb.fn.max('endedAt').as('last')])
    .where('userId', 'in', userIds)
    .groupBy('userId')
    .execute();
  return new Map(rows.map((r) => [r.userId, new Date(r.last)]));
}

/**
 * Puts the next lead through to the agent: their campaign's newest generated lead that nobody has called or has on
 * screen, locked while its start is recorded so that two agents never get one lead. Nothing when the agent looked a
 * number up since their save (a call is on the screen), or when the campaign has no lead left.
 */
async function popNextLead(db: Db, agent: TWatchedAgent, savedAt: Date): Promise<TScreenPop | null> {
  return db.transaction().execute(async (trx) => {
    const busy = await trx
      .selectFrom('callStarts')
      .select('leadId')
      .where('userId', '=', agent.userId)
      .where('startedAt', '>', savedAt)
      .executeTakeFirst();
    if (busy) return null;
    const lead = await trx
      .selectFrom('leads as l')
      .innerJoin('campaigns as c', 'c.id', 'l.campaignId')
      .select(['l.id', 'l.cellNumber'])
      .where(sql<string>`lower(c.campaign_name)`, '=', agent.campaignName.toLowerCase())
      .where('l.forD', '=', GENERATED_FOR_D)
      .where('l.isCalled', '=', 0)
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('callStarts as s').select('s.leadId').whereRef('s.leadId', '=', 'l.id'))),
      )
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('callAttempts as a').select('a.id').whereRef('a.leadId', '=', 'l.id'))),
      )
      .orderBy('l.dataDate', 'desc')
      .orderBy('l.id')
      .limit(1)
      .forUpdate('l')
      .skipLocked()
      .executeTakeFirst();
    if (!lead) return null;
    const connectedAt = new Date();
    // pg may hand a bigint back as a number: the pop's fields are text.
    const leadId = String(lead.id);
    const dialerLeadId = `SIM-${leadId}`;
    await trx
      .insertInto('callStarts')
      .values({
        userId: agent.userId,
        leadId,
        startedAt: connectedAt,
        sessionId: agent.sid,
        dialerCallId: dialerLeadId,
      })
      .execute();
    return {
      dialerLeadId,
      phoneNumber: lead.cellNumber,
      vendorLeadCode: leadId,
      connectedAt: connectedAt.toISOString(),
      source: 'simulated',
      campaignName: agent.campaignName,
      leadId: Number(leadId),
      cellNumber: lead.cellNumber,
    } satisfies TScreenPop;
  });
}

export function createPopSimulator({ db, pollMs, delayMs, graceMs, log, onPop }: Options): PopSimulator {
  const held = createHeldAgents(graceMs, () => ({
    seenSaveAt: undefined as Date | null | undefined,
    timer: undefined as NodeJS.Timeout | undefined,
  }));
  const entries = held.entries;
  const pops = new Set<Promise<void>>();
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;
  let failing = false;

  function noteFailure(error: unknown) {
    if (!failing) log.error({ err: error }, "simulated dialer: could not look at the agents' saves or pop a lead");
    failing = true;
  }

  function plan(e: Entry, savedAt: Date) {
    clearTimeout(e.timer);
    e.timer = setTimeout(
      () => {
        e.timer = undefined;
        if (stopped || entries.get(e.agent.userId) !== e) return;
        const pop = popNextLead(db, e.agent, savedAt)
          .then((next) => {
            failing = false;
            if (next !== null) onPop(e.agent, next);
          })
          .catch(noteFailure)
          .finally(() => pops.delete(pop));
        pops.add(pop);
      },
      Math.max(0, savedAt.getTime() + delayMs - Date.now()),
    );
    e.timer.unref();
  }

  async function pass(): Promise<void> {
    const now = Date.now();
    for (const e of held.dropReleased(now)) clearTimeout(e.timer);
    const watched = [...entries.values()];
    if (watched.length === 0) return;
    let latest: Map<number, Date>;
    try {
      latest = await findLatestSaves(
        db,
        watched.map((e) => e.agent.userId),
      );
      failing = false;
    } catch (error) {
      noteFailure(error);
      return;
    }
    for (const e of watched) {
      const last = latest.get(e.agent.userId) ?? null;
      // The first look only notes where the agent stands: a save before the screen opened plans no call.
      if (e.seenSaveAt === undefined) e.seenSaveAt = last;
      else if (last !== null && (e.seenSaveAt === null || last > e.seenSaveAt)) {
        e.seenSaveAt = last;
        plan(e, last);
      }
    }
  }

  function runPass(): Promise<void> {
    inFlight ??= pass().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => void runPass().finally(schedule), pollMs);
    timer.unref();
  }

  return {
    watch: held.hold,
    start: () => {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      for (const e of entries.values()) clearTimeout(e.timer);
      await inFlight?.catch(() => undefined);
      await Promise.all([...pops]);
    },
    passNow: runPass,
  };
}
