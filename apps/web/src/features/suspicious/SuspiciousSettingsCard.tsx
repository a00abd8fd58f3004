// Each campaign's suspicious-complete settings: the minimum handle time, the hourly limit and whether the QC queue offers
// flagged calls first. Admins change them one campaign at a time (the schema's words and the server's refusal shown in
// place); QC inspectors read the table.
import { useState } from 'react';
import { Checkbox, NativeSelect, NumberInput, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SUSPICIOUS_HOURLY_LIMIT_MAX, SUSPICIOUS_MIN_HANDLE_MAX, type TSuspiciousSettings } from '@crm/shared';
import { CampaignSettingsForm } from '../../components/CampaignSettingsForm.tsx';
import { LoadingRow, RetryAlert } from '../../components/QueryState.tsx';
import { SUSPICIOUS_KEY, SUSPICIOUS_SETTINGS_KEY, fetchSuspiciousSettings, saveSuspiciousSettings } from './api.ts';
import { toSuspiciousUpdate, validateSuspiciousForm, type TSuspiciousFormValues } from './settings-form.ts';

function SettingsForm({ settings, onSaved }: { settings: TSuspiciousSettings; onSaved: () => void }) {
  return (
    <CampaignSettingsForm<TSuspiciousFormValues>
      label={`Suspicious settings of ${settings.campaignName}`}
      initialValues={{
        minHandleSeconds: settings.minHandleSeconds,
        hourlyLimit: settings.hourlyLimit,
        flaggedFirst: settings.flaggedFirst,
      }}
      validate={validateSuspiciousForm}
      save={(values) => saveSuspiciousSettings(settings.campaignName, toSuspiciousUpdate(values))}
      onSaved={onSaved}
      fields={(form) => (
        <>
          <NumberInput
            label="Minimum handle time (seconds)"
            min={0}
            max={SUSPICIOUS_MIN_HANDLE_MAX}
            allowDecimal={false}
            w={210}
            {...form.getInputProps('minHandleSeconds')}
          />
          <NumberInput
            label="Completes per hour at most"
            min={1}
            max={SUSPICIOUS_HOURLY_LIMIT_MAX}
            allowDecimal={false}
            w={190}
            {...form.getInputProps('hourlyLimit')}
          />
          <Checkbox
            label="QC queue: flagged calls first"
            mt={32}
            {...form.getInputProps('flaggedFirst', { type: 'checkbox' })}
          />
        </>
      )}
    />
  );
}

export function SuspiciousSettingsCard({ canEdit }: { canEdit: boolean }) {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: SUSPICIOUS_SETTINGS_KEY, queryFn: fetchSuspiciousSettings });
  const [chosen, setChosen] = useState('');
  const rows = settings.data ?? [];
  const current = rows.find((s) => s.campaignName === chosen) ?? rows[0];
  // The list is judged by the settings: both are read again.
  const saved = () => void queryClient.invalidateQueries({ queryKey: SUSPICIOUS_KEY });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Suspicious settings">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Settings per campaign
        </Title>
        {settings.isPending ? (
          <LoadingRow />
        ) : settings.isError ? (
          <RetryAlert
            title="The settings could not be loaded"
            message={settings.error.message}
            onRetry={() => void settings.refetch()}
          />
        ) : current === undefined ? (
          <Text c="dimmed">No active campaign.</Text>
        ) : (
          <>
            {canEdit && (
              <>
                <NativeSelect
                  label="Campaign"
                  w={300}
                  value={current.campaignName}
                  onChange={(e) => setChosen(e.currentTarget.value)}
                  data={rows.map((s) => s.campaignName)}
                />
                <SettingsForm
                  key={`${current.campaignName}-${current.minHandleSeconds}-${current.hourlyLimit}-${current.flaggedFirst}`}
                  settings={current}
                  onSaved={saved}
                />
              </>
            )}
            <Table striped withTableBorder fz="sm" aria-label="Suspicious settings of every campaign">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Campaign</Table.Th>
                  <Table.Th>Minimum handle time</Table.Th>
                  <Table.Th>Completes per hour at most</Table.Th>
                  <Table.Th>QC queue</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((s) => (
                  <Table.Tr key={s.campaignId}>
                    <Table.Td>{s.campaignName}</Table.Td>
                    <Table.Td>
                      {s.minHandleSeconds.toLocaleString('en-US')} s{s.isDefault ? ' (default)' : ''}
                    </Table.Td>
                    <Table.Td>{s.hourlyLimit.toLocaleString('en-US')}</Table.Td>
                    <Table.Td>{s.flaggedFirst ? 'Flagged calls first' : 'Oldest first'}</Table.Td>
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
