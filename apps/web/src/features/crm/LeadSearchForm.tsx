// The CRM's search by cell number: a phone field (text, so leading zeros and +88 survive), Enter or Search to look up.
// One line, its label beside the field, so the call below gets the height.
import { useId, type RefObject } from 'react';
import { Button, Group, Text, TextInput } from '@mantine/core';

type Props = {
  fieldRef: RefObject<HTMLInputElement | null>;
  value: string;
  error: string | null;
  searching: boolean;
  /** A save is under way: a new search waits for it. */
  disabled: boolean;
  onChange: (value: string) => void;
  onSearch: () => void;
};

export function LeadSearchForm({ fieldRef, value, error, searching, disabled, onChange, onSearch }: Props) {
  const id = useId();
  return (
    <form
      role="search"
      aria-label="Search lead by number"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
    >
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <Text component="label" htmlFor={id} size="sm" fw={500} mt={7} style={{ whiteSpace: 'nowrap' }}>
          Cell number
        </Text>
        <TextInput
          id={id}
          ref={fieldRef}
          type="tel"
          placeholder="e.g. 01712345678"
          autoComplete="off"
          w={210}
          value={value}
          error={error}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
        <Button type="submit" loading={searching} disabled={disabled}>
          Search
        </Button>
      </Group>
    </form>
  );
}
