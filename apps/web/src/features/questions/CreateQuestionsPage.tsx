// /createQuestions and /question/create (spec §4): campaign, data table and count; Go locks them and shows one card per question; Save adds them.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Anchor, Fieldset, NativeSelect, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, QUESTION_MESSAGES } from '@crm/shared';
import { ALL_CAMPAIGNS_KEY, fetchAllCampaigns } from '../campaigns/api.ts';
import { ALL_DATA_TABLES_KEY, fetchAllDataTables } from '../data-tables/api.ts';
import { addQuestions, QUESTIONS_KEY } from './api.ts';
import { checkDrafts, EMPTY_SETUP, MAX_QUESTIONS, MIN_QUESTIONS, validateSetup, type TQuestionSetup, type TSetupErrors } from './create-questions.ts';
import { emptyQuestionFields, type TQuestionFieldErrors, type TQuestionFieldValues } from './question-form.ts';
import { QuestionFields } from './QuestionFields.tsx';
import { FormActions } from '../../components/FormActions.tsx';
import { GoResetButton } from '../../components/GoResetButton.tsx';

function formInvalid() {
  notifications.show({ id: 'create-questions:invalid', color: 'red', message: MESSAGES.common.formInvalid });
}

function usePickers() {
  const campaigns = useQuery({ queryKey: ALL_CAMPAIGNS_KEY, queryFn: fetchAllCampaigns, staleTime: 0 });
  const tables = useQuery({ queryKey: ALL_DATA_TABLES_KEY, queryFn: fetchAllDataTables, staleTime: 0 });
  return {
    campaignNames: (campaigns.data ?? []).map((c) => c.campaignName),
    /** Only the campaign's own data table may be chosen (a campaign has one). */
    tablesOf: (campaignName: string) => (tables.data ?? []).filter((t) => t.campaignName === campaignName).map((t) => t.name),
    pending: campaigns.isPending || tables.isPending,
  };
}

export default function CreateQuestionsPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<TQuestionSetup>(EMPTY_SETUP);
  const [setupErrors, setSetupErrors] = useState<TSetupErrors>({});
  const [locked, setLocked] = useState(false);
  const [drafts, setDrafts] = useState<TQuestionFieldValues[]>([]);
  const [draftErrors, setDraftErrors] = useState<TQuestionFieldErrors[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const pickers = usePickers();
  const tableNames = pickers.tablesOf(setup.campaignName);

  const mutation = useMutation({
    mutationFn: addQuestions,
    onSuccess: async () => {
      notifications.show({ color: 'green', message: QUESTION_MESSAGES.saved });
      await queryClient.invalidateQueries({ queryKey: QUESTIONS_KEY });
      await navigate('/question');
    },
    onError: (error) => {
      setFailure(error.message);
      notifications.show({ color: 'red', title: QUESTION_MESSAGES.saveFailed, message: error.message, autoClose: 8000 });
    },
  });

  const changeCampaign = (campaignName: string) => {
    const own = pickers.tablesOf(campaignName);
    setSetup((s) => ({ ...s, campaignName, dataTable: own.length === 1 ? (own[0] ?? '') : '' }));
    setSetupErrors((e) => ({ ...e, campaignName: undefined, dataTable: undefined }));
  };

  const go = () => {
    const found = validateSetup(setup);
    setSetupErrors(found);
    if (Object.keys(found).length > 0 || setup.count === '') return formInvalid();
    setDrafts(Array.from({ length: setup.count }, emptyQuestionFields));
    setDraftErrors([]);
    setFailure(null);
    setLocked(true);
  };

  const reset = () => {
    setSetup(EMPTY_SETUP);
    setSetupErrors({});
    setDrafts([]);
    setDraftErrors([]);
    setFailure(null);
    setLocked(false);
  };

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const check = checkDrafts(setup.campaignName, drafts);
    if (check.kind === 'invalid') {
      setDraftErrors(check.errors);
      return formInvalid();
    }
    setDraftErrors([]);
    mutation.mutate(check.questions);
  };

  const changeDraft = (index: number, values: TQuestionFieldValues, changed: keyof TQuestionFieldValues) => {
    setDrafts((current) => current.map((d, i) => (i === index ? values : d)));
    setDraftErrors((current) => current.map((e, i) => (i === index ? { ...e, [changed]: undefined } : e)));
  };

  const noTable = setup.campaignName !== '' && !pickers.pending && tableNames.length === 0;
  const tablePlaceholder = setup.campaignName === '' ? 'Choose a campaign first' : noTable ? 'This campaign has no data table' : 'Select data table';

  return (
    <Stack gap="lg" maw={1200}>
      <Title order={1}>Create Questions</Title>
      <Paper withBorder p="lg">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NativeSelect
              label="Campaign"
              withAsterisk
              disabled={locked}
              value={setup.campaignName}
              onChange={(event) => changeCampaign(event.currentTarget.value)}
              data={[{ value: '', label: pickers.pending ? 'Loading campaigns…' : 'Select campaign', disabled: true }, ...pickers.campaignNames]}
              error={setupErrors.campaignName}
            />
            <NativeSelect
              label="Data table"
              withAsterisk
              disabled={locked || setup.campaignName === ''}
              value={setup.dataTable}
              onChange={(event) => {
                const dataTable = event.currentTarget.value;
                setSetup((s) => ({ ...s, dataTable }));
                setSetupErrors((e) => ({ ...e, dataTable: undefined }));
              }}
              data={[{ value: '', label: tablePlaceholder, disabled: true }, ...tableNames]}
              error={setupErrors.dataTable}
            />
            <NumberInput
              label="Number of questions"
              withAsterisk
              disabled={locked}
              min={MIN_QUESTIONS}
              max={MAX_QUESTIONS}
              allowDecimal={false}
              allowNegative={false}
              value={setup.count}
              onChange={(value) => {
                setSetup((s) => ({ ...s, count: typeof value === 'number' ? value : '' }));
                setSetupErrors((e) => ({ ...e, count: undefined }));
              }}
              error={setupErrors.count}
            />
          </SimpleGrid>
          {noTable && (
            <Text size="sm" c="dimmed">
              Questions are asked against a campaign's data table. <Anchor component={Link} to="/createTable">Create its data table</Anchor> first.
            </Text>
          )}
          <GoResetButton locked={locked} busy={mutation.isPending} onGo={go} onReset={reset} />
        </Stack>
      </Paper>

      {locked && (
        <form onSubmit={save} noValidate aria-label="Questions">
          <Stack gap="md">
            {drafts.map((draft, index) => (
              <Fieldset key={index} legend={`Question ${index + 1}`} disabled={mutation.isPending}>
                <QuestionFields values={draft} errors={draftErrors[index] ?? {}} disabled={mutation.isPending} onChange={(values, changed) => changeDraft(index, values, changed)} />
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
