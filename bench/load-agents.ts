// The agents of the load run: each loops without pause over its own generated leads, looking the number up (typed
// in any format) and saving a full survey body on the lead the lookup gave (?leadId=), and remembers the last body
// answered 200 per lead so that PostgreSQL can be checked row by row afterwards.
import { AGENT_PANEL_MESSAGES, type TQuestion } from '@crm/shared';
import { anyFormat } from './survey-lookup.ts';
import { answerBody, sameAnswer, type SaveBody } from './survey-save.ts';
import type { SurveyAgent } from './survey-setup.ts';
import { cellOf, isGenerated } from './survey-setup.ts';

export type LoadOutcome = {
  lookups: number;
  saves: number;
  seconds: number;
  lookupLatencies: number[];
  saveLatencies: number[];
  /** Failed requests (network, non-2xx) and replies that were not what was asked (wrong lead, save not echoed). */
  errors: number;
  errorNotes: string[];
  /** Last body answered 200 per lead id, leaving out leads whose latest save failed (their content is not known). */
  last: Map<number, SaveBody>;
  /** Every lead id a save was sent for, failed or not. */
  touched: Set<number>;
};

export type LoadProgress = { lookups: number; saves: number; errors: number };

/**
 * Lead numbers g of the seeded 1 … leadCount that agent `a` of `agents` works: the generated ones, dealt round
 * the agents, so that no two agents ever save the same lead.
 */
export function handOf(a: number, agents: number, leadCount: number): number[] {
  const hand: number[] = [];
  for (let k = a === 0 ? agents : a; 2 * k <= leadCount; k += agents) if (isGenerated(2 * k)) hand.push(2 * k);
  return hand;
}

/** Starts the agents for `seconds`; `progress` tells what they have done so far, `done` the whole outcome. */
export function runAgents(
  baseUrl: string,
  campaign: string,
  agents: readonly SurveyAgent[],
  questions: readonly TQuestion[],
  leadCount: number,
  seconds: number,
): { progress: () => LoadProgress; done: Promise<LoadOutcome> } {
  const lookupLatencies: number[] = [];
  const saveLatencies: number[] = [];
  const last = new Map<number, SaveBody>();
  const touched = new Set<number>();
  const errorNotes: string[] = [];
  let errors = 0;
  let lookups = 0;
  let saves = 0;
  let n = 0;
  const note = (line: string) => {
    errors++;
    if (errorNotes.length < 10) errorNotes.push(line);
  };
  const started = performance.now();
  const until = started + seconds * 1000;
  const table = encodeURIComponent(campaign);

  /** The lead of that number: its id, or undefined after counting the error. */
  const lookUp = async (
    headers: Record<string, string>,
    g: number,
  ): Promise<{ id: number; cell: string } | undefined> => {
    const typed = anyFormat(cellOf(g));
    const t0 = performance.now();
    try {
      const res = await fetch(
        `${baseUrl}/api/ap/getByNumber?tableName=${table}&cellNumber=${encodeURIComponent(typed)}`,
        { headers },
      );
      const text = await res.text();
      lookupLatencies.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`${res.status} ${text.slice(0, 300)}`);
      lookups++;
      const reply = JSON.parse(text) as Record<string, unknown>;
      if (typeof reply.id !== 'number' || reply.cell_number !== cellOf(g))
        throw new Error(`wrong lead: ${text.slice(0, 300)}`);
      return { id: reply.id, cell: reply.cell_number };
    } catch (e) {
      note(`lookup of ${typed}: ${e instanceof Error ? e.message : String(e)}`);
      return undefined;
    }
  };

  const save = async (headers: Record<string, string>, lead: { id: number; cell: string }) => {
    const body = answerBody(questions, n++);
    touched.add(lead.id);
    const t0 = performance.now();
    try {
      const res = await fetch(
        `${baseUrl}/dynamic/updateLeadData/${table}/${encodeURIComponent(lead.cell)}?leadId=${lead.id}`,
        {
          method: 'PUT',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
      );
      const text = await res.text();
      saveLatencies.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`${res.status} ${text.slice(0, 300)}`);
      saves++;
      last.set(lead.id, body);
      const reply = JSON.parse(text) as { message?: string; lead?: Record<string, unknown> };
      const echoed = reply.lead;
      if (
        reply.message !== AGENT_PANEL_MESSAGES.saved ||
        echoed === undefined ||
        Object.entries(body).some(([k, v]) => !sameAnswer(echoed[k], v))
      ) {
        note(`save of lead ${lead.id}: the reply does not show the body sent: ${text.slice(0, 300)}`);
      }
    } catch (e) {
      // What the lead holds now is not known: it is left out of the check, and counted as an error.
      last.delete(lead.id);
      note(`save of lead ${lead.id}: ${e instanceof Error ? e.message : String(e)}`);
    }
  };

  const agentLoop = async (agent: SurveyAgent, hand: readonly number[]) => {
    const headers = { authorization: `Bearer ${agent.token}` };
    for (let i = 0; performance.now() < until; i++) {
      const g = hand[i % hand.length];
      if (g === undefined) return;
      const lead = await lookUp(headers, g);
      if (lead !== undefined) await save(headers, lead);
    }
  };

  const done = Promise.all(agents.map((agent, a) => agentLoop(agent, handOf(a, agents.length, leadCount)))).then(
    () => ({
      lookups,
      saves,
      seconds: (performance.now() - started) / 1000,
      lookupLatencies,
      saveLatencies,
      errors,
      errorNotes,
      last,
      touched,
    }),
  );
  return { progress: () => ({ lookups, saves, errors }), done };
}
