// /editQuestion/:id (docs/product.md §2 Questions): title, type, options, optional value, instruction and status; qno and campaign fixed.
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, Center, Grid, Loader, NativeSelect, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, QUESTION_MESSAGES, type TQuestion, type TUpdateQuestionInput } from '@crm/shared';
import { errorsUnder } from '../../app/form-schema.ts';
import { FormActions } from '../../components/FormActions.tsx';
import { LOGIC_KEY } from '../../app/query-keys.ts';
import { fetchQuestion, questionKey, QUESTIONS_KEY, updateQuestion, type TUpdateOutcome } from './api.ts';
import {
  questionEditValues,
  toQuestionUpdate,
  validateQuestionEdit,
  type TQuestionEditValues,
  type TQuestionFieldValues,
} from './question-form.ts';
import { QuestionFields } from './QuestionFields.tsx';
import { RulesInUseWarning } from './RulesInUseWarning.tsx';

type TConflict = Extract<TUpdateOutcome, { kind: 'rulesInUse' }> & { body: TUpdateQuestionInput };

function EditQuestionForm({ question }: { question: TQuestion }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<TQuestionEditValues>({
    mode: 'controlled',
    initialValues: questionEditValues(question),
    validate: validateQuestionEdit(question.id),
  });
  const [conflict, setConflict] = useState<TConflict | null>(null);

  const mutation = useMutation({
    mutationFn: async (body: TUpdateQuestionInput) => ({ body, outcome: await updateQuestion(body) }),
    onSuccess: async ({ body, outcome }) => {
      if (outcome.kind === 'rulesInUse') {
        setConflict({ ...outcome, body });
        return;
      }
      notifications.show({ color: 'green', message: QUESTION_MESSAGES.updated });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: QUESTIONS_KEY }),
        queryClient.invalidateQueries({ queryKey: LOGIC_KEY }),
      ]);
      await navigate('/question');
    },
    onError: (error) => {
      notifications.show({
        color: 'red',
        title: QUESTION_MESSAGES.updateFailed,
        message: error.message,
        autoClose: 8000,
      });
    },
  });

  const submit = form.onSubmit(
    (values) => {
      setConflict(null);
      mutation.mutate(toQuestionUpdate(question.id, values));
    },
    () => {
      setConflict(null);
      notifications.show({ id: 'edit-question:invalid', color: 'red', message: MESSAGES.common.formInvalid });
    },
  );

  const { status, ...fields } = form.values;
  const busy = mutation.isPending;
  return (
    <Paper withBorder p="lg" maw={1100}>
      <form onSubmit={submit} noValidate aria-label="Edit Question">
        <Stack gap="lg">
          <Grid>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <TextInput label="Question number" value={question.qno} readOnly variant="filled" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <TextInput label="Campaign" value={question.campaignId} readOnly variant="filled" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <NativeSelect
                label="Status"
                disabled={busy}
                value={status}
                data={[
                  { value: 'true', label: 'Active' },
                  { value: 'false', label: 'Inactive' },
                ]}
                onChange={(event) =>
                  form.setFieldValue('status', event.currentTarget.value === 'true' ? 'true' : 'false')
                }
              />
            </Grid.Col>
          </Grid>
          <QuestionFields
            values={fields}
            errors={errorsUnder(form.errors, '')}
            disabled={busy}
            onChange={(next: TQuestionFieldValues, changed) => {
              form.setValues(next);
              form.clearFieldError(changed);
              setConflict(null);
            }}
          />
          {conflict !== null && (
            <RulesInUseWarning
              question={question}
              message={conflict.message}
              rules={conflict.rules}
              saving={busy}
              onConfirm={() => mutation.mutate({ ...conflict.body, confirm: true })}
              onCancel={() => setConflict(null)}
            />
          )}
          <FormActions onCancel={() => void navigate('/question')} saving={busy} />
        </Stack>
      </form>
    </Paper>
  );
}

export default function EditQuestionPage() {
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const question = useQuery({
    queryKey: questionKey(id),
    queryFn: () => fetchQuestion(id),
    enabled: valid,
    staleTime: 0,
  });

  let body;
  if (!valid) body = <Alert color="red">This question address is not valid.</Alert>;
  else if (question.isPending)
    body = (
      <Center py="xl">
        <Loader aria-label="Loading question" />
      </Center>
    );
  else if (question.isError)
    body = (
      <Alert color="red" title="The question could not be loaded">
        {question.error.message}
      </Alert>
    );
  else body = <EditQuestionForm key={question.data.id} question={question.data} />;

  return (
    <Stack gap="lg">
      <Title order={1}>Edit Question</Title>
      {body}
    </Stack>
  );
}
