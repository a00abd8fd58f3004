import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CALLBACK_GRACE_MINUTES,
  MAX_CALLBACK_GRACE_MINUTES,
  MAX_CAMPAIGN_TEXT_LENGTH,
  type TCampaign,
} from '@crm/shared';
import { ApiError } from '../../app/api.ts';
import { refusedField } from '../../app/form-schema.ts';
import {
  CAMPAIGN_REFUSALS,
  campaignFormValues,
  EMPTY_CAMPAIGN_FORM,
  toCreateRequest,
  toUpdateRequest,
  validateCampaignEdit,
  validateCampaignForm,
} from './campaign-form.ts';

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
    expect(
      validateCampaignForm({
        campaignType: 'Outbound',
        campaignName: long,
        campaignId: 'B',
        callTarget: -2,
        status: 'true',
        callbackGraceMinutes: 120,
      }),
    ).toEqual({
      campaignName: `Campaign name must be at most ${MAX_CAMPAIGN_TEXT_LENGTH} characters`,
      callTarget: 'Call target must be 0 or more',
    });
    expect(
      validateCampaignForm({
        campaignType: 'Outbound',
        campaignName: 'A',
        campaignId: 'B',
        callTarget: 2.5,
        status: 'true',
        callbackGraceMinutes: 120,
      }),
    ).toEqual({
      callTarget: 'Call target must be a whole number',
    });
    // Inbound has no call target, so whatever the input held is not checked (and not sent).
    expect(
      validateCampaignForm({
        campaignType: 'Inbound',
        campaignName: 'A',
        campaignId: 'B',
        callTarget: -2,
        status: 'true',
        callbackGraceMinutes: 120,
      }),
    ).toEqual({});
  });

  it('checks an edit with ZUpdateCampaignRequest', () => {
    expect(
      validateCampaignEdit(7)({
        campaignType: 'Outbound',
        campaignName: 'Spring',
        campaignId: '',
        callTarget: '',
        status: 'false',
        callbackGraceMinutes: 120,
      }),
    ).toEqual({ campaignId: 'Campaign code is required' });
  });

  it('sends trimmed text, a null call target when empty or Inbound, and status as a boolean', () => {
    const values = {
      campaignType: 'Outbound' as const,
      campaignName: ' Spring ',
      campaignId: ' SPR ',
      callTarget: '' as const,
      status: 'false' as const,
      callbackGraceMinutes: 120,
    };
    expect(toCreateRequest(values)).toEqual({
      campaignType: 'Outbound',
      campaignName: 'Spring',
      campaignId: 'SPR',
      callTarget: null,
      status: false,
      callbackGraceMinutes: 120,
    });
    expect(toUpdateRequest(7, { ...values, callTarget: 25, status: 'true', callbackGraceMinutes: 120 })).toEqual({
      id: 7,
      campaignType: 'Outbound',
      campaignName: 'Spring',
      campaignId: 'SPR',
      callTarget: 25,
      status: true,
      callbackGraceMinutes: 120,
    });
    expect(toCreateRequest({ ...values, campaignType: 'Inbound', callTarget: 40 }).callTarget).toBeNull();
  });

  it("takes the callback grace's range from the shared schema, in the form's words, and needs one", () => {
    const valid = {
      campaignType: 'Outbound' as const,
      campaignName: 'A',
      campaignId: 'B',
      callTarget: '' as const,
      status: 'true' as const,
    };
    expect(validateCampaignEdit(7)({ ...valid, callbackGraceMinutes: MAX_CALLBACK_GRACE_MINUTES })).toEqual({});
    expect(validateCampaignEdit(7)({ ...valid, callbackGraceMinutes: 0 })).toEqual({});
    expect(validateCampaignEdit(7)({ ...valid, callbackGraceMinutes: MAX_CALLBACK_GRACE_MINUTES + 1 })).toEqual({
      callbackGraceMinutes: 'Callback grace must be at most 10080 (7 days)',
    });
    expect(validateCampaignEdit(7)({ ...valid, callbackGraceMinutes: -5 })).toEqual({
      callbackGraceMinutes: 'Callback grace must be 0 or more',
    });
    expect(validateCampaignEdit(7)({ ...valid, callbackGraceMinutes: 2.5 })).toEqual({
      callbackGraceMinutes: 'Callback grace must be a whole number of minutes',
    });
    expect(validateCampaignForm({ ...valid, callbackGraceMinutes: '' })).toEqual({
      callbackGraceMinutes: 'Callback grace is required',
    });
  });

  it('starts a new campaign at the default grace and an edited one at its own (the default from a server that does not say)', () => {
    const campaign: TCampaign = {
      id: 7,
      campaignId: 'SPR',
      campaignName: 'Spring',
      campaignType: 'Outbound',
      callTarget: null,
      status: true,
      createAt: '2025-01-01T00:00:00.000Z',
    };
    expect(EMPTY_CAMPAIGN_FORM.callbackGraceMinutes).toBe(DEFAULT_CALLBACK_GRACE_MINUTES);
    expect(campaignFormValues({ ...campaign, callbackGraceMinutes: 30 }).callbackGraceMinutes).toBe(30);
    expect(campaignFormValues(campaign).callbackGraceMinutes).toBe(DEFAULT_CALLBACK_GRACE_MINUTES);
  });

  it("puts the server's taken name and code under their fields", () => {
    const taken = (message: string, field: string) =>
      new ApiError(409, message, 'http', { message, code: 'DUPLICATE', field });
    expect(refusedField(taken('A campaign named "Spring" already exists', 'campaignName'), CAMPAIGN_REFUSALS)).toBe(
      'campaignName',
    );
    expect(refusedField(taken('A campaign with the code "SPR" already exists', 'campaignId'), CAMPAIGN_REFUSALS)).toBe(
      'campaignId',
    );
    expect(
      refusedField(new ApiError(409, 'Campaign "Spring" still has a data table. Delete it first.'), CAMPAIGN_REFUSALS),
    ).toBeUndefined();
  });
});
