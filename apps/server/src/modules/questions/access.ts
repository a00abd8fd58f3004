// Who may read a campaign's survey: admins, QC inspectors, and an agent signed into that very campaign.
import type { TTokenPayload } from '@crm/shared';
import { forbidden } from '../../http/errors.ts';
import type { TCaller } from '../../auth/guard.ts';

function isAdminOrQc(user: TTokenPayload): boolean {
  return user.roles.some((r) => r.roleName === 'ADMIN' || r.roleName === 'QC');
}

/**
 * An agent reads only the campaign of their sign-in record: the guard gives its id (`campaignId`) and its name now
 * (`campaign`), never the name the token was made with, so a campaign made later under an old name is not theirs.
 * Campaign names are unique whatever their case, so the name now stands for that id.
 */
export function canReadCampaign(user: TCaller, campaignName: string): boolean {
  if (isAdminOrQc(user)) return true;
  if (!user.roles.some((r) => r.roleName === 'AGENT') || user.campaignId === undefined || user.campaignId === null)
    return false;
  const signedInto = user.campaign?.trim().toLowerCase();
  return signedInto !== undefined && signedInto === campaignName.trim().toLowerCase();
}

/** The same rule for a campaign known by its id. */
export function canReadCampaignId(user: TCaller, campaignId: number): boolean {
  if (isAdminOrQc(user)) return true;
  return user.roles.some((r) => r.roleName === 'AGENT') && user.campaignId === campaignId;
}

/** 403 unless the user may read the campaign's questions and rules. */
export function assertCanReadCampaign(user: TCaller, campaignName: string): void {
  if (!canReadCampaign(user, campaignName)) throw forbidden();
}
