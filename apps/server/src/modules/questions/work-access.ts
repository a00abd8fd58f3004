// The agent panel's two rules before any read or write: the caller may work on this campaign, and the number is a number.
import { AGENT_PANEL_MESSAGES, normalisePhone } from '@crm/shared';
import type { CountryCode } from 'libphonenumber-js';
import { badRequest, forbidden } from '../../http/errors.ts';
import type { TCaller } from '../../auth/guard.ts';
import { canReadCampaign, canReadCampaignId } from './access.ts';

/**
 * 403 for an agent asking about a campaign other than the one of their sign-in record (admins and QC may ask any);
 * the sign-in's campaign is its id, see canReadCampaign.
 */
export function assertCanWorkOnCampaign(user: TCaller, campaignName: string): void {
  if (!canReadCampaign(user, campaignName)) throw forbidden(AGENT_PANEL_MESSAGES.otherCampaign);
}

/** The same, for a campaign known by its id. */
export function assertCanWorkOnCampaignId(user: TCaller, campaignId: number): void {
  if (!canReadCampaignId(user, campaignId)) throw forbidden(AGENT_PANEL_MESSAGES.otherCampaign);
}

/** The number in E.164, whatever way it was written; 400 when it cannot be a phone number. */
export function storedPhone(cellNumber: string, country: CountryCode): string {
  const phone = normalisePhone(cellNumber, country);
  if (phone === null) throw badRequest(`"${cellNumber.trim()}" is not a phone number`);
  return phone;
}
