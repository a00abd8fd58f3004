// The dialer's next call while another is on screen (docs/guide/call-loop.md, Screen pop): it never replaces the call in
// progress; it waits here, and Take call opens it once that call is saved or parked (Partial Call). Take call takes the
// focus when it can be taken, so Enter opens the call.
import { useEffect, useRef } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import type { TDialerCall } from './use-crm-call.ts';

type Props = { call: TDialerCall; free: boolean; onTake: () => void; onDismiss: () => void };

export function PopBanner({ call, free, onTake, onDismiss }: Props) {
  const take = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (free) take.current?.focus();
  }, [free]);
  return (
    <Alert color="blue" variant="filled" role="alert" aria-label="Next call from the dialer" p="xs">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm" fw={500}>
          The dialer put a new call through: {call.cellNumber}.{' '}
          {free ? 'Take it now.' : 'It waits until this call is saved or parked (Partial Call).'}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Button ref={take} size="xs" color="white" c="blue" disabled={!free} onClick={onTake}>
            Take call
          </Button>
          <Button size="xs" variant="subtle" color="white" onClick={onDismiss}>
            Dismiss
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}
