// The agent's survey (docs/architecture.md §12): lead lookup by number on 1M leads against a bare Fastify route, then 200 agents
// saving answers for a minute, every save checked in PostgreSQL afterwards.
import type { BenchServer } from './server.ts';
import {
  LOOKUP_CONNECTIONS,
  LOOKUP_SECONDS,
  checkLookupSample,
  lookupTargets,
  measureAgainstBare,
  startBareServer,
} from './survey-lookup.ts';
import { SAVE_SECONDS, runSaves } from './survey-save.ts';
import { LEAD_COUNT, createAgents, createSurvey, seedSurveyLeads } from './survey-setup.ts';
import type { Figure } from './table.ts';

const AGENTS = 200;
const LOOKUP_P99_TARGET_MS = 20;
const RATIO_TARGET_PERCENT = 30;

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export async function benchSurvey(server: BenchServer): Promise<Figure[]> {
  const log = (line: string) => console.log(`[survey] ${line}`);
  const { adminToken, questions } = await createSurvey(server);
  const seeded = await seedSurveyLeads(server.databaseUrl);
  log(
    `${LEAD_COUNT.toLocaleString('en-US')} leads seeded, vacuumed and analysed in ${(seeded.ms / 1000).toFixed(1)} s`,
  );
  const agentsStarted = performance.now();
  const agents = await createAgents(server, adminToken, AGENTS);
  log(`${agents.length} agents uploaded and signed in in ${((performance.now() - agentsStarted) / 1000).toFixed(1)} s`);
  const lookupAgent = agents[0];
  if (lookupAgent === undefined) throw new Error('no agent signed in');

  const targets = lookupTargets();
  const sample = await checkLookupSample(server.url, lookupAgent.token, targets);
  log(
    `lookup sample: ${sample.found} generated leads found, ${sample.wrong} wrong replies${sample.notes.length ? `:\n  ${sample.notes.join('\n  ')}` : ''}`,
  );

  const bareServer = await startBareServer();
  const { lookup, bare } = await measureAgainstBare(server.url, lookupAgent.token, bareServer.url, targets).finally(
    () => bareServer.stop(),
  );
  log(
    `lookup: ${lookup.requests} requests, ${lookup.errors} errors, ${lookup.timeouts} timeouts, ${lookup.non2xx} non-2xx; p99 of the windows ${lookup.p99Range.join('–')} ms`,
  );
  log(
    `bare: ${bare.requests} requests, ${bare.errors} errors, ${bare.non2xx} non-2xx; p99 of the windows ${bare.p99Range.join('–')} ms`,
  );
  const ratio = (lookup.average / bare.average) * 100;

  const saved = await runSaves(server.url, server.databaseUrl, agents, questions);
  const latencies = [...saved.latencies].sort((a, b) => a - b);
  log(
    `saves: ${saved.saves} answered 200 in ${saved.seconds.toFixed(1)} s, ${saved.errors} errors, ${saved.replyMismatches} replies not showing the body, ` +
      `${saved.leadsChecked} leads checked in PostgreSQL, ${saved.missing} not holding their last save`,
  );
  for (const note of [...saved.errorNotes, ...saved.missingNotes]) log(`  ${note}`);
  const problems = [
    sample.wrong > 0 && `${sample.wrong} wrong lookup replies in the sample`,
    lookup.errors + lookup.timeouts + lookup.non2xx > 0 &&
      `lookup load: ${lookup.errors} errors, ${lookup.timeouts} timeouts, ${lookup.non2xx} non-2xx`,
    saved.errors > 0 && `${saved.errors} failed saves`,
    saved.replyMismatches > 0 && `${saved.replyMismatches} save replies not showing the answers`,
    saved.missing > 0 && `${saved.missing} saves missing in PostgreSQL`,
  ].filter((p): p is string => typeof p === 'string');
  if (problems.length > 0) console.error(`[survey] PROBLEMS: ${problems.join('; ')}`);

  const load = `${LOOKUP_CONNECTIONS} conn, ${LOOKUP_SECONDS} s`;
  return [
    {
      figure: `survey: GET /api/ap/getByNumber on 1M leads (${load})`,
      value: Math.round(lookup.average),
      unit: 'req/s',
      higher: true,
      reference: Math.round(bare.average),
    },
    { figure: 'survey: lookup p50 latency (median window)', value: lookup.p50, unit: 'ms', reference: bare.p50 },
    {
      figure: 'survey: lookup p99 latency (median window)',
      value: lookup.p99,
      unit: 'ms',
      target: LOOKUP_P99_TARGET_MS,
      reference: bare.p99,
    },
    {
      figure: 'survey: lookup throughput ÷ bare Fastify route',
      value: round1(ratio),
      unit: '%',
      target: RATIO_TARGET_PERCENT,
      higher: true,
    },
    {
      figure: 'survey: lookup errors + non-2xx (target 0)',
      value: lookup.errors + lookup.timeouts + lookup.non2xx,
      unit: '',
    },
    {
      figure: `survey: lookup sample wrong replies of ${Math.min(400, targets.length)} (target 0)`,
      value: sample.wrong,
      unit: '',
    },
    { figure: `survey: bare Fastify route (${load})`, value: Math.round(bare.average), unit: 'req/s', higher: true },
    {
      figure: `survey: PUT /dynamic/updateLeadData, ${agents.length} agents without pause, ${SAVE_SECONDS} s`,
      value: round1(saved.saves / saved.seconds),
      unit: 'saves/s',
      higher: true,
    },
    { figure: 'survey: save p50 latency', value: round1(percentile(latencies, 50)), unit: 'ms' },
    { figure: 'survey: save p99 latency', value: round1(percentile(latencies, 99)), unit: 'ms' },
    { figure: 'survey: failed saves (target 0)', value: saved.errors + saved.replyMismatches, unit: '' },
    {
      figure: `survey: saves missing in PostgreSQL of ${saved.leadsChecked} leads (target 0)`,
      value: saved.missing,
      unit: '',
    },
  ];
}
