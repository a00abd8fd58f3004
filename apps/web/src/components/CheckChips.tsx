// A recording's automatic checks as small badges: dead air, the longest silence, the agent's talk and overtalk (stereo),
// holds over the limit in red, too quiet and clipping as warnings, each with what it measures as its tooltip;
// "Being analysed…" while pending; why, when unreadable.
import { Badge, Group, Loader, Text } from '@mantine/core';
import type { TRecordingChecks } from '@crm/shared';
import { checkChips, checkSummary, type TChipTone } from './check-text.ts';

const TONE_COLOR: Record<TChipTone, string> = {
  plain: 'gray',
  hold: 'red',
  warning: 'orange',
  pending: 'blue',
  unreadable: 'red',
};

export function CheckChips({ checks }: { checks: TRecordingChecks }) {
  const chips = checkChips(checks);
  if (checks.status === 'unreadable') {
    return (
      <Text size="xs" c="red.8" role="note" aria-label="Automatic checks" style={{ overflowWrap: 'anywhere' }}>
        {chips[0]?.text}
      </Text>
    );
  }
  return (
    <Group gap={4} wrap="wrap" role="list" aria-label={`Automatic checks: ${checkSummary(checks)}`}>
      {chips.map((chip) => (
        <Badge
          key={chip.key}
          role="listitem"
          size="sm"
          radius="sm"
          tt="none"
          fw={chip.tone === 'plain' ? 500 : 600}
          variant={chip.tone === 'hold' ? 'filled' : 'light'}
          color={TONE_COLOR[chip.tone]}
          title={chip.hint}
          leftSection={chip.tone === 'pending' ? <Loader size={8} color="blue" /> : undefined}
        >
          {chip.text}
        </Badge>
      ))}
    </Group>
  );
}
