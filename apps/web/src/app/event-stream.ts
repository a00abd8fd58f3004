// Keeps one EventSource on a server-sent-events stream open: a fresh media token per connection, own reconnects with back-off.

export type TStreamStatus = 'connecting' | 'open' | 'reconnecting';

export type EventStreamOptions<T> = {
  /** The stream's path; `?token=` is added. */
  path: string;
  /** The name of the server's events (`event: …`). */
  event: string;
  /** An event's data as the screen uses it, or null when it cannot be read (the event is skipped). */
  read: (data: unknown) => T | null;
  fetchToken: (signal: AbortSignal) => Promise<string>;
  onMessage: (value: T) => void;
  onStatus: (status: TStreamStatus) => void;
  createEventSource?: (url: string) => EventSource;
  /** Wait before reconnect attempt n (0-based). */
  backoffMs?: (attempt: number) => number;
};

export const MAX_BACKOFF_MS = 30_000;

export function defaultBackoff(attempt: number): number {
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt);
}

/**
 * Opens the stream and keeps it open until the returned stop() is called. EventSource would reconnect by
 * itself, but with the URL it was given, whose token has expired by then: so every error closes it and a
 * new one is opened with a new token, waiting longer after each failure in a row.
 */
export function connectEventStream<T>(options: EventStreamOptions<T>): () => void {
  const {
    path,
    event,
    read,
    fetchToken,
    onMessage,
    onStatus,
    createEventSource = (url) => new EventSource(url),
    backoffMs = defaultBackoff,
  } = options;
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
    es.addEventListener(event, (message) => {
      const value = read((message as MessageEvent<unknown>).data);
      if (value === null || stopped) return;
      attempt = 0;
      onStatus('open');
      onMessage(value);
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

/** An event's data parsed as JSON and checked by `schema`, or null (with a warning naming `what`). */
export function readJsonEvent<T>(
  schema: { safeParse: (data: unknown) => { success: true; data: T } | { success: false } },
  what: string,
): (data: unknown) => T | null {
  return (data) => {
    try {
      const parsed = schema.safeParse(JSON.parse(String(data)));
      if (parsed.success) return parsed.data;
    } catch {
      // not JSON: reported below
    }
    console.warn(`The ${what} stream sent an event this screen cannot read.`);
    return null;
  };
}
