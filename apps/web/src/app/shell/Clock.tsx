// The top bar's live clock, refreshed every CLOCK_REFRESH_MS (spec §9): 24-hour HH:mm:ss, the day as yyyy-MM-dd.
import { useEffect, useState } from 'react';
import { Text } from '@mantine/core';
import { CLOCK_REFRESH_MS } from '@crm/shared';

const two = (n: number) => String(n).padStart(2, '0');
/** 24-hour HH:mm:ss, whatever the browser's locale. */
export const formatClock = (d: Date) => `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
/** yyyy-MM-dd. */
export const formatDay = (d: Date) => `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;

export function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <Text
      component="time"
      dateTime={now.toISOString()}
      title={`${now.toLocaleDateString(undefined, { weekday: 'long' })} ${formatDay(now)}`}
      data-testid="clock"
      fw={500}
      ff="monospace"
      aria-live="off"
    >
      {formatClock(now)}
    </Text>
  );
}
