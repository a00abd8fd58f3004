// Where the agent is in the call: "Question 4 of about 9" (the way the logic most likely goes from here) and the call
// timer, counted from the call's first start (its first lookup or the dialer's pop, kept by the server across a reload).
import { useEffect, useState } from 'react';
import { Group, Progress, Text } from '@mantine/core';

/** mm:ss, or h:mm:ss past an hour. */
export function callDurationText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}

/** The call's time so far, from its first start (a reload or a resume goes on counting). */
export function CallTimer({ startedAt }: { startedAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Text size="sm" ff="monospace" c="dimmed" role="timer" aria-label="Call time" style={{ whiteSpace: 'nowrap' }}>
      {callDurationText(now - startedAt)}
    </Text>
  );
}

export function CallProgress({
  position,
  likelyTotal,
  startedAt,
}: {
  position: number;
  likelyTotal: number;
  startedAt: number;
}) {
  return (
    <Group gap="sm" wrap="nowrap" justify="space-between">
      <Group gap="xs" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }} data-testid="call-progress">
          Question {position} of about {likelyTotal}
        </Text>
        <Progress
          value={(100 * position) / Math.max(likelyTotal, position)}
          size="sm"
          style={{ flex: 1, maxWidth: 200 }}
          aria-hidden
        />
      </Group>
      <CallTimer startedAt={startedAt} />
    </Group>
  );
}
