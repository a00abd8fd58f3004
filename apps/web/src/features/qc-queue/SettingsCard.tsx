// The per-campaign queue settings (admins): the target of calls to score per agent and day, the shortest call worth
// scoring and whether flagged (suspicious) calls come first, one campaign at a time, saved together, with the schema's
// validation messages and the server's refusal shown in place. "Flagged calls first" is stored with the campaign's
// suspicious settings (PUT /api/suspicious/settings/{campaignName}), whose other values are sent back as read.
import { useState } from 'react';
import { Checkbox, NativeSelect, NumberInput, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TQcQueueSettings, TSuspiciousSettings } from '@crm/shared';
import { CampaignSettingsForm } from '../../components/CampaignSettingsForm.tsx';
import { LoadingRow, RetryAlert } from '../../components/QueryState.tsx';
import {
  SUSPICIOUS_SETTINGS_KEY,
  fetchSuspiciousSettings,
  saveSuspiciousSettings,
} from '../../components/suspicious-settings.ts';
import { QC_QUEUE_KEY, SETTINGS_KEY, fetchQueueSettings, saveQueueSettings } from './api.ts';
import { toSettingsUpdate, validateSettingsForm, type TSettingsFormValues } from './settings-form.ts';

type TQueueFormValues = TSettingsFormValues & { flaggedFirst: boolean };

function SettingsForm({
  settings,
  suspicious,
  onSaved,
}: {
  settings: TQcQueueSettings;
  /** The campaign's suspicious settings: flaggedFirst shown, the others sent back as read. */
  suspicious: TSuspiciousSettings;
  onSaved: () => void;
}) {
  const save = async (values: TQueueFormValues) => {
    await saveQueueSettings(settings.campaignName, toSettingsUpdate(values));
    if (values.flaggedFirst !== suspicious.flaggedFirst)
      await saveSuspiciousSettings(settings.campaignName, {
        minHandleSeconds: suspicious.minHandleSeconds,
        hourlyLimit: suspicious.hourlyLimit,
        flaggedFirst: values.flaggedFirst,
      });
  };
  return (
    <CampaignSettingsForm<TQueueFormValues>
      label={`Queue settings of ${settings.campaignName}`}
      initialValues={{
        targetPerAgentDay: settings.targetPerAgentDay,
        minDurationSec: settings.minDurationSec,
        flaggedFirst: suspicious.flaggedFirst,
      }}
      validate={validateSettingsForm}
      save={save}
      onSaved={onSaved}
      fields={(form) => (
        <>
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
          <Checkbox
            label="Flagged calls first"
            description="Suspicious completes before the others"
            mt={25}
            {...form.getInputProps('flaggedFirst', { type: 'checkbox' })}
          />
        </>
      )}
    />
  );
}

export function SettingsCard() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: fetchQueueSettings });
  const suspicious = useQuery({ queryKey: SUSPICIOUS_SETTINGS_KEY, queryFn: fetchSuspiciousSettings });
  const [chosen, setChosen] = useState('');
  const rows = settings.data ?? [];
  const current = rows.find((s) => s.campaignName === chosen) ?? rows[0];
  const flagsOf = new Map((suspicious.data ?? []).map((s) => [s.campaignName, s]));
  const currentFlags = current === undefined ? undefined : flagsOf.get(current.campaignName);
  // The queue's order follows both: both are read again.
  const saved = () => {
    void queryClient.invalidateQueries({ queryKey: QC_QUEUE_KEY });
    void queryClient.invalidateQueries({ queryKey: SUSPICIOUS_SETTINGS_KEY });
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Queue settings">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Queue settings per campaign
        </Title>
        {settings.isPending || suspicious.isPending ? (
          <LoadingRow />
        ) : settings.isError || suspicious.isError ? (
          <RetryAlert
            title="The queue settings could not be loaded"
            message={(settings.error ?? suspicious.error)?.message ?? ''}
            onRetry={() => void Promise.all([settings.refetch(), suspicious.refetch()])}
          />
        ) : current === undefined || currentFlags === undefined ? (
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
              key={`${current.campaignName}-${current.targetPerAgentDay}-${current.minDurationSec}-${currentFlags.flaggedFirst}`}
              settings={current}
              suspicious={currentFlags}
              onSaved={saved}
            />
            <Table striped withTableBorder fz="sm" aria-label="Settings of every campaign">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Campaign</Table.Th>
                  <Table.Th>Target per agent and day</Table.Th>
                  <Table.Th>Minimum duration</Table.Th>
                  <Table.Th>Order</Table.Th>
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
                    <Table.Td>
                      {flagsOf.get(s.campaignName)?.flaggedFirst === false ? 'Oldest first' : 'Flagged calls first'}
                    </Table.Td>
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
