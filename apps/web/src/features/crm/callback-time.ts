// The callback form of a call's end (docs/call-loop.md, Callbacks): its time as people type it (yyyy-MM-dd HH:mm on the
// call centre's clock), the quick picks (in 1 h, this evening, tomorrow same time), and what the browser checks before
// the save (the server checks again with the same words). Pure: the screen passes the zone and the time now.
import { CALLBACK_TIME_PATTERN, callbackTimeProblem, localDayText, localTimeText, startOfLocalDay } from '@crm/shared';

export type TCallbackForm = { at: string; mineOnly: boolean; note: string };

export const EMPTY_CALLBACK_FORM: TCallbackForm = { at: '', mineOnly: true, note: '' };

/** The most a note holds (ZCallbackCreate). */
export const MAX_CALLBACK_NOTE = 500;

/** When "this evening" calls back, on the call centre's clock. */
export const EVENING_TIME = '19:00';

const MINUTE_MS = 60_000;

/** A moment as yyyy-MM-dd HH:mm on the zone's clock. */
export function callbackTimeText(ms: number, timeZone: string): string {
  const at = new Date(ms);
  return `${localDayText(at, timeZone)} ${localTimeText(at, timeZone)}`;
}

/**
 * The moment a yyyy-MM-dd HH:mm of the zone's clock names, or null when it names none (not the pattern, a day or time
 * that does not exist, or a time skipped by the clocks going forward).
 */
export function callbackTimeMs(text: string, timeZone: string): number | null {
  const trimmed = text.trim();
  if (!CALLBACK_TIME_PATTERN.test(trimmed)) return null;
  const [day = '', time = ''] = trimmed.split(' ');
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  if (hours > 23 || minutes > 59) return null;
  const start = startOfLocalDay(day, timeZone).getTime();
  if (Number.isNaN(start) || localDayText(new Date(start), timeZone) !== day) return null;
  // The day's start plus the wall time; a day with a change of offset is put right by the offset found there.
  const guess = start + (hours * 60 + minutes) * MINUTE_MS;
  for (const shift of [0, -60, 60]) {
    const candidate = guess + shift * MINUTE_MS;
    if (callbackTimeText(candidate, timeZone) === trimmed) return candidate;
  }
  return null;
}

export type TQuickPick = { label: string; at: string };

/** The next whole minute after `ms`, so "in 1 h" is never a second in the past by the time it is checked. */
const wholeMinuteAfter = (ms: number) => Math.ceil(ms / MINUTE_MS) * MINUTE_MS;

/** In 1 h; this evening (19:00, while it is at least half an hour ahead); tomorrow at the same time. */
export function callbackQuickPicks(nowMs: number, timeZone: string): TQuickPick[] {
  const picks: TQuickPick[] = [{ label: 'In 1 h', at: callbackTimeText(wholeMinuteAfter(nowMs + 60 * MINUTE_MS), timeZone) }];
  const today = localDayText(new Date(nowMs), timeZone);
  const evening = callbackTimeMs(`${today} ${EVENING_TIME}`, timeZone);
  if (evening !== null && evening - nowMs >= 30 * MINUTE_MS) picks.push({ label: 'This evening', at: `${today} ${EVENING_TIME}` });
  const sameTime = localTimeText(new Date(nowMs), timeZone);
  const tomorrow = localDayText(new Date(startOfLocalDay(today, timeZone).getTime() + 36 * 60 * MINUTE_MS), timeZone);
  picks.push({ label: 'Tomorrow same time', at: `${tomorrow} ${sameTime}` });
  return picks;
}

/** Why the form cannot set a callback (the server's own words), or null. */
export function callbackFormProblem(form: TCallbackForm, nowMs: number, timeZone: string): string | null {
  if (form.at.trim() === '') return 'Give the callback time (yyyy-MM-dd HH:mm)';
  const problem = callbackTimeProblem(callbackTimeMs(form.at, timeZone), nowMs);
  if (problem !== null) return problem;
  if (form.note.trim().length > MAX_CALLBACK_NOTE) return `A note is at most ${MAX_CALLBACK_NOTE} characters`;
  return null;
}
