// A calendar day typed or picked as yyyy-MM-dd, whatever the browser's locale (a native date input shows mm/dd/yyyy
// in an American browser). Typing is the fast path and opens nothing over the form; the calendar opens only from its
// button. The value in and out is the API's 'yyyy-MM-dd' text; '' when empty.
import '@mantine/dates/styles.css';
import { useState } from 'react';
import { ActionIcon, Group, Popover, TextInput, type TextInputProps } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useDisclosure } from '@mantine/hooks';
import { parseCalendarDate } from '@crm/shared';

type TDateFieldProps = Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'rightSection'> & {
  value: string;
  onChange: (value: string) => void;
  /** Shows a clear button with this name while a day is set (for optional filters). */
  clearLabel?: string;
};

function CalendarIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  );
}

function ClearIcon() {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      aria-hidden="true"
    >
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

export function DateField({ value, onChange, label, disabled, onBlur, clearLabel, ...props }: TDateFieldProps) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  const [opened, { close, toggle }] = useDisclosure(false);
  // A value set from outside (a reset, a picked day, a loaded record) shows as it is.
  if (value !== shown) {
    setShown(value);
    setText(value);
  }

  const type = (next: string) => {
    setText(next);
    if (next.trim() === '') onChange('');
    else {
      // Day-first forms (5/3/2024) are taken too, and shown as yyyy-MM-dd once the field is left.
      const day = parseCalendarDate(next);
      if (day !== null) onChange(day);
    }
  };

  const picker = (
    <Popover
      opened={opened}
      onChange={(open) => !open && close()}
      position="bottom-end"
      shadow="md"
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" onClick={toggle} disabled={disabled} aria-label="Open calendar">
          <CalendarIcon />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <DatePicker
          value={value === '' ? null : value}
          defaultDate={value === '' ? undefined : value}
          onChange={(day) => {
            onChange(day ?? '');
            close();
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );

  const clear =
    clearLabel !== undefined && value !== '' ? (
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        onClick={() => onChange('')}
        disabled={disabled}
        aria-label={clearLabel}
      >
        <ClearIcon />
      </ActionIcon>
    ) : null;

  return (
    <TextInput
      placeholder="yyyy-MM-dd"
      inputMode="numeric"
      autoComplete="off"
      {...props}
      label={label}
      disabled={disabled}
      value={text}
      onChange={(event) => type(event.currentTarget.value)}
      onBlur={(event) => {
        // What was typed and not taken (not a real day) goes back to the value the form holds.
        setText(value);
        onBlur?.(event);
      }}
      rightSection={
        clear === null ? (
          picker
        ) : (
          <Group gap={0} wrap="nowrap">
            {clear}
            {picker}
          </Group>
        )
      }
      rightSectionWidth={clear === null ? undefined : 56}
    />
  );
}
