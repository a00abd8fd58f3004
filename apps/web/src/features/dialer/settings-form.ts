// The dialer settings form: what its inputs hold, the request they make, and the shared schema's rules and words.
import {
  DEFAULT_QUOTA_STATUS,
  DEFAULT_SEND_RATE,
  ZDialerSettingsInput,
  type TDialerSettingsInput,
  type TDuplicateCheck,
} from '@crm/shared';
import type { FormErrors } from '@mantine/form';
import { schemaValidate } from '../../app/form-schema.ts';

/** VICIdial's duplicate_check modes as the admin reads them. */
export const DUPLICATE_CHECK_LABELS: Record<TDuplicateCheck, string> = {
  NONE: 'None',
  DUPLIST: 'Same list',
  DUPCAMP: "Campaign's lists",
  DUPSYS: 'Whole system',
};

/** The inputs: the campaign rides along unseen; the rate is '' while blank. */
export type TSettingsValues = {
  campaignName: string;
  listId: string;
  duplicateCheck: TDuplicateCheck;
  dncCheck: boolean;
  campaignDncCheck: boolean;
  vicidialCampaignId: string;
  rate: number | string;
  /** The VICIdial status of a full quota's sent, not yet called leads. */
  quotaStatus: string;
};

/** The saved settings, or a campaign's first: duplicates in the list and VICIdial's DNC list refused, 20 a second. */
export function settingsValues(campaignName: string, saved: TDialerSettingsInput | null): TSettingsValues {
  if (saved === null) {
    return {
      campaignName,
      listId: '',
      duplicateCheck: 'DUPLIST',
      dncCheck: true,
      campaignDncCheck: false,
      vicidialCampaignId: '',
      rate: DEFAULT_SEND_RATE,
      quotaStatus: DEFAULT_QUOTA_STATUS,
    };
  }
  return {
    ...saved,
    campaignName,
    vicidialCampaignId: saved.vicidialCampaignId ?? '',
    quotaStatus: saved.quotaStatus ?? DEFAULT_QUOTA_STATUS,
  };
}

/**
 * The request: the VICIdial campaign id blank as null (the campaign DNC check needs it; a campaign's do-not-call numbers
 * and callbacks go to that VICIdial campaign), the quota status in capitals.
 */
export function settingsInput(
  values: TSettingsValues,
): Omit<TDialerSettingsInput, 'rate'> & { rate: number | undefined } {
  const campaignId = values.vicidialCampaignId.trim();
  return {
    campaignName: values.campaignName,
    listId: values.listId,
    duplicateCheck: values.duplicateCheck,
    dncCheck: values.dncCheck,
    campaignDncCheck: values.campaignDncCheck,
    vicidialCampaignId: campaignId !== '' ? campaignId : null,
    rate: values.rate === '' ? undefined : Number(values.rate),
    quotaStatus: values.quotaStatus.trim().toUpperCase(),
  };
}

export const BLANK_RATE_MESSAGE = 'Enter the leads a second (0: as fast as the dialer answers)';

// The schema's messages already name their field ("The list id is 3 to 12 digits").
const validateBySchema = schemaValidate(ZDialerSettingsInput, { labels: {}, toInput: settingsInput });

export function validateSettings(values: TSettingsValues): FormErrors {
  const errors = validateBySchema(values);
  return values.rate === '' ? { ...errors, rate: BLANK_RATE_MESSAGE } : errors;
}

/** The body of a form that passed validation. */
export function toSettingsRequest(values: TSettingsValues): TDialerSettingsInput {
  return ZDialerSettingsInput.parse(settingsInput(values));
}
