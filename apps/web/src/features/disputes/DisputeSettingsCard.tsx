// The dispute settings of /flag-raised (admins): how many days after scoring an agent may dispute, and how many hours
// an inspector has to answer; checked by the schema the server checks with.
import { Alert, Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DISPUTE_MESSAGES, ZDisputeSettingsUpdate, type TDisputeSettings } from '@crm/shared';
import { schemaValidate } from '../../app/form-schema.ts';
import { formatDateTime } from '../../app/time-zone.ts';
import { LoadingRow, RetryAlert } from '../../components/QueryState.tsx';
import { DISPUTES_KEY, DISPUTE_SETTINGS_KEY, fetchDisputeSettings, saveDisputeSettings } from './disputes-api.ts';

type TValues = { disputeWindowDays: number | string; answerWindowHours: number | string };
const toInput = (v: TValues) => ({
  disputeWindowDays: v.disputeWindowDays === '' ? undefined : Number(v.disputeWindowDays),
  answerWindowHours: v.answerWindowHours === '' ? undefined : Number(v.answerWindowHours),
});
const validate = schemaValidate(ZDisputeSettingsUpdate, {
  labels: { disputeWindowDays: 'Days to dispute', answerWindowHours: 'Hours to answer' },
  toInput,
});

function SettingsForm({ settings }: { settings: TDisputeSettings }) {
  const queryClient = useQueryClient();
  const form = useForm<TValues>({
    mode: 'controlled',
    initialValues: { disputeWindowDays: settings.disputeWindowDays, answerWindowHours: settings.answerWindowHours },
    validate,
  });
  const save = useMutation({
    mutationFn: (values: TValues) => saveDisputeSettings(ZDisputeSettingsUpdate.parse(toInput(values))),
    onSuccess: async (saved) => {
      notifications.show({ color: 'green', message: DISPUTE_MESSAGES.settingsSaved });
      queryClient.setQueryData(DISPUTE_SETTINGS_KEY, saved);
      await queryClient.invalidateQueries({ queryKey: DISPUTES_KEY });
    },
  });
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate aria-label="Dispute settings">
      <Stack gap="xs">
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <NumberInput
            label="Days to dispute"
            description="after the record is scored"
            min={1}
            max={90}
            allowDecimal={false}
            w={170}
            {...form.getInputProps('disputeWindowDays')}
          />
          <NumberInput
            label="Hours to answer"
            description="after the dispute is raised"
            min={1}
            max={720}
            allowDecimal={false}
            w={170}
            {...form.getInputProps('answerWindowHours')}
          />
          <Button type="submit" mt={46} loading={save.isPending}>
            Save
          </Button>
        </Group>
        {settings.updatedBy !== null && settings.updatedAt !== null && (
          <Text
            size="xs"
            c="dimmed"
          >{`Last changed by ${settings.updatedBy} on ${formatDateTime(settings.updatedAt)}`}</Text>
        )}
        {save.error !== null && (
          <Alert color="red" variant="light" role="alert" title="The settings were not saved">
            {save.error.message}
          </Alert>
        )}
      </Stack>
    </form>
  );
}

export function DisputeSettingsCard() {
  const settings = useQuery({ queryKey: DISPUTE_SETTINGS_KEY, queryFn: fetchDisputeSettings });
  return (
    <Card withBorder padding="lg" component="section" aria-label="Dispute settings card">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Dispute settings
        </Title>
        {settings.isPending ? (
          <LoadingRow />
        ) : settings.isError ? (
          <RetryAlert
            title="The dispute settings could not be loaded"
            message={settings.error.message}
            onRetry={() => void settings.refetch()}
          />
        ) : (
          <SettingsForm
            key={`${settings.data.disputeWindowDays}-${settings.data.answerWindowHours}`}
            settings={settings.data}
          />
        )}
      </Stack>
    </Card>
  );
}
