// A stand-in VICIdial non-agent API for tests (API and browser): the documented reply format and its failures.
// user_group_status answers as steered by set(); add_lead, update_lead and add_dnc_phone are answered by an in-memory
// VICIdial (sends/vicidial-lists.ts), steered separately by setLeads().
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DIALER_STAT_KEYS, type TDialerStats } from '@crm/shared';
import {
  createVicidialLists,
  type TVicidialListsOptions,
  type VicidialLists,
} from '../modules/dialer/sends/vicidial-lists.ts';
import { createFakeVicidialAgents, type FakeAgentsControl, type FakeVicidialAgents } from './fake-vicidial-agents.ts';

export const FAKE_API_PATH = '/vicidial/non_agent_api.php';
export const FAKE_CONTROL_PATH = '/control';
/** GET: the lead counters (FakeLeadCounters) as JSON. */
export const FAKE_LEADS_CONTROL_PATH = '/control/leads';

/** What the fake answers next; change it with set() in-process or POST {FAKE_CONTROL_PATH} from another process. */
export type FakeBehaviour =
  | { kind: 'figures'; stats: TDialerStats }
  | { kind: 'error'; message: string }
  | { kind: 'garbage'; body: string }
  | { kind: 'status'; code: number }
  | { kind: 'hang' };

/**
 * How add_lead, update_lead and add_dnc_phone requests are answered. `normal` answers from the in-memory lists after latencyMs
 * (default 0) and ends any failure mode; the others apply to the next `count` requests (omitted: every request until
 * the next setLeads), then answers are normal again. Latency applies to every answer except a hang.
 */
export type FakeLeadsBehaviour =
  | { kind: 'normal'; latencyMs?: number }
  | { kind: 'hang'; count?: number }
  | { kind: 'status'; code?: number; count?: number }
  | { kind: 'garbage'; count?: number; body?: string };

/** The body POST {FAKE_CONTROL_PATH} takes for the lead functions (a FakeBehaviour, with its `kind`, steers user_group_status). */
export type FakeLeadsControl = {
  leads?: FakeLeadsBehaviour;
  /** Start again from empty lists and zero counters, with these options (credentials default to the fake's). */
  resetLeads?: TVicidialListsOptions;
};

/** What GET {FAKE_LEADS_CONTROL_PATH} answers: counted as requests arrive, whatever they were answered. */
export type FakeLeadCounters = {
  /** add_lead, update_lead and add_dnc_phone requests received. */
  requests: number;
  /** add_lead requests received, by vendor_lead_code. */
  addLeadByVendorCode: Record<string, number>;
  /** Leads stored, by list id. */
  leadsPerList: Record<string, number>;
};

export type FakeVicidial = {
  /** The full URL of non_agent_api.php, as VICIDIAL_URL takes it. */
  url: string;
  controlUrl: string;
  user: string;
  pass: string;
  set: (behaviour: FakeBehaviour) => void;
  /** The query of every user_group_status (and other non-lead) request received, oldest first. */
  requests: URLSearchParams[];
  /** The in-memory VICIdial answering add_lead, update_lead and add_dnc_phone (replaced by resetLeads). */
  readonly lists: VicidialLists;
  setLeads: (behaviour: FakeLeadsBehaviour) => void;
  resetLeads: (options?: TVicidialListsOptions) => void;
  leadCounters: () => FakeLeadCounters;
  /** The query of the most recent add_lead, update_lead and add_dnc_phone requests (the last 1000), oldest first. */
  leadRequests: URLSearchParams[];
  /** agent_status per agent user and agc/api.php external_status (fake-vicidial-agents.ts). */
  agents: FakeVicidialAgents;
  close: () => Promise<void>;
};

export const FAKE_STATS: TDialerStats = {
  calls_waiting: 4,
  agents_logged_in: 31,
  agents_in_calls: 19,
  agents_waiting: 5,
  agents_paused: 3,
  agents_in_dead_calls: 1,
  agents_in_dispo: 2,
  agents_in_dial: 1,
};

/** The documented success reply: a header line and one data line. */
export function userGroupStatusReply(stats: TDialerStats, groups: string): string {
  const header = ['usergroups', ...DIALER_STAT_KEYS].join('|');
  const values = [groups, ...DIALER_STAT_KEYS.map((k) => String(stats[k]))].join('|');
  return `${header}\n${values}\n`;
}

function answer(res: http.ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
}

/** The functions the in-memory lists answer (and the lead failure modes apply to). */
const LEAD_FUNCTIONS = new Set(['add_lead', 'update_lead', 'add_dnc_phone']);
const KEPT_LEAD_REQUESTS = 1000;
const GARBAGE =
  '<html><head><title>503 Service Unavailable</title></head><body>The server is temporarily busy.</body></html>';

/** add_lead, update_lead and add_dnc_phone: the in-memory lists, their counters and the steerable failure modes. */
function createLeadDesk(user: string, pass: string, initial: TVicidialListsOptions | undefined) {
  const make = (options: TVicidialListsOptions = {}) => createVicidialLists({ user, pass, ...options });
  let lists = make(initial);
  let latencyMs = 0;
  /** A failure mode and how many more requests it applies to. */
  let failure: { behaviour: Exclude<FakeLeadsBehaviour, { kind: 'normal' }>; remaining: number } | null = null;
  let requests = 0;
  const addLeadByVendorCode = new Map<string, number>();
  const kept: URLSearchParams[] = [];

  function handle(q: URLSearchParams, res: http.ServerResponse) {
    requests += 1;
    kept.push(q);
    if (kept.length > KEPT_LEAD_REQUESTS) kept.shift();
    if (q.get('function') === 'add_lead') {
      const code = q.get('vendor_lead_code') ?? '';
      addLeadByVendorCode.set(code, (addLeadByVendorCode.get(code) ?? 0) + 1);
    }
    const current = failure;
    if (current !== null) {
      current.remaining -= 1;
      if (current.remaining <= 0) failure = null;
    }
    if (current?.behaviour.kind === 'hang') return; // never answers
    const reply = (): void => {
      if (current?.behaviour.kind === 'status')
        return answer(res, current.behaviour.code ?? 500, 'Internal Server Error');
      if (current?.behaviour.kind === 'garbage') return answer(res, 200, current.behaviour.body ?? GARBAGE);
      // Like VICIdial, every refusal (credentials included) is text with HTTP 200.
      answer(res, 200, lists.answer(q));
    };
    if (latencyMs > 0) setTimeout(reply, latencyMs);
    else reply();
  }

  return {
    handle,
    get lists() {
      return lists;
    },
    set(behaviour: FakeLeadsBehaviour) {
      if (behaviour.kind === 'normal') {
        latencyMs = behaviour.latencyMs ?? 0;
        failure = null;
      } else {
        failure = { behaviour, remaining: behaviour.count ?? Number.POSITIVE_INFINITY };
      }
    },
    reset(options?: TVicidialListsOptions) {
      lists = make(options);
      requests = 0;
      addLeadByVendorCode.clear();
      kept.length = 0;
    },
    counters: (): FakeLeadCounters => ({
      requests,
      addLeadByVendorCode: Object.fromEntries(addLeadByVendorCode),
      leadsPerList: lists.counters().leadsPerList,
    }),
    kept,
  };
}

export type FakeVicidialOptions = {
  user?: string;
  pass?: string;
  behaviour?: FakeBehaviour;
  /** The in-memory VICIdial's lists, DNC lists and users (its credentials default to the fake's). */
  lists?: TVicidialListsOptions;
};

export async function startFakeVicidial(options: FakeVicidialOptions = {}): Promise<FakeVicidial> {
  const user = options.user ?? 'crmapi';
  const pass = options.pass ?? 'fake-dialer-secret';
  let behaviour: FakeBehaviour = options.behaviour ?? { kind: 'figures', stats: FAKE_STATS };
  const requests: URLSearchParams[] = [];
  const leads = createLeadDesk(user, pass, options.lists);
  const agents = createFakeVicidialAgents({ user, pass });

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'POST' && url.pathname === FAKE_CONTROL_PATH) {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const control = JSON.parse(body) as FakeBehaviour | (FakeLeadsControl & FakeAgentsControl);
        if ('kind' in control) {
          behaviour = control;
        } else {
          if (control.resetLeads) leads.reset(control.resetLeads);
          if (control.leads) leads.set(control.leads);
          agents.control(control);
        }
        answer(res, 204, '');
      });
      return;
    }
    if (req.method === 'GET' && url.pathname === FAKE_LEADS_CONTROL_PATH) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(leads.counters()));
      return;
    }
    if (agents.route(req, url, res)) return;
    if (url.pathname !== FAKE_API_PATH) return answer(res, 404, 'Not Found');
    const q = url.searchParams;
    if (LEAD_FUNCTIONS.has(q.get('function') ?? '')) return leads.handle(q, res);
    requests.push(q);
    // Like VICIdial, wrong credentials or a missing parameter are an ERROR: line with HTTP 200.
    if (q.get('user') !== user || q.get('pass') !== pass) {
      return answer(
        res,
        200,
        `ERROR: user_group_status USER DOES NOT HAVE PERMISSION TO GET USER GROUP INFO - ${q.get('user') ?? ''}|0\n`,
      );
    }
    if (q.get('function') !== 'user_group_status' || !q.get('user_groups') || q.get('source') === null) {
      return answer(res, 200, `ERROR: user_group_status INVALID SEARCH PARAMETERS - ${user}||\n`);
    }
    switch (behaviour.kind) {
      case 'figures':
        return answer(
          res,
          200,
          userGroupStatusReply(behaviour.stats, (q.get('user_groups') ?? '').split('|').join(' ')),
        );
      case 'error':
        return answer(res, 200, `ERROR: ${behaviour.message}\n`);
      case 'garbage':
        return answer(res, 200, behaviour.body);
      case 'status':
        return answer(res, behaviour.code, 'Internal Server Error');
      case 'hang':
        return; // never answers
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    url: `${base}${FAKE_API_PATH}`,
    controlUrl: `${base}${FAKE_CONTROL_PATH}`,
    user,
    pass,
    set: (next) => {
      behaviour = next;
    },
    requests,
    get lists() {
      return leads.lists;
    },
    setLeads: (next) => leads.set(next),
    resetLeads: (next) => leads.reset(next),
    leadCounters: () => leads.counters(),
    leadRequests: leads.kept,
    agents,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Changes the behaviour of a fake running in another process (the browser tests' global set-up). */
export async function setFakeVicidial(controlUrl: string, behaviour: FakeBehaviour | FakeLeadsControl): Promise<void> {
  const r = await fetch(controlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(behaviour),
  });
  if (!r.ok) throw new Error(`fake VICIdial control answered ${r.status}`);
}

/** The lead counters of a fake running in another process (controlUrl is FakeVicidial.controlUrl). */
export async function readFakeLeadCounters(controlUrl: string): Promise<FakeLeadCounters> {
  const r = await fetch(`${controlUrl}/leads`);
  if (!r.ok) throw new Error(`fake VICIdial control answered ${r.status}`);
  return (await r.json()) as FakeLeadCounters;
}
