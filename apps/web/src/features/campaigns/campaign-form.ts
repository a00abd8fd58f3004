// The campaign form (add modal and edit page): what its inputs hold, the shared schema's rules in the form's words
// (docs/product.md §5), the request the values make, and the server's refusals that belong to a field.
import {
  DEFAULT_CALLBACK_GRACE_MINUTES,
  ZCreateCampaignRequest,
  ZUpdateCampaignRequest,
  type TCampaign,
  type TCampaignType,
  type TCreateCampaignRequest,
  type TUpdateCampaignRequest,
} from '@crm/shared';
import type { FormErrors } from '@mantine/form';
import { schemaValidate, type TRefusalFields } from '../../app/form-schema.ts';

export type TCampaignFormValues = {
  campaignType: TCampaignType | '';
  campaignName: string;
  campaignId: string;
  /** '' when none; always '' for Inbound. */
  callTarget: number | '';
  status: 'true' | 'false';
  /** Minutes past due before a callback is missed (docs/guide/call-loop.md); '' while the input is blank. */
  callbackGraceMinutes: number | '';
};

export type TCampaignField = keyof TCampaignFormValues;

export const CAMPAIGN_LABELS: Record<TCampaignField, string> = {
  campaignType: 'Campaign type',
  campaignName: 'Campaign name',
  campaignId: 'Campaign code',
  callTarget: 'Call target',
  status: 'Status',
  callbackGraceMinutes: 'Callback grace',
};

export const EMPTY_CAMPAIGN_FORM: TCampaignFormValues = {
  campaignType: '',
  campaignName: '',
  campaignId: '',
  callTarget: '',
  status: 'true',
  callbackGraceMinutes: DEFAULT_CALLBACK_GRACE_MINUTES,
};

export function campaignFormValues(campaign: TCampaign): TCampaignFormValues {
  return {
    campaignType: campaign.campaignType,
    campaignName: campaign.campaignName,
    campaignId: campaign.campaignId,
    callTarget: campaign.callTarget ?? '',
    status: campaign.status ? 'true' : 'false',
    callbackGraceMinutes: campaign.callbackGraceMinutes ?? DEFAULT_CALLBACK_GRACE_MINUTES,
  };
}

/**
 * The request body the values make, before the schema trims and checks it; an Inbound campaign has no call target.
 * A blank callback grace is sent as null, so the schema refuses it ('Callback grace is required') rather than keep it.
 */
function campaignInput(values: TCampaignFormValues) {
  return {
    campaignType: values.campaignType === '' ? undefined : values.campaignType,
    campaignName: values.campaignName,
    campaignId: values.campaignId,
    callTarget: values.campaignType === 'Inbound' || values.callTarget === '' ? null : values.callTarget,
    status: values.status === 'true',
    callbackGraceMinutes: values.callbackGraceMinutes === '' ? null : values.callbackGraceMinutes,
  };
}

/** ZCreateCampaignRequest's rules: type, name and code required, lengths, a whole call target of 0 or more. */
export const validateCampaignForm = schemaValidate(ZCreateCampaignRequest, {
  labels: CAMPAIGN_LABELS,
  toInput: campaignInput,
});

/** ZUpdateCampaignRequest's rules, for the campaign being edited. */
export function validateCampaignEdit(id: number): (values: TCampaignFormValues) => FormErrors {
  return schemaValidate(ZUpdateCampaignRequest, {
    labels: CAMPAIGN_LABELS,
    toInput: (values: TCampaignFormValues) => ({ id, ...campaignInput(values) }),
  });
}

/** The body the server gets: the schema's own output (trimmed). Only for values that passed validation. */
export function toCreateRequest(values: TCampaignFormValues): TCreateCampaignRequest {
  return ZCreateCampaignRequest.parse(campaignInput(values));
}

export function toUpdateRequest(id: number, values: TCampaignFormValues): TUpdateCampaignRequest {
  return ZUpdateCampaignRequest.parse({ id, ...campaignInput(values) });
}

/** apps/server/src/modules/campaigns/service.ts: nameTaken and codeTaken (409 DUPLICATE under the field). */
export const CAMPAIGN_REFUSALS: TRefusalFields<'campaignName' | 'campaignId'> = ['campaignName', 'campaignId'];
