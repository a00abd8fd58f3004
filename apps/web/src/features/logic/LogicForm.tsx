// The Set/Update Logic form of one question: per option (or "Any answer") one "Then" choice: go on, go to a question,
// or end the call (completed or not). One choice per answer, so a contradictory jump-and-end cannot be made; it maps to
// the spec's questionNoToShow and isCompletedCall (logic-data.ts).
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Fieldset, NativeSelect, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LOGIC_MESSAGES, type TQuestion } from '@crm/shared';
import { FormActions } from '../../components/FormActions.tsx';
import { LOGIC_KEY, setLogics, updateLogic } from './api.ts';
import { rowLabel, rowsToRules, type TLogicMode, type TLogicRow } from './logic-data.ts';
import { questionChoiceLabel } from './logic-text.ts';

export const CONTINUE_LABEL = 'Continue with the next question';
export const END_COMPLETED_LABEL = 'End: completed call';
export const END_NOT_COMPLETED_LABEL = 'End: not completed';

/** A row's one choice as the select's value: '' (continue), 'end:1', 'end:0' or 'go:<question id>'. */
export function thenValue(row: Pick<TLogicRow, 'target' | 'end'>): string {
  if (row.end !== '') return `end:${row.end}`;
  return row.target === '' ? '' : `go:${row.target}`;
}

/** The select's value back as the row's target and end: exactly one of them set, or neither. */
export function fromThenValue(value: string): Pick<TLogicRow, 'target' | 'end'> {
  if (value === 'end:1') return { target: '', end: '1' };
  if (value === 'end:0') return { target: '', end: '0' };
  if (value.startsWith('go:')) return { target: value.slice(3), end: '' };
  return { target: '', end: '' };
}

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

  const change = (index: number, next: Partial<TLogicRow>) =>
    setRows((current) => current.map((r, i) => (i === index ? { ...r, ...next } : r)));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Setting nothing is no rule at all; an update to nothing clears the question's rules.
    if (mode === 'set' && rowsToRules(question, rows).length === 0) {
      notifications.show({ id: 'logic:nothing', color: 'red', message: NOTHING_TO_SAVE });
      return;
    }
    mutation.mutate();
  };

  const thenData = [
    { group: 'Go on', items: [{ value: '', label: CONTINUE_LABEL }] },
    {
      group: 'End the call',
      items: [
        { value: 'end:1', label: END_COMPLETED_LABEL },
        { value: 'end:0', label: END_NOT_COMPLETED_LABEL },
      ],
    },
    { group: 'Go to', items: targets.map((q) => ({ value: `go:${q.id}`, label: `Go to ${questionChoiceLabel(q)}` })) },
  ];

  return (
    <form onSubmit={submit} noValidate aria-label={mode === 'set' ? 'Set Logic' : 'Update Logic'}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          For each answer, choose what happens next: go on to the next question, go to another question, or end the call
          as completed or not completed.
        </Text>
        {rows.map((row, index) => (
          <Fieldset key={row.optionTitle ?? '*'} legend={rowLabel(row)} disabled={mutation.isPending}>
            <NativeSelect
              label="Then"
              value={thenValue(row)}
              data={thenData}
              maw={520}
              onChange={(event) => change(index, fromThenValue(event.currentTarget.value))}
            />
          </Fieldset>
        ))}
        <FormActions onCancel={() => void navigate(back)} saving={mutation.isPending} />
      </Stack>
    </form>
  );
}
