// The campaign form's values, its required-field rules (spec §5) and the request bodies it becomes.
import type { TCampaign, TCampaignType, TCreateCampaignRequest, TUpdateCampaignRequest } from '@crm/shared';

export type TCampaignFormValues = {
  campaignType: TCampaignType | '';
  campaignName: string;
  campaignId: string;
  /** '' when none; always '' for Inbound. */
  callTarget: number | '';
  status: 'true' | 'false';
};

export type TCampaignField = keyof TCampaignFormValues;
export type TCampaignFormErrors = Partial<Record<TCampaignField, string>>;

export const CAMPAIGN_LABELS: Record<TCampaignField, string> = {
  campaignType: 'Campaign type',
  campaignName: 'Campaign name',
  campaignId: 'Campaign code',
  callTarget: 'Call target',
  status: 'Status',
};

export const EMPTY_CAMPAIGN_FORM: TCampaignFormValues = { campaignType: '', campaignName: '', campaignId: '', callTarget: '', status: 'true' };

export function campaignFormValues(campaign: TCampaign): TCampaignFormValues {
  return {
    campaignType: campaign.campaignType,
    campaignName: campaign.campaignName,
    campaignId: campaign.campaignId,
    callTarget: campaign.callTarget ?? '',
    status: campaign.status ? 'true' : 'false',
  };
}

/** Changing the type to Inbound clears the call target (spec §4). */
export function withField<K extends TCampaignField>(values: TCampaignFormValues, field: K, value: TCampaignFormValues[K]): TCampaignFormValues {
  const next = { ...values, [field]: value };
  return next.campaignType === 'Inbound' ? { ...next, callTarget: '' } : next;
}

/** Type, name and code are required; a call target, when given, is a whole number of 0 or more. */
export function validateCampaignForm(values: TCampaignFormValues): TCampaignFormErrors {
  const errors: TCampaignFormErrors = {};
  for (const field of ['campaignType', 'campaignName', 'campaignId'] as const) {
    if (values[field].trim() === '') errors[field] = `${CAMPAIGN_LABELS[field]} is required`;
  }
  if (values.callTarget !== '' && (!Number.isInteger(values.callTarget) || values.callTarget < 0)) {
    errors.callTarget = 'Call target must be a whole number of 0 or more';
  }
  return errors;
}

function common(values: TCampaignFormValues) {
  return {
    campaignName: values.campaignName.trim(),
    campaignId: values.campaignId.trim(),
    callTarget: values.campaignType === 'Inbound' || values.callTarget === '' ? null : values.callTarget,
    status: values.status === 'true',
  };
}

/** Only for values that passed validateCampaignForm. */
export function toCreateRequest(values: TCampaignFormValues): TCreateCampaignRequest {
  if (values.campaignType === '') throw new Error('campaignType is required');
  return { campaignType: values.campaignType, ...common(values) };
}

export function toUpdateRequest(id: number, values: TCampaignFormValues): TUpdateCampaignRequest {
  if (values.campaignType === '') throw new Error('campaignType is required');
  return { id, campaignType: values.campaignType, ...common(values) };
}
