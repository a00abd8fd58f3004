// The idle screen's shift figures (GET /api/ap/myShift, docs/guide/call-loop.md, The agent's shift): calls, completed,
// callbacks set and average handle time since the sign-in, and the calls today against the campaign's call target.
import { Group, Paper, Progress, Stack, Text } from '@mantine/core';
import type { TMyShift } from '@crm/shared';
import { formatTimeOfDay } from '../../app/time-zone.ts';
import { callDurationText } from './CallProgress.tsx';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0} align="flex-start">
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {label}
      </Text>
      <Text size="lg" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={`shift-${label}`}>
        {value}
      </Text>
    </Stack>
  );
}

export function ShiftPanel({ shift }: { shift: TMyShift | undefined }) {
  if (shift === undefined) return null;
  const target = shift.callTarget;
  return (
    <Paper withBorder px="sm" py={6} component="section" aria-label="Your shift">
      <Group gap="xl" wrap="nowrap" align="center">
        <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
          Your shift since {formatTimeOfDay(shift.since)}
        </Text>
        <Figure label="Calls" value={String(shift.calls)} />
        <Figure label="Completed" value={String(shift.completed)} />
        <Figure label="Callbacks set" value={String(shift.callbacksSet)} />
        <Figure
          label="Average handle time"
          value={shift.averageHandleSeconds === null ? '—' : callDurationText(shift.averageHandleSeconds * 1000)}
        />
        <Stack gap={2} style={{ flex: 1, minWidth: 160 }}>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="shift-target">
            {target === null
              ? `Calls today: ${shift.callsToday} (no call target)`
              : `Calls today: ${shift.callsToday} of ${target}`}
          </Text>
          {target !== null && target > 0 && (
            <Progress
              value={Math.min(100, (100 * shift.callsToday) / target)}
              size="sm"
              aria-label="Calls today against the call target"
            />
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
