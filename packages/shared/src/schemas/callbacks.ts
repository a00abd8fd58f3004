// Schemas of callbacks: a respondent asked to be called again at a time, by the same agent or anyone (docs/guide/call-loop.md).
import { z } from 'zod';
import { parseLocalDateTime } from '../domain/dates.ts';

/** The latest a callback may be set ahead. */
export const MAX_CALLBACK_DAYS = 30;
/** How long past due a callback is before it is missed, unless the campaign says otherwise. */
export const DEFAULT_CALLBACK_GRACE_MINUTES = 120;
/** The longest grace a campaign may give (7 days; the column's check). */
export const MAX_CALLBACK_GRACE_MINUTES = 10_080;
/** A callback's time as people type it, in the call centre's zone (TIME_ZONE). */
export const CALLBACK_TIME_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

/** POST /api/callbacks: `at` in TIME_ZONE; only the agent who called the lead sets one. */
export const ZCallbackCreate = z.object({
  leadId: z.number().int().positive('leadId must be a lead id'),
  at: z.string().trim().regex(CALLBACK_TIME_PATTERN, 'at must be yyyy-MM-dd HH:mm'),
  mineOnly: z.boolean(),
  note: z.string().trim().max(500, 'A note is at most 500 characters').default(''),
});
export type TCallbackCreate = z.input<typeof ZCallbackCreate>;

export const ZCallbackIdParams = z.object({ id: z.coerce.number().int().positive('id must be a callback id') });

/**
 * A callback as the agent's lists show it. `blocked`: why it is not offered although due (the number went on a
 * do-not-call list, or the lead fell in a full quota), checked when it came due; null when it may be called.
 */
export const ZCallback = z.object({
  id: z.number().int(),
  leadId: z.number().int(),
  cellNumber: z.string(),
  respondentName: z.string().nullable(),
  campaignName: z.string(),
  /** ISO-8601 UTC; `atText` is the same time in TIME_ZONE as yyyy-MM-dd HH:mm. */
  at: z.string(),
  atText: z.string(),
  mineOnly: z.boolean(),
  note: z.string(),
  agentId: z.string(),
  agentName: z.string(),
  due: z.boolean(),
  blocked: z.string().nullable(),
  /** The lead's draft or partial answers come back when it is called (the draft is the agent's own). */
  hasDraft: z.boolean(),
});
export type TCallback = z.infer<typeof ZCallback>;

/** GET /api/callbacks: due first, then later today; mineOnly ones of other agents are never listed. */
export const ZCallbacks = z.object({ dueCount: z.number().int(), callbacks: z.array(ZCallback) });
export type TCallbacks = z.infer<typeof ZCallbacks>;

/** GET /api/callbacks/missed (admins): past due by more than the campaign's grace. */
export const ZMissedCallbacksQuery = z.object({ campaignName: z.string().trim().max(200).optional() });
export const ZMissedCallbacks = z.array(ZCallback.extend({ minutesLate: z.number().int() }));
export type TMissedCallbacks = z.infer<typeof ZMissedCallbacks>;

export const ZCallbackDeleted = z.object({ message: z.string() });

export const CALLBACK_MESSAGES = {
  set: (atText: string) => `Callback set for ${atText}`,
  deleted: 'Callback removed',
  notFound: 'No such callback',
  inThePast: 'The callback time is in the past',
  tooFar: `A callback is at most ${MAX_CALLBACK_DAYS} days ahead`,
  notATime: 'The callback time is not a real time (yyyy-MM-dd HH:mm)',
  neverCalled: 'You have not called this lead, so you cannot set its callback',
  notYours: 'That callback is another agent’s',
  noLead: (leadId: number) => `No lead ${leadId}`,
} as const;

/** The `code` beside each refusal's message, for the screen to tell them apart (the message is for people). */
export const CALLBACK_CODES = {
  inThePast: 'callback-in-the-past',
  tooFar: 'callback-too-far',
  notATime: 'callback-not-a-time',
  neverCalled: 'callback-never-called',
  notYours: 'callback-not-yours',
} as const;
export type TCallbackCode = (typeof CALLBACK_CODES)[keyof typeof CALLBACK_CODES];

/**
 * Why `at` (yyyy-MM-dd HH:mm, already read in the zone to `atMs`) cannot be a callback time, or null: the browser
 * checks before the save and the server again.
 */
export function callbackTimeProblem(atMs: number | null, nowMs: number): string | null {
  return callbackTimeRefusal(atMs, nowMs)?.message ?? null;
}

/** callbackTimeProblem with its code. */
export function callbackTimeRefusal(
  atMs: number | null,
  nowMs: number,
): { code: TCallbackCode; message: string } | null {
  if (atMs === null || Number.isNaN(atMs))
    return { code: CALLBACK_CODES.notATime, message: CALLBACK_MESSAGES.notATime };
  if (atMs < nowMs - 60_000) return { code: CALLBACK_CODES.inThePast, message: CALLBACK_MESSAGES.inThePast };
  if (atMs > nowMs + MAX_CALLBACK_DAYS * 86_400_000)
    return { code: CALLBACK_CODES.tooFar, message: CALLBACK_MESSAGES.tooFar };
  return null;
}

/**
 * A callback's `at` (yyyy-MM-dd HH:mm, the wall clock in `timeZone`) read and checked: the moment, or why it cannot be
 * one (a time the clocks skip is not a real time). The same check in the browser before the save and on the server.
 */
export function readCallbackTime(
  at: string,
  timeZone: string,
  nowMs: number,
): { at: Date } | { code: TCallbackCode; message: string } {
  const moment = parseLocalDateTime(at, timeZone);
  if (moment === null) return { code: CALLBACK_CODES.notATime, message: CALLBACK_MESSAGES.notATime };
  return callbackTimeRefusal(moment.getTime(), nowMs) ?? { at: moment };
}
