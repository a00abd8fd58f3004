import { describe, expect, it } from 'vitest';
import type { TRole } from '@crm/shared';
import type { TCaller } from '../../auth/guard.ts';
import { AppError } from '../../http/errors.ts';
import { assertCanReadCampaign, canReadCampaign, canReadCampaignId } from './access.ts';

/** A caller as the guard gives it: an agent's campaign is the sign-in record's id and that campaign's name now. */
function user(roleName: TRole, signIn?: { campaign: string; campaignId: number | null }): TCaller {
  return { sub: '1', userName: 'u', name: 'U', roles: [{ roleName, roleDescription: roleName }], ...(signIn ?? {}) };
}

const spring = { campaign: 'Spring Survey', campaignId: 7 };

describe('reading a campaign survey', () => {
  it('lets admins and QC inspectors read any campaign', () => {
    expect(canReadCampaign(user('ADMIN'), 'Spring Survey')).toBe(true);
    expect(canReadCampaign(user('QC'), 'Spring Survey')).toBe(true);
    expect(canReadCampaignId(user('QC'), 7)).toBe(true);
  });

  it('lets an agent read only the campaign signed into, whatever the case', () => {
    expect(canReadCampaign(user('AGENT', spring), 'spring survey ')).toBe(true);
    expect(canReadCampaign(user('AGENT', spring), 'Customer Care')).toBe(false);
    expect(canReadCampaign(user('AGENT'), 'Spring Survey')).toBe(false);
    expect(canReadCampaignId(user('AGENT', spring), 7)).toBe(true);
    expect(canReadCampaignId(user('AGENT', spring), 8)).toBe(false);
  });

  it('lets an agent whose sign-in has no campaign (deleted) or only a name in the token read nothing', () => {
    expect(canReadCampaign(user('AGENT', { campaign: 'Spring Survey', campaignId: null }), 'Spring Survey')).toBe(
      false,
    );
    const nameOnly: TCaller = {
      sub: '1',
      userName: 'u',
      name: 'U',
      roles: [{ roleName: 'AGENT', roleDescription: 'AGENT' }],
      campaign: 'Spring Survey',
    };
    expect(canReadCampaign(nameOnly, 'Spring Survey')).toBe(false);
  });

  it('answers 403 for anyone else', () => {
    const care = { campaign: 'Customer Care', campaignId: 9 };
    expect(() => assertCanReadCampaign(user('AGENT', care), 'Spring Survey')).toThrow(AppError);
    try {
      assertCanReadCampaign(user('AGENT', care), 'Spring Survey');
    } catch (e) {
      expect((e as AppError).statusCode).toBe(403);
    }
    expect(() => assertCanReadCampaign(user('AGENT', spring), 'Spring Survey')).not.toThrow();
  });
});
