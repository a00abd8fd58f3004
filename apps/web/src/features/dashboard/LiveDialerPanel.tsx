// The "Live dialer" panel: the eight live figures, and what to say when the dialer is off, simulated or failing.
import { Alert, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { DIALER_STAT_KEYS, type TDialerState } from '@crm/shared';
import { formatDateTime } from '../../app/time-zone.ts';
import { DIALER_STAT_LABELS } from './dialer-labels.ts';
import type { TStreamStatus } from './dialer-stream.ts';
import { formatCount } from '../../components/lead-dates.ts';

const STATUS_BADGE: Record<TStreamStatus, { color: string; label: string }> = {
  connecting: { color: 'gray', label: 'Connecting…' },
  open: { color: 'green', label: 'Live' },
  reconnecting: { color: 'orange', label: 'Reconnecting…' },
};

function Figures({ state, dimmed }: { state: TDialerState | null; dimmed: boolean }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      {DIALER_STAT_KEYS.map((key) => {
        const id = `dialer-${key}`;
        const value = state?.stats?.[key];
        return (
          <Paper key={key} withBorder p="sm" radius="md" role="group" aria-labelledby={id} opacity={dimmed ? 0.6 : 1}>
            <Text id={id} size="sm" c="dimmed">
              {DIALER_STAT_LABELS[key]}
            </Text>
            {value === undefined ? (
              <Skeleton height={30} width={48} mt={4} />
            ) : (
              <Text fz={28} fw={700} lh={1.2}>
                {formatCount(value)}
              </Text>
            )}
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}

function Body({ state }: { state: TDialerState | null }) {
  if (state?.mode === 'unconfigured') {
    return (
      <Alert color="gray" variant="light" title="Dialer not configured">
        Live figures appear here once the server is given a VICIdial (VICIDIAL_URL, VICIDIAL_USER, VICIDIAL_PASS,
        VICIDIAL_USER_GROUPS), or runs the simulator (DIALER=simulated).
      </Alert>
    );
  }
  if (state?.error) {
    return (
      <Stack gap="sm">
        <Alert color="red" variant="light" role="alert" title="The dialer could not be read">
          <Text size="sm">{state.error}</Text>
          <Text size="sm" mt={4}>
            {state.updatedAt ? `Last updated ${formatDateTime(state.updatedAt)}` : 'No figures have been read yet.'}
          </Text>
        </Alert>
        {state.stats && <Figures state={state} dimmed />}
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <Figures state={state} dimmed={false} />
      <Text size="xs" c="dimmed">
        {state?.updatedAt ? `Updated ${formatDateTime(state.updatedAt)}` : 'Waiting for the first figures…'}
      </Text>
    </Stack>
  );
}

export function LiveDialerPanel({ state, status }: { state: TDialerState | null; status: TStreamStatus }) {
  const badge = STATUS_BADGE[status];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="live-dialer-title">
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <Title order={2} size="h4" id="live-dialer-title">
            Live dialer
          </Title>
          {state?.mode === 'simulated' && (
            <Badge color="yellow" variant="filled" title="Figures from the built-in simulator, not from a real dialer">
              Simulated
            </Badge>
          )}
        </Group>
        {state?.mode !== 'unconfigured' && (
          <Badge color={badge.color} variant="dot">
            {badge.label}
          </Badge>
        )}
      </Group>
      <Body state={state} />
    </Paper>
  );
}
