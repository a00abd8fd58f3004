// The "show only if" editor of one question (logic management page): comparisons over earlier answers and lead fields,
// all joined by AND or OR, and groups of them in brackets. Saved whole or refused with the server's words.
import { useState } from 'react';
import {
  Alert,
  Button,
  CloseButton,
  Group,
  List,
  Modal,
  MultiSelect,
  NativeSelect,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TConditionJoin, TQuestion, TQuestionCondition } from '@crm/shared';
import { saveCondition } from './conditions-api.ts';
import {
  draftOf,
  emptyRow,
  OPERATOR_LABELS,
  operatorsFor,
  showIfOf,
  subjectChoices,
  valueOptions,
  type TConditionDraft,
  type TRowDraft,
  type TSubjectChoice,
} from './condition-form.ts';

const JOINS = [
  { value: 'and', label: 'All of these (AND)' },
  { value: 'or', label: 'Any of these (OR)' },
];

function RowEditor({
  row,
  choices,
  label,
  onChange,
  onRemove,
}: {
  row: TRowDraft;
  choices: TSubjectChoice[];
  label: string;
  onChange: (row: TRowDraft) => void;
  onRemove: () => void;
}) {
  const choice = choices.find((c) => c.value === row.subject);
  const operators = operatorsFor(choice);
  const options = valueOptions(choice);
  const data = (['Earlier answers', 'Lead fields'] as const)
    .map((group) => ({
      group,
      items: choices.filter((c) => c.group === group).map(({ value, label: l }) => ({ value, label: l })),
    }))
    .filter((g) => g.items.length > 0);
  const needsValue =
    row.operator === 'is' || row.operator === 'isNot' || row.operator === 'gt' || row.operator === 'lt';
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end" role="group" aria-label={label}>
      <Select
        label="Compare"
        placeholder="An earlier answer or a lead field"
        data={data}
        value={row.subject || null}
        searchable
        onChange={(v) =>
          onChange({
            ...row,
            subject: v ?? '',
            operator: operatorsFor(choices.find((c) => c.value === v)).includes(row.operator) ? row.operator : 'is',
            value: '',
            values: [],
          })
        }
        style={{ flex: 3, minWidth: 0 }}
      />
      <NativeSelect
        label="Operator"
        data={operators.map((o) => ({ value: o, label: OPERATOR_LABELS[o] }))}
        value={row.operator}
        onChange={(e) => onChange({ ...row, operator: e.currentTarget.value as TRowDraft['operator'] })}
        style={{ flex: 2 }}
      />
      {row.operator === 'anyOf' &&
        (options === null ? (
          <TextInput
            label="Values (comma between)"
            value={row.values.join(', ')}
            onChange={(e) =>
              onChange({
                ...row,
                values: e.currentTarget.value
                  .split(',')
                  .map((v) => v.trim())
                  .filter((v) => v !== ''),
              })
            }
            style={{ flex: 3 }}
          />
        ) : (
          <MultiSelect
            label="Values"
            data={options}
            value={row.values}
            onChange={(values) => onChange({ ...row, values })}
            style={{ flex: 3 }}
          />
        ))}
      {needsValue &&
        (options !== null && row.operator !== 'gt' && row.operator !== 'lt' ? (
          <NativeSelect
            label="Value"
            data={['', ...options]}
            value={row.value}
            onChange={(e) => onChange({ ...row, value: e.currentTarget.value })}
            style={{ flex: 3 }}
          />
        ) : (
          <TextInput
            label={row.operator === 'gt' || row.operator === 'lt' ? 'Number' : 'Value'}
            value={row.value}
            onChange={(e) => onChange({ ...row, value: e.currentTarget.value })}
            style={{ flex: 3 }}
          />
        ))}
      {!needsValue && row.operator !== 'anyOf' && <div style={{ flex: 3 }} />}
      <CloseButton aria-label={`Remove ${label.toLowerCase()}`} onClick={onRemove} mb={4} />
    </Group>
  );
}

type Props = {
  question: TQuestion;
  questions: readonly TQuestion[];
  /** The campaign's own data-table columns. */
  columns: readonly string[];
  current: TQuestionCondition | undefined;
  onClose: () => void;
  onSaved: (conditions: TQuestionCondition[]) => void;
};

export function ConditionModal({ question, questions, columns, current, onClose, onSaved }: Props) {
  const [draft, setDraft] = useState<TConditionDraft>(() => draftOf(current?.showIf));
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const choices = subjectChoices(question, questions, columns);

  const setItems = (items: TConditionDraft['items']) => setDraft({ ...draft, items });
  const save = async (remove = false) => {
    const built = remove ? null : showIfOf(draft);
    if (built !== null && !built.ok) {
      setProblems(built.problems);
      return;
    }
    setSaving(true);
    try {
      const saved = await saveCondition(question.id, built === null ? null : built.showIf);
      notifications.show({
        color: 'green',
        message: remove ? `The condition of ${question.qno} is removed.` : `The condition of ${question.qno} is saved.`,
      });
      onSaved(saved);
    } catch (e) {
      setProblems([e instanceof Error ? e.message : String(e)]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} size="xl" title={`Show ${question.qno} only if`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {question.qno}. {question.title} — when the condition does not hold, the survey skips it as it skips an
            inactive question.
          </Text>
          <SegmentedControl
            aria-label="Join"
            data={JOINS}
            value={draft.join}
            onChange={(v) => setDraft({ ...draft, join: v as TConditionJoin })}
          />
          {draft.items.map((item, i) =>
            item.kind === 'row' ? (
              <RowEditor
                key={i}
                row={item.row}
                choices={choices}
                label={`Row ${i + 1}`}
                onChange={(row) => setItems(draft.items.map((x, j) => (j === i ? { kind: 'row', row } : x)))}
                onRemove={() => setItems(draft.items.filter((_, j) => j !== i))}
              />
            ) : (
              <Paper key={i} withBorder p="xs" role="group" aria-label={`Group ${i + 1}`}>
                <Stack gap="xs">
                  <Group justify="space-between">
                    <SegmentedControl
                      size="xs"
                      aria-label={`Join of group ${i + 1}`}
                      data={JOINS}
                      value={item.group.join}
                      onChange={(v) =>
                        setItems(
                          draft.items.map((x, j) =>
                            j === i ? { kind: 'group', group: { ...item.group, join: v as TConditionJoin } } : x,
                          ),
                        )
                      }
                    />
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setItems(draft.items.filter((_, j) => j !== i))}
                    >
                      Remove group
                    </Button>
                  </Group>
                  {item.group.rows.map((row, r) => (
                    <RowEditor
                      key={r}
                      row={row}
                      choices={choices}
                      label={`Group ${i + 1} row ${r + 1}`}
                      onChange={(next) =>
                        setItems(
                          draft.items.map((x, j) =>
                            j === i
                              ? {
                                  kind: 'group',
                                  group: { ...item.group, rows: item.group.rows.map((y, k) => (k === r ? next : y)) },
                                }
                              : x,
                          ),
                        )
                      }
                      onRemove={() =>
                        setItems(
                          draft.items.map((x, j) =>
                            j === i
                              ? {
                                  kind: 'group',
                                  group: { ...item.group, rows: item.group.rows.filter((_, k) => k !== r) },
                                }
                              : x,
                          ),
                        )
                      }
                    />
                  ))}
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() =>
                      setItems(
                        draft.items.map((x, j) =>
                          j === i
                            ? { kind: 'group', group: { ...item.group, rows: [...item.group.rows, emptyRow()] } }
                            : x,
                        ),
                      )
                    }
                  >
                    Add to group {i + 1}
                  </Button>
                </Stack>
              </Paper>
            ),
          )}
          <Group gap="xs">
            <Button variant="light" onClick={() => setItems([...draft.items, { kind: 'row', row: emptyRow() }])}>
              Add comparison
            </Button>
            <Button
              variant="light"
              onClick={() =>
                setItems([
                  ...draft.items,
                  {
                    kind: 'group',
                    group: { join: draft.join === 'and' ? 'or' : 'and', rows: [emptyRow(), emptyRow()] },
                  },
                ])
              }
            >
              Add group
            </Button>
          </Group>
          {problems.length > 0 && (
            <Alert color="red" title="The condition cannot be saved yet" role="alert">
              <List size="sm">
                {problems.map((p) => (
                  <List.Item key={p}>{p}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Group justify="space-between">
            {current ? (
              <Button color="red" variant="subtle" onClick={() => void save(true)} loading={saving}>
                Remove condition
              </Button>
            ) : (
              <span />
            )}
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={saving}>
                Save condition
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
