// The stand-in VICIdial's agent side for tests and benches: non_agent_api.php agent_status per agent user, and
// agc/api.php external_status, answered as docs/NON-AGENT_API.txt and docs/AGENT_API.txt of VICIdial say (ERROR lines
// included). Steered in-process, or from another process through POST /control ({agents, agentStatus, agentApi}).
import type http from 'node:http';

export const FAKE_AGENT_API_PATH = '/agc/api.php';
const NON_AGENT_API_PATH = '/vicidial/non_agent_api.php';
/** GET: the agent side's counters and the external_status requests received (FakeAgentCounters) as JSON. */
export const FAKE_AGENTS_CONTROL_PATH = '/control/agents';

/** One logged-in agent session as agent_status reports it (every field the documented reply has). */
export type FakeAgentSession = {
  /** INCALL, PAUSED, READY, QUEUE, CLOSER, DIAL… */
  status: string;
  callId?: string;
  leadId?: string;
  campaignId?: string;
  callsToday?: number;
  fullName?: string;
  userGroup?: string;
  userLevel?: number;
  pauseCode?: string;
  /** DEAD, DISPO, 3-WAY, PARK, RING, PREVIEW, DIAL or empty. */
  subStatus?: string;
  phoneNumber?: string;
  vendorLeadCode?: string;
  sessionId?: string;
  computerIp?: string;
};

/** An agent user: a live session, a user not logged in to the agent screen, or no such user. */
export type FakeAgent = FakeAgentSession | 'logged-out' | 'unknown';

/** How agent_status requests are answered: normal (after latencyMs), or every one failing the same way. */
export type FakeAgentStatusBehaviour =
  | { kind: 'normal'; latencyMs?: number }
  /** The API user lacks user level 7 / "view reports": the documented permission ERROR. */
  | { kind: 'denied' }
  | { kind: 'garbage'; body?: string }
  | { kind: 'status'; code?: number }
  | { kind: 'hang' }
  /** The connection is cut without an answer. */
  | { kind: 'reset' };

/** How agc/api.php answers: normal (from the agents' states), or every request failing the same way. */
export type FakeAgentApiBehaviour =
  { kind: 'normal' } | { kind: 'garbage'; body?: string } | { kind: 'status'; code?: number } | { kind: 'hang' };

/** The part of POST /control's body the agent side reads. */
export type FakeAgentsControl = {
  /** Agent users to set (the others keep their state). */
  agents?: Record<string, FakeAgent>;
  /** What an agent user never set is (default 'logged-out'). */
  defaultAgent?: FakeAgent;
  agentStatus?: FakeAgentStatusBehaviour;
  agentApi?: FakeAgentApiBehaviour;
  /** Forget every agent, counter and recorded request, and answer normally again. */
  resetAgents?: boolean;
};

/** One external_status request as received, and the line it was answered (null: it was not answered). */
export type FakeExternalStatus = {
  agentUser: string;
  value: string;
  callbackDatetime: string | null;
  callbackType: string | null;
  callbackComments: string | null;
  answer: string | null;
};

export type FakeAgentCounters = {
  /** agent_status requests received. */
  agentStatusRequests: number;
  /** agent_status requests received, by agent_user. */
  agentStatusByUser: Record<string, number>;
  /** external_status requests received, oldest first (the last 1000). */
  externalStatus: FakeExternalStatus[];
};

export type FakeVicidialAgents = {
  /** Sets agent users' states (in-process). */
  setAgents: (agents: Record<string, FakeAgent>) => void;
  setAgentStatus: (behaviour: FakeAgentStatusBehaviour) => void;
  setAgentApi: (behaviour: FakeAgentApiBehaviour) => void;
  control: (control: FakeAgentsControl) => void;
  counters: () => FakeAgentCounters;
  /** Answers the request when it is the agent side's (agent_status, agc/api.php, GET /control/agents); false otherwise. */
  route: (req: http.IncomingMessage, url: URL, res: http.ServerResponse) => boolean;
};

const GARBAGE = '<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>';
const KEPT_EXTERNAL_STATUS = 1000;
/** The reply's columns, in the documented order (computer_ip only with include_ip=YES). */
const STATUS_COLUMNS = [
  'status',
  'call_id',
  'lead_id',
  'campaign_id',
  'calls_today',
  'full_name',
  'user_group',
  'user_level',
  'pause_code',
  'real_time_sub_status',
  'phone_number',
  'vendor_lead_code',
  'session_id',
];
const DELIMITERS: Record<string, string> = { csv: ',', tab: '\t', pipe: '|' };

function text(res: http.ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
}

function sessionRow(user: string, s: FakeAgentSession, includeIp: boolean): string[] {
  const row = [
    s.status,
    s.callId ?? '',
    s.leadId ?? '0',
    s.campaignId ?? 'TESTCAMP',
    String(s.callsToday ?? 0),
    s.fullName ?? user,
    s.userGroup ?? 'AGENTS',
    String(s.userLevel ?? 1),
    s.pauseCode ?? '',
    s.subStatus ?? '',
    s.phoneNumber ?? '',
    s.vendorLeadCode ?? '',
    s.sessionId ?? '8600051',
  ];
  return includeIp ? [...row, s.computerIp ?? '127.0.0.1'] : row;
}

export function createFakeVicidialAgents(credentials: {
  user: string;
  pass: string;
  userGroup?: string;
}): FakeVicidialAgents {
  const apiUserGroup = credentials.userGroup ?? 'ADMIN';
  const agents = new Map<string, FakeAgent>();
  let defaultAgent: FakeAgent = 'logged-out';
  let statusBehaviour: FakeAgentStatusBehaviour = { kind: 'normal' };
  let apiBehaviour: FakeAgentApiBehaviour = { kind: 'normal' };
  let agentStatusRequests = 0;
  const agentStatusByUser = new Map<string, number>();
  const externalStatus: FakeExternalStatus[] = [];

  const agentOf = (user: string): FakeAgent => agents.get(user) ?? defaultAgent;

  /** non_agent_api.php?function=agent_status (NON-AGENT_API.txt, agent_status). */
  function agentStatus(q: URLSearchParams): string {
    const user = q.get('user') ?? '';
    if (user !== credentials.user || q.get('pass') !== credentials.pass || statusBehaviour.kind === 'denied') {
      return `ERROR: agent_status USER DOES NOT HAVE PERMISSION TO GET AGENT INFO - ${user}|0\n`;
    }
    const agentUser = q.get('agent_user') ?? '';
    if (!q.get('source') || agentUser.length < 2 || agentUser.length > 20)
      return `ERROR: agent_status INVALID SEARCH PARAMETERS - ${user}||\n`;
    const agent = agentOf(agentUser);
    if (agent === 'unknown') return `ERROR: agent_status AGENT NOT FOUND - ${user}||\n`;
    if (agent === 'logged-out') return `ERROR: agent_status AGENT NOT LOGGED IN - ${user}||\n`;
    const delimiter = DELIMITERS[q.get('stage') ?? 'pipe'] ?? '|';
    const includeIp = q.get('include_ip') === 'YES';
    const lines = [sessionRow(agentUser, agent, includeIp).join(delimiter)];
    if (q.get('header') === 'YES')
      lines.unshift([...STATUS_COLUMNS, ...(includeIp ? ['computer_ip'] : [])].join(delimiter));
    return `${lines.join('\n')}\n`;
  }

  /** agc/api.php (AGENT_API.txt): external_status; any other function is not one this stand-in knows. */
  function agentApi(q: URLSearchParams): string {
    const user = q.get('user') ?? '';
    const fn = q.get('function') ?? '';
    if (user !== credentials.user || q.get('pass') !== credentials.pass || fn !== 'external_status') {
      return `ERROR: auth USER DOES NOT HAVE PERMISSION TO USE THIS FUNCTION - ${user}|${fn}|${apiUserGroup}\n`;
    }
    const value = q.get('value') ?? '';
    const agentUser = q.get('agent_user') ?? '';
    if (value === '' || agentUser === '') return `ERROR: external_status not valid - ${value}|${agentUser}\n`;
    const agent = agentOf(agentUser);
    if (agent === 'unknown') return `ERROR: no user found - ${agentUser}\n`;
    if (agent === 'logged-out') return `ERROR: agent_user is not logged in - ${agentUser}\n`;
    return `SUCCESS: external_status function set - ${value}|${agentUser}\n`;
  }

  function handleStatus(q: URLSearchParams, res: http.ServerResponse) {
    agentStatusRequests += 1;
    const agentUser = q.get('agent_user') ?? '';
    agentStatusByUser.set(agentUser, (agentStatusByUser.get(agentUser) ?? 0) + 1);
    const b = statusBehaviour;
    if (b.kind === 'hang') return;
    if (b.kind === 'reset') return void res.socket?.destroy();
    if (b.kind === 'status') return text(res, b.code ?? 500, 'Internal Server Error');
    if (b.kind === 'garbage') return text(res, 200, b.body ?? GARBAGE);
    const reply = () => text(res, 200, agentStatus(q));
    if (b.kind === 'normal' && (b.latencyMs ?? 0) > 0) setTimeout(reply, b.latencyMs);
    else reply();
  }

  function handleAgentApi(q: URLSearchParams, res: http.ServerResponse) {
    const record: FakeExternalStatus | null =
      q.get('function') === 'external_status'
        ? {
            agentUser: q.get('agent_user') ?? '',
            value: q.get('value') ?? '',
            callbackDatetime: q.get('callback_datetime'),
            callbackType: q.get('callback_type'),
            callbackComments: q.get('callback_comments'),
            answer: null,
          }
        : null;
    if (record) {
      externalStatus.push(record);
      if (externalStatus.length > KEPT_EXTERNAL_STATUS) externalStatus.shift();
    }
    const b = apiBehaviour;
    if (b.kind === 'hang') return;
    if (b.kind === 'status') return text(res, b.code ?? 500, 'Internal Server Error');
    const body = b.kind === 'garbage' ? (b.body ?? GARBAGE) : agentApi(q);
    if (record) record.answer = body.trim();
    text(res, 200, body);
  }

  const counters = (): FakeAgentCounters => ({
    agentStatusRequests,
    agentStatusByUser: Object.fromEntries(agentStatusByUser),
    externalStatus: externalStatus.map((e) => ({ ...e })),
  });

  const control = (c: FakeAgentsControl) => {
    if (c.resetAgents) {
      agents.clear();
      defaultAgent = 'logged-out';
      statusBehaviour = { kind: 'normal' };
      apiBehaviour = { kind: 'normal' };
      agentStatusRequests = 0;
      agentStatusByUser.clear();
      externalStatus.length = 0;
    }
    if (c.defaultAgent !== undefined) defaultAgent = c.defaultAgent;
    for (const [user, agent] of Object.entries(c.agents ?? {})) agents.set(user, agent);
    if (c.agentStatus) statusBehaviour = c.agentStatus;
    if (c.agentApi) apiBehaviour = c.agentApi;
  };

  return {
    setAgents: (next) => control({ agents: next }),
    setAgentStatus: (behaviour) => control({ agentStatus: behaviour }),
    setAgentApi: (behaviour) => control({ agentApi: behaviour }),
    control,
    counters,
    route: (req, url, res) => {
      if (req.method === 'GET' && url.pathname === FAKE_AGENTS_CONTROL_PATH) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(counters()));
        return true;
      }
      if (url.pathname === FAKE_AGENT_API_PATH) {
        handleAgentApi(url.searchParams, res);
        return true;
      }
      if (url.pathname === NON_AGENT_API_PATH && url.searchParams.get('function') === 'agent_status') {
        handleStatus(url.searchParams, res);
        return true;
      }
      return false;
    },
  };
}

/** Steers the agent side of a fake running in another process (controlUrl is FakeVicidial.controlUrl). */
export async function setFakeAgents(controlUrl: string, control: FakeAgentsControl): Promise<void> {
  const r = await fetch(controlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(control),
  });
  if (!r.ok) throw new Error(`fake VICIdial control answered ${r.status}`);
}

/** The agent side's counters of a fake running in another process. */
export async function readFakeAgentCounters(controlUrl: string): Promise<FakeAgentCounters> {
  const r = await fetch(`${controlUrl}/agents`);
  if (!r.ok) throw new Error(`fake VICIdial control answered ${r.status}`);
  return (await r.json()) as FakeAgentCounters;
}
