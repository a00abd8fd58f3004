// The filters of /audit, in one row: actor, object type, object id, action and a date range. They are edited here and
// applied together (Apply or Enter), so the address and the list change once per search, not once per keystroke.
import { useState, type FormEvent } from 'react';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES } from '@crm/shared';
import { AccountAutocomplete } from '../../components/AccountAutocomplete.tsx';
import {
  ACTION_LABELS,
  NO_FILTERS,
  OBJECT_TYPE_LABELS,
  hasAuditFilters,
  rangeProblem,
  type TAuditFilters,
} from './audit-params.ts';
import { DateField } from '../../components/DateField.tsx';

type Props = {
  /** The filters the list shows now (from the address); the form starts from them. */
  applied: TAuditFilters;
  onApply: (filters: TAuditFilters) => void;
};

const OBJECT_TYPE_CHOICES = [
  { value: '', label: 'All objects' },
  ...AUDIT_OBJECT_TYPES.map((t) => ({ value: t, label: OBJECT_TYPE_LABELS[t] })),
];
const ACTION_CHOICES = [
  { value: '', label: 'All actions' },
  ...AUDIT_ACTIONS.map((a) => ({ value: a, label: ACTION_LABELS[a] })),
];

function ActorInput({ value, onChange }: { value: string; onChange: (actor: string) => void }) {
  return <AccountAutocomplete label="Actor" placeholder="Username" w={170} value={value} onChange={onChange} />;
}

export function AuditFilters({ applied, onApply }: Props) {
  const [draft, setDraft] = useState<TAuditFilters>(applied);
  const set = (change: Partial<TAuditFilters>) => setDraft((current) => ({ ...current, ...change }));
  const problem = rangeProblem(draft);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (problem === null) onApply({ ...draft, actor: draft.actor.trim(), objectId: draft.objectId.trim() });
  };
  const clear = () => {
    setDraft(NO_FILTERS);
    onApply(NO_FILTERS);
  };

  return (
    <form onSubmit={submit} aria-label="Audit log filters">
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <ActorInput value={draft.actor} onChange={(actor) => set({ actor })} />
        <NativeSelect
          label="Object type"
          w={140}
          data={OBJECT_TYPE_CHOICES}
          value={draft.objectType}
          onChange={(event) => set({ objectType: event.currentTarget.value as TAuditFilters['objectType'] })}
        />
        <TextInput
          label="Object id"
          placeholder="e.g. 42"
          w={100}
          value={draft.objectId}
          onChange={(event) => set({ objectId: event.currentTarget.value })}
        />
        <NativeSelect
          label="Action"
          w={130}
          data={ACTION_CHOICES}
          value={draft.action}
          onChange={(event) => set({ action: event.currentTarget.value as TAuditFilters['action'] })}
        />
        <DateField label="From" w={140} value={draft.from} onChange={(from) => set({ from })} />
        <DateField label="To" w={140} value={draft.to} error={problem ?? undefined} onChange={(to) => set({ to })} />
        <Group gap="xs" wrap="nowrap" mt={25}>
          <Button type="submit" disabled={problem !== null}>
            Apply
          </Button>
          <Button variant="default" onClick={clear} disabled={!hasAuditFilters(draft) && !hasAuditFilters(applied)}>
            Clear
          </Button>
        </Group>
      </Group>
    </form>
  );
}
