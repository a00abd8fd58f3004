// The dialer settings form: what its inputs hold, the request they make, and the shared schema's rules and words.
import { DEFAULT_SEND_RATE, ZDialerSettingsInput, type TDialerSettingsInput, type TDuplicateCheck } from '@crm/shared';
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
};

/** The saved settings, or a campaign's first: duplicates in the list and VICIdial's DNC list refused, 20 a second. */
export function settingsValues(campaignName: string, saved: TDialerSettingsInput | null): TSettingsValues {
  if (saved === null) {
    return { campaignName, listId: '', duplicateCheck: 'DUPLIST', dncCheck: true, campaignDncCheck: false, vicidialCampaignId: '', rate: DEFAULT_SEND_RATE };
  }
  return { ...saved, campaignName, vicidialCampaignId: saved.vicidialCampaignId ?? '' };
}

/** The request: the VICIdial campaign id only with the campaign DNC check (the one thing it is for), blank as null. */
export function settingsInput(values: TSettingsValues): Omit<TDialerSettingsInput, 'rate'> & { rate: number | undefined } {
  const campaignId = values.vicidialCampaignId.trim();
  return {
    campaignName: values.campaignName,
    listId: values.listId,
    duplicateCheck: values.duplicateCheck,
    dncCheck: values.dncCheck,
    campaignDncCheck: values.campaignDncCheck,
    vicidialCampaignId: values.campaignDncCheck && campaignId !== '' ? campaignId : null,
    rate: values.rate === '' ? undefined : Number(values.rate),
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
