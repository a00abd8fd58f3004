// The successful-call tick under the player (docs/product.md §4 QC panel audio tick): grey until the chosen recording's length
// is known, green once clicked; the words beside it say what it means now (the player above names the recording).
import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { QC_MESSAGES } from '@crm/shared';
import type { TTick } from './tick.ts';

export const TICK_LABEL = 'Successful call';

const TICK_GREY = '#808080';

export function tickText(tick: TTick): string {
  switch (tick.kind) {
    case 'none':
      return 'Play a recording to mark the call successful.';
    case 'loading':
      return 'Waiting for the recording to load…';
    case 'ready':
      return `${tick.seconds} seconds: click the tick to mark the call successful.`;
    case 'ticked':
      return `Successful call: ${tick.seconds} seconds, linked to both records when you submit.`;
  }
}

function CheckIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M4 12.5l5 5L20 6.5" />
    </svg>
  );
}

export function SuccessTick({ tick, onTick }: { tick: TTick; onTick: () => void }) {
  const ticked = tick.kind === 'ticked';
  const ready = tick.kind === 'ready' || ticked;
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Tooltip label={QC_MESSAGES.tickTooltip} withArrow position="right">
        <ActionIcon
          size="lg"
          radius="xl"
          variant="filled"
          color={ticked ? 'green' : TICK_GREY}
          aria-label={TICK_LABEL}
          aria-pressed={ticked}
          data-state={tick.kind}
          // Still clickable before the length is known: the click says why nothing happened.
          style={{ cursor: ready ? 'pointer' : 'not-allowed', flexShrink: 0 }}
          onClick={onTick}
        >
          <CheckIcon />
        </ActionIcon>
      </Tooltip>
      <Text size="xs" c={ticked ? 'green.8' : 'dimmed'} aria-live="polite" style={{ overflowWrap: 'anywhere' }}>
        {tickText(tick)}
      </Text>
    </Group>
  );
}
