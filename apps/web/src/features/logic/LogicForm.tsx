// The Set/Update Logic form of one question: per option (or "Any answer") the question to show and whether the call ends.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Fieldset, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LOGIC_MESSAGES, type TQuestion } from '@crm/shared';
import { FormActions } from '../../components/FormActions.tsx';
import { LOGIC_KEY, setLogics, updateLogic } from './api.ts';
import { rowLabel, rowsToRules, type TEndChoice, type TLogicMode, type TLogicRow } from './logic-data.ts';
import { questionChoiceLabel } from './logic-text.ts';

export const END_CHOICES: { value: TEndChoice; label: string }[] = [
  { value: '', label: 'None' },
  { value: '0', label: '0 – end, not completed' },
  { value: '1', label: '1 – end, completed call' },
];

export const NOTHING_TO_SAVE = 'Choose a question to show or an end for at least one answer.';

type Props = {
  mode: TLogicMode;
  question: TQuestion;
  /** The other questions of the campaign, in qno order. */
  targets: readonly TQuestion[];
  initialRows: TLogicRow[];
};

export function LogicForm({ mode, question, targets, initialRows }: Props) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState(initialRows);
  const back = `/logicManagement/${encodeURIComponent(question.campaignId)}`;

  const mutation = useMutation({
    mutationFn: () => {
      const rules = rowsToRules(question, rows);
      return mode === 'set' ? setLogics(rules) : updateLogic(question.id, rules);
    },
    onSuccess: async () => {
      notifications.show({ color: 'green', message: mode === 'set' ? LOGIC_MESSAGES.saved : LOGIC_MESSAGES.updated });
      await queryClient.invalidateQueries({ queryKey: LOGIC_KEY });
      await navigate(back);
    },
    // The API client shows the server's refusal (a target of another campaign, rules already set, …).
  });

  const change = (index: number, next: Partial<TLogicRow>) => setRows((current) => current.map((r, i) => (i === index ? { ...r, ...next } : r)));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Setting nothing is no rule at all; an update to nothing clears the question's rules.
    if (mode === 'set' && rowsToRules(question, rows).length === 0) {
      notifications.show({ id: 'logic:nothing', color: 'red', message: NOTHING_TO_SAVE });
      return;
    }
    mutation.mutate();
  };

  const targetData = [{ value: '', label: 'None – the next question' }, ...targets.map((q) => ({ value: String(q.id), label: questionChoiceLabel(q) }))];

  return (
    <form onSubmit={submit} noValidate aria-label={mode === 'set' ? 'Set Logic' : 'Update Logic'}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          An end choice ends the survey at this answer; otherwise the chosen question is shown next. Answers left at None go on to the next question.
        </Text>
        {rows.map((row, index) => (
          <Fieldset key={row.optionTitle ?? '*'} legend={rowLabel(row)} disabled={mutation.isPending}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NativeSelect
                label="Question to show"
                value={row.target}
                data={targetData}
                // A jump and an end exclude each other: choosing one clears the other.
                onChange={(event) => change(index, { target: event.currentTarget.value, ...(event.currentTarget.value === '' ? {} : { end: '' }) })}
              />
              <NativeSelect
                label="Is completed call"
                value={row.end}
                data={END_CHOICES}
                onChange={(event) => {
                  const end = END_CHOICES.find((c) => c.value === event.currentTarget.value)?.value ?? '';
                  change(index, { end, ...(end === '' ? {} : { target: '' }) });
                }}
              />
            </SimpleGrid>
          </Fieldset>
        ))}
        <FormActions onCancel={() => void navigate(back)} saving={mutation.isPending} />
      </Stack>
    </form>
  );
}
