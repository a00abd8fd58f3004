// "Columns": which optional columns the QC record lists show, remembered in this browser for both lists.
import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import {
  COLUMN_CHOICES,
  COLUMN_CHOICE_KEY,
  COLUMN_CHOICE_LABELS,
  DEFAULT_COLUMN_CHOICE,
  parseColumnChoice,
  serializeColumnChoice,
  toggleColumnChoice,
  type TColumnChoice,
} from './column-choice.ts';
import { ColumnsIcon } from './icons.tsx';

/** The remembered choice and a setter that stores it. */
export function useColumnChoice(): [TColumnChoice[], (choice: TColumnChoice[]) => void] {
  const [choice, setChoice] = useLocalStorage<TColumnChoice[]>({
    key: COLUMN_CHOICE_KEY,
    defaultValue: [...DEFAULT_COLUMN_CHOICE],
    serialize: serializeColumnChoice,
    deserialize: parseColumnChoice,
    getInitialValueInEffect: false,
  });
  return [choice, setChoice];
}

type Props = { choice: readonly TColumnChoice[]; onChange: (choice: TColumnChoice[]) => void };

export function ColumnChooser({ choice, onChange }: Props) {
  return (
    <Popover position="bottom-end" shadow="md" withArrow withinPortal={false} hideDetached={false}>
      <Popover.Target>
        <Button variant="default" leftSection={<ColumnsIcon size={16} />}>
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-label="Columns shown">
          <Text size="xs" c="dimmed" maw={260}>
            Call date, agent, consumer number, Total, grade, inspector and the actions always show. Your choice is kept
            in this browser.
          </Text>
          {COLUMN_CHOICES.map((c) => (
            <Checkbox
              key={c}
              label={COLUMN_CHOICE_LABELS[c]}
              checked={choice.includes(c)}
              onChange={(event) => onChange(toggleColumnChoice(choice, c, event.currentTarget.checked))}
            />
          ))}
          <Button variant="subtle" size="compact-sm" onClick={() => onChange([...DEFAULT_COLUMN_CHOICE])}>
            Back to the default columns
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
