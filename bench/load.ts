// Load (docs/architecture.md §12): 200 agents signed in to one campaign look leads up by number and save full surveys without pause
// for 5 minutes (BENCH_LOAD_SECONDS to shorten) against PostgreSQL. Every lead is then checked row by row against the
// last body answered for it, and the server's RSS, sampled every second, must stay flat after the warm-up.
import pg from 'pg';
import type { TQuestion } from '@crm/shared';
import { runAgents, type LoadOutcome } from './load-agents.ts';
import { rssMb, sampleRss, summarizeRss } from './load-memory.ts';
import type { BenchServer } from './server.ts';
import { percentile } from './survey.ts';
import { verifySaves } from './survey-save.ts';
import { createAgents, createSurvey, seedSurveyLeads, type SurveyAgent, type SurveyCampaign } from './survey-setup.ts';
import type { Figure } from './table.ts';

const CAMPAIGN: SurveyCampaign = { name: 'Bench Load', code: 'BENCH-LOAD' };
const AGENTS = 200;
/** Half of them generated: 1,000 leads of its own per agent, more than 5 minutes at several hundred saves/s use up. */
const LEAD_COUNT = 400_000;
const DEFAULT_SECONDS = 300;
/** RSS start and slope are taken after this (the first minute of the full run, a fifth of a shorter one). */
const WARMUP_MAX_SECONDS = 60;
const SLOPE_TARGET_MB_PER_MIN = 5;
const PROGRESS_EVERY_MS = 30_000;

const round1 = (n: number) => Math.round(n * 10) / 10;

function loadSeconds(): number {
  const asked = Number(process.env.BENCH_LOAD_SECONDS);
  return Number.isFinite(asked) && asked > 0 ? asked : DEFAULT_SECONDS;
}

/** Leads of the campaign never sent a save that hold answers or a caller all the same: they must be none. */
async function countStrays(databaseUrl: string, touched: ReadonlySet<number>): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from leads l join campaigns c on c.id = l.campaign_id
        where c.campaign_name = $1 and not (l.id = any($2::bigint[]))
          and (l.answers <> '{}'::jsonb or l.is_called <> 0 or l.called_by is not null)`,
      [CAMPAIGN.name, [...touched]],
    );
    return Number(rows[0]?.n ?? Number.NaN);
  } finally {
    await client.end();
  }
}

/** The agents' run with the server's RSS sampled meanwhile and a progress line now and then. */
async function measure(
  server: BenchServer,
  pid: number,
  setup: { agents: readonly SurveyAgent[]; questions: readonly TQuestion[] },
  seconds: number,
  log: (line: string) => void,
) {
  const rss = sampleRss(pid);
  const run = runAgents(server.url, CAMPAIGN.name, setup.agents, setup.questions, LEAD_COUNT, seconds);
  const started = performance.now();
  const timer = setInterval(() => {
    const p = run.progress();
    const mb = rss.samples[rss.samples.length - 1]?.mb ?? Number.NaN;
    log(
      `${Math.round((performance.now() - started) / 1000)} s: ${p.lookups} lookups, ${p.saves} saves, ${p.errors} errors, server RSS ${Math.round(mb)} MB`,
    );
  }, PROGRESS_EVERY_MS);
  let outcome: LoadOutcome;
  try {
    outcome = await run.done;
  } finally {
    clearInterval(timer);
  }
  return { outcome, samples: rss.stop() };
}

export async function benchLoad(server: BenchServer): Promise<Figure[]> {
  const log = (line: string) => console.log(`[load] ${line}`);
  const pid = server.child.pid;
  if (pid === undefined) throw new Error('the server process has no pid');
  const seconds = loadSeconds();
  const warmup = Math.min(WARMUP_MAX_SECONDS, seconds / 5);

  const { adminToken, questions } = await createSurvey(server, CAMPAIGN);
  const seeded = await seedSurveyLeads(server.databaseUrl, CAMPAIGN.name, LEAD_COUNT);
  log(`${LEAD_COUNT.toLocaleString('en-US')} leads (half generated) seeded in ${(seeded.ms / 1000).toFixed(1)} s`);
  const agentsStarted = performance.now();
  const agents = await createAgents(server, adminToken, AGENTS, CAMPAIGN.name, 'BLA');
  log(`${agents.length} agents uploaded and signed in in ${((performance.now() - agentsStarted) / 1000).toFixed(1)} s`);

  const idleMb = rssMb(pid);
  log(
    `running ${agents.length} agents for ${seconds} s (server RSS before: ${Math.round(idleMb)} MB; warm-up ${warmup} s)`,
  );
  const { outcome, samples } = await measure(server, pid, { agents, questions }, seconds, log);
  const memory = summarizeRss(samples, warmup);
  log(
    `${outcome.lookups} lookups and ${outcome.saves} saves answered 200 in ${outcome.seconds.toFixed(1)} s, ${outcome.errors} errors`,
  );
  for (const note of outcome.errorNotes) log(`  ${note}`);
  log(
    `server RSS: ${memory.samples} samples; after warm-up ${memory.startMb.toFixed(1)} MB, at the end ${memory.endMb.toFixed(1)} MB, ` +
      `max ${memory.maxMb.toFixed(1)} MB, slope ${memory.slopeMbPerMin.toFixed(2)} MB/min`,
  );

  const verified = await verifySaves(server.databaseUrl, outcome.last);
  const strays = await countStrays(server.databaseUrl, outcome.touched);
  const unsettled = outcome.touched.size - outcome.last.size;
  log(
    `PostgreSQL, row by row: ${outcome.last.size} saved leads checked, ${verified.missing} not holding the last body answered 200; ` +
      `${unsettled} leads left out (their latest save failed); ${strays} leads never saved holding answers`,
  );
  for (const note of verified.notes) log(`  ${note}`);
  const lost = verified.missing + strays;

  const problems = [
    outcome.errors > 0 && `${outcome.errors} errors`,
    lost > 0 && `${lost} rows not holding the answers last sent`,
    // Memory flat means no growth: a falling RSS (memory given back after the first minute) meets the target.
    !(memory.slopeMbPerMin <= SLOPE_TARGET_MB_PER_MIN) &&
      `server RSS growing ${memory.slopeMbPerMin.toFixed(2)} MB/min`,
  ].filter((p): p is string => typeof p === 'string');
  if (problems.length > 0) console.error(`[load] PROBLEMS: ${problems.join('; ')}`);

  const lookupLatencies = [...outcome.lookupLatencies].sort((a, b) => a - b);
  const saveLatencies = [...outcome.saveLatencies].sort((a, b) => a - b);
  const run = `${agents.length} agents without pause, ${Math.round(outcome.seconds)} s`;
  const slope = memory.slopeMbPerMin;
  return [
    {
      figure: `load: GET /api/ap/getByNumber (${run})`,
      value: round1(outcome.lookups / outcome.seconds),
      unit: 'req/s',
      higher: true,
    },
    {
      figure: 'load: PUT /dynamic/updateLeadData?leadId=, full survey, same run',
      value: round1(outcome.saves / outcome.seconds),
      unit: 'saves/s',
      higher: true,
    },
    { figure: 'load: lookup p50 latency', value: round1(percentile(lookupLatencies, 50)), unit: 'ms' },
    { figure: 'load: lookup p99 latency', value: round1(percentile(lookupLatencies, 99)), unit: 'ms' },
    { figure: 'load: save p50 latency', value: round1(percentile(saveLatencies, 50)), unit: 'ms' },
    { figure: 'load: save p99 latency', value: round1(percentile(saveLatencies, 99)), unit: 'ms' },
    { figure: 'load: errors (network, non-2xx, wrong replies)', value: outcome.errors, unit: '', target: 0 },
    {
      figure: `load: lost answers, row by row (${outcome.last.size} saved leads; the ${LEAD_COUNT - outcome.touched.size} others must hold none)`,
      value: lost,
      unit: '',
      target: 0,
    },
    {
      figure: `load: server RSS after ${Math.round(warmup)} s warm-up; ref. before the load`,
      value: Math.round(memory.startMb),
      unit: 'MB',
      reference: Math.round(idleMb),
    },
    { figure: 'load: server RSS at the end', value: Math.round(memory.endMb), unit: 'MB' },
    { figure: 'load: server RSS max', value: Math.round(memory.maxMb), unit: 'MB' },
    {
      figure: `load: server RSS growth after warm-up (least-squares slope ${round1(slope)} MB/min; a fall is no growth)`,
      value: round1(Math.max(0, slope)),
      unit: 'MB/min',
      target: SLOPE_TARGET_MB_PER_MIN,
    },
  ];
}
