// The top bar's live clock, refreshed every CLOCK_REFRESH_MS (docs/product.md §9): 24-hour HH:mm:ss, the day as yyyy-MM-dd, on
// the call centre's clock (its time zone, app/time-zone.ts), wherever the browser is.
import { useEffect, useState } from 'react';
import { Text } from '@mantine/core';
import { CLOCK_REFRESH_MS } from '@crm/shared';
import { dayText, displayTimeZone, timeText } from '../time-zone.ts';

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
      title={`${now.toLocaleDateString(undefined, { weekday: 'long', timeZone: displayTimeZone() })} ${dayText(now)}`}
      data-testid="clock"
      fw={500}
      ff="monospace"
      aria-live="off"
    >
      {timeText(now, { seconds: true })}
    </Text>
  );
}
