// /createTable (docs/product.md §4): campaign and number of fields, Go locks them and shows one column-name input per field; Save creates the table.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DATA_TABLE_MESSAGES, DEFAULT_LEAD_COLUMNS, MAX_DATA_TABLE_COLUMNS, MESSAGES } from '@crm/shared';
import { CAMPAIGNS_KEY } from '../../components/campaign-options.ts';
import { CampaignSelect } from '../../components/CampaignSelect.tsx';
import { GoResetButton } from '../../components/GoResetButton.tsx';
import { createDataTable, DATA_TABLES_KEY } from './api.ts';
import {
  checkColumnNames,
  EMPTY_TABLE_FORM,
  refusedTableField,
  toCreateTableRequest,
  validateTableForm,
  type TTableFormValues,
} from './create-table.ts';

function formInvalid(message: string = MESSAGES.common.formInvalid) {
  notifications.show({ id: `create-table:${message}`, color: 'red', message });
}

export default function CreateTablePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<TTableFormValues>({
    mode: 'controlled',
    initialValues: EMPTY_TABLE_FORM,
    validate: validateTableForm,
  });
  const [locked, setLocked] = useState(false);
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
      notifications.show({
        color: 'red',
        title: DATA_TABLE_MESSAGES.createFailed,
        message: error.message,
        autoClose: 8000,
      });
      // A reserved or taken column name, or a campaign that got its table meanwhile, shows under its field too.
      const field = refusedTableField(error, form.getValues().columns);
      if (field !== undefined) form.setFieldError(field, error.message);
    },
  });

  const go = () => {
    // Before Go the column list is empty, so only the set-up is checked.
    if (form.validate().hasErrors) return formInvalid();
    const count = form.getValues().numberOfField;
    form.setFieldValue(
      'columns',
      Array.from({ length: count === '' ? 0 : count }, () => ''),
    );
    setLocked(true);
  };

  const reset = () => {
    form.reset();
    setFailure(null);
    setLocked(false);
  };

  const save = form.onSubmit(
    (values) => {
      setFailure(null);
      mutation.mutate(toCreateTableRequest(values));
    },
    (_errors, values) => {
      setFailure(null);
      const check = checkColumnNames(values.columns);
      formInvalid(check.kind === 'problem' ? check.message : undefined);
    },
  );

  return (
    <Stack gap="lg" maw={960}>
      <Title order={1}>Create Table</Title>
      <Paper withBorder p="lg">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <CampaignSelect
              offer="withoutDataTable"
              emptyText="Every campaign has a data table"
              withAsterisk
              disabled={locked}
              value={form.values.campaignName}
              onChange={(campaignName) => form.setFieldValue('campaignName', campaignName)}
              error={form.errors.campaignName}
            />
            <NumberInput
              label="Number of fields"
              withAsterisk
              disabled={locked}
              min={1}
              max={MAX_DATA_TABLE_COLUMNS}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('numberOfField')}
              onChange={(value) => form.setFieldValue('numberOfField', typeof value === 'number' ? value : '')}
            />
          </SimpleGrid>
          <GoResetButton locked={locked} busy={mutation.isPending} onGo={go} onReset={reset} />
        </Stack>
      </Paper>

      {locked && (
        <Paper withBorder p="lg" component="form" onSubmit={save} noValidate aria-label="Column names">
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
              {form.values.columns.map((_name, index) => (
                <TextInput
                  key={index}
                  label={`Column name ${index + 1}`}
                  withAsterisk
                  disabled={mutation.isPending}
                  {...form.getInputProps(`columns.${index}`)}
                />
              ))}
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={mutation.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}

      <Text size="sm" c="dimmed">
        Every data table also has the {DEFAULT_LEAD_COLUMNS.length} default lead columns:{' '}
        {DEFAULT_LEAD_COLUMNS.join(', ')}.
      </Text>
    </Stack>
  );
}
