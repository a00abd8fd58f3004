// The latest send of the date: its state, live progress, the five outcome counts, why it stopped, and its actions.
import { Alert, Badge, Button, Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TDialerSend } from '@crm/shared';
import type { TStreamStatus } from '../../app/event-stream.ts';
import { formatDateTime } from '../../app/time-zone.ts';
import { canResume, SEND_FIGURES, SEND_STATE_LABELS, sendProgress } from './send-text.ts';

type Props = {
  send: TDialerSend;
  stream: TStreamStatus | null;
  busy: 'cancel' | 'resume' | 'report' | null;
  onCancel: () => void;
  onResume: () => void;
  onReport: () => void;
};

export function SendBadge({ send }: { send: Pick<TDialerSend, 'state'> }) {
  const { label, color } = SEND_STATE_LABELS[send.state];
  return (
    <Badge color={color} variant="light">
      {label}
    </Badge>
  );
}

function Figures({ send }: { send: TDialerSend }) {
  return (
    <SimpleGrid cols={5} spacing="xs">
      {SEND_FIGURES.map(([key, label]) => {
        const id = `send-${send.id}-${key}`;
        return (
          <Paper key={key} withBorder px="xs" py={4} radius="sm" role="group" aria-labelledby={id}>
            <Text id={id} size="xs" c="dimmed">
              {label}
            </Text>
            <Text fz="lg" fw={700} lh={1.3}>
              {send[key].toLocaleString('en-US')}
            </Text>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}

export function LatestSend({ send, stream, busy, onCancel, onResume, onReport }: Props) {
  const { done, percent } = sendProgress(send);
  const running = send.state === 'running';
  return (
    <Stack gap="xs" aria-label={`Send #${send.id}`} role="region">
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Text fw={600}>{`Send #${send.id}`}</Text>
          <SendBadge send={send} />
          {running && stream === 'reconnecting' && (
            <Badge color="orange" variant="dot">
              Reconnecting…
            </Badge>
          )}
        </Group>
        <Text
          size="xs"
          c="dimmed"
        >{`List ${send.listId} · by ${send.startedBy} at ${formatDateTime(send.createdAt)}`}</Text>
      </Group>
      <Progress
        value={percent}
        size="lg"
        animated={running}
        aria-label="Send progress"
        color={send.state === 'stopped' ? 'red' : undefined}
      />
      <Text
        size="sm"
        role="status"
      >{`${done.toLocaleString('en-US')} of ${send.total.toLocaleString('en-US')} leads sent (${percent}%)`}</Text>
      <Figures send={send} />
      {send.message !== null && (
        <Alert
          color={send.state === 'stopped' ? 'red' : 'yellow'}
          variant="light"
          role="alert"
          title={send.state === 'stopped' ? 'The dialer stopped the send' : 'Note'}
          p="xs"
        >
          {send.message}
        </Alert>
      )}
      <Group gap="xs">
        {running && (
          <Button color="red" variant="light" loading={busy === 'cancel'} onClick={onCancel}>
            Cancel send
          </Button>
        )}
        {canResume(send) && (
          <Button loading={busy === 'resume'} onClick={onResume}>
            Resume
          </Button>
        )}
        <Button variant="default" loading={busy === 'report'} onClick={onReport}>
          Download report
        </Button>
      </Group>
    </Stack>
  );
}
