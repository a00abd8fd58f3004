// Helpers of the database fault tests: a floor of agents saving versioned answers through the real product,
// timed calls, uploads on a connection the test picks, the product's log read line by line, and /healthz polled.
// The PostgreSQL the tests stop and kill, and the tmpfs, are in fault-postgres.ts.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { AGENT_PANEL_MESSAGES, MESSAGES } from '@crm/shared';
import { addCampaign, query, type Api } from './crash-support.ts';
import type { RunningServer } from './process.ts';

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** What the server answers when the database cannot do what was asked (packages/shared, MESSAGES.database). */
export const UNAVAILABLE = MESSAGES.database.unavailable;
export const BUSY = MESSAGES.database.busy;
export const BUSY_READING = MESSAGES.database.busyReading;
export const DISK_FULL = MESSAGES.database.diskFull;
/** A save's 503 when the connection dropped while it could have been committing (it may have been stored). */
export const MAY_HAVE_BEEN_SAVED = AGENT_PANEL_MESSAGES.saveOutcomeUnknown;

// ---- calls over HTTP, each timed

export type Reply = {
  status: number;
  body: unknown;
  message: string | undefined;
  error: string | undefined;
  start: number;
  end: number;
};

/** One request; status 0 (with the error) when no HTTP answer came: a broken connection or no answer in `timeoutMs`. */
export async function timedCall(
  server: RunningServer,
  method: string,
  url: string,
  token: string | undefined,
  body?: unknown,
  timeoutMs = 30_000,
): Promise<Reply> {
  const start = Date.now();
  try {
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    const parsed: unknown = text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
    const message =
      typeof parsed === 'object' && parsed !== null && 'message' in parsed && typeof parsed.message === 'string'
        ? parsed.message
        : undefined;
    return { status: res.status, body: parsed, message, error: undefined, start, end: Date.now() };
  } catch (e) {
    return {
      status: 0,
      body: undefined,
      message: undefined,
      error: e instanceof Error ? `${e.name}: ${e.message} ${String(e.cause ?? '')}` : String(e),
      start,
      end: Date.now(),
    };
  }
}

// ---- lead uploads on a connection the test chooses

export type CsvUpload = {
  importId: string;
  /** The answer; status 0 when the connection broke, -1 when no answer came in time (the body says which). */
  reply: Promise<{ status: number; body: string }>;
  write: (csv: string) => void;
  end: () => void;
};

/**
 * POST /api/file/uploadCsv with a CSV the caller writes piece by piece, sent through `agent`: a keep-alive agent of
 * one socket is a browser reusing its connection, so an upload after another one goes on the same connection;
 * false is a connection of its own.
 */
export function openCsvUpload(
  server: RunningServer,
  token: string,
  campaignName: string,
  fileName: string,
  agent: http.Agent | false,
  timeoutMs = 30_000,
): CsvUpload {
  const importId = randomUUID();
  const boundary = `----crm-fault-${importId}`;
  const req = http.request(
    `${server.url}/api/file/uploadCsv?${new URLSearchParams({ tableName: campaignName, importId }).toString()}`,
    {
      method: 'POST',
      agent,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
    },
  );
  const reply = new Promise<{ status: number; body: string }>((resolve) => {
    const timer = setTimeout(() => {
      resolve({ status: -1, body: `no answer within ${timeoutMs} ms` });
      req.destroy();
    }, timeoutMs);
    const settle = (r: { status: number; body: string }) => {
      clearTimeout(timer);
      resolve(r);
    };
    req.on('response', (res) => {
      let body = '';
      res
        .setEncoding('utf8')
        .on('data', (c: string) => (body += c))
        .on('end', () => settle({ status: res.statusCode ?? 0, body }));
      res.on('error', (e) => settle({ status: 0, body: String(e) }));
    });
    req.on('error', (e) => settle({ status: 0, body: String(e) }));
  });
  req.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  return {
    importId,
    reply,
    write: (csv) => void req.write(csv),
    end: () => void req.end(`\r\n--${boundary}--\r\n`),
  };
}

// ---- a floor of agents

export type FloorLead = { id: number; cell: string };
export type FloorAgent = { index: number; agentId: string; userId: number; token: string; leads: FloorLead[] };
/** A campaign with two Text Input questions, its agents signed in, and generated leads, each lead one agent's own. */
export type Floor = { campaign: string; campaignId: number; keys: readonly [string, string]; agents: FloorAgent[] };

const AGENT_PASSWORD = 'night-shift-pass-1';
const DATA_DATE = '2024-06-01';

/** Through the real API (campaign, questions, agents and their sign-ins), then the leads straight into PostgreSQL. */
export async function setUpFloor(
  server: RunningServer,
  admin: Api,
  databaseUrl: string,
  options: { label: string; agents: number; leadsPerAgent: number },
): Promise<Floor> {
  const campaign = `Fault floor ${options.label}`;
  const campaignId = await addCampaign(admin, campaign, `FAULT-${options.label.toUpperCase()}`);
  const added = await admin.call<{ qno: string }[]>('POST', '/questions/add', [
    { campaignId: campaign, title: 'First answer', type: 'Text Input', options: '' },
    { campaignId: campaign, title: 'Second answer', type: 'Text Input', options: '' },
  ]);
  if (added.status !== 200) throw new Error(`questions: ${added.status} ${JSON.stringify(added.body)}`);
  const [k1, k2] = added.body.map((q) => q.qno);
  if (k1 === undefined || k2 === undefined) throw new Error('two questions expected');

  const agents = await Promise.all(
    Array.from({ length: options.agents }, async (_, index): Promise<FloorAgent> => {
      const agentId = `FLT-${options.label}-${String(index + 1).padStart(2, '0')}`;
      const made = await admin.call('POST', '/api/ac/addAgent', {
        type: 'Physical',
        name: `Fault agent ${index + 1}`,
        agentId,
        password: AGENT_PASSWORD,
      });
      if (made.status !== 200) throw new Error(`addAgent: ${made.status} ${JSON.stringify(made.body)}`);
      const signIn = await timedCall(server, 'POST', '/api/auth/signInAgent', undefined, {
        username: agentId,
        password: AGENT_PASSWORD,
        shift: 'Morning',
        campaign,
      });
      if (signIn.status !== 200) throw new Error(`signInAgent: ${signIn.status} ${JSON.stringify(signIn.body)}`);
      const token = String((signIn.body as { jwtToken: string }).jwtToken);
      const [user] = await query<{ id: number }>(databaseUrl, 'select id from users where username = $1', [agentId]);
      if (user === undefined) throw new Error(`no user ${agentId}`);
      return { index, agentId, userId: user.id, token, leads: [] };
    }),
  );

  const total = options.agents * options.leadsPerAgent;
  const rows = await query<{ id: string; cell_number: string }>(
    databaseUrl,
    `insert into leads (campaign_id, data_status, region, respondent_name, cell_number, data_date, for_d, generate_status)
     select $1, 'valid', 'Dhaka', 'Respondent ' || g, '+88018' || lpad(g::text, 8, '0'), $2::date, 'd', 1
       from generate_series(1, $3::int) as g
     returning id, cell_number`,
    [campaignId, DATA_DATE, total],
  );
  rows.sort((a, b) => Number(a.id) - Number(b.id));
  rows.forEach((r, i) => agents[i % options.agents]!.leads.push({ id: Number(r.id), cell: r.cell_number }));
  await query(databaseUrl, 'analyze leads');
  return { campaign, campaignId, keys: [k1, k2], agents };
}

export type SaveBody = Record<string, string | number>;

/** A whole answer set tagged with its version: both answers and is_called say which save wrote them. */
export function saveBody(floor: Floor, version: number): SaveBody {
  return { [floor.keys[0]]: `v${version} first`, [floor.keys[1]]: `v${version} second`, is_called: version % 2 };
}

export type Call = Reply & { agent: number; kind: 'lookup' | 'save'; leadId: number; version: number | undefined };

export type FloorRun = {
  calls: Call[];
  /** Ends every agent's loop after its request under way; resolves once all are idle. */
  stop: () => Promise<Call[]>;
  /**
   * Resolves once every lead of the floor has had a save answered 2xx, or after `withinMs` (the caller's assertion
   * then says how many were): a busy machine gets through the floor later, not less of it.
   */
  everyLeadSaved: (withinMs: number) => Promise<void>;
};

/**
 * Every agent loops over its own leads: looks the lead up, then saves a new version of its answers (as an agent
 * whose screen shows the lead saves whatever the lookup said), then pauses `thinkMs`. One request at a time per
 * agent, so a lead's saves are sent one after the other and its last answered save is well defined.
 */
export function runFloor(
  server: RunningServer,
  floor: Floor,
  options: { thinkMs: number; timeoutMs?: number },
): FloorRun {
  const calls: Call[] = [];
  let version = 0;
  let stopped = false;
  const loop = async (agent: FloorAgent) => {
    for (let turn = 0; !stopped; turn++) {
      const lead = agent.leads[turn % agent.leads.length]!;
      const lookupUrl = `/api/ap/getByNumber?${new URLSearchParams({ tableName: floor.campaign, cellNumber: lead.cell }).toString()}`;
      const lookup = await timedCall(server, 'GET', lookupUrl, agent.token, undefined, options.timeoutMs);
      calls.push({ ...lookup, agent: agent.index, kind: 'lookup', leadId: lead.id, version: undefined });
      if (stopped) break;
      const v = ++version;
      const saveUrl = `/dynamic/updateLeadData/${encodeURIComponent(floor.campaign)}/${encodeURIComponent(lead.cell)}?leadId=${lead.id}`;
      const save = await timedCall(server, 'PUT', saveUrl, agent.token, saveBody(floor, v), options.timeoutMs);
      calls.push({ ...save, agent: agent.index, kind: 'save', leadId: lead.id, version: v });
      await sleep(options.thinkMs);
    }
  };
  const loops = Promise.all(floor.agents.map(loop));
  const leads = floor.agents.reduce((n, a) => n + a.leads.length, 0);
  return {
    calls,
    everyLeadSaved: async (withinMs) => {
      const until = Date.now() + withinMs;
      while (!stopped && lastAnsweredVersions(calls).size < leads && Date.now() < until) await sleep(100);
    },
    stop: async () => {
      stopped = true;
      await loops;
      return calls;
    },
  };
}

export const ok = (c: Reply) => c.status >= 200 && c.status < 300;

/** What a call answers while the database is away: 503 "not answering", or for a save whose commit was cut off, "may have been saved". */
export const isOutageReply = (c: Call) =>
  c.status === 503 && (c.message === UNAVAILABLE || (c.kind === 'save' && c.message === MAY_HAVE_BEEN_SAVED));

/** Per lead, the version of its last save answered 2xx. */
export function lastAnsweredVersions(calls: readonly Call[]): Map<number, number> {
  const last = new Map<number, number>();
  for (const c of calls)
    if (c.kind === 'save' && ok(c) && c.version !== undefined && c.version > (last.get(c.leadId) ?? 0))
      last.set(c.leadId, c.version);
  return last;
}

/** A lead's stored answers read back: the version they carry, and whether they are one save's whole set. */
export type StoredAnswers = {
  leadId: number;
  answers: Record<string, string>;
  isCalled: number;
  calledBy: number | null;
  version: number | undefined;
  whole: boolean;
};

export async function storedAnswers(databaseUrl: string, floor: Floor): Promise<Map<number, StoredAnswers>> {
  const rows = await query<{
    id: string;
    answers: Record<string, string>;
    is_called: number;
    called_by: number | null;
  }>(databaseUrl, 'select id, answers, is_called, called_by from leads where campaign_id = $1', [floor.campaignId]);
  const [k1, k2] = floor.keys;
  const out = new Map<number, StoredAnswers>();
  for (const r of rows) {
    const one = /^v(\d+) first$/.exec(r.answers[k1] ?? '');
    const two = /^v(\d+) second$/.exec(r.answers[k2] ?? '');
    const keys = Object.keys(r.answers).sort();
    let version: number | undefined;
    let whole: boolean;
    if (one === null && two === null && keys.length === 0)
      whole = r.is_called === 0 && r.called_by === null; // never saved
    else {
      version = Number(one?.[1]);
      whole =
        one !== null &&
        two !== null &&
        one[1] === two[1] &&
        keys.join(',') === [k1, k2].sort().join(',') &&
        r.is_called === version % 2;
    }
    out.set(Number(r.id), {
      leadId: Number(r.id),
      answers: r.answers,
      isCalled: r.is_called,
      calledBy: r.called_by,
      version,
      whole,
    });
  }
  return out;
}

/** Every agent's lead: the stored answers carry one version each, written by that agent. */
export function mixedRows(floor: Floor, stored: ReadonlyMap<number, StoredAnswers>): string[] {
  const problems: string[] = [];
  for (const agent of floor.agents) {
    for (const lead of agent.leads) {
      const s = stored.get(lead.id);
      if (s === undefined) problems.push(`lead ${lead.id} is gone`);
      else if (!s.whole) problems.push(`lead ${lead.id} mixes saves: ${JSON.stringify(s)}`);
      else if (s.version !== undefined && s.calledBy !== agent.userId)
        problems.push(`lead ${lead.id} was called by ${s.calledBy}, not agent ${agent.userId}`);
    }
  }
  return problems;
}

/** A short account of calls by outcome, for the test's console line and failure messages. */
export function outcomes(calls: readonly Reply[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of calls) {
    const key = ok(c) ? '2xx' : `${c.status} ${c.message ?? c.error ?? ''}`.trim();
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

// ---- the product's log

/** One JSON line of the product's log (pino); lines that are not JSON (a stack trace on stderr) come as level 0. */
export type LogLine = { level: number; msg: string; time: number; status?: number; raw: string };

export type LogReader = {
  /** Every line read so far, after the reader was attached. */
  lines: () => LogLine[];
  /** The lines whose msg matches. */
  matching: (re: RegExp) => LogLine[];
};

/**
 * Reads the product's stdout and stderr from now on, whole (RunningServer.output() keeps only a tail, which a floor
 * of agents' request lines would push the few lines that matter out of).
 */
export function readLog(server: RunningServer): LogReader {
  const lines: LogLine[] = [];
  const pending = { stdout: '', stderr: '' };
  const take = (which: 'stdout' | 'stderr') => (chunk: Buffer) => {
    const parts = (pending[which] + chunk.toString('utf8')).split('\n');
    pending[which] = parts.pop() ?? '';
    for (const raw of parts) {
      if (!raw.trim()) continue;
      let line: LogLine = { level: 0, msg: raw, time: Date.now(), raw };
      try {
        const parsed = JSON.parse(raw) as { level?: unknown; msg?: unknown; time?: unknown; status?: unknown };
        line = {
          level: typeof parsed.level === 'number' ? parsed.level : 0,
          msg: typeof parsed.msg === 'string' ? parsed.msg : '',
          time: typeof parsed.time === 'number' ? parsed.time : Date.now(),
          ...(typeof parsed.status === 'number' ? { status: parsed.status } : {}),
          raw,
        };
      } catch {
        // Not JSON: kept as it came.
      }
      lines.push(line);
    }
  };
  server.child.stdout?.on('data', take('stdout'));
  server.child.stderr?.on('data', take('stderr'));
  return { lines: () => lines, matching: (re) => lines.filter((l) => re.test(l.msg)) };
}

/** pino's levels. */
export const LEVEL = { info: 30, warn: 40, error: 50 } as const;

export const NOT_ANSWERING = /database is not answering/i;
export const ANSWERING_AGAIN = /database is answering again/i;

/** A stack trace in a log line: pino's err.stack, or the "    at …" lines Node prints. */
export const STACK = /"stack"|\n\s+at |^\s+at /;

// ---- /healthz

export type HealthSample = Reply;

/** GET /healthz every `everyMs` (the next one right away when one took longer) until stopped. */
export function pollHealth(
  server: RunningServer,
  everyMs = 250,
): { samples: HealthSample[]; stop: () => Promise<HealthSample[]> } {
  const samples: HealthSample[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const r = await timedCall(server, 'GET', '/healthz', undefined, undefined, 10_000);
      samples.push(r);
      await sleep(Math.max(0, everyMs - (r.end - r.start)));
    }
  })();
  return {
    samples,
    stop: async () => {
      stopped = true;
      await loop;
      return samples;
    },
  };
}
