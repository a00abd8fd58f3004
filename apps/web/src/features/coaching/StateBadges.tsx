// A coaching session's state as a badge, with "Overdue" when the agent's acknowledgement is late and "Fatal" when a
// fatal QC record opened it.
import { Badge, Group } from '@mantine/core';
import type { TCoachingSession } from '@crm/shared';
import { STATE_COLORS, STATE_LABELS } from './coaching-view.ts';

export function StateBadges({ session }: { session: TCoachingSession }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={STATE_COLORS[session.state]} variant="light">
        {STATE_LABELS[session.state]}
      </Badge>
      {session.overdue && (
        <Badge color="red" variant="filled" title={`Acknowledgement was due ${session.acknowledgeDueAt ?? ''}`}>
          Overdue
        </Badge>
      )}
      {session.autoOpened && (
        <Badge color="grape" variant="outline" title="Opened by a fatal (auto-fail) QC record">
          Fatal
        </Badge>
      )}
    </Group>
  );
}
