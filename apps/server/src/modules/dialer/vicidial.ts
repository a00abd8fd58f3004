// The VICIdial adapter: reads user_group_status from the non-agent API and parses its pipe-delimited reply.
import { DIALER_STAT_KEYS, ZDialerStats, type TDialerStats } from '@crm/shared';
import type { TDialerConfig } from '../../config.ts';

/** A failed read whose message is safe to show an administrator (no credentials, no URL query). */
export class DialerReadError extends Error {
  override name = 'DialerReadError';
}

/** Where the live figures come from; the poller calls read() every few seconds. */
export type DialerSource = {
  mode: 'vicidial' | 'simulated';
  read: (signal: AbortSignal) => Promise<TDialerStats>;
};

export type VicidialSettings = Extract<TDialerConfig, { mode: 'vicidial' }>;

const MAX_MESSAGE = 300;

function shorten(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > MAX_MESSAGE ? `${oneLine.slice(0, MAX_MESSAGE)}…` : oneLine;
}

/**
 * Parses the reply of `function=user_group_status&header=YES`: a header line naming the columns and one
 * data line. Columns are found by name, so a dialer that adds or reorders columns still reads correctly.
 */
export function parseUserGroupStatus(text: string): TDialerStats {
  const body = text.replace(/^\uFEFF/, '').trim();
  if (body.startsWith('ERROR:'))
    throw new DialerReadError(shorten(body.slice('ERROR:'.length)) || 'The dialer answered ERROR without a message.');
  const lines = body
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const [headerLine, dataLine, ...rest] = lines;
  if (headerLine === undefined || dataLine === undefined || rest.length > 0) {
    throw new DialerReadError(
      'The dialer sent a reply that could not be read: expected a header line and one line of figures.',
    );
  }
  const header = headerLine.split('|').map((h) => h.trim().toLowerCase());
  const values = dataLine.split('|').map((v) => v.trim());
  const missing = DIALER_STAT_KEYS.filter((key) => !header.includes(key));
  if (missing.length > 0)
    throw new DialerReadError(`The dialer sent a reply that could not be read: no ${missing.join(', ')} column.`);
  if (values.length !== header.length)
    throw new DialerReadError('The dialer sent a reply that could not be read: the figures do not match the header.');
  const figures: Record<string, number> = {};
  for (const key of DIALER_STAT_KEYS) {
    const value = values[header.indexOf(key)] ?? '';
    if (!/^\d{1,9}$/.test(value))
      throw new DialerReadError(
        `The dialer sent a reply that could not be read: ${key} is "${shorten(value).slice(0, 40)}", not a count.`,
      );
    figures[key] = Number(value);
  }
  return ZDialerStats.parse(figures);
}

/** The request URL, credentials included: it must never be logged or shown. */
export function userGroupStatusUrl(settings: VicidialSettings): URL {
  const url = new URL(settings.url);
  const params = new URLSearchParams(url.search);
  params.set('source', 'crm');
  params.set('user', settings.user);
  params.set('pass', settings.pass);
  params.set('function', 'user_group_status');
  params.set('user_groups', settings.userGroups.join('|'));
  params.set('header', 'YES');
  url.search = params.toString();
  return url;
}

/** Keeps the API user and password out of a message the dialer wrote (its errors may echo the user). */
function redact(message: string, settings: VicidialSettings): string {
  let safe = message;
  for (const secret of [settings.pass, settings.user]) {
    // Very short values would blank out ordinary words and digits; they are unlikely to be echoed anyway.
    if (secret.length >= 3) safe = safe.split(secret).join('***');
  }
  return safe;
}

function describeFetchFailure(error: unknown, host: string): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const code = cause !== undefined && 'code' in cause && typeof cause.code === 'string' ? cause.code : undefined;
  return `Cannot reach the dialer at ${host}${code ? ` (${code})` : ''}.`;
}

function formatDuration(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
}

/** One read of the live figures; every failure is a DialerReadError with a message fit to show. */
export async function readUserGroupStatus(settings: VicidialSettings, signal: AbortSignal): Promise<TDialerStats> {
  const url = userGroupStatusUrl(settings);
  const timeout = AbortSignal.timeout(settings.timeoutMs);
  const combined = AbortSignal.any([signal, timeout]);
  let text: string;
  try {
    const response = await fetch(url, { signal: combined, headers: { accept: 'text/plain' } });
    text = await response.text();
    if (!response.ok) throw new DialerReadError(`The dialer answered HTTP ${response.status}.`);
  } catch (error) {
    if (error instanceof DialerReadError) throw error;
    if (signal.aborted) throw error; // stopping: not a dialer failure
    if (timeout.aborted)
      throw new DialerReadError(`The dialer did not answer within ${formatDuration(settings.timeoutMs)}.`);
    throw new DialerReadError(describeFetchFailure(error, url.host));
  }
  try {
    return parseUserGroupStatus(text);
  } catch (error) {
    if (error instanceof DialerReadError) throw new DialerReadError(redact(error.message, settings));
    throw error;
  }
}

export function createVicidialSource(settings: VicidialSettings): DialerSource {
  return { mode: 'vicidial', read: (signal) => readUserGroupStatus(settings, signal) };
}
