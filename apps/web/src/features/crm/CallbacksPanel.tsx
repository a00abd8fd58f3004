// The idle screen's callbacks (docs/guide/call-loop.md, Callbacks): the agent's own due now and later today, and anyone's of
// the campaign that are due, due first; each one click (or Tab and Enter) to call, its draft or partial answers coming
// back. One that may no longer be called (do-not-call, a full quota) shows why, and no Call button.
import { Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { TCallback, TCallbacks } from '@crm/shared';
import { formatTimeOfDay } from '../../app/time-zone.ts';

type Props = {
  callbacks: TCallbacks | undefined;
  pending: boolean;
  error: string | null;
  onCall: (callback: TCallback) => void;
  disabled: boolean;
};

/** The first callback that may be called now: the idle screen's next task. */
export function nextCallback(callbacks: TCallbacks | undefined): TCallback | undefined {
  return callbacks?.callbacks.find((c) => c.due && c.blocked === null);
}

function CallbackRow({ callback, onCall, disabled }: { callback: TCallback; onCall: () => void; disabled: boolean }) {
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {callback.due ? (
          // Its text never gives way to the row's other cells (a badge's own min-content width is nearly nothing).
          <Badge color="orange" variant="light" tt="none" style={{ minWidth: 'max-content' }}>
            Due {formatTimeOfDay(callback.at)}
          </Badge>
        ) : (
          formatTimeOfDay(callback.at)
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{callback.cellNumber}</Table.Td>
      <Table.Td>
        <Text size="sm" lineClamp={1}>
          {callback.respondentName ?? '—'}
          {callback.note !== '' && (
            <Text span size="xs" c="dimmed">
              {' '}
              · {callback.note}
            </Text>
          )}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {callback.mineOnly ? 'Only me' : `Anyone (${callback.agentName})`}
      </Table.Td>
      <Table.Td>
        {callback.blocked !== null ? (
          <Text size="xs" c="orange.8" role="note">
            {callback.blocked}
          </Text>
        ) : (
          <Button
            size="compact-sm"
            variant={callback.due ? 'filled' : 'light'}
            onClick={onCall}
            disabled={disabled}
            aria-label={`Call ${callback.cellNumber}`}
          >
            Call
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

export function CallbacksPanel({ callbacks, pending, error, onCall, disabled }: Props) {
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="callbacks-title">
      <Stack gap={6}>
        <Title order={2} size="h5" id="callbacks-title">
          Callbacks {callbacks !== undefined && callbacks.dueCount > 0 ? `(${callbacks.dueCount} due)` : 'today'}
        </Title>
        {pending ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Loading your callbacks…
            </Text>
          </Group>
        ) : callbacks === undefined ? (
          <Text size="sm" c="dimmed">
            Your callbacks could not be listed{error === null ? '' : `: ${error}`}.
          </Text>
        ) : callbacks.callbacks.length === 0 ? (
          <Text size="sm" c="dimmed">
            No callback due today. A callback disposition sets one.
          </Text>
        ) : (
          <Table verticalSpacing={4} horizontalSpacing={6} fz="sm" aria-labelledby="callbacks-title">
            <Table.Tbody>
              {callbacks.callbacks.map((c) => (
                <CallbackRow key={c.id} callback={c} onCall={() => onCall(c)} disabled={disabled} />
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
