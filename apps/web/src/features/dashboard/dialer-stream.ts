// Keeps one EventSource on the dialer stream open: a fresh media token per connection, own reconnects with back-off.
import { DIALER_EVENT, ZDialerState, type TDialerState } from '@crm/shared';

export type TStreamStatus = 'connecting' | 'open' | 'reconnecting';

export type DialerStreamOptions = {
  /** The stream's path; `?token=` is added. */
  path: string;
  fetchToken: (signal: AbortSignal) => Promise<string>;
  onState: (state: TDialerState) => void;
  onStatus: (status: TStreamStatus) => void;
  createEventSource?: (url: string) => EventSource;
  /** Wait before reconnect attempt n (0-based). */
  backoffMs?: (attempt: number) => number;
};

export const MAX_BACKOFF_MS = 30_000;

export function defaultBackoff(attempt: number): number {
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt);
}

function readState(data: unknown): TDialerState | null {
  try {
    const parsed = ZDialerState.safeParse(JSON.parse(String(data)));
    if (parsed.success) return parsed.data;
  } catch {
    // not JSON: reported below
  }
  console.warn('The dialer stream sent a state this screen cannot read.');
  return null;
}

/**
 * Opens the stream and keeps it open until the returned stop() is called. EventSource would reconnect by
 * itself, but with the URL it was given, whose token has expired by then: so every error closes it and a
 * new one is opened with a new token, waiting longer after each failure in a row.
 */
export function connectDialerStream(options: DialerStreamOptions): () => void {
  const { path, fetchToken, onState, onStatus, createEventSource = (url) => new EventSource(url), backoffMs = defaultBackoff } = options;
  let stopped = false;
  let attempt = 0;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let tokenRequest: AbortController | null = null;

  const retry = () => {
    if (stopped) return;
    onStatus('reconnecting');
    timer = setTimeout(() => void connect(), backoffMs(attempt));
    attempt += 1;
  };

  async function connect() {
    if (attempt === 0) onStatus('connecting');
    tokenRequest = new AbortController();
    let token: string;
    try {
      token = await fetchToken(tokenRequest.signal);
    } catch {
      retry();
      return;
    }
    if (stopped) return;
    let es: EventSource;
    try {
      es = createEventSource(`${path}?token=${encodeURIComponent(token)}`);
    } catch {
      retry();
      return;
    }
    source = es;
    es.addEventListener(DIALER_EVENT, (event) => {
      const state = readState((event as MessageEvent<unknown>).data);
      if (state === null) return;
      attempt = 0;
      onStatus('open');
      onState(state);
    });
    es.onerror = () => {
      es.close();
      if (source === es) source = null;
      retry();
    };
  }

  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    tokenRequest?.abort();
    source?.close();
    source = null;
  };
}
