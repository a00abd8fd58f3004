// One criterion of the builder: key, name, question, guidance, its scale (2–11 choices of label and marks), N/A,
// auto-fail choice, comment required and tags; moved up and down, removed. Drawn again only when it or its problems change.
import { memo, type Dispatch } from 'react';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { SCORECARD_LIMITS } from '@crm/shared';
import { fieldId, sameProblems } from './draft-problems.ts';
import type { TCriterionRow, TDraftAction } from './scorecard-draft.ts';

type Props = {
  criterion: TCriterionRow;
  s: number;
  c: number;
  /** Its place in the whole scorecard, 1-based (the name its group has). */
  number: number;
  canMoveUp: boolean;
  canMoveDown: boolean;
  /** Its problems, keyed by the path under the criterion ('name', 'choices.1.label'). */
  problems: Readonly<Record<string, string>>;
  dispatch: Dispatch<TDraftAction>;
};

function CriterionEditorView({ criterion, s, c, number, canMoveUp, canMoveDown, problems, dispatch }: Props) {
  const at = { s, c };
  const path = (rest: string) => fieldId(`sections.${s}.criteria.${c}.${rest}`);
  const set = (patch: Partial<Omit<TCriterionRow, 'id' | 'choices'>>) =>
    dispatch({ type: 'setCriterion', ...at, patch });
  const title = criterion.name.trim() || criterion.key || `Criterion ${number}`;
  return (
    <Paper withBorder p="xs" radius="sm" role="group" aria-label={`Criterion ${number}`} bg="white">
      <Stack gap={6}>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={600} size="sm" pt={4} w={28} c="dimmed">
            {number}.
          </Text>
          <TextInput
            id={path('key')}
            label="Key"
            size="xs"
            w={150}
            value={criterion.key}
            onChange={(e) => set({ key: e.currentTarget.value })}
            error={problems.key}
          />
          <TextInput
            id={path('name')}
            label="Criterion name"
            size="xs"
            style={{ flex: 1 }}
            value={criterion.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            error={problems.name}
          />
          <Group gap={2} pt={20} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label={`Move ${title} up`}
              disabled={!canMoveUp}
              onClick={() => dispatch({ type: 'moveCriterion', ...at, by: -1 })}
            >
              ↑
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={`Move ${title} down`}
              disabled={!canMoveDown}
              onClick={() => dispatch({ type: 'moveCriterion', ...at, by: 1 })}
            >
              ↓
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${title}`}
              onClick={() => dispatch({ type: 'removeCriterion', ...at })}
            >
              ✕
            </ActionIcon>
          </Group>
        </Group>
        <SimpleGrid cols={2} spacing="xs">
          <Textarea
            id={path('question')}
            label="Question (as the inspector reads it)"
            size="xs"
            rows={2}
            resize="vertical"
            value={criterion.question}
            onChange={(e) => set({ question: e.currentTarget.value })}
            error={problems.question}
          />
          <Textarea
            id={path('guidance')}
            label="Guidance for inspectors (optional)"
            size="xs"
            rows={2}
            resize="vertical"
            value={criterion.guidance}
            onChange={(e) => set({ guidance: e.currentTarget.value })}
            error={problems.guidance}
          />
        </SimpleGrid>
        <ChoicesEditor {...{ criterion, s, c, problems, dispatch }} />
        <Group gap="md" align="flex-end">
          <Checkbox
            label="Allow N/A"
            size="xs"
            checked={criterion.allowNa}
            onChange={(e) => set({ allowNa: e.currentTarget.checked })}
          />
          <Checkbox
            label="Comment required"
            title="A comment is required when the choice is not its best mark"
            size="xs"
            checked={criterion.commentRequired}
            onChange={(e) => set({ commentRequired: e.currentTarget.checked })}
          />
          <NativeSelect
            id={path('autoFailChoice')}
            label="Auto-fail choice"
            size="xs"
            w={150}
            value={criterion.autoFailChoice ?? ''}
            onChange={(e) => set({ autoFailChoice: e.currentTarget.value === '' ? null : e.currentTarget.value })}
            data={[
              { value: '', label: 'None' },
              ...criterion.choices
                .filter((ch) => ch.label.trim() !== '')
                .map((ch) => ({ value: ch.label, label: ch.label })),
            ]}
            error={problems.autoFailChoice}
          />
          <TextInput
            id={path('tags')}
            label="Tags (e.g. hold)"
            size="xs"
            w={170}
            value={criterion.tags}
            onChange={(e) => set({ tags: e.currentTarget.value })}
            error={Object.entries(problems)
              .filter(([k]) => k.startsWith('tags'))
              .map(([, v]) => v)
              .join('; ')}
          />
        </Group>
      </Stack>
    </Paper>
  );
}

function ChoicesEditor({ criterion, s, c, problems, dispatch }: Omit<Props, 'number' | 'canMoveUp' | 'canMoveDown'>) {
  const at = { s, c };
  const count = criterion.choices.length;
  const title = criterion.name.trim() || criterion.key;
  return (
    <Stack gap={4} role="group" aria-label={`Choices of ${title}`}>
      <Text size="xs" fw={500}>
        Choices ({SCORECARD_LIMITS.minChoices}–{SCORECARD_LIMITS.maxChoices}; keys 1–{SCORECARD_LIMITS.keyboardChoices}{' '}
        pick them in order)
      </Text>
      <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
        {criterion.choices.map((choice, i) => (
          <Group key={choice.id} gap="xs" wrap="nowrap" align="flex-start">
            <Text size="xs" c="dimmed" w={18} pt={6}>
              {i + 1}
            </Text>
            <TextInput
              id={fieldId(`sections.${s}.criteria.${c}.choices.${i}.label`)}
              aria-label={`Choice ${i + 1} label`}
              placeholder="Label"
              size="xs"
              style={{ flex: 1 }}
              value={choice.label}
              onChange={(e) => dispatch({ type: 'setChoice', ...at, i, patch: { label: e.currentTarget.value } })}
              error={problems[`choices.${i}.label`]}
            />
            <TextInput
              id={fieldId(`sections.${s}.criteria.${c}.choices.${i}.marks`)}
              aria-label={`Choice ${i + 1} marks`}
              placeholder="Marks"
              size="xs"
              w={90}
              value={String(choice.marks)}
              inputMode="decimal"
              onChange={(e) => dispatch({ type: 'setChoice', ...at, i, patch: { marks: e.currentTarget.value } })}
              error={problems[`choices.${i}.marks`]}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={3}
              aria-label={`Remove choice ${i + 1}`}
              disabled={count <= SCORECARD_LIMITS.minChoices}
              onClick={() => dispatch({ type: 'removeChoice', ...at, i })}
            >
              ✕
            </ActionIcon>
          </Group>
        ))}
      </SimpleGrid>
      {problems.choices !== undefined && (
        <Text size="xs" c="red" id={fieldId(`sections.${s}.criteria.${c}.choices`)}>
          {problems.choices}
        </Text>
      )}
      <Group>
        <Button
          size="compact-xs"
          variant="light"
          disabled={count >= SCORECARD_LIMITS.maxChoices}
          onClick={() => dispatch({ type: 'addChoice', ...at })}
        >
          Add choice
        </Button>
        {count >= SCORECARD_LIMITS.maxChoices && (
          <Text size="xs" c="dimmed">
            A scale has at most {SCORECARD_LIMITS.maxChoices} choices.
          </Text>
        )}
      </Group>
    </Stack>
  );
}

export const CriterionEditor = memo(
  CriterionEditorView,
  (a, b) =>
    a.criterion === b.criterion &&
    a.s === b.s &&
    a.c === b.c &&
    a.number === b.number &&
    a.canMoveUp === b.canMoveUp &&
    a.canMoveDown === b.canMoveDown &&
    a.dispatch === b.dispatch &&
    sameProblems(a.problems, b.problems),
);
