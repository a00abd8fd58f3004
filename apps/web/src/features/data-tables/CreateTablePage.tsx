// /createTable (spec §4): campaign and number of fields, Go locks them and shows one column-name input per field; Save creates the table.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Group, NativeSelect, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DATA_TABLE_MESSAGES, DEFAULT_LEAD_COLUMNS, MAX_DATA_TABLE_COLUMNS, MESSAGES } from '@crm/shared';
import { ALL_CAMPAIGNS_KEY, CAMPAIGNS_KEY, fetchAllCampaigns } from '../campaigns/api.ts';
import { ALL_DATA_TABLES_KEY, createDataTable, DATA_TABLES_KEY, fetchAllDataTables } from './api.ts';
import { checkColumnNames, validateSetup, type TSetupErrors, type TTableSetup } from './create-table.ts';
import { GoResetButton } from '../../components/GoResetButton.tsx';

const EMPTY_SETUP: TTableSetup = { campaignName: '', numberOfField: '' };

function formInvalid(message: string = MESSAGES.common.formInvalid) {
  notifications.show({ id: `create-table:${message}`, color: 'red', message });
}

/** Campaigns that have no data table yet: a campaign has at most one. */
function useFreeCampaigns() {
  const campaigns = useQuery({ queryKey: ALL_CAMPAIGNS_KEY, queryFn: fetchAllCampaigns, staleTime: 0 });
  const tables = useQuery({ queryKey: ALL_DATA_TABLES_KEY, queryFn: fetchAllDataTables, staleTime: 0 });
  const taken = new Set((tables.data ?? []).map((t) => t.campaignName));
  const names = (campaigns.data ?? []).map((c) => c.campaignName).filter((name) => !taken.has(name));
  return { names, pending: campaigns.isPending || tables.isPending };
}

export default function CreateTablePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const free = useFreeCampaigns();
  const [setup, setSetup] = useState(EMPTY_SETUP);
  const [setupErrors, setSetupErrors] = useState<TSetupErrors>({});
  const [locked, setLocked] = useState(false);
  const [names, setNames] = useState<string[]>([]);
  const [nameErrors, setNameErrors] = useState<(string | undefined)[]>([]);
  const [failure, setFailure] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: createDataTable,
    onSuccess: async () => {
      notifications.show({ color: 'green', message: DATA_TABLE_MESSAGES.created });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: DATA_TABLES_KEY }),
        queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY }),
      ]);
      await navigate('/dataTables');
    },
    onError: (error) => {
      setFailure(error.message);
      notifications.show({ color: 'red', title: DATA_TABLE_MESSAGES.createFailed, message: error.message, autoClose: 8000 });
    },
  });

  const go = () => {
    const found = validateSetup(setup);
    setSetupErrors(found);
    if (Object.keys(found).length > 0 || setup.numberOfField === '') return formInvalid();
    setNames(Array.from({ length: setup.numberOfField }, () => ''));
    setNameErrors([]);
    setLocked(true);
  };

  const reset = () => {
    setSetup(EMPTY_SETUP);
    setSetupErrors({});
    setNames([]);
    setNameErrors([]);
    setFailure(null);
    setLocked(false);
  };

  const save = () => {
    setFailure(null);
    const check = checkColumnNames(names);
    if (check.kind !== 'ok') {
      setNameErrors(check.errors);
      return formInvalid(check.kind === 'problem' ? check.message : undefined);
    }
    setNameErrors([]);
    if (setup.numberOfField === '') return formInvalid();
    mutation.mutate({ campaignName: setup.campaignName, numberOfField: setup.numberOfField, columns: check.columns });
  };

  const changeName = (index: number, value: string) => {
    setNames((current) => current.map((n, i) => (i === index ? value : n)));
    setNameErrors((current) => current.map((e, i) => (i === index ? undefined : e)));
  };

  const placeholder = free.pending ? 'Loading campaigns…' : free.names.length === 0 ? 'Every campaign has a data table' : 'Select campaign';

  return (
    <Stack gap="lg" maw={960}>
      <Title order={1}>Create Table</Title>
      <Paper withBorder p="lg">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              label="Campaign"
              withAsterisk
              disabled={locked}
              value={setup.campaignName}
              onChange={(event) => {
                const campaignName = event.currentTarget.value;
                setSetup((s) => ({ ...s, campaignName }));
                setSetupErrors((e) => ({ ...e, campaignName: undefined }));
              }}
              data={[{ value: '', label: placeholder, disabled: true }, ...free.names]}
              error={setupErrors.campaignName}
            />
            <NumberInput
              label="Number of fields"
              withAsterisk
              disabled={locked}
              min={1}
              max={MAX_DATA_TABLE_COLUMNS}
              allowDecimal={false}
              allowNegative={false}
              value={setup.numberOfField}
              onChange={(value) => {
                setSetup((s) => ({ ...s, numberOfField: typeof value === 'number' ? value : '' }));
                setSetupErrors((e) => ({ ...e, numberOfField: undefined }));
              }}
              error={setupErrors.numberOfField}
            />
          </SimpleGrid>
          <GoResetButton locked={locked} busy={mutation.isPending} onGo={go} onReset={reset} />
        </Stack>
      </Paper>

      {locked && (
        <Paper withBorder p="lg">
          <Stack gap="md">
            <Title order={2} size="h4">
              Column names
            </Title>
            {failure !== null && (
              <Alert color="red" title={DATA_TABLE_MESSAGES.createFailed} role="alert">
                {failure}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {names.map((name, index) => (
                <TextInput
                  key={index}
                  label={`Column name ${index + 1}`}
                  withAsterisk
                  disabled={mutation.isPending}
                  value={name}
                  onChange={(event) => changeName(index, event.currentTarget.value)}
                  error={nameErrors[index]}
                />
              ))}
            </SimpleGrid>
            <Group justify="flex-end">
              <Button onClick={save} loading={mutation.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}

      <Text size="sm" c="dimmed">
        Every data table also has the {DEFAULT_LEAD_COLUMNS.length} default lead columns: {DEFAULT_LEAD_COLUMNS.join(', ')}.
      </Text>
    </Stack>
  );
}
