// What a recording's file name tells: the number called and, in VICIdial's naming, the call time and the agent.
import { normalisePhone } from '@crm/shared';
import type { CountryCode } from 'libphonenumber-js';

export type TRecordingName = { dateTime: string | null; phoneNumber: string; agentId: string };

/** VICIdial's default FULLDATE_CUSTPHONE_AGENT naming: 20261117-101500_01712345678_AG-1001-all.mp3 (the -all mix). */
const VICIDIAL_NAME = /^(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})_(\+?\d+)_(.*?)(?:-all)?\.(?:mp3|wav)$/i;
const DIGIT_RUN = /\+?\d{7,}/g;

function isRealTime(y: number, mo: number, d: number, h: number, mi: number, s: number): boolean {
  const date = new Date(Date.UTC(y, mo - 1, d));
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    h < 24 &&
    mi < 60 &&
    s < 60
  );
}

/**
 * The number, agent and call time in a file name. VICIdial names give all three ('yyyy-MM-dd HH:mm:ss', as the
 * dialer wrote it, without a time zone). Any other name gives only a number: the first run of 7 or more digits
 * (optionally after a +) that is a valid number in `country`, else the first such run; agent '' and time null
 * (the file's modification time is not used: for an uploaded file it is the upload, not the call).
 */
export function parseRecordingName(fileName: string, country: CountryCode): TRecordingName {
  const m = VICIDIAL_NAME.exec(fileName);
  if (m) {
    const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
    if (isRealTime(y, mo, d, h, mi, s)) {
      return {
        dateTime: `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6]}`,
        phoneNumber: m[7] ?? '',
        agentId: m[8] ?? '',
      };
    }
  }
  const runs = fileName.match(DIGIT_RUN) ?? [];
  const phoneNumber = runs.find((r) => normalisePhone(r, country) !== null) ?? runs[0] ?? '';
  return { dateTime: null, phoneNumber, agentId: '' };
}

/** One key per number however it is written (017…, 88017…, +880 17…); digits alone when it is no valid number. */
export function phoneKey(raw: string, country: CountryCode): string {
  return normalisePhone(raw, country) ?? raw.replace(/\D/g, '');
}
