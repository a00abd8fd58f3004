// The filters above a QC record list: search (agent, ID, campaign, number), call date (yyyy-MM-dd) and, for an admin,
// the inspector.
import { useState } from 'react';
import { CloseButton, Group, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { SEARCH_DEBOUNCE_MS } from '../../../components/DataList.tsx';
import { DateField } from '../../../components/DateField.tsx';
import { AccountAutocomplete } from '../../../components/AccountAutocomplete.tsx';
import type { TListParams } from './list-params.ts';

type Props = { state: TListParams; isAdmin: boolean; onChange: (change: Partial<TListParams>) => void };

/** Free typing goes to the list after a pause; a clear or a picked inspector goes at once. */
function useTypedFilter(value: string, apply: (next: string) => void) {
  const [typed, setTyped] = useState(value);
  const [applied, setApplied] = useState(value);
  // The address changed under the input (Clear filters, Back): show what the list uses.
  if (value !== applied) {
    setApplied(value);
    setTyped(value);
  }
  const later = useDebouncedCallback((next: string) => {
    setApplied(next.trim());
    apply(next.trim());
  }, SEARCH_DEBOUNCE_MS);
  const type = (next: string) => {
    setTyped(next);
    later(next);
  };
  const now = (next: string) => {
    setTyped(next);
    later.cancel();
    setApplied(next.trim());
    apply(next.trim());
  };
  return { typed, type, now };
}

function InspectorFilter({ value, onApply }: { value: string; onApply: (username: string) => void }) {
  const filter = useTypedFilter(value, onApply);
  return (
    <AccountAutocomplete
      label="QC inspector"
      placeholder="All inspectors"
      w={220}
      value={filter.typed}
      onChange={filter.type}
      onOptionSubmit={filter.now}
      unavailable={(reason) => `The inspector list could not be loaded (${reason}); type a username.`}
      rightSection={
        filter.typed === '' ? null : <CloseButton aria-label="Clear inspector" onClick={() => filter.now('')} />
      }
    />
  );
}

export function QcListFilters({ state, isAdmin, onChange }: Props) {
  const search = useTypedFilter(state.search, (next) => onChange({ search: next }));
  return (
    <Group align="flex-end" gap="sm">
      <TextInput
        label="Search"
        placeholder="Agent, ID, campaign or number"
        w={260}
        value={search.typed}
        onChange={(event) => search.type(event.currentTarget.value)}
        rightSection={
          search.typed === '' ? null : <CloseButton aria-label="Clear search" onClick={() => search.now('')} />
        }
      />
      <DateField
        label="Call date"
        w={150}
        value={state.date}
        onChange={(date) => onChange({ date })}
        clearLabel="Clear call date"
      />
      {isAdmin && <InspectorFilter value={state.username} onApply={(username) => onChange({ username })} />}
    </Group>
  );
}
