import { describe, expect, it } from 'vitest';
import type { TRole, TTokenPayload } from '@crm/shared';
import { AppError } from '../../http/errors.ts';
import { assertCanReadCampaign, canReadCampaign } from './access.ts';

function user(roleName: TRole, campaign?: string): TTokenPayload {
  return { sub: '1', userName: 'u', name: 'U', roles: [{ roleName, roleDescription: roleName }], ...(campaign === undefined ? {} : { campaign }) };
}

describe('reading a campaign survey', () => {
  it('lets admins and QC inspectors read any campaign', () => {
    expect(canReadCampaign(user('ADMIN'), 'Spring Survey')).toBe(true);
    expect(canReadCampaign(user('QC'), 'Spring Survey')).toBe(true);
  });

  it('lets an agent read only the campaign signed into, whatever the case', () => {
    expect(canReadCampaign(user('AGENT', 'Spring Survey'), 'spring survey ')).toBe(true);
    expect(canReadCampaign(user('AGENT', 'Spring Survey'), 'Customer Care')).toBe(false);
    expect(canReadCampaign(user('AGENT'), 'Spring Survey')).toBe(false);
  });

  it('answers 403 for anyone else', () => {
    expect(() => assertCanReadCampaign(user('AGENT', 'Customer Care'), 'Spring Survey')).toThrow(AppError);
    try {
      assertCanReadCampaign(user('AGENT', 'Customer Care'), 'Spring Survey');
    } catch (e) {
      expect((e as AppError).statusCode).toBe(403);
    }
    expect(() => assertCanReadCampaign(user('AGENT', 'Spring Survey'), 'Spring Survey')).not.toThrow();
  });
});
