// The per-campaign queue settings (admins): the target of calls to score per agent and day and the shortest call worth
// scoring, one campaign at a time, with the schema's validation messages and the server's refusal shown in place.
import { useState } from 'react';
import { Alert, Button, Group, NativeSelect, NumberInput, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TQcQueueSettings } from '@crm/shared';
import { LoadingRow, RetryAlert } from '../../components/QueryState.tsx';
import { QC_QUEUE_KEY, SETTINGS_KEY, fetchQueueSettings, saveQueueSettings } from './api.ts';
import { toSettingsUpdate, validateSettingsForm, type TSettingsFormValues } from './settings-form.ts';

function SettingsForm({ settings, onSaved }: { settings: TQcQueueSettings; onSaved: () => void }) {
  const form = useForm<TSettingsFormValues>({
    mode: 'controlled',
    initialValues: { targetPerAgentDay: settings.targetPerAgentDay, minDurationSec: settings.minDurationSec },
    validate: validateSettingsForm,
  });
  const save = useMutation({
    mutationFn: (values: TSettingsFormValues) => saveQueueSettings(settings.campaignName, toSettingsUpdate(values)),
    onSuccess: () => {
      notifications.show({ color: 'green', message: `Queue settings of ${settings.campaignName} saved` });
      onSaved();
    },
  });
  return (
    <form
      onSubmit={form.onSubmit((values) => save.mutate(values))}
      noValidate
      aria-label={`Queue settings of ${settings.campaignName}`}
    >
      <Stack gap="xs">
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <NumberInput
            label="Target per agent and day"
            min={1}
            max={1000}
            allowDecimal={false}
            w={190}
            {...form.getInputProps('targetPerAgentDay')}
          />
          <NumberInput
            label="Minimum duration (seconds)"
            min={0}
            allowDecimal={false}
            w={200}
            {...form.getInputProps('minDurationSec')}
          />
          <Button type="submit" mt={25} loading={save.isPending}>
            Save
          </Button>
        </Group>
        {save.error !== null && (
          <Alert color="red" variant="light" role="alert" title="The settings were not saved">
            {save.error.message}
          </Alert>
        )}
      </Stack>
    </form>
  );
}

export function SettingsCard() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: fetchQueueSettings });
  const [chosen, setChosen] = useState('');
  const rows = settings.data ?? [];
  const current = rows.find((s) => s.campaignName === chosen) ?? rows[0];
  const saved = () => void queryClient.invalidateQueries({ queryKey: QC_QUEUE_KEY });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Queue settings">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Queue settings per campaign
        </Title>
        {settings.isPending ? (
          <LoadingRow />
        ) : settings.isError ? (
          <RetryAlert
            title="The queue settings could not be loaded"
            message={settings.error.message}
            onRetry={() => void settings.refetch()}
          />
        ) : current === undefined ? (
          <Text c="dimmed">No active campaign.</Text>
        ) : (
          <>
            <NativeSelect
              label="Campaign"
              w={300}
              value={current.campaignName}
              onChange={(e) => setChosen(e.currentTarget.value)}
              data={rows.map((s) => s.campaignName)}
            />
            <SettingsForm
              key={`${current.campaignName}-${current.targetPerAgentDay}-${current.minDurationSec}`}
              settings={current}
              onSaved={saved}
            />
            <Table striped withTableBorder fz="sm" aria-label="Settings of every campaign">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Campaign</Table.Th>
                  <Table.Th>Target per agent and day</Table.Th>
                  <Table.Th>Minimum duration</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((s) => (
                  <Table.Tr key={s.campaignId}>
                    <Table.Td>{s.campaignName}</Table.Td>
                    <Table.Td>
                      {s.targetPerAgentDay}
                      {s.isDefault ? ' (default)' : ''}
                    </Table.Td>
                    <Table.Td>{s.minDurationSec} s</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
      </Stack>
    </Paper>
  );
}
