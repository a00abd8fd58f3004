// The CRM's search by cell number: a phone field (text, so leading zeros and +88 survive), Enter or Search to look up.
import type { RefObject } from 'react';
import { Button, Group, Paper, TextInput } from '@mantine/core';

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
  return (
    <Paper withBorder p="md">
      <form
        role="search"
        aria-label="Search lead by number"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSearch();
        }}
      >
        <Group align="flex-start" gap="sm">
          <TextInput
            ref={fieldRef}
            type="tel"
            label="Cell number"
            placeholder="e.g. 01712345678"
            autoComplete="off"
            w={280}
            value={value}
            error={error}
            onChange={(event) => onChange(event.currentTarget.value)}
          />
          {/* Lined up with the field, not its label. */}
          <Button type="submit" mt={25} loading={searching} disabled={disabled}>
            Search
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
