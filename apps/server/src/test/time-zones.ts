// The call centre's time zone in tests: each zone-sensitive test runs once in Dhaka (UTC+6, where 00:30 is still the
// day before in UTC) and once in UTC, with the zone set in the config, so the machine's own zone never matters.
import { startOfLocalDay } from '@crm/shared';

export const TEST_TIME_ZONES = ['Asia/Dhaka', 'UTC'] as const;

/**
 * The moment a wall clock of the zone shows, from 'yyyy-MM-dd HH:mm:ss' (for zones without a change of clocks on that
 * day, as Dhaka and UTC are).
 */
export function atLocal(timeZone: string, wallClock: string): Date {
  const [day = '', time = '00:00:00'] = wallClock.split(' ');
  const [h = 0, m = 0, s = 0] = time.split(':').map(Number);
  return new Date(startOfLocalDay(day, timeZone).getTime() + ((h * 60 + m) * 60 + s) * 1000);
}
