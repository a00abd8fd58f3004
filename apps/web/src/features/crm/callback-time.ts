// The callback form of a call's end (docs/guide/call-loop.md, Callbacks): its time as people type it (yyyy-MM-dd HH:mm on the
// call centre's clock), the quick picks (in 1 h, this evening, tomorrow same time), and what the browser checks before
// the save (the server checks again with the same words). Pure: the screen passes the zone and the time now.
import { addDays, localDayText, localTimeText, parseLocalDateTime, readCallbackTime } from '@crm/shared';

export type TCallbackForm = { at: string; mineOnly: boolean; note: string };

export const EMPTY_CALLBACK_FORM: TCallbackForm = { at: '', mineOnly: true, note: '' };

/** The most a note holds (ZCallbackCreate). */
export const MAX_CALLBACK_NOTE = 500;

export const CALLBACK_TIME_MISSING = 'Give the callback time (yyyy-MM-dd HH:mm)';

/** When "this evening" calls back, on the call centre's clock. */
export const EVENING_TIME = '19:00';

const MINUTE_MS = 60_000;

/** A moment as yyyy-MM-dd HH:mm on the zone's clock. */
export function callbackTimeText(ms: number, timeZone: string): string {
  const at = new Date(ms);
  return `${localDayText(at, timeZone)} ${localTimeText(at, timeZone)}`;
}

/** The moment a yyyy-MM-dd HH:mm of the zone's clock names, or null (the server's own reading, parseLocalDateTime). */
export function callbackTimeMs(text: string, timeZone: string): number | null {
  return parseLocalDateTime(text, timeZone)?.getTime() ?? null;
}

export type TQuickPick = { label: string; at: string };

/** The next whole minute after `ms`, so "in 1 h" is never a second in the past by the time it is checked. */
const wholeMinuteAfter = (ms: number) => Math.ceil(ms / MINUTE_MS) * MINUTE_MS;

/** In 1 h; this evening (19:00, while it is at least half an hour ahead); tomorrow at the same time. */
export function callbackQuickPicks(nowMs: number, timeZone: string): TQuickPick[] {
  const picks: TQuickPick[] = [
    { label: 'In 1 h', at: callbackTimeText(wholeMinuteAfter(nowMs + 60 * MINUTE_MS), timeZone) },
  ];
  const today = localDayText(new Date(nowMs), timeZone);
  const evening = callbackTimeMs(`${today} ${EVENING_TIME}`, timeZone);
  if (evening !== null && evening - nowMs >= 30 * MINUTE_MS)
    picks.push({ label: 'This evening', at: `${today} ${EVENING_TIME}` });
  const sameTime = localTimeText(new Date(nowMs), timeZone);
  picks.push({ label: 'Tomorrow same time', at: `${addDays(today, 1)} ${sameTime}` });
  return picks;
}

/** Why the form cannot set a callback (the server's own words), or null. */
export function callbackFormProblem(form: TCallbackForm, nowMs: number, timeZone: string): string | null {
  if (form.at.trim() === '') return CALLBACK_TIME_MISSING;
  const read = readCallbackTime(form.at.trim(), timeZone, nowMs);
  if ('message' in read) return read.message;
  if (form.note.trim().length > MAX_CALLBACK_NOTE) return `A note is at most ${MAX_CALLBACK_NOTE} characters`;
  return null;
}
