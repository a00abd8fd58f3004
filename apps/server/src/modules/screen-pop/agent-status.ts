// Reads one agent's VICIdial session: non_agent_api.php function=agent_status, its documented reply and ERROR lines.
import http from 'node:http';
import https from 'node:https';
import type { VicidialSettings } from '../dialer/vicidial.ts';

/** A logged-in agent's session, by the reply's column names (docs/NON-AGENT_API.txt, agent_status). */
export type TAgentSession = {
  status: string;
  callId: string;
  leadId: string;
  campaignId: string;
  subStatus: string;
  phoneNumber: string;
  vendorLeadCode: string;
  sessionId: string;
};

/**
 * What one read found: the agent's session, or an answer about the agent alone (not logged in to VICIdial's agent
 * screen, no such VICIdial user): those are states of one agent, not trouble with VICIdial.
 */
export type TAgentStatusRead =
  | { kind: 'session'; session: TAgentSession }
  | { kind: 'not-logged-in'; message: string }
  | { kind: 'not-found'; message: string };

/** VICIdial could not be read (down, time-out, HTTP error, garbage, or an ERROR about the API user or the request). */
export class AgentStatusError extends Error {
  override name = 'AgentStatusError';
}

const MAX_MESSAGE = 200;

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_MESSAGE ? `${line.slice(0, MAX_MESSAGE)}…` : line;
}

/** The request URL, credentials included: it must never be logged or shown. */
export function agentStatusUrl(settings: VicidialSettings, agentUser: string): URL {
  const url = new URL(settings.url);
  const params = new URLSearchParams(url.search);
  params.set('source', 'crm');
  params.set('user', settings.user);
  params.set('pass', settings.pass);
  params.set('function', 'agent_status');
  params.set('agent_user', agentUser);
  params.set('stage', 'csv');
  params.set('header', 'YES');
  url.search = params.toString();
  return url;
}

/** Columns this reader needs; the others (full_name, pause_code, computer_ip…) may come or not, in any order. */
const NEEDED = ['status', 'lead_id', 'phone_number', 'vendor_lead_code'] as const;

/**
 * Parses the reply of `function=agent_status&stage=csv&header=YES`: a header line and one data line. Columns are found
 * by name, so a VICIdial that adds or reorders columns still reads. "ERROR: agent_status AGENT NOT LOGGED IN" and
 * "AGENT NOT FOUND" are the agent's state; any other ERROR, or a reply of another shape, is an AgentStatusError.
 */
export function parseAgentStatus(text: string): TAgentStatusRead {
  const body = text.replace(/^\uFEFF/, '').trim();
  if (body.startsWith('ERROR:')) {
    const message = oneLine(body.split(/\r?\n/)[0] ?? body);
    if (/\bAGENT NOT LOGGED IN\b/.test(message)) return { kind: 'not-logged-in', message };
    if (/\bAGENT NOT FOUND\b/.test(message)) return { kind: 'not-found', message };
    throw new AgentStatusError(message);
  }
  const lines = body
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const [headerLine, dataLine, ...rest] = lines;
  if (headerLine === undefined || dataLine === undefined || rest.length > 0) {
    throw new AgentStatusError(
      'VICIdial sent an agent_status reply that could not be read: expected a header line and one line.',
    );
  }
  const header = headerLine.split(',').map((h) => h.trim().toLowerCase());
  const values = dataLine.split(',').map((v) => v.trim());
  const missing = NEEDED.filter((c) => !header.includes(c));
  if (missing.length > 0)
    throw new AgentStatusError(
      `VICIdial sent an agent_status reply that could not be read: no ${missing.join(', ')} column.`,
    );
  // A full name with a comma in it would shift every column after it: refuse rather than misread a number.
  if (values.length !== header.length)
    throw new AgentStatusError(
      'VICIdial sent an agent_status reply that could not be read: the values do not match the header.',
    );
  const at = (column: string) => {
    const i = header.indexOf(column);
    return i < 0 ? '' : (values[i] ?? '');
  };
  return {
    kind: 'session',
    session: {
      status: at('status').toUpperCase(),
      callId: at('call_id'),
      leadId: at('lead_id'),
      campaignId: at('campaign_id'),
      subStatus: at('real_time_sub_status'),
      phoneNumber: at('phone_number'),
      vendorLeadCode: at('vendor_lead_code'),
      sessionId: at('session_id'),
    },
  };
}

/** Keeps the API user and password out of a message VICIdial wrote (its errors echo the API user). */
export function redactCredentials(message: string, settings: Pick<VicidialSettings, 'user' | 'pass'>): string {
  let safe = message;
  for (const secret of [settings.pass, settings.user]) {
    if (secret.length >= 3) safe = safe.split(secret).join('***');
  }
  return safe;
}

/** A reply longer than this is not agent_status's (a header and one line): the rest is not read. */
const MAX_REPLY_BYTES = 64 * 1024;

function failureCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/** Reads agent_status over kept-alive connections (a read every second per watched agent). */
export type AgentStatusClient = {
  read: (agentUser: string, timeoutMs: number, signal: AbortSignal) => Promise<TAgentStatusRead>;
  /** Closes the kept-alive connections. */
  close: () => void;
};

/**
 * node:http rather than fetch: about a third of fetch's CPU a request, which the server spends 300 times a second
 * for 300 watched agents. At most `maxSockets` connections to VICIdial, kept alive between passes.
 */
export function createAgentStatusClient(settings: VicidialSettings, maxSockets: number): AgentStatusClient {
  const secure = new URL(settings.url).protocol === 'https:';
  const agent = secure
    ? new https.Agent({ keepAlive: true, maxSockets })
    : new http.Agent({ keepAlive: true, maxSockets });
  const request = secure ? https.request : http.request;

  async function get(url: URL, signal: AbortSignal): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const req = request(url, { agent, signal, headers: { accept: 'text/plain' } }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_REPLY_BYTES) chunks.push(chunk);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  }

  return {
    read: async (agentUser, timeoutMs, signal) => {
      const url = agentStatusUrl(settings, agentUser);
      const timeout = AbortSignal.timeout(timeoutMs);
      let reply: { status: number; text: string };
      try {
        reply = await get(url, AbortSignal.any([signal, timeout]));
      } catch (error) {
        if (signal.aborted) throw error; // stopping: not a VICIdial failure
        if (timeout.aborted) throw new AgentStatusError(`VICIdial did not answer agent_status within ${timeoutMs} ms.`);
        const code = failureCode(error);
        throw new AgentStatusError(`Cannot reach VICIdial at ${url.host}${code ? ` (${code})` : ''}.`);
      }
      if (reply.status !== 200) throw new AgentStatusError(`VICIdial answered agent_status with HTTP ${reply.status}.`);
      try {
        const read = parseAgentStatus(reply.text);
        return read.kind === 'session' ? read : { ...read, message: redactCredentials(read.message, settings) };
      } catch (error) {
        if (error instanceof AgentStatusError) throw new AgentStatusError(redactCredentials(error.message, settings));
        throw error;
      }
    },
    close: () => agent.destroy(),
  };
}
