// Saves across a database stop, as the CRM screen makes them (issue 31): each save names the version its lookup read,
// and a save answered 503 is retried as it was (the screen's Retry save). A save whose commit went through while the
// connection dropped must not come back as a 409 naming the agent themself, and nothing is lost or stored twice. And
// a server started while its database is down waits for it, saying so once, then serves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AGENT_PANEL_MESSAGES, SAVE_OUTCOME_UNKNOWN } from '@crm/shared';
import { ensureDatabase } from '../db/database.ts';
import { ADMIN_PASSWORD, query, signIn, waitFor } from './crash-support.ts';
import {
  UNAVAILABLE,
  lastAnsweredVersions,
  mixedRows,
  ok,
  outcomes,
  saveBody,
  setUpFloor,
  sleep,
  storedAnswers,
  timedCall,
  type Call,
  type Floor,
  type FloorAgent,
} from './fault-support.ts';
import { startOwnPostgres, type OwnPostgres } from './fault-postgres.ts';
import { startServer, type RunningServer } from './process.ts';

const AGENTS = 20;
const LEADS_PER_AGENT = 10;

let postgres: OwnPostgres;
let databaseUrl: string;
let dataDir: string;
const servers: RunningServer[] = [];

beforeAll(async () => {
  postgres = await startOwnPostgres('saves');
  databaseUrl = await ensureDatabase(postgres.adminUrl, 'crm');
  dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'crm-fault-saves-'));
});

afterAll(async () => {
  for (const s of servers) await s.kill();
  await postgres?.remove();
  if (dataDir) await fsp.rm(dataDir, { recursive: true, force: true });
});

const env = () => ({
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  CRM_ADMIN_PASSWORD: ADMIN_PASSWORD,
  LOG_LEVEL: 'info',
});

/** A save and, when it was answered 503, its retries: `tries` replies, the last one the outcome. */
type SaveTry = Call & { tries: Call[] };

/**
 * Every agent loops over its own leads: looks the lead up, saves a new version of its answers naming the version it
 * read, and while the save is answered 503 sends the very same save again, as Retry save does.
 */
function runRetryingFloor(server: RunningServer, floor: Floor) {
  const saves: SaveTry[] = [];
  let version = 0;
  let stopped = false;
  const loop = async (agent: FloorAgent) => {
    for (let turn = 0; !stopped; turn++) {
      const lead = agent.leads[turn % agent.leads.length]!;
      const lookup = await timedCall(
        server,
        'GET',
        `/api/ap/getByNumber?${new URLSearchParams({ tableName: floor.campaign, cellNumber: lead.cell }).toString()}`,
        agent.token,
      );
      if (lookup.status !== 200) {
        await sleep(100);
        continue;
      }
      const read = (lookup.body as { version: number }).version;
      const v = ++version;
      const url = `/dynamic/updateLeadData/${encodeURIComponent(floor.campaign)}/${encodeURIComponent(lead.cell)}?leadId=${lead.id}&version=${read}`;
      const tries: Call[] = [];
      for (;;) {
        const reply = await timedCall(server, 'PUT', url, agent.token, saveBody(floor, v));
        tries.push({ ...reply, agent: agent.index, kind: 'save', leadId: lead.id, version: v });
        if (reply.status !== 503) break;
        await sleep(200);
      }
      saves.push({ ...tries.at(-1)!, tries });
      await sleep(50);
    }
  };
  const loops = Promise.all(floor.agents.map(loop));
  return {
    stop: async () => {
      stopped = true;
      await loops;
      return saves;
    },
  };
}

describe('saves across a database stop, each 503 retried as Retry save does', () => {
  it(
    'no retry gets a 409 naming the agent themself; nothing is lost, nothing stored twice',
    { timeout: 180_000 },
    async () => {
      const server = await startServer(env());
      servers.push(server);
      const admin = await signIn(server);
      const floor = await setUpFloor(server, admin, databaseUrl, {
        label: 'retry',
        agents: AGENTS,
        leadsPerAgent: LEADS_PER_AGENT,
      });
      const work = runRetryingFloor(server, floor);
      await sleep(1000);
      // `pg_ctl stop -m immediate` (sessions ended mid-commit), then kill -9 of the postmaster: 2 s down each.
      for (const fault of [() => postgres.stopImmediately(), () => postgres.kill()]) {
        await fault();
        await sleep(2000);
        await postgres.start();
        await sleep(2000);
      }
      const saves = await work.stop();

      const replies = saves.flatMap((s) => s.tries);
      const retried = saves.filter((s) => s.tries.length > 1);
      const unknown = replies.filter(
        (r) => r.status === 503 && (r.body as { code?: string }).code === SAVE_OUTCOME_UNKNOWN,
      );
      console.log(
        `${saves.length} saves by ${AGENTS} agents across two stops: replies ${JSON.stringify(outcomes(replies))}; ${retried.length} retried, ` +
          `${unknown.length} answered "may have been saved", each retried to ${JSON.stringify(outcomes(retried))}`,
      );

      expect(server.child.exitCode).toBeNull();
      expect(retried.length, 'the stops were felt').toBeGreaterThan(0);
      // Each agent saves only its own leads from its own lookup: any 409 would name the agent themself.
      expect(saves.filter((s) => s.status === 409).map((s) => `lead ${s.leadId}: ${s.message}`)).toEqual([]);
      expect(saves.filter((s) => !ok(s)).map((s) => `lead ${s.leadId}: ${s.status} ${s.message ?? s.error}`)).toEqual(
        [],
      );
      // A 503 says the database is not answering, or (its commit on its way) that the answers may have been saved.
      const other503 = replies.filter(
        (r) => r.status === 503 && r.message !== UNAVAILABLE && r.message !== AGENT_PANEL_MESSAGES.saveOutcomeUnknown,
      );
      expect(other503.map((r) => JSON.stringify(r.body))).toEqual([]);

      // Every save answered 200 is stored whole, by its agent; the last one of each lead is what the lead holds.
      const stored = await storedAnswers(databaseUrl, floor);
      expect(mixedRows(floor, stored)).toEqual([]);
      const last = lastAnsweredVersions(saves);
      expect(
        [...last]
          .filter(([leadId, v]) => stored.get(leadId)?.version !== v)
          .map(([leadId, v]) => `lead ${leadId}: answered v${v}, stored v${stored.get(leadId)?.version}`),
      ).toEqual([]);
      // Stored once each: as many history rows as versions, and as many as saves answered 200.
      const history = await query<{ lead_id: string; rows: number; top: number; version: number }>(
        databaseUrl,
        `select h.lead_id, count(*)::int as rows, max(h.version)::int as top, l.version
         from lead_answer_history h join leads l on l.id = h.lead_id where l.campaign_id = $1 group by h.lead_id, l.version`,
        [floor.campaignId],
      );
      expect(history.filter((h) => h.rows !== h.top || h.top !== h.version)).toEqual([]);
      expect(history.reduce((n, h) => n + h.rows, 0)).toBe(saves.length);
      expect(await server.stop(), server.output().slice(-1500)).toBe(0);
    },
  );
});

describe('a server started while its database is down', () => {
  it(
    'waits, saying so in one line without the password, then serves once the database answers',
    { timeout: 120_000 },
    async () => {
      await postgres.stop();
      let printed = '';
      const starting = startServer(env(), 90_000, undefined, (text) => (printed += text));
      await waitFor(() => printed.includes('The database is not reachable at'), 30_000, 'the waiting line', 50);
      // A retry or two go by (every 2 s), and the process waits on.
      await sleep(2500);
      const backAt = await postgres.start();
      const server = await starting;
      servers.push(server);
      const readyIn = Date.now() - backAt;
      const waiting = printed.split('\n').filter((l) => l.includes('The database is not reachable at'));
      console.log(
        `started while the database was down: ready ${readyIn} ms after it answered; ${waiting[0]?.slice(0, 300)}`,
      );

      expect(waiting).toHaveLength(1);
      const host = new URL(databaseUrl);
      expect(waiting[0]).toContain(`The database is not reachable at postgres://${host.username}@${host.host}/crm (`);
      expect(waiting[0]).toContain('; retrying every 2 s');
      expect(printed).not.toContain(decodeURIComponent(host.password));
      expect(printed).not.toContain('migration');
      expect(printed).toMatch(/The database at \S+ answers after \d+\.\d s; starting\./);
      expect(readyIn, 'ready within a few seconds of the database answering').toBeLessThan(10_000);
      expect((await timedCall(server, 'GET', '/healthz', undefined)).status).toBe(200);
      await signIn(server);
      expect(await server.stop()).toBe(0);
    },
  );
});
