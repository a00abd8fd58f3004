import { describe, expect, it } from 'vitest';
import { MAX_CAMPAIGN_TEXT_LENGTH } from '@crm/shared';
import { ApiError } from '../../app/api.ts';
import { refusedField } from '../../app/form-schema.ts';
import { CAMPAIGN_REFUSALS, EMPTY_CAMPAIGN_FORM, toCreateRequest, toUpdateRequest, validateCampaignEdit, validateCampaignForm } from './campaign-form.ts';

describe('campaign form', () => {
  it("requires type, name and code, in the shared schema's rules and the form's words", () => {
    expect(validateCampaignForm({ ...EMPTY_CAMPAIGN_FORM, campaignName: '  ' })).toEqual({
      campaignType: 'Campaign type is required',
      campaignName: 'Campaign name is required',
      campaignId: 'Campaign code is required',
    });
  });

  it('takes the lengths and the call target range from ZCreateCampaignRequest', () => {
    const long = 'x'.repeat(MAX_CAMPAIGN_TEXT_LENGTH + 1);
    expect(validateCampaignForm({ campaignType: 'Outbound', campaignName: long, campaignId: 'B', callTarget: -2, status: 'true' })).toEqual({
      campaignName: `Campaign name must be at most ${MAX_CAMPAIGN_TEXT_LENGTH} characters`,
      callTarget: 'Call target must be 0 or more',
    });
    expect(validateCampaignForm({ campaignType: 'Outbound', campaignName: 'A', campaignId: 'B', callTarget: 2.5, status: 'true' })).toEqual({
      callTarget: 'Call target must be a whole number',
    });
    // Inbound has no call target, so whatever the input held is not checked (and not sent).
    expect(validateCampaignForm({ campaignType: 'Inbound', campaignName: 'A', campaignId: 'B', callTarget: -2, status: 'true' })).toEqual({});
  });

  it('checks an edit with ZUpdateCampaignRequest', () => {
    expect(validateCampaignEdit(7)({ campaignType: 'Outbound', campaignName: 'Spring', campaignId: '', callTarget: '', status: 'false' })).toEqual({ campaignId: 'Campaign code is required' });
  });

  it('sends trimmed text, a null call target when empty or Inbound, and status as a boolean', () => {
    const values = { campaignType: 'Outbound' as const, campaignName: ' Spring ', campaignId: ' SPR ', callTarget: '' as const, status: 'false' as const };
    expect(toCreateRequest(values)).toEqual({ campaignType: 'Outbound', campaignName: 'Spring', campaignId: 'SPR', callTarget: null, status: false });
    expect(toUpdateRequest(7, { ...values, callTarget: 25, status: 'true' })).toEqual({ id: 7, campaignType: 'Outbound', campaignName: 'Spring', campaignId: 'SPR', callTarget: 25, status: true });
    expect(toCreateRequest({ ...values, campaignType: 'Inbound', callTarget: 40 }).callTarget).toBeNull();
  });

  it("puts the server's taken name and code under their fields", () => {
    expect(refusedField(new ApiError(409, 'A campaign named "Spring" already exists'), CAMPAIGN_REFUSALS)).toBe('campaignName');
    expect(refusedField(new ApiError(409, 'A campaign with the code "SPR" already exists'), CAMPAIGN_REFUSALS)).toBe('campaignId');
    expect(refusedField(new ApiError(409, 'Campaign "Spring" still has a data table. Delete it first.'), CAMPAIGN_REFUSALS)).toBeUndefined();
  });
});
