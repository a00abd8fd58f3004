// Who may read a campaign's survey: admins, QC inspectors, and an agent signed into that very campaign.
import type { TTokenPayload } from '@crm/shared';
import { forbidden } from '../../http/errors.ts';

export function canReadCampaign(user: TTokenPayload, campaignName: string): boolean {
  if (user.roles.some((r) => r.roleName === 'ADMIN' || r.roleName === 'QC')) return true;
  // An agent's token names the campaign chosen at sign-in; campaign names are unique whatever their case.
  const signedInto = user.campaign?.trim().toLowerCase();
  return user.roles.some((r) => r.roleName === 'AGENT') && signedInto !== undefined && signedInto === campaignName.trim().toLowerCase();
}

/** 403 unless the user may read the campaign's questions and rules. */
export function assertCanReadCampaign(user: TTokenPayload, campaignName: string): void {
  if (!canReadCampaign(user, campaignName)) throw forbidden();
}
