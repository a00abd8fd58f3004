// npm run bench -- screen-pop (issue 32): 300 signed-in agents with /CRM open (their pop streams) watched against the
// fake VICIdial answering agent_status in 5 ms (a process of its own), on a server and database of their own.
// - The pop latency: each agent's VICIdial session turns INCALL at a random moment; from there to the pop on the
//   agent's stream, p50/p99 over every call of three rounds after a warm-up round (target p99 ≤ 1.5 s).
// - The VICIdial request rate of the watch, and the server's CPU share while it watches (no other load).
// - The agents' lookup (GET /api/ap/getByNumber on 1M leads, 100 connections) p99 with the watch running and without
//   it (every stream closed and the watch idle), in alternating windows of 10 s, medians compared (target: with ≤ 1.2 ×
//   without).
import pg from 'pg';
import { DB_ROLES, ROLE_DESCRIPTIONS, SCREEN_POP_EVENTS, ZScreenPop } from '@crm/shared';
import { createTokenService } from '@crm/server/auth/tokens';
import { readFakeAgentCounters, setFakeAgents, type FakeAgent } from '@crm/server/test/fake-vicidial-agents';
import { readSse } from '@crm/server/test/sse-client';
import { cpuSeconds, startFakeProcess, type Fake } from './dialer-send.ts';
import { startBenchServer, type BenchServer } from './server.ts';
import { loadLookups, lookupTargets } from './survey-lookup.ts';
import { SURVEY_CAMPAIGN, createSurvey, seedSurveyLeads } from './survey-setup.ts';
import type { Figure } from './table.ts';

const AGENTS = Number(process.env.BENCH_POP_AGENTS ?? 300);
const AGENT_STATUS_MS = 5;
const ROUNDS = 3;
/** Within a round, each agent's call connects at a random moment of this many seconds. */
const SPREAD_MS = 3000;
/** A call not on its agent's stream this long after it connected counts as lost. */
const LOST_MS = 5000;
const STEADY_SECONDS = 15;
const LOOKUP_WINDOWS = 3;
const LOOKUP_WINDOW_SECONDS = 10;
const TARGET_POP_P99_MS = 1500;
const TARGET_LOOKUP_RATIO = 1.2;
const JWT_SECRET = 'bench-screen-pop-secret-of-at-least-32-chars';

const log = (line: string) => console.log(`[screen-pop] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round1 = (n: number) => Math.round(n * 10) / 10;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

type Agent = { userId: number; agentId: string; session: string };

/** The agents straight in SQL (their passwords are never used) and session tokens minted with the server's secret. */
async function createAgents(databaseUrl: string): Promise<Agent[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number; username: string }>(
      `insert into users (username, name, password_hash, role)
       select 'POP-' || lpad(g::text, 4, '0'), 'Pop Agent ' || g, 'not-a-password-hash', 'agent' from generate_series(1, $1::int) g
       returning id, username`,
      [AGENTS],
    );
    await client.query(`insert into agents (user_id, type) select unnest($1::int[]), 'Physical'`, [
      rows.map((r) => r.id),
    ]);
    // Each agent signed into the survey campaign as sign-in does: a sign-in record, whose id the token carries (an
    // agent's token without one is refused; docs/trust.md, Sessions and tokens).
    const sessions = await client.query<{ id: number; user_id: number }>(
      `insert into agent_sessions (user_id, agent_id, agent_name, shift, campaign_id, campaign_name, expires_at)
       select u.id, u.username, u.name, 'Morning', c.id, c.campaign_name, now() + interval '1 hour'
       from users u, campaigns c where u.id = any($1::int[]) and c.campaign_name = $2
       returning id, user_id`,
      [rows.map((r) => r.id), SURVEY_CAMPAIGN],
    );
    const sidOf = new Map(sessions.rows.map((s) => [s.user_id, s.id]));
    const tokens = createTokenService(JWT_SECRET, 3600);
    return Promise.all(
      rows.map(async (r) => ({
        userId: r.id,
        agentId: r.username,
        session: await tokens.sign({
          sub: String(r.id),
          userName: r.username,
          name: r.username,
          roles: [{ roleName: DB_ROLES.agent, roleDescription: ROLE_DESCRIPTIONS.AGENT }],
          agentId: r.username,
          shift: 'Morning',
          campaign: SURVEY_CAMPAIGN,
          sid: sidOf.get(r.id),
          tv: 0,
        }),
      })),
    );
  } finally {
    await client.end();
  }
}

/** Generated leads of the campaign for the calls: their id (sent as vendor_lead_code) and number. */
async function callLeads(databaseUrl: string, count: number): Promise<{ id: string; phone: string }[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; cell_number: string }>(
      `select id::text, cell_number from leads where for_d = 'd' order by id limit $1`,
      [count],
    );
    return rows.map((r) => ({ id: r.id, phone: `0${r.cell_number.slice(4)}` }));
  } finally {
    await client.end();
  }
}

type Streams = { arrivals: Map<string, number>; close: () => void; opened: Promise<void> };

/** Every agent's pop stream open (with a media token each), noting when each call (by dialerLeadId) arrives. */
function openStreams(server: BenchServer, agents: Agent[]): Streams {
  const arrivals = new Map<string, number>();
  const controller = new AbortController();
  const opened = Promise.all(
    agents.map(async (a) => {
      const media = await fetch(`${server.url}/api/auth/media-token`, {
        headers: { authorization: `Bearer ${a.session}` },
      });
      const { token } = (await media.json()) as { token: string };
      const res = await fetch(`${server.url}/api/ap/popStream?token=${encodeURIComponent(token)}`, {
        signal: controller.signal,
      });
      if (!res.ok || !res.body) throw new Error(`pop stream of ${a.agentId}: ${res.status}`);
      const events = readSse(res.body);
      const ready = await events.next();
      if (ready?.event !== SCREEN_POP_EVENTS.ready)
        throw new Error(`pop stream of ${a.agentId} began with ${ready?.event}`);
      void (async () => {
        for (;;) {
          const e = await events.next(600_000).catch(() => null);
          if (e === null) return;
          if (e.event === SCREEN_POP_EVENTS.pop)
            arrivals.set(ZScreenPop.parse(JSON.parse(e.data)).dialerLeadId, performance.now());
        }
      })();
    }),
  ).then(() => undefined);
  return { arrivals, opened, close: () => controller.abort() };
}

async function setAgents(fake: Fake, agents: Record<string, FakeAgent>) {
  await setFakeAgents(fake.controlUrl, { agents });
}

/** One round: each agent's call connects at a random moment of SPREAD_MS; the latency of each to its stream. */
async function popRound(
  fake: Fake,
  agents: Agent[],
  streams: Streams,
  leads: { id: string; phone: string }[],
  round: number,
): Promise<{ latencies: number[]; lost: number }> {
  const connectedAt = new Map<string, number>();
  await Promise.all(
    agents.map(async (a, i) => {
      await sleep(Math.random() * SPREAD_MS);
      const lead = leads[(round * agents.length + i) % leads.length]!;
      const dialerLeadId = String(100_000 * (round + 1) + i);
      connectedAt.set(dialerLeadId, performance.now());
      await setAgents(fake, {
        [a.agentId]: {
          status: 'INCALL',
          callId: `M${dialerLeadId}`,
          leadId: dialerLeadId,
          phoneNumber: lead.phone,
          vendorLeadCode: lead.id,
          campaignId: 'BENCH',
        },
      });
    }),
  );
  await sleep(LOST_MS);
  const latencies: number[] = [];
  let lost = 0;
  for (const [id, at] of connectedAt) {
    const arrived = streams.arrivals.get(id);
    if (arrived === undefined) lost += 1;
    else latencies.push(arrived - at);
  }
  // The calls end: the agents are back to waiting for the next one.
  await setAgents(fake, Object.fromEntries(agents.map((a) => [a.agentId, { status: 'READY' }])));
  await sleep(1500);
  return { latencies, lost };
}

/** Until the fake has had no agent_status request for 2 s: the watch has let go of every agent (after its grace). */
async function watchIdle(fake: Fake): Promise<void> {
  let last = -1;
  for (let i = 0; i < 40; i += 1) {
    const now = (await readFakeAgentCounters(fake.controlUrl)).agentStatusRequests;
    if (now === last) return;
    last = now;
    await sleep(2000);
  }
  throw new Error('the watch never went idle after every stream closed');
}

export async function benchScreenPop(): Promise<Figure[]> {
  const fake = await startFakeProcess({ FAKE_LATENCY_MS: '2', FAKE_AGENT_LATENCY_MS: String(AGENT_STATUS_MS) });
  let server: BenchServer | undefined;
  try {
    server = await startBenchServer('screenpop', {
      env: {
        JWT_SECRET,
        VICIDIAL_URL: fake.url,
        VICIDIAL_USER: fake.user,
        VICIDIAL_PASS: fake.pass,
        VICIDIAL_USER_GROUPS: 'BENCH',
        DIALER_POLL_MS: '60000',
      },
    });
    const pid = server.child.pid!;
    await createSurvey(server);
    const seeded = await seedSurveyLeads(server.databaseUrl);
    log(`1M leads seeded in ${Math.round(seeded.ms / 1000)} s`);
    const agents = await createAgents(server.databaseUrl);
    const leads = await callLeads(server.databaseUrl, AGENTS * (ROUNDS + 1));
    const lookupToken = agents[0]!.session;
    await setAgents(fake, Object.fromEntries(agents.map((a) => [a.agentId, { status: 'READY' } satisfies FakeAgent])));

    const targets = lookupTargets();
    await loadLookups(server.url, lookupToken, targets, 5);

    // Every agent's /CRM open: the watch reads each once a second.
    let streams = openStreams(server, agents);
    await streams.opened;
    await sleep(3000);
    const before = {
      requests: (await readFakeAgentCounters(fake.controlUrl)).agentStatusRequests,
      cpu: cpuSeconds(pid),
      at: performance.now(),
    };
    await sleep(STEADY_SECONDS * 1000);
    const after = {
      requests: (await readFakeAgentCounters(fake.controlUrl)).agentStatusRequests,
      cpu: cpuSeconds(pid),
      at: performance.now(),
    };
    const seconds = (after.at - before.at) / 1000;
    const requestRate = (after.requests - before.requests) / seconds;
    const cpuShare = ((after.cpu - before.cpu) / seconds) * 100;
    log(`watching ${AGENTS} agents: ${round1(requestRate)} agent_status/s, server CPU ${round1(cpuShare)} % of a core`);

    const warmUp = await popRound(fake, agents, streams, leads, 0);
    log(`warm-up round: ${warmUp.latencies.length} pops, p99 ${Math.round(percentile(warmUp.latencies, 99))} ms`);
    const latencies: number[] = [];
    let lost = 0;
    for (let round = 1; round <= ROUNDS; round += 1) {
      const r = await popRound(fake, agents, streams, leads, round);
      latencies.push(...r.latencies);
      lost += r.lost;
      log(
        `round ${round}: ${r.latencies.length} pops, p50 ${Math.round(percentile(r.latencies, 50))} ms, p99 ${Math.round(percentile(r.latencies, 99))} ms, ${r.lost} lost`,
      );
    }

    // The lookup with the watch running and without it, window by window.
    const withWatch: number[] = [];
    const without: number[] = [];
    for (let w = 0; w < LOOKUP_WINDOWS; w += 1) {
      withWatch.push((await loadLookups(server.url, lookupToken, targets, LOOKUP_WINDOW_SECONDS)).latency.p99);
      streams.close();
      await watchIdle(fake);
      without.push((await loadLookups(server.url, lookupToken, targets, LOOKUP_WINDOW_SECONDS)).latency.p99);
      if (w < LOOKUP_WINDOWS - 1) {
        streams = openStreams(server, agents);
        await streams.opened;
        await sleep(2000);
      }
    }
    log(`lookup p99 with the watch: ${withWatch.join(', ')} ms; without: ${without.join(', ')} ms`);
    const median = (v: number[]) => percentile(v, 50);
    return [
      {
        figure: `screen pop: latency p50 (${AGENTS} agents watched, agent_status ${AGENT_STATUS_MS} ms)`,
        value: Math.round(percentile(latencies, 50)),
        unit: 'ms',
      },
      {
        figure: `screen pop: latency p99 (${latencies.length} calls)`,
        value: Math.round(percentile(latencies, 99)),
        unit: 'ms',
        target: TARGET_POP_P99_MS,
      },
      { figure: 'screen pop: calls not pushed within 5 s', value: lost, unit: 'calls', target: 0 },
      {
        figure: `screen pop: VICIdial agent_status rate (${AGENTS} agents)`,
        value: round1(requestRate),
        unit: 'req/s',
      },
      { figure: 'screen pop: server CPU while watching', value: round1(cpuShare), unit: '% core' },
      { figure: 'screen pop: lookup p99 without the watch (100 conn)', value: median(without), unit: 'ms' },
      {
        figure: 'screen pop: lookup p99 with the watch running',
        value: median(withWatch),
        unit: 'ms',
        target: round1(median(without) * TARGET_LOOKUP_RATIO),
        reference: median(without),
      },
    ];
  } finally {
    await server?.stop();
    await fake.stop();
  }
}
