// A dialer's call ended on the CRM: its disposition goes back to VICIdial with agc/api.php external_status (with the
// callback's time, type and note for a callback disposition), so the agent never dispositions twice. What VICIdial
// answers is kept on the attempt and returned in its words; the save stands whatever it answers.
import { SAVE_CALLBACK_KEY, ZSaveCallback, localDateTimeText, type TDialerDispositionReport } from '@crm/shared';
import type { z } from 'zod';
import { defaultAgentApiUrl, type TConfig, type TDialerConfig } from '../../config.ts';
import type { Db } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { redactCredentials } from './agent-status.ts';

/** VICIdial's limit: callback comments "must be less than 200 characters". */
const MAX_CALLBACK_COMMENTS = 199;
const MAX_MESSAGE = 300;

/** external_status's callback fields. */
type TCallbackFields = { callbackDatetime: string; callbackType: 'USERONLY' | 'ANYONE'; callbackComments: string };

type TSaveCallbackOut = z.output<typeof ZSaveCallback>;

export type TDispositionToReport = {
  attemptId: number;
  /** The callback the save carried (SAVE_CALLBACK_KEY); without it, the one set against this attempt, if any. */
  callback?: TSaveCallbackOut | undefined;
};

/**
 * The save's body without SAVE_CALLBACK_KEY, and that callback read (for external_status). A callback that is not one
 * refuses the save whole (400 naming the field), as every other bad input does.
 */
export function takeSaveCallback<T extends Record<string, unknown>>(
  body: T,
): { answers: T; callback: TSaveCallbackOut | undefined } {
  if (!(SAVE_CALLBACK_KEY in body)) return { answers: body, callback: undefined };
  const { [SAVE_CALLBACK_KEY]: given, ...answers } = body;
  if (given === null || given === undefined) return { answers: answers as T, callback: undefined };
  const parsed = ZSaveCallback.safeParse(given);
  if (!parsed.success) {
    throw badRequest(
      parsed.error.issues
        .map((i) => `body.${[SAVE_CALLBACK_KEY, ...i.path.map(String)].join('.')}: ${i.message}`)
        .join('; '),
    );
  }
  return { answers: answers as T, callback: parsed.data };
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_MESSAGE ? `${line.slice(0, MAX_MESSAGE)}…` : line;
}

/** The callback fields of a callback disposition: the save's callback, else the attempt's stored one; none otherwise. */
async function callbackFields(
  db: Db,
  attemptId: string,
  given: TDispositionToReport['callback'],
  timeZone: string,
): Promise<TCallbackFields | null> {
  if (given !== undefined) {
    return {
      callbackDatetime: `${given.at}:00`,
      callbackType: given.mineOnly ? 'USERONLY' : 'ANYONE',
      callbackComments: (given.note ?? '').trim(),
    };
  }
  const stored = await db
    .selectFrom('callbacks')
    .select(['dueAt', 'mineOnly', 'note'])
    .where('attemptId', '=', attemptId)
    .where('state', '=', 'open')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!stored) return null;
  return {
    callbackDatetime: localDateTimeText(stored.dueAt, timeZone),
    callbackType: stored.mineOnly ? 'USERONLY' : 'ANYONE',
    callbackComments: stored.note.trim(),
  };
}

/** The request URL of external_status, credentials included: it must never be logged or shown. */
export function externalStatusUrl(
  dialer: Extract<TDialerConfig, { mode: 'vicidial' }>,
  agentUser: string,
  status: string,
  callback: TCallbackFields | null,
): URL {
  const url = new URL(dialer.agentApiUrl ?? defaultAgentApiUrl(dialer.url));
  const params = new URLSearchParams(url.search);
  params.set('source', 'crm');
  params.set('user', dialer.user);
  params.set('pass', dialer.pass);
  params.set('agent_user', agentUser);
  params.set('function', 'external_status');
  params.set('value', status);
  if (callback !== null) {
    // YYYY-MM-DD+HH:MM:SS as the document writes it: the space is sent as '+'.
    params.set('callback_datetime', callback.callbackDatetime);
    params.set('callback_type', callback.callbackType);
    if (callback.callbackComments !== '')
      params.set('callback_comments', callback.callbackComments.slice(0, MAX_CALLBACK_COMMENTS));
  }
  url.search = params.toString();
  return url;
}

/** SUCCESS: sent; ERROR: refused, in VICIdial's words; anything else was not an answer VICIdial gives. */
export function readExternalStatusReply(text: string): TDialerDispositionReport {
  const line = oneLine(
    text
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .find((l) => l.trim() !== '') ?? '',
  );
  if (line.startsWith('SUCCESS:')) return { status: 'sent', message: line };
  if (line.startsWith('ERROR:')) return { status: 'refused', message: line };
  return {
    status: 'failed',
    message:
      'VICIdial sent a reply to external_status that could not be read; the disposition may not have reached it.',
  };
}

async function sendExternalStatus(
  dialer: Extract<TDialerConfig, { mode: 'vicidial' }>,
  agentUser: string,
  status: string,
  callback: TCallbackFields | null,
): Promise<TDialerDispositionReport> {
  const url = externalStatusUrl(dialer, agentUser, status, callback);
  let text: string;
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(dialer.timeoutMs),
      headers: { accept: 'text/plain' },
    });
    text = await response.text();
    if (!response.ok)
      return {
        status: 'failed',
        message: `VICIdial answered external_status with HTTP ${response.status}; the disposition was not set there.`,
      };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return {
      status: 'failed',
      message: timedOut
        ? `VICIdial did not answer external_status within ${dialer.timeoutMs >= 1000 ? `${Math.round(dialer.timeoutMs / 1000)} s` : `${dialer.timeoutMs} ms`}; the disposition may not have reached it.`
        : `Cannot reach VICIdial at ${url.host}; the disposition was not set there.`,
    };
  }
  const report = readExternalStatusReply(text);
  return { ...report, message: redactCredentials(report.message, dialer) };
}

/**
 * Sends the attempt's disposition (its VICIdial status) to VICIdial for the agent's VICIdial user, stores the answer on
 * the attempt (call_attempts.dialer_status) and returns it. Only for an attempt the dialer put through (a dialer call
 * id); the simulated dialer answers as VICIdial would.
 */
export async function reportDispositionToDialer(
  db: Db,
  config: Pick<TConfig, 'dialer' | 'timeZone'>,
  input: TDispositionToReport,
): Promise<TDialerDispositionReport> {
  const attempt = await db
    .selectFrom('callAttempts as a')
    .innerJoin('users as u', 'u.id', 'a.userId')
    .leftJoin('agents as g', 'g.userId', 'a.userId')
    .select([
      'a.id',
      'a.vicidialStatus',
      'a.dialerCallId',
      'a.dispositionKind',
      'a.dialerStatus',
      'u.username',
      'g.vicidialUser',
    ])
    .where('a.id', '=', String(input.attemptId))
    .executeTakeFirst();
  if (!attempt?.dialerCallId)
    return {
      status: 'failed',
      message: 'This call was not put through by the dialer: there is no disposition to send.',
    };
  // Sent once: a second external_status would set the status of the agent's next call. A retried save (its answer lost
  // on the way) gets what VICIdial answered the first time.
  if (attempt.dialerStatus !== null)
    return { ...readExternalStatusReply(attempt.dialerStatus), message: attempt.dialerStatus };
  const agentUser = attempt.vicidialUser ?? attempt.username;
  const status = attempt.vicidialStatus ?? '';
  const callback =
    attempt.dispositionKind === 'callback'
      ? await callbackFields(db, attempt.id, input.callback, config.timeZone)
      : null;
  let report: TDialerDispositionReport;
  if (status === '') report = { status: 'failed', message: 'The disposition has no VICIdial status to send.' };
  else if (config.dialer.mode === 'vicidial')
    report = await sendExternalStatus(config.dialer, agentUser, status, callback);
  // The simulated dialer answers as VICIdial's documentation says a logged-in agent's external_status is answered.
  else if (config.dialer.mode === 'simulated')
    report = { status: 'sent', message: `SUCCESS: external_status function set - ${status}|${agentUser}` };
  else
    report = {
      status: 'failed',
      message: 'No dialer is configured (VICIDIAL_URL): the disposition was not sent to VICIdial.',
    };
  await db.updateTable('callAttempts').set({ dialerStatus: report.message }).where('id', '=', attempt.id).execute();
  return report;
}
