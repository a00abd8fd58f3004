import { describe, expect, it } from 'vitest';
import { EMPTY_CAMPAIGN_FORM, toCreateRequest, toUpdateRequest, validateCampaignForm, withField } from './campaign-form.ts';

describe('campaign form', () => {
  it('requires type, name and code, and a whole non-negative call target when one is given', () => {
    expect(validateCampaignForm({ ...EMPTY_CAMPAIGN_FORM, campaignName: '  ' })).toEqual({
      campaignType: 'Campaign type is required',
      campaignName: 'Campaign name is required',
      campaignId: 'Campaign code is required',
    });
    expect(validateCampaignForm({ campaignType: 'Outbound', campaignName: 'A', campaignId: 'B', callTarget: -2, status: 'true' })).toEqual({
      callTarget: 'Call target must be a whole number of 0 or more',
    });
  });

  it('clears the call target when the type becomes Inbound and keeps it cleared', () => {
    const outbound = withField({ ...EMPTY_CAMPAIGN_FORM, campaignType: 'Outbound' }, 'callTarget', 40);
    expect(outbound.callTarget).toBe(40);
    const inbound = withField(outbound, 'campaignType', 'Inbound');
    expect(inbound.callTarget).toBe('');
    expect(withField(inbound, 'callTarget', 9).callTarget).toBe('');
  });

  it('sends trimmed text, a null call target when empty, and status as a boolean', () => {
    const values = { campaignType: 'Outbound' as const, campaignName: ' Spring ', campaignId: ' SPR ', callTarget: '' as const, status: 'false' as const };
    expect(toCreateRequest(values)).toEqual({ campaignType: 'Outbound', campaignName: 'Spring', campaignId: 'SPR', callTarget: null, status: false });
    expect(toUpdateRequest(7, { ...values, callTarget: 25, status: 'true' })).toEqual({ id: 7, campaignType: 'Outbound', campaignName: 'Spring', campaignId: 'SPR', callTarget: 25, status: true });
  });
});
