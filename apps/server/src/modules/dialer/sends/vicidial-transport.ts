// The send's dialer when VICIDIAL_URL is set: add_lead and update_lead (no_update lookup) over VICIdial's non-agent API.
import type { CountryCode } from 'libphonenumber-js';
import { ADD_LEAD_SOURCE, addLeadParams, findLeadParams, parseAddLeadReply, parseFindLeadReply } from './add-lead.ts';
import type { TLeadTransport } from './transport.ts';

export type TVicidialTransportSettings = {
  /** The full URL of non_agent_api.php. */
  url: string;
  user: string;
  pass: string;
  /** A request without an answer in this time is transient (looked up before it is tried again). */
  timeoutMs: number;
  /** The country of a number written without its country code. */
  country?: CountryCode;
};

/** Why a request got no usable answer; the caller turns it into a transient outcome. */
export type TNoAnswer = { kind: 'transient'; message: string };

function formatDuration(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
}

function describeFetchFailure(error: unknown, host: string): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const code = cause !== undefined && 'code' in cause && typeof cause.code === 'string' ? cause.code : undefined;
  return `Cannot reach the dialer at ${host}${code ? ` (${code})` : ''}.`;
}

/** One request of non_agent_api.php: its reply text, or why there is none (a transient failure). */
export type TNonAgentRequest = (params: URLSearchParams, signal: AbortSignal) => Promise<string | TNoAnswer>;

/**
 * Requests of VICIdial's non-agent API with the API user's credentials (the sends' add_lead and update_lead, and the
 * dialer sync's add_dnc_phone and update_lead). An abort of the caller's signal is rethrown: stopping is not an outcome.
 */
export function createNonAgentRequest(
  settings: Pick<TVicidialTransportSettings, 'url' | 'user' | 'pass' | 'timeoutMs'>,
): TNonAgentRequest {
  return async function request(params: URLSearchParams, signal: AbortSignal): Promise<string | TNoAnswer> {
    // The URL holds the credentials: it is never logged or put in a message.
    const url = new URL(settings.url);
    for (const [name, value] of params) url.searchParams.set(name, value);
    url.searchParams.set('source', ADD_LEAD_SOURCE);
    url.searchParams.set('user', settings.user);
    url.searchParams.set('pass', settings.pass);
    const timeout = AbortSignal.timeout(settings.timeoutMs);
    try {
      // fetch keeps the connection alive between requests, so a send does not open one per lead.
      const response = await fetch(url, {
        signal: AbortSignal.any([signal, timeout]),
        headers: { accept: 'text/plain' },
      });
      if (!response.ok) {
        await response.body?.cancel();
        return { kind: 'transient', message: `The dialer answered HTTP ${response.status}.` };
      }
      return await response.text();
    } catch (error) {
      if (signal.aborted) throw error;
      if (timeout.aborted)
        return {
          kind: 'transient',
          message: `The dialer did not answer within ${formatDuration(settings.timeoutMs)}.`,
        };
      return { kind: 'transient', message: describeFetchFailure(error, url.host) };
    }
  };
}

export function createVicidialTransport(settings: TVicidialTransportSettings): TLeadTransport {
  const secrets = [settings.user, settings.pass];
  const request = createNonAgentRequest(settings);

  return {
    mode: 'vicidial',
    addLead: async (lead, sendSettings, signal) => {
      const reply = await request(addLeadParams(lead, sendSettings, settings.country), signal);
      return typeof reply === 'string' ? parseAddLeadReply(reply, sendSettings, secrets) : reply;
    },
    findLead: async (vendorLeadCode, sendSettings, signal) => {
      const reply = await request(findLeadParams(vendorLeadCode, sendSettings), signal);
      return typeof reply === 'string' ? parseFindLeadReply(reply, secrets) : reply;
    },
  };
}
