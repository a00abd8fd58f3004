// The concern flag (docs/product.md §4): red when raised, grey otherwise; a toggle on an open review, a mark on a written one.
import { ActionIcon, Tooltip } from '@mantine/core';
import { FlagIcon } from '../records/icons.tsx';

/** The toggle of an open review: aria-pressed says whether the concern is raised. */
export function ConcernToggle({
  raised,
  disabled,
  onToggle,
}: {
  raised: boolean;
  disabled: boolean;
  onToggle: () => void;
}) {
  return (
    <Tooltip label={raised ? 'Concern raised: click to remove it' : 'Click to raise a concern'}>
      <ActionIcon
        size="lg"
        variant={raised ? 'filled' : 'light'}
        color={raised ? 'red' : 'gray'}
        aria-label="Raise Concern"
        aria-pressed={raised}
        disabled={disabled}
        onClick={onToggle}
      >
        <FlagIcon filled={raised} />
      </ActionIcon>
    </Tooltip>
  );
}

/** A written review's flag, not clickable. */
export function ConcernMark({ raised }: { raised: boolean }) {
  const label = raised ? 'Concern raised' : 'No concern';
  return (
    <Tooltip label={label}>
      <span
        role="img"
        aria-label={label}
        style={{ color: raised ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-gray-5)', display: 'inline-flex' }}
      >
        <FlagIcon filled={raised} />
      </span>
    </Tooltip>
  );
}
