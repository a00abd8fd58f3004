// The inputs of a campaign (add modal and edit page): type, name, code, call target (off for Inbound), status, and the
// callback grace (minutes past due before a callback is missed, docs/guide/call-loop.md).
import { NativeSelect, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  CAMPAIGN_TYPES,
  DEFAULT_CALLBACK_GRACE_MINUTES,
  MAX_CALLBACK_GRACE_MINUTES,
  type TCampaignType,
} from '@crm/shared';
import { CAMPAIGN_LABELS, type TCampaignFormValues } from './campaign-form.ts';

type Props = { form: UseFormReturnType<TCampaignFormValues>; disabled?: boolean };

const STATUS_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];

const isCampaignType = (value: string): value is TCampaignType => (CAMPAIGN_TYPES as readonly string[]).includes(value);

export function CampaignFields({ form, disabled = false }: Props) {
  const inbound = form.values.campaignType === 'Inbound';
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <NativeSelect
        label={CAMPAIGN_LABELS.campaignType}
        withAsterisk
        disabled={disabled}
        {...form.getInputProps('campaignType')}
        onChange={(event) => {
          const value = event.currentTarget.value;
          form.setFieldValue('campaignType', isCampaignType(value) ? value : '');
          // docs/product.md §4: an Inbound campaign has no call target.
          if (value === 'Inbound') form.setFieldValue('callTarget', '');
        }}
        data={[{ value: '', label: 'Select campaign type', disabled: true }, ...CAMPAIGN_TYPES]}
      />
      <TextInput
        label={CAMPAIGN_LABELS.campaignName}
        withAsterisk
        disabled={disabled}
        {...form.getInputProps('campaignName')}
      />
      <TextInput
        label={CAMPAIGN_LABELS.campaignId}
        withAsterisk
        disabled={disabled}
        {...form.getInputProps('campaignId')}
      />
      <NumberInput
        label={CAMPAIGN_LABELS.callTarget}
        description={inbound ? 'Inbound campaigns have no call target' : 'Calls per agent; leave empty for none'}
        disabled={disabled || inbound}
        min={0}
        allowDecimal={false}
        allowNegative={false}
        {...form.getInputProps('callTarget')}
        onChange={(value) => form.setFieldValue('callTarget', typeof value === 'number' ? value : '')}
      />
      <NativeSelect
        label={CAMPAIGN_LABELS.status}
        disabled={disabled}
        {...form.getInputProps('status')}
        data={STATUS_OPTIONS}
      />
      <NumberInput
        label={CAMPAIGN_LABELS.callbackGraceMinutes}
        description={`Minutes past due before a callback is listed as missed (0 to ${MAX_CALLBACK_GRACE_MINUTES}; ${DEFAULT_CALLBACK_GRACE_MINUTES} unless changed)`}
        withAsterisk
        disabled={disabled}
        min={0}
        max={MAX_CALLBACK_GRACE_MINUTES}
        clampBehavior="none"
        allowDecimal={false}
        allowNegative={false}
        {...form.getInputProps('callbackGraceMinutes')}
        onChange={(value) => form.setFieldValue('callbackGraceMinutes', typeof value === 'number' ? value : '')}
      />
    </SimpleGrid>
  );
}
