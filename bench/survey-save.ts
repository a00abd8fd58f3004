// The saving load: every agent loops for a minute saving full answer bodies on its own generated leads, then
// PostgreSQL is read back to check that each lead holds the last body that was answered 200.
import pg from 'pg';
import {
  AGENT_PANEL_MESSAGES,
  MULTI_SELECT_SEPARATOR,
  PARTIAL_CALL_ANSWER,
  parseOptions,
  type TQuestion,
} from '@crm/shared';
import type { SurveyAgent } from './survey-setup.ts';
import { SURVEY_CAMPAIGN } from './survey-setup.ts';

export const SAVE_SECONDS = 60;
/** Leads per agent: few enough that each is saved several times, so "the last body wins" is checked too. */
const LEADS_PER_AGENT = 100;
/** Share of saves that are partial calls (stopped at a question, is_called 0). */
const PARTIAL_SHARE = 0.2;

export type SaveBody = Record<string, string | number | null>;
type PoolLead = { id: number; cell: string };

export type SaveOutcome = {
  saves: number;
  seconds: number;
  latencies: number[];
  errors: number;
  errorNotes: string[];
  /** Replies whose `lead` did not show the answers just sent. */
  replyMismatches: number;
  /** Leads saved at least once with a 200 (and no failed save after it). */
  leadsChecked: number;
  /** Of those, leads whose stored answers or is_called differ from the last body answered 200. */
  missing: number;
  missingNotes: string[];
};

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

function answerOf(q: TQuestion, n: number): string {
  const options = parseOptions(q.options);
  switch (q.type) {
    case 'Select Option':
      return pick(options);
    case 'Multi Select Option': {
      const chosen = options.filter(() => Math.random() < 0.5);
      return (chosen.length > 0 ? chosen : [pick(options)]).join(MULTI_SELECT_SEPARATOR);
    }
    case 'Number':
      return String(Math.floor(Math.random() * 40));
    case 'Email':
      return `respondent${n}@example.com`;
    case 'Textarea':
      return `Save ${n}: asked about the new pack, wants a call back in the evening.`;
    default:
      return `Shop ${n % 997}`;
  }
}

/** Every question's key: a complete call answers all, a partial call stops at one with 'Partial Call' and clears the rest. */
export function answerBody(questions: readonly TQuestion[], n: number): SaveBody {
  const partialAt = Math.random() < PARTIAL_SHARE ? Math.floor(Math.random() * questions.length) : -1;
  const body: SaveBody = {};
  questions.forEach((q, i) => {
    body[q.qno] = partialAt < 0 || i < partialAt ? answerOf(q, n) : i === partialAt ? PARTIAL_CALL_ANSWER : null;
  });
  body.is_called = partialAt < 0 ? 1 : 0;
  return body;
}

/** Generated leads of the campaign, shuffled, dealt to the agents: no lead is saved by two agents. */
async function dealLeads(databaseUrl: string, agents: number): Promise<PoolLead[][]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; cell_number: string }>(
      `select l.id, l.cell_number from leads l join campaigns c on c.id = l.campaign_id
        where c.campaign_name = $1 and l.generate_status > 0 order by random() limit $2`,
      [SURVEY_CAMPAIGN, agents * LEADS_PER_AGENT],
    );
    const hands: PoolLead[][] = Array.from({ length: agents }, () => []);
    rows.forEach((r, i) => hands[i % agents]?.push({ id: Number(r.id), cell: r.cell_number }));
    return hands;
  } finally {
    await client.end();
  }
}

export function sameAnswer(stored: unknown, sent: string | number | null): boolean {
  if (sent === null) return stored === null || stored === undefined;
  return String(stored) === String(sent);
}

/** The last body of each lead against what PostgreSQL holds now. */
export async function verifySaves(
  databaseUrl: string,
  last: Map<number, SaveBody>,
): Promise<{ missing: number; notes: string[] }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{
      id: string;
      answers: Record<string, unknown>;
      is_called: number;
      called_by: number | null;
    }>('select id, answers, is_called, called_by from leads where id = any($1::bigint[])', [[...last.keys()]]);
    const stored = new Map(rows.map((r) => [Number(r.id), r]));
    let missing = 0;
    const notes: string[] = [];
    for (const [id, body] of last) {
      const row = stored.get(id);
      const bad =
        row === undefined ||
        row.called_by === null ||
        Object.entries(body).some(([k, v]) =>
          k === 'is_called' ? row.is_called !== v : !sameAnswer(row.answers[k], v),
        );
      if (bad) {
        missing++;
        if (notes.length < 5)
          notes.push(`lead ${id}: sent ${JSON.stringify(body)}, stored ${JSON.stringify(row ?? null)}`);
      }
    }
    return { missing, notes };
  } finally {
    await client.end();
  }
}

export async function runSaves(
  baseUrl: string,
  databaseUrl: string,
  agents: readonly SurveyAgent[],
  questions: readonly TQuestion[],
): Promise<SaveOutcome> {
  const hands = await dealLeads(databaseUrl, agents.length);
  const latencies: number[] = [];
  const last = new Map<number, SaveBody>();
  /** Leads whose latest save failed: what they hold is not known, so they are left out of the check. */
  const unsettled = new Set<number>();
  const errorNotes: string[] = [];
  let errors = 0;
  let saves = 0;
  let replyMismatches = 0;
  let n = 0;
  const started = performance.now();
  const until = started + SAVE_SECONDS * 1000;

  const agentLoop = async (agent: SurveyAgent, leads: readonly PoolLead[]) => {
    const headers = { authorization: `Bearer ${agent.token}`, 'content-type': 'application/json' };
    for (let i = 0; performance.now() < until; i++) {
      const lead = leads[i % leads.length];
      if (lead === undefined) return;
      const body = answerBody(questions, n++);
      const url = `${baseUrl}/dynamic/updateLeadData/${encodeURIComponent(SURVEY_CAMPAIGN)}/${encodeURIComponent(lead.cell)}?leadId=${lead.id}`;
      const t0 = performance.now();
      try {
        const res = await fetch(url, { method: 'PUT', headers, body: JSON.stringify(body) });
        const text = await res.text();
        latencies.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`${res.status} ${text.slice(0, 300)}`);
        saves++;
        last.set(lead.id, body);
        unsettled.delete(lead.id);
        const reply = JSON.parse(text) as { message?: string; lead?: Record<string, unknown> };
        const echoed = reply.lead;
        if (
          reply.message !== AGENT_PANEL_MESSAGES.saved ||
          echoed === undefined ||
          Object.entries(body).some(([k, v]) => !sameAnswer(echoed[k], v))
        ) {
          replyMismatches++;
          if (errorNotes.length < 5)
            errorNotes.push(`reply of lead ${lead.id} does not show the body sent: ${text.slice(0, 300)}`);
        }
      } catch (e) {
        errors++;
        unsettled.add(lead.id);
        if (errorNotes.length < 5) errorNotes.push(`lead ${lead.id}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  };
  await Promise.all(agents.map((agent, i) => agentLoop(agent, hands[i] ?? [])));
  const seconds = (performance.now() - started) / 1000;

  for (const id of unsettled) last.delete(id);
  const verified = await verifySaves(databaseUrl, last);
  return {
    saves,
    seconds,
    latencies,
    errors,
    errorNotes,
    replyMismatches,
    leadsChecked: last.size,
    missing: verified.missing,
    missingNotes: verified.notes,
  };
}
