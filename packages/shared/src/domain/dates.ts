// Calendar dates: stored and sent as 'yyyy-MM-dd'; CSV files may also use the day-first forms of local spreadsheets.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** d/M/yyyy or d-M-yyyy, read day first (5/3/2024 is 5 March). */
const DAY_FIRST_DATE = /^(\d{1,2})([/-])(\d{1,2})\2(\d{4})$/;

function calendarDate(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2100) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A real calendar day written yyyy-MM-dd (2024-02-30 is not). */
export function isIsoDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  return m !== null && calendarDate(Number(m[1]), Number(m[2]), Number(m[3])) !== null;
}

/** yyyy-MM-dd, or day-first d/M/yyyy or d-M-yyyy, to yyyy-MM-dd; null when it is none of those or not a real day. */
export function parseCalendarDate(text: string): string | null {
  const value = text.trim();
  const iso = ISO_DATE.exec(value);
  if (iso) return calendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dayFirst = DAY_FIRST_DATE.exec(value);
  if (dayFirst) return calendarDate(Number(dayFirst[4]), Number(dayFirst[3]), Number(dayFirst[1]));
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');

// ---- Moments in the call centre's time zone
// The server has one time zone (TIME_ZONE, an IANA name such as Asia/Dhaka): its days start at midnight there, and
// every date it writes for people (exports, messages, the web app's screens) is the wall clock there. Always passed
// explicitly: the process's own zone (TZ) and PostgreSQL's session TimeZone play no part. Intl alone does the work.

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The zone of the machine running this code, e.g. Asia/Dhaka ('UTC' when it has none). */
export function machineTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * The zone's canonical name (asia/dhaka → Asia/Dhaka), or null when this runtime knows no such zone. A name, not an
 * offset such as +06:00 (newer runtimes take those too): an offset knows no summer time.
 */
export function canonicalTimeZone(name: string): string | null {
  if (!/^[A-Za-z]/.test(name.trim())) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name.trim() }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Whether the zone is one this runtime knows: an IANA name (Asia/Dhaka, Europe/London) or UTC. */
export function isTimeZone(name: string): boolean {
  return canonicalTimeZone(name) !== null;
}

const wallFormats = new Map<string, Intl.DateTimeFormat>();

function wallFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallFormats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallFormats.set(timeZone, format);
  }
  return format;
}

/** How far the zone's wall clock is ahead of UTC at the moment `t` (ms since the epoch), in ms; exact to the second. */
function offsetAt(t: number, timeZone: string): number {
  const parts: Record<string, string> = {};
  for (const p of wallFormat(timeZone).formatToParts(new Date(t))) parts[p.type] = p.value;
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(t / 1000) * 1000;
}

/**
 * Offsets by UTC hour, per zone: an export writes a million moments of a few days, and Intl costs some 4 µs a moment
 * where the cached offset costs 0.1. An hour whose two ends have the same offset has it throughout (no zone changes its
 * offset twice within an hour); one with a change in it is not cached.
 */
const hourOffsets = new Map<string, Map<number, number>>();
const MAX_CACHED_HOURS = 20_000;

function offsetOf(t: number, timeZone: string): number {
  let hours = hourOffsets.get(timeZone);
  if (hours === undefined) {
    hours = new Map();
    hourOffsets.set(timeZone, hours);
  }
  const hour = Math.floor(t / HOUR_MS);
  const known = hours.get(hour);
  if (known !== undefined) return known;
  const start = offsetAt(hour * HOUR_MS, timeZone);
  if (start !== offsetAt(hour * HOUR_MS + HOUR_MS - 1, timeZone)) return offsetAt(t, timeZone);
  if (hours.size >= MAX_CACHED_HOURS) hours.clear();
  hours.set(hour, start);
  return start;
}

/** The moment's wall clock in the zone, as a Date whose UTC fields are it (never shown as a moment itself). */
function wallClock(at: Date, timeZone: string): Date {
  return new Date(at.getTime() + offsetOf(at.getTime(), timeZone));
}

const dayOf = (wall: Date) => `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
const timeOf = (wall: Date, seconds: boolean) => {
  const time = `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
  return seconds ? `${time}:${pad(wall.getUTCSeconds())}` : time;
};

/** A moment's day in the zone, yyyy-MM-dd. */
export function localDayText(at: Date, timeZone: string): string {
  return dayOf(wallClock(at, timeZone));
}

/** A moment's time of day in the zone, 24-hour: HH:mm, or HH:mm:ss with seconds. */
export function localTimeText(at: Date, timeZone: string, { seconds = false }: { seconds?: boolean } = {}): string {
  return timeOf(wallClock(at, timeZone), seconds);
}

/** A moment as the zone's wall clock, yyyy-MM-dd HH:mm:ss: how exports and screens write dates. */
export function localDateTimeText(at: Date, timeZone: string): string {
  const wall = wallClock(at, timeZone);
  return `${dayOf(wall)} ${timeOf(wall, true)}`;
}

/** When a change was made, in messages about it: HH:mm in the zone when `at` is today there, else yyyy-MM-dd HH:mm. */
export function changeTimeText(at: Date, timeZone: string, now: Date = new Date()): string {
  const time = localTimeText(at, timeZone);
  const day = localDayText(at, timeZone);
  return day === localDayText(now, timeZone) ? time : `${day} ${time}`;
}

/** The calendar day `days` after (or before, when negative) a yyyy-MM-dd day. */
export function addDays(day: string, days: number): string {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  return dayOf(new Date(Date.UTC(y, m - 1, d + days)));
}

/**
 * The first moment whose wall clock in the zone is at or after the given one (ms of Date.UTC of the wall clock). Near a
 * change of offset the wall clock may happen twice (the clock went back: the first one wins) or not at all (it jumped
 * forward over it: the moment of the jump).
 */
function firstMomentAt(wall: number, timeZone: string): number {
  const before = offsetOf(wall - DAY_MS, timeZone);
  const after = offsetOf(wall + DAY_MS, timeZone);
  const exact = [wall - before, wall - after].filter((t) => t + offsetOf(t, timeZone) === wall);
  if (exact.length > 0) return Math.min(...exact);
  // Skipped: the jump lies between the two guesses; find the first second whose wall clock is past `wall`.
  let low = Math.min(wall - before, wall - after);
  let high = Math.max(wall - before, wall - after);
  while (high - low > 1000) {
    const mid = low + Math.floor((high - low) / 2000) * 1000;
    if (mid + offsetOf(mid, timeZone) >= wall) high = mid;
    else low = mid;
  }
  return high;
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;

/**
 * A wall-clock time in the zone, written yyyy-MM-dd HH:mm (as people type a callback's time), as the moment it names;
 * null when it is not a real time there: not that form, no such day, hour or minute, or a time the clocks skip (the
 * hour lost when summer time begins). A time that happens twice (the hour the clocks go back) is its first.
 */
export function parseLocalDateTime(text: string, timeZone: string): Date | null {
  const m = LOCAL_DATE_TIME.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (calendarDate(year, month, day) === null || hour > 23 || minute > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const exact = [wall - offsetOf(wall - DAY_MS, timeZone), wall - offsetOf(wall + DAY_MS, timeZone)].filter(
    (t) => t + offsetOf(t, timeZone) === wall,
  );
  return exact.length === 0 ? null : new Date(Math.min(...exact));
}

/** The first moment of a day in the zone: a yyyy-MM-dd day, or the day a moment falls in there. */
export function startOfLocalDay(day: string | Date, timeZone: string): Date {
  const text = typeof day === 'string' ? day : localDayText(day, timeZone);
  const [y = 0, m = 1, d = 1] = text.split('-').map(Number);
  return new Date(firstMomentAt(Date.UTC(y, m - 1, d), timeZone));
}

/** The first moment of the day after, in the zone (a day is 23 or 25 hours long where the clocks change). */
export function startOfNextLocalDay(day: string | Date, timeZone: string): Date {
  return startOfLocalDay(addDays(typeof day === 'string' ? day : localDayText(day, timeZone), 1), timeZone);
}

/** How many calendar days from start to end, both counted (yyyy-MM-dd; 0 or less when end is before start). */
export function calendarDaysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Every calendar day from start to end, both included, yyyy-MM-dd ascending (at most `limit`); [] when end is before start. */
export function eachCalendarDay(start: string, end: string, limit = Number.POSITIVE_INFINITY): string[] {
  const first = Date.parse(`${start}T00:00:00Z`);
  const count = Math.min(calendarDaysBetween(start, end), limit);
  return Array.from({ length: Math.max(0, count) }, (_, i) => new Date(first + i * DAY_MS).toISOString().slice(0, 10));
}
