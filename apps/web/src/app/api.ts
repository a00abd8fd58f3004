// The one way the browser calls the server: JSON, the bearer token, session expiry, time-outs and visible failures.
import { notifications } from '@mantine/notifications';
import { MESSAGES } from '@crm/shared';
import { clearSession, readSession } from './session.ts';

export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'aborted' | 'invalid-reply';

export class ApiError extends Error {
  readonly status: number;
  readonly kind: ApiErrorKind;
  /** The server's reply body, for screens that show more than its message (e.g. a per-row CSV report). */
  readonly body: unknown;

  /** status is the HTTP status, or 0 when no usable answer arrived (network, timeout, abort). */
  constructor(status: number, message: string, kind: ApiErrorKind = 'http', body: unknown = undefined) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.kind = kind;
    this.body = body;
  }
}

export const NETWORK_ERROR_MESSAGE = 'Cannot reach the server. Check your connection and try again.';
export const INVALID_REPLY_MESSAGE = 'The server sent a reply this screen cannot read.';

/**
 * How long a call waits for its whole answer unless it says otherwise. The server answers an interactive call
 * within ~15 s even when its database is in trouble (3 s for a connection, 10 s per statement, 2 s per lock;
 * ~30 s at worst), so a call still unanswered after twice that has lost the server.
 */
export const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * Generate, regenerate and delete leads run on the server's bulk pool: a job may wait up to 30 minutes for the
 * campaign's lead lock (an upload storing leads holds it), then run up to 30 minutes, after up to 30 s for a
 * connection. The screen waits longer than all of that, so it never calls failed a job the server still runs.
 */
export const LONG_JOB_TIMEOUT_MS = 65 * 60_000;

/** "60 seconds", "65 minutes". */
function inWords(ms: number): string {
  if (ms < 120_000) {
    const seconds = Math.max(1, Math.round(ms / 1000));
    return `${seconds} second${seconds === 1 ? '' : 's'}`;
  }
  return `${Math.round(ms / 60_000)} minutes`;
}

/** What a call that outlived its time-out says: a read can simply be tried again; a write may have been stored. */
export function timeoutMessage(timeoutMs: number, write: boolean): string {
  const silent = `The server did not answer within ${inWords(timeoutMs)}.`;
  return write
    ? `${silent} The change may or may not have been saved: check it, and try again if it was not.`
    : `${silent} Try again in a moment.`;
}

/** The time-out message of a read with the default time-out. */
export const TIMEOUT_ERROR_MESSAGE = timeoutMessage(DEFAULT_TIMEOUT_MS, false);
/** The time-out message of a write (POST, PUT, DELETE) with the default time-out. */
export const TIMEOUT_WRITE_MESSAGE = timeoutMessage(DEFAULT_TIMEOUT_MS, true);

/** Anything with parse(), e.g. a zod schema from @crm/shared. */
export type Schema<T> = { parse: (data: unknown) => T };

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /**
   * Gives up when the whole answer has not arrived within this many milliseconds, failing with kind 'timeout'.
   * Default DEFAULT_TIMEOUT_MS; null for no time-out at all (work whose length is the job's, not the server's health).
   */
  timeoutMs?: number | null;
  /** Public call (sign-in, the login campaign list): no token, and a 401 is an answer, not an expired session. */
  anonymous?: boolean;
  /** Set false when the screen shows the failure itself (e.g. the login form's alert). */
  notify?: boolean;
};

let onSessionExpired: () => void = () => window.location.assign('/login');

/** The SessionProvider installs a handler that clears React state and navigates inside the router. */
export function setSessionExpiredHandler(handler: () => void): () => void {
  const previous = onSessionExpired;
  onSessionExpired = handler;
  return () => {
    onSessionExpired = previous;
  };
}

export function notifySessionExpired(): void {
  notifications.show({ id: 'session-expired', color: 'yellow', message: MESSAGES.auth.sessionExpired });
}

/** The Authorization header value of the signed-in user, or null; for the one call that cannot use fetch (an upload with progress). */
export function authorizationHeader(): string | null {
  const session = readSession();
  return session === null ? null : `Bearer ${session.token}`;
}

/** What a 401 on a signed-in call does: forget the session, say so, and go to sign-in. */
export function endExpiredSession(): void {
  clearSession();
  notifySessionExpired();
  onSessionExpired();
}

export function notifyError(message: string): void {
  // The id folds identical failures of parallel calls into one notification.
  notifications.show({ id: `error:${message}`, color: 'red', title: 'Error', message, autoClose: 8000 });
}

function buildUrl(path: string, query: Record<string, QueryValue> | undefined): string {
  if (query === undefined) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search === '' ? path : `${path}?${search}`;
}

/**
 * 502-504 without a message of ours come from a proxy (the dev server, a load balancer) whose upstream, our server,
 * is down. Our server's own 503 (the database busy or not answering) carries its message, which is shown instead.
 */
export const GATEWAY_STATUSES: readonly number[] = [502, 503, 504];

function fallbackMessage(status: number): string {
  if (GATEWAY_STATUSES.includes(status)) return NETWORK_ERROR_MESSAGE;
  if (status === 401) return MESSAGES.auth.signInRequired;
  if (status === 403) return MESSAGES.auth.forbidden;
  if (status === 404) return MESSAGES.common.notFound;
  if (status >= 500) return MESSAGES.common.serverError;
  return `The request failed (HTTP ${status}).`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

type ReplyReader = (response: Response) => Promise<unknown>;

const readBlob: ReplyReader = (response) => (response.ok ? response.blob() : readBody(response));

/** The server's own {message} of a reply body, if it has one. */
export function serverMessage(body: unknown): string | undefined {
  if (
    typeof body === 'object' &&
    body !== null &&
    'message' in body &&
    typeof body.message === 'string' &&
    body.message !== ''
  ) {
    return body.message;
  }
  return undefined;
}

/** The server's {message}, or a plain sentence for the status when the reply has none. */
export function messageOf(body: unknown, status: number): string {
  return serverMessage(body) ?? fallbackMessage(status);
}

function requestInit(method: string, body: unknown, options: RequestOptions): RequestInit {
  const headers = new Headers({ Accept: 'application/json' });
  const authorization = options.anonymous ? null : authorizationHeader();
  if (authorization !== null) headers.set('Authorization', authorization);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary itself
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }
  return { method, headers, body: payload };
}

/** One call's abort signal: the caller's, or the time-out's, which covers the answer's headers and body alike. */
type TDeadline = { signal: AbortSignal; timeoutMs: number | null; timedOut: () => boolean; end: () => void };

function startDeadline(options: RequestOptions): TDeadline {
  const controller = new AbortController();
  const timeoutMs = options.timeoutMs === undefined ? DEFAULT_TIMEOUT_MS : options.timeoutMs;
  let timedOut = false;
  const timer =
    timeoutMs === null
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs);
  const abortFromCaller = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', abortFromCaller);
  return {
    signal: controller.signal,
    timeoutMs,
    timedOut: () => timedOut,
    end: () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abortFromCaller);
    },
  };
}

/** Why no usable answer arrived: the time-out, the screen's own cancel, or the network. */
function noAnswer(deadline: TDeadline, method: string): ApiError {
  if (deadline.timedOut())
    return new ApiError(0, timeoutMessage(deadline.timeoutMs ?? DEFAULT_TIMEOUT_MS, method !== 'GET'), 'timeout');
  if (deadline.signal.aborted) return new ApiError(0, 'The request was cancelled.', 'aborted');
  return new ApiError(0, NETWORK_ERROR_MESSAGE, 'network');
}

/** The status and body of the answer; rejects with an ApiError when none arrived whole. */
async function exchange(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions,
  read: ReplyReader,
): Promise<{ response: Response; data: unknown }> {
  const deadline = startDeadline(options);
  try {
    const response = await fetch(buildUrl(path, options.query), {
      ...requestInit(method, body, options),
      signal: deadline.signal,
    });
    return { response, data: await read(response) };
  } catch {
    throw noAnswer(deadline, method);
  } finally {
    deadline.end();
  }
}

async function call(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions,
  schema: Schema<unknown> | undefined,
  read: ReplyReader = readBody,
): Promise<unknown> {
  try {
    const { response, data } = await exchange(method, path, body, options, read);
    if (response.status === 401 && !options.anonymous) {
      endExpiredSession();
      throw new ApiError(401, MESSAGES.auth.sessionExpired);
    }
    if (!response.ok) throw new ApiError(response.status, messageOf(data, response.status), 'http', data);
    if (schema === undefined) return data;
    try {
      return schema.parse(data);
    } catch {
      throw new ApiError(response.status, INVALID_REPLY_MESSAGE, 'invalid-reply');
    }
  } catch (error) {
    const apiError = error instanceof ApiError ? error : new ApiError(0, NETWORK_ERROR_MESSAGE, 'network');
    // A cancelled call is the screen's own choice, and an expired session has its own notice.
    const silent = apiError.kind === 'aborted' || (apiError.status === 401 && !options.anonymous);
    if (options.notify !== false && !silent) notifyError(apiError.message);
    throw apiError;
  }
}

// Overloads: a typed reply needs a schema, so a caller cannot claim a type the server never promised.
type Validated<T> = RequestOptions & { schema: Schema<T> };
type Unvalidated = RequestOptions & { schema?: undefined };

function get<T>(path: string, options: Validated<T>): Promise<T>;
function get(path: string, options?: Unvalidated): Promise<unknown>;
function get(path: string, options: RequestOptions & { schema?: Schema<unknown> } = {}): Promise<unknown> {
  return call('GET', path, undefined, options, options.schema);
}

function post<T>(path: string, body: unknown, options: Validated<T>): Promise<T>;
function post(path: string, body?: unknown, options?: Unvalidated): Promise<unknown>;
function post(
  path: string,
  body?: unknown,
  options: RequestOptions & { schema?: Schema<unknown> } = {},
): Promise<unknown> {
  return call('POST', path, body, options, options.schema);
}

function put<T>(path: string, body: unknown, options: Validated<T>): Promise<T>;
function put(path: string, body?: unknown, options?: Unvalidated): Promise<unknown>;
function put(
  path: string,
  body?: unknown,
  options: RequestOptions & { schema?: Schema<unknown> } = {},
): Promise<unknown> {
  return call('PUT', path, body, options, options.schema);
}

function del<T>(path: string, options: Validated<T>): Promise<T>;
function del(path: string, options?: Unvalidated): Promise<unknown>;
function del(path: string, options: RequestOptions & { schema?: Schema<unknown> } = {}): Promise<unknown> {
  return call('DELETE', path, undefined, options, options.schema);
}

/**
 * A file download (CSV, xlsx, audio) held in memory; failures still arrive as JSON {message}. The time-out covers
 * the whole file: today's callers fetch small templates. Big reports are not fetched here but followed as links
 * (reports/api.ts), so the browser streams them to disk without any time-out of ours.
 */
function download(path: string, options: RequestOptions = {}): Promise<Blob> {
  // readBlob yields response.blob() for every successful reply, and failures throw before this resolves.
  return call('GET', path, undefined, options, undefined, readBlob) as Promise<Blob>;
}

/** get/post/put/del validate the reply when given { schema }; every failure is an ApiError, already shown. */
export const api = { get, post, put, del, download };
