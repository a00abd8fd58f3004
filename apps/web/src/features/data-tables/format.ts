// How the data-table screens show a timestamp.
import dayjs from 'dayjs';

/** spec §9: yyyy-MM-dd HH:mm:ss, in the browser's time zone. */
export function formatDateTime(iso: string): string {
  return dayjs(iso).format('YYYY-MM-DD HH:mm:ss');
}
