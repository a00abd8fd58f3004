// The inputs of a campaign (add modal and edit page): type, name, code, call target (off for Inbound) and status.
import { NativeSelect, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { CAMPAIGN_TYPES } from '@crm/shared';
import { CAMPAIGN_LABELS, withField, type TCampaignField, type TCampaignFormErrors, type TCampaignFormValues } from './campaign-form.ts';

type Props = {
  values: TCampaignFormValues;
  errors: TCampaignFormErrors;
  onChange: (values: TCampaignFormValues, changed: TCampaignField) => void;
  disabled?: boolean;
};

const STATUS_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];

export function CampaignFields({ values, errors, onChange, disabled = false }: Props) {
  const set = <K extends TCampaignField>(field: K, value: TCampaignFormValues[K]) => onChange(withField(values, field, value), field);
  const inbound = values.campaignType === 'Inbound';
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <NativeSelect
        label={CAMPAIGN_LABELS.campaignType}
        withAsterisk
        disabled={disabled}
        value={values.campaignType}
        onChange={(event) => set('campaignType', event.currentTarget.value as TCampaignFormValues['campaignType'])}
        data={[{ value: '', label: 'Select campaign type', disabled: true }, ...CAMPAIGN_TYPES]}
        error={errors.campaignType}
      />
      <TextInput
        label={CAMPAIGN_LABELS.campaignName}
        withAsterisk
        disabled={disabled}
        value={values.campaignName}
        onChange={(event) => set('campaignName', event.currentTarget.value)}
        error={errors.campaignName}
      />
      <TextInput
        label={CAMPAIGN_LABELS.campaignId}
        withAsterisk
        disabled={disabled}
        value={values.campaignId}
        onChange={(event) => set('campaignId', event.currentTarget.value)}
        error={errors.campaignId}
      />
      <NumberInput
        label={CAMPAIGN_LABELS.callTarget}
        description={inbound ? 'Inbound campaigns have no call target' : 'Calls per agent; leave empty for none'}
        disabled={disabled || inbound}
        min={0}
        allowDecimal={false}
        allowNegative={false}
        value={values.callTarget}
        onChange={(value) => set('callTarget', typeof value === 'number' ? value : '')}
        error={errors.callTarget}
      />
      <NativeSelect
        label={CAMPAIGN_LABELS.status}
        disabled={disabled}
        value={values.status}
        onChange={(event) => set('status', event.currentTarget.value === 'false' ? 'false' : 'true')}
        data={STATUS_OPTIONS}
      />
    </SimpleGrid>
  );
}
