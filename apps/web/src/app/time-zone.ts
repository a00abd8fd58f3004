// The call centre's time zone, which every date on screen is shown in (docs/product.md §9: yyyy-MM-dd HH:mm:ss): the server's
// TIME_ZONE, as the session's token says it (session.ts sets it when a session is read or stored). Before a session,
// or with a token that does not say it, the browser's own zone.
import { canonicalTimeZone, localDateTimeText, localDayText, localTimeText, machineTimeZone } from '@crm/shared';

let zone = machineTimeZone();

/** Shows dates in this zone from now on; undefined, or a zone this browser does not know, means the browser's own. */
export function setDisplayTimeZone(timeZone: string | undefined): void {
  zone = (timeZone === undefined ? null : canonicalTimeZone(timeZone)) ?? machineTimeZone();
}

/** The zone dates are shown in. */
export function displayTimeZone(): string {
  return zone;
}

/** An ISO time as yyyy-MM-dd HH:mm:ss of the call centre's clock; text that is no time is shown as it is. */
export function formatDateTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : localDateTimeText(at, zone);
}

/** An ISO time as yyyy-MM-dd HH:mm of the call centre's clock (lists where seconds are noise). */
export function formatDateTimeMinutes(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : `${localDayText(at, zone)} ${localTimeText(at, zone)}`;
}

/** An ISO time's time of day on the call centre's clock, HH:mm or HH:mm:ss. */
export function formatTimeOfDay(iso: string, options: { seconds?: boolean } = {}): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : localTimeText(at, zone, options);
}

/** The call centre's day of a moment (today by default), yyyy-MM-dd. */
export function dayText(at: Date = new Date()): string {
  return localDayText(at, zone);
}

/** A moment's time of day on the call centre's clock, HH:mm or HH:mm:ss. */
export function timeText(at: Date, options: { seconds?: boolean } = {}): string {
  return localTimeText(at, zone, options);
}
