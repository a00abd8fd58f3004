// "Dialer settings" of a campaign: the VICIdial list its leads go into, add_lead's duplicate and DNC checks, the VICIdial
// campaign, the rate, and the status a full quota's leads get in VICIdial; checked by the schema the server checks with.
// The draft lives as long as the dialog is open.
import { Alert, Checkbox, Modal, NativeSelect, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DUPLICATE_CHECKS, MAX_SEND_RATE, type TDialerSettingsReply, type TDuplicateCheck } from '@crm/shared';
import { formatDateTime } from '../../app/time-zone.ts';
import { FormActions } from '../../components/FormActions.tsx';
import { dialerSettingsKey, saveDialerSettings } from './api.ts';
import {
  DUPLICATE_CHECK_LABELS,
  settingsValues,
  toSettingsRequest,
  validateSettings,
  type TSettingsValues,
} from './settings-form.ts';

const DUPLICATE_OPTIONS = DUPLICATE_CHECKS.map((value) => ({ value, label: DUPLICATE_CHECK_LABELS[value] }));

function SettingsForm({ reply, onClose }: { reply: TDialerSettingsReply; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<TSettingsValues>({
    mode: 'controlled',
    initialValues: settingsValues(reply.campaignName, reply.settings),
    validate: validateSettings,
  });
  const save = useMutation({
    mutationFn: (values: TSettingsValues) => saveDialerSettings(toSettingsRequest(values)),
    onSuccess: (saved) => {
      queryClient.setQueryData(dialerSettingsKey(saved.campaignName), saved);
      notifications.show({ color: 'green', message: `Dialer settings of ${saved.campaignName} saved.` });
      onClose();
    },
  });
  const campaignDnc = form.getValues().campaignDncCheck;
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate aria-label="Dialer settings">
      <Stack gap="sm">
        <TextInput
          label="VICIdial list id"
          description="The list the leads are loaded into (3 to 12 digits)"
          withAsterisk
          inputMode="numeric"
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('listId')}
        />
        <NativeSelect
          label="Duplicate check"
          description="Where VICIdial looks for the same phone number before adding a lead"
          data={DUPLICATE_OPTIONS}
          {...form.getInputProps('duplicateCheck')}
          onChange={(event) => form.setFieldValue('duplicateCheck', event.currentTarget.value as TDuplicateCheck)}
        />
        <Checkbox
          label="VICIdial DNC check"
          description="Refuse numbers on VICIdial's system do-not-call list"
          {...form.getInputProps('dncCheck', { type: 'checkbox' })}
        />
        <Checkbox
          label="Campaign DNC check"
          description="Refuse numbers on the VICIdial campaign's do-not-call list"
          {...form.getInputProps('campaignDncCheck', { type: 'checkbox' })}
        />
        <TextInput
          label="VICIdial campaign id"
          description="2 to 8 letters, digits, - or _: the campaign DNC check's campaign, where this campaign's do-not-call numbers and callbacks go in VICIdial"
          withAsterisk={campaignDnc}
          maxLength={8}
          autoComplete="off"
          {...form.getInputProps('vicidialCampaignId')}
        />
        <NumberInput
          label="Leads a second (0: as fast as the dialer answers)"
          min={0}
          max={MAX_SEND_RATE}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('rate')}
        />
        <TextInput
          label="Status of a full quota's leads"
          description="The VICIdial status (1 to 6 letters or digits) its sent, not yet called leads get when a quota fills"
          maxLength={6}
          autoComplete="off"
          {...form.getInputProps('quotaStatus')}
        />
        {reply.updatedBy !== null && reply.updatedAt !== null && (
          <Text size="xs" c="dimmed">{`Last changed by ${reply.updatedBy} on ${formatDateTime(reply.updatedAt)}`}</Text>
        )}
        {save.error !== null && (
          <Alert color="red" variant="light" role="alert" title="The settings were not saved">
            {save.error.message}
          </Alert>
        )}
        <FormActions onCancel={onClose} saving={save.isPending} />
      </Stack>
    </form>
  );
}

/** The dialog; its form is made afresh from the saved settings each time it opens. */
export function DialerSettingsModal({
  opened,
  onClose,
  reply,
}: {
  opened: boolean;
  onClose: () => void;
  reply: TDialerSettingsReply;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Dialer settings of ${reply.campaignName}`}>
      <SettingsForm reply={reply} onClose={onClose} />
    </Modal>
  );
}
