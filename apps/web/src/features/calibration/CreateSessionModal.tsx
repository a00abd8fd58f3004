// "New session" (admins): a name, the last day of scoring, the inspectors taking part and the calls, each named by
// campaign, consumer number and call date, with one of that day's recordings of the number if there is one; or
// picked from the QC work queue (the "From the queue" tab), which fills a row the same way.
import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  MultiSelect,
  NativeSelect,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CALIBRATION_LIMITS, CALIBRATION_MESSAGES, isIsoDate } from '@crm/shared';
import { useNavigate } from 'react-router';
import { CampaignSelect } from '../../components/CampaignSelect.tsx';
import { DateField } from '../../components/DateField.tsx';
import { FormActions } from '../../components/FormActions.tsx';
import { CALIBRATION_KEY, INSPECTORS_KEY, createSession, fetchInspectors, fetchRecordings } from './api.ts';
import { QueuePicker } from './QueuePicker.tsx';
import { addQueueCall } from './queue-calls.ts';
import {
  EMPTY_CALL,
  emptySessionForm,
  toSessionRequest,
  validateSessionForm,
  type TCallFormValues,
  type TSessionFormValues,
} from './session-form.ts';

type Props = { opened: boolean; onClose: () => void };

/** The recording choice of a call: that day's recordings of the number, once both are given. */
function RecordingSelect({
  call,
  onChange,
  label,
}: {
  call: TCallFormValues;
  onChange: (fileName: string) => void;
  label: string;
}) {
  const ready = isIsoDate(call.callDate) && call.consumerNumber.trim().length >= 6;
  const recordings = useQuery({
    queryKey: [...CALIBRATION_KEY, 'recordings', call.callDate, call.consumerNumber.trim()],
    queryFn: () => fetchRecordings(call.callDate, call.consumerNumber.trim()),
    enabled: ready,
  });
  const files = recordings.data ?? [];
  const none = !ready
    ? 'Give number and date'
    : recordings.isPending
      ? 'Looking…'
      : recordings.isError
        ? 'Voice log not reachable'
        : files.length === 0
          ? 'No recording'
          : 'No recording chosen';
  return (
    <NativeSelect
      aria-label={label}
      w={230}
      value={call.fileName}
      onChange={(e) => onChange(e.currentTarget.value)}
      data={[
        { value: '', label: none },
        ...files.map((f) => ({ value: f.fileName, label: `${f.dateTime?.slice(11, 16) ?? ''} ${f.fileName}`.trim() })),
      ]}
    />
  );
}

export function CreateSessionModal({ opened, onClose }: Props) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<TSessionFormValues>({
    mode: 'controlled',
    initialValues: emptySessionForm(),
    validate: validateSessionForm,
  });
  const inspectors = useQuery({ queryKey: INSPECTORS_KEY, queryFn: fetchInspectors, enabled: opened });
  const mutation = useMutation({
    mutationFn: (values: TSessionFormValues) => createSession(toSessionRequest(values)),
    onSuccess: async (session) => {
      notifications.show({ color: 'green', message: `${CALIBRATION_MESSAGES.created}: ${session.name}` });
      form.reset();
      onClose();
      await queryClient.invalidateQueries({ queryKey: CALIBRATION_KEY });
      void navigate(`/calibration/${session.id}`);
    },
  });
  const calls = form.values.calls;
  const [tab, setTab] = useState<string | null>('calls');

  return (
    <Modal opened={opened} onClose={onClose} title="New calibration session" size={1000}>
      <form
        onSubmit={form.onSubmit(
          (values) => mutation.mutate(values),
          (errors) => Object.keys(errors).some((k) => k.startsWith('calls')) && setTab('calls'),
        )}
        noValidate
        aria-label="New calibration session"
      >
        <Stack gap="sm">
          <Group align="flex-start" grow>
            <TextInput label="Name" withAsterisk placeholder="November calibration" {...form.getInputProps('name')} />
            <DateField
              label="Deadline"
              withAsterisk
              description="Scoring closes at the end of this day"
              value={form.values.deadline}
              onChange={(v) => form.setFieldValue('deadline', v)}
              error={form.errors.deadline}
            />
          </Group>
          <MultiSelect
            label="Inspectors"
            withAsterisk
            searchable
            placeholder={inspectors.isPending ? 'Loading inspectors…' : 'Choose the QC inspectors taking part'}
            data={(inspectors.data ?? []).map((u) => ({ value: String(u.id), label: `${u.name} (${u.username})` }))}
            error={inspectors.isError ? inspectors.error.message : form.errors.inspectorIds}
            value={form.values.inspectorIds}
            onChange={(v) => form.setFieldValue('inspectorIds', v)}
          />
          <Tabs value={tab} onChange={setTab}>
            <Tabs.List>
              <Tabs.Tab value="calls">Calls ({calls.length})</Tabs.Tab>
              <Tabs.Tab value="queue">From the queue</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="calls" pt="xs">
              <Stack gap="sm">
                <Group gap="xs" wrap="nowrap" aria-hidden="true">
                  <Text fw={600} fz="sm" w={18}>
                    #
                  </Text>
                  {[
                    ['Campaign', 200],
                    ['Consumer number', 170],
                    ['Call date', 170],
                    ['Recording (optional)', 230],
                  ].map(([title, width]) => (
                    <Text key={title} fw={600} fz="sm" w={width}>
                      {title}
                    </Text>
                  ))}
                </Group>
                {calls.map((call, i) => (
                  <Group key={i} align="flex-start" gap="xs" wrap="nowrap" data-call-row={i}>
                    <Text fz="sm" w={18} pt={6}>
                      {i + 1}
                    </Text>
                    <CampaignSelect
                      label={null}
                      aria-label={`Call ${i + 1} campaign`}
                      w={200}
                      value={call.campaignName}
                      onChange={(v) => form.setFieldValue(`calls.${i}.campaignName`, v)}
                      error={form.errors[`calls.${i}.campaignName`]}
                    />
                    <TextInput
                      aria-label={`Call ${i + 1} number`}
                      placeholder="Consumer number"
                      w={170}
                      {...form.getInputProps(`calls.${i}.consumerNumber`)}
                    />
                    <DateField
                      aria-label={`Call ${i + 1} date`}
                      placeholder="Call date"
                      w={170}
                      value={call.callDate}
                      onChange={(v) => form.setFieldValue(`calls.${i}.callDate`, v)}
                      error={form.errors[`calls.${i}.callDate`]}
                    />
                    <RecordingSelect
                      call={call}
                      label={`Call ${i + 1} recording`}
                      onChange={(v) => form.setFieldValue(`calls.${i}.fileName`, v)}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      mt={4}
                      aria-label={`Remove call ${i + 1}`}
                      disabled={calls.length === 1}
                      onClick={() => form.removeListItem('calls', i)}
                    >
                      ✕
                    </ActionIcon>
                  </Group>
                ))}
                {typeof form.errors.calls === 'string' && (
                  <Text c="red" fz="sm">
                    {form.errors.calls}
                  </Text>
                )}
                <Group>
                  <Button
                    variant="light"
                    disabled={calls.length >= CALIBRATION_LIMITS.calls}
                    onClick={() => form.insertListItem('calls', { ...EMPTY_CALL })}
                  >
                    Add call
                  </Button>
                </Group>
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="queue" pt="xs">
              <QueuePicker
                calls={calls}
                onAdd={(call) => form.setFieldValue('calls', addQueueCall(form.values.calls, call))}
              />
            </Tabs.Panel>
          </Tabs>
          <Group justify="flex-end">
            <FormActions onCancel={onClose} saving={mutation.isPending} />
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
