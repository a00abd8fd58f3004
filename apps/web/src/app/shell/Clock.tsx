// The top bar's live clock, refreshed every CLOCK_REFRESH_MS (spec §9).
import { useEffect, useState } from 'react';
import { Text } from '@mantine/core';
import { CLOCK_REFRESH_MS } from '@crm/shared';

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
      title={now.toLocaleDateString(undefined, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' })}
      data-testid="clock"
      fw={500}
      ff="monospace"
      aria-live="off"
    >
      {now.toLocaleTimeString()}
    </Text>
  );
}
