// The callback form of a callback disposition (docs/guide/call-loop.md, Callbacks): the time on the call centre's clock
// (yyyy-MM-dd HH:mm) with its quick picks, whether only this agent calls back or anyone of the campaign, and a note.
import { useState } from 'react';
import { Button, Group, Kbd, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { displayTimeZone } from '../../app/time-zone.ts';
import { callbackQuickPicks, MAX_CALLBACK_NOTE, type TCallbackForm } from './callback-time.ts';

/** The keys of the quick picks (outside a text field), in the order they are offered. */
export const QUICK_PICK_KEYS: Readonly<Record<string, string>> = {
  'In 1 h': 'h',
  'This evening': 'e',
  'Tomorrow same time': 't',
};

type Props = {
  form: TCallbackForm;
  disabled: boolean;
  /** The time field's id, so the step can focus it when the time is missing or refused. */
  timeFieldId: string;
  onChange: (form: Partial<TCallbackForm>) => void;
};

export function CallbackForm({ form, disabled, timeFieldId, onChange }: Props) {
  // The picks as they stand when the form opened: "in 1 h" means from when the agent reads it.
  const [picks] = useState(() => callbackQuickPicks(Date.now(), displayTimeZone()));
  return (
    <Stack gap={6} component="fieldset" style={{ border: 0, padding: 0, margin: 0 }} aria-label="Callback">
      <TextInput
        id={timeFieldId}
        label={`Callback time (yyyy-MM-dd HH:mm, ${displayTimeZone()})`}
        placeholder="2026-11-20 18:30"
        autoComplete="off"
        size="sm"
        w={260}
        value={form.at}
        disabled={disabled}
        onChange={(event) => onChange({ at: event.currentTarget.value })}
      />
      <Group gap={6} wrap="wrap">
        {picks.map((pick) => (
          <Button
            key={pick.label}
            size="compact-xs"
            variant="light"
            disabled={disabled}
            onClick={() => onChange({ at: pick.at })}
            title={pick.at}
          >
            <Group gap={4} wrap="nowrap" component="span">
              {pick.label}
              {QUICK_PICK_KEYS[pick.label] !== undefined && (
                <Kbd size="xs">{QUICK_PICK_KEYS[pick.label]?.toUpperCase()}</Kbd>
              )}
            </Group>
          </Button>
        ))}
      </Group>
      <Stack gap={2}>
        <Text size="sm" fw={500} id={`${timeFieldId}-who`}>
          Who calls back
        </Text>
        <SegmentedControl
          size="xs"
          aria-labelledby={`${timeFieldId}-who`}
          disabled={disabled}
          value={form.mineOnly ? 'mine' : 'anyone'}
          onChange={(value) => onChange({ mineOnly: value === 'mine' })}
          data={[
            { value: 'mine', label: 'Only me' },
            { value: 'anyone', label: 'Anyone of the campaign' },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
      </Stack>
      <TextInput
        label="Callback note"
        size="sm"
        maxLength={MAX_CALLBACK_NOTE}
        value={form.note}
        disabled={disabled}
        onChange={(event) => onChange({ note: event.currentTarget.value })}
      />
    </Stack>
  );
}
