// The options of a Select / Multi Select question: chips with a remove button, and an input that adds one option at a time.
import { useId, useState, type KeyboardEvent } from 'react';
import { Badge, Button, CloseButton, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { optionProblem } from './options.ts';

type Props = {
  options: readonly string[];
  onChange: (options: string[]) => void;
  /** A problem with the whole list (e.g. fewer than two options), shown under it. */
  error?: string;
  disabled?: boolean;
};

export function OptionsEditor({ options, onChange, error, disabled = false }: Props) {
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | undefined>(undefined);
  const listId = useId();

  const add = () => {
    const problem = optionProblem(draft, options);
    if (problem !== undefined) {
      setDraftError(problem);
      return;
    }
    onChange([...options, draft.trim()]);
    setDraft('');
    setDraftError(undefined);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the option instead of submitting the surrounding form.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  return (
    <Stack gap={6}>
      <Input.Label id={listId} required>
        Options
      </Input.Label>
      <Group gap="xs" role="list" aria-labelledby={listId} mih={26}>
        {options.length === 0 ? (
          <Text size="sm" c="dimmed">
            No options yet
          </Text>
        ) : (
          options.map((option) => (
            <Badge
              key={option}
              role="listitem"
              variant="light"
              size="lg"
              tt="none"
              rightSection={
                disabled ? undefined : (
                  <CloseButton
                    size="xs"
                    aria-label={`Remove option ${option}`}
                    onClick={() => onChange(options.filter((o) => o !== option))}
                  />
                )
              }
            >
              {option}
            </Badge>
          ))
        )}
      </Group>
      {error !== undefined && <Input.Error>{error}</Input.Error>}
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          label="New option"
          placeholder="e.g. Yes"
          flex={1}
          disabled={disabled}
          value={draft}
          onChange={(event) => {
            setDraft(event.currentTarget.value);
            setDraftError(undefined);
          }}
          onKeyDown={onKeyDown}
          error={draftError}
        />
        <Button variant="light" mt={25} disabled={disabled} onClick={add}>
          Add option
        </Button>
      </Group>
    </Stack>
  );
}
