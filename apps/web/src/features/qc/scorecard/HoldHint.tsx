// Under "Hold Process": the holds over the limit in the recording playing, each a link that seeks the player there.
import { Anchor, Group, Text } from '@mantine/core';
import { holdHints } from './hold-hint.ts';
import { usePlayerLink } from '../../../components/recording/player-link.ts';

export function HoldHint() {
  const link = usePlayerLink();
  if (link === null) return null;
  const { hints, more } = holdHints(link.analysis);
  if (hints.length === 0) return null;
  return (
    <Group gap={6} mt={2} role="note" aria-label="Holds found in the recording">
      {hints.map((hint) => (
        <Anchor
          key={hint.startSec}
          component="button"
          type="button"
          size="xs"
          c="red.8"
          fw={500}
          ta="left"
          onClick={() => link.seek(hint.startSec)}
        >
          {hint.text}
        </Anchor>
      ))}
      {more > 0 && (
        <Text span size="xs" c="dimmed">
          and {more} more
        </Text>
      )}
    </Group>
  );
}
