// The Call Records' filters, one compact row above the list ("Longest silence over [30] s", "Talk ratio under
// [30] %"), and their order (worst first) beside the card's title. A typed number goes to the search after a pause,
// an emptied box or another order at once.
import { useState } from 'react';
import { Group, NativeSelect, NumberInput, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { VOICE_LOG_SORTS } from '@crm/shared';
import { SEARCH_DEBOUNCE_MS } from '../../../components/DataList.tsx';
import { SORT_LABELS, type TRecordingFilters } from './recording-filters.ts';

type Props = { filters: TRecordingFilters; onChange: (change: Partial<TRecordingFilters>) => void };

/** The box's number, or undefined while it is empty. */
const asNumber = (value: string | number): number | undefined =>
  typeof value === 'number' ? value : value.trim() === '' ? undefined : Number(value);

function NumberFilter({
  label,
  unit,
  max,
  value,
  onApply,
}: {
  label: string;
  unit: string;
  max?: number;
  value: number | undefined;
  onApply: (next: number | undefined) => void;
}) {
  const [typed, setTyped] = useState<string | number>(value ?? '');
  const [applied, setApplied] = useState(value);
  // The address changed under the box (Back, a reload): show what the search uses.
  if (value !== applied) {
    setApplied(value);
    setTyped(value ?? '');
  }
  const apply = (next: number | undefined) => {
    setApplied(next);
    onApply(next);
  };
  const later = useDebouncedCallback(apply, SEARCH_DEBOUNCE_MS);
  const words = `${label} (${unit === 's' ? 'seconds' : 'percent'})`;
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="xs" aria-hidden="true" style={{ whiteSpace: 'nowrap' }}>
        {label}
      </Text>
      <NumberInput
        size="xs"
        w={44}
        aria-label={words}
        placeholder="any"
        min={0}
        max={max}
        allowNegative={false}
        hideControls
        value={typed}
        onChange={(next) => {
          setTyped(next);
          const number = asNumber(next);
          if (number === undefined) {
            later.cancel();
            apply(undefined);
          } else later(number);
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          later.cancel();
          apply(asNumber(typed));
        }}
      />
      <Text size="xs" aria-hidden="true">
        {unit}
      </Text>
    </Group>
  );
}

export function RecordingFilters({ filters, onChange }: Props) {
  return (
    <Group gap="md" wrap="wrap" role="group" aria-label="Filter by the automatic checks" style={{ rowGap: 4 }}>
      <NumberFilter
        label="Longest silence over"
        unit="s"
        value={filters.longestSilenceOver}
        onApply={(longestSilenceOver) => onChange({ longestSilenceOver })}
      />
      <NumberFilter
        label="Talk ratio under"
        unit="%"
        max={100}
        value={filters.talkRatioUnder}
        onApply={(talkRatioUnder) => onChange({ talkRatioUnder })}
      />
    </Group>
  );
}

export function RecordingSort({ filters, onChange }: Props) {
  return (
    <NativeSelect
      size="xs"
      aria-label="Sort recordings"
      title="Sort recordings"
      value={filters.sort}
      onChange={(event) => {
        const sort = VOICE_LOG_SORTS.find((s) => s === event.currentTarget.value);
        if (sort !== undefined) onChange({ sort });
      }}
      data={VOICE_LOG_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
    />
  );
}
