// /createQuestions and /question/create (docs/product.md §4): campaign, data table and count; Go locks them and shows one card per question; Save adds them.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  Alert,
  Anchor,
  Fieldset,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, QUESTION_MESSAGES } from '@crm/shared';
import { errorsUnder } from '../../app/form-schema.ts';
import { ALL_DATA_TABLES_KEY, fetchAllDataTables } from '../../components/campaign-options.ts';
import { CampaignSelect } from '../../components/CampaignSelect.tsx';
import { FormActions } from '../../components/FormActions.tsx';
import { GoResetButton } from '../../components/GoResetButton.tsx';
import { addQuestions, QUESTIONS_KEY } from './api.ts';
import {
  EMPTY_CREATE_QUESTIONS,
  MAX_QUESTIONS,
  MIN_QUESTIONS,
  toNewQuestions,
  validateCreateQuestions,
  type TCreateQuestionsValues,
} from './create-questions.ts';
import { emptyQuestionFields, type TQuestionFieldValues } from './question-form.ts';
import { QuestionFields } from './QuestionFields.tsx';

function formInvalid() {
  notifications.show({ id: 'create-questions:invalid', color: 'red', message: MESSAGES.common.formInvalid });
}

/** Only the campaign's own data table may be chosen (a campaign has one). */
function useCampaignTables() {
  const tables = useQuery({ queryKey: ALL_DATA_TABLES_KEY, queryFn: fetchAllDataTables, staleTime: 0 });
  return {
    tablesOf: (campaignName: string) =>
      (tables.data ?? []).filter((t) => t.campaignName === campaignName).map((t) => t.name),
    pending: tables.isPending,
  };
}

export default function CreateQuestionsPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<TCreateQuestionsValues>({
    mode: 'controlled',
    initialValues: EMPTY_CREATE_QUESTIONS,
    validate: validateCreateQuestions,
  });
  const [locked, setLocked] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const tables = useCampaignTables();
  const { campaignName, dataTable } = form.values;
  const tableNames = tables.tablesOf(campaignName);

  const mutation = useMutation({
    mutationFn: addQuestions,
    onSuccess: async () => {
      notifications.show({ color: 'green', message: QUESTION_MESSAGES.saved });
      await queryClient.invalidateQueries({ queryKey: QUESTIONS_KEY });
      await navigate('/question');
    },
    onError: (error) => {
      setFailure(error.message);
      notifications.show({
        color: 'red',
        title: QUESTION_MESSAGES.saveFailed,
        message: error.message,
        autoClose: 8000,
      });
    },
  });

  const changeCampaign = (name: string) => {
    const own = tables.tablesOf(name);
    form.setFieldValue('campaignName', name);
    form.setFieldValue('dataTable', own.length === 1 ? (own[0] ?? '') : '');
  };

  const go = () => {
    // Before Go there are no cards, so only the set-up is checked.
    if (form.validate().hasErrors) return formInvalid();
    const { count } = form.getValues();
    form.setFieldValue('questions', Array.from({ length: count === '' ? 0 : count }, emptyQuestionFields));
    setFailure(null);
    setLocked(true);
  };

  const reset = () => {
    form.reset();
    setFailure(null);
    setLocked(false);
  };

  const save = form.onSubmit((values) => {
    setFailure(null);
    mutation.mutate(toNewQuestions(values));
  }, formInvalid);

  const changeCard = (index: number, values: TQuestionFieldValues, changed: keyof TQuestionFieldValues) => {
    form.setFieldValue(`questions.${index}`, values);
    form.clearFieldError(`questions.${index}.${changed}`);
  };

  const noTable = campaignName !== '' && !tables.pending && tableNames.length === 0;
  const tablePlaceholder =
    campaignName === '' ? 'Choose a campaign first' : noTable ? 'This campaign has no data table' : 'Select data table';

  return (
    <Stack gap="lg" maw={1200}>
      <Title order={1}>Create Questions</Title>
      <Paper withBorder p="lg">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <CampaignSelect
              withAsterisk
              disabled={locked}
              value={campaignName}
              onChange={changeCampaign}
              error={form.errors.campaignName}
            />
            <NativeSelect
              label="Data table"
              withAsterisk
              disabled={locked || campaignName === ''}
              {...form.getInputProps('dataTable')}
              value={dataTable}
              data={[{ value: '', label: tablePlaceholder, disabled: true }, ...tableNames]}
            />
            <NumberInput
              label="Number of questions"
              withAsterisk
              disabled={locked}
              min={MIN_QUESTIONS}
              max={MAX_QUESTIONS}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('count')}
              onChange={(value) => form.setFieldValue('count', typeof value === 'number' ? value : '')}
            />
          </SimpleGrid>
          {noTable && (
            <Text size="sm" c="dimmed">
              Questions are asked against a campaign's data table.{' '}
              <Anchor component={Link} to="/createTable">
                Create its data table
              </Anchor>{' '}
              first.
            </Text>
          )}
          <GoResetButton locked={locked} busy={mutation.isPending} onGo={go} onReset={reset} />
        </Stack>
      </Paper>

      {locked && (
        <form onSubmit={save} noValidate aria-label="Questions">
          <Stack gap="md">
            {form.values.questions.map((question, index) => (
              <Fieldset key={index} legend={`Question ${index + 1}`} disabled={mutation.isPending}>
                <QuestionFields
                  values={question}
                  errors={errorsUnder(form.errors, `questions.${index}`)}
                  disabled={mutation.isPending}
                  onChange={(values, changed) => changeCard(index, values, changed)}
                />
              </Fieldset>
            ))}
            {failure !== null && (
              <Alert color="red" title={QUESTION_MESSAGES.saveFailed} role="alert">
                {failure}
              </Alert>
            )}
            <FormActions onCancel={() => void navigate('/question')} saving={mutation.isPending} />
          </Stack>
        </form>
      )}
    </Stack>
  );
}
