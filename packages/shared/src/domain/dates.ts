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

/** A moment's day in local time, yyyy-MM-dd. */
export function localDayText(at: Date): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** A moment's time of day in local time, 24-hour: HH:mm, or HH:mm:ss with seconds. */
export function localTimeText(at: Date, { seconds = false }: { seconds?: boolean } = {}): string {
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  return seconds ? `${time}:${pad(at.getSeconds())}` : time;
}

/** When a change was made, in messages about it: HH:mm in local time when `at` is today, else yyyy-MM-dd HH:mm. */
export function changeTimeText(at: Date, now: Date = new Date()): string {
  const time = localTimeText(at);
  return localDayText(at) === localDayText(now) ? time : `${localDayText(at)} ${time}`;
}
