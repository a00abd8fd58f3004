// Campaign shapes (docs/product.md §3 Campaign) and the bodies and queries of the /cc calls (docs/product.md §7 Campaigns).
import { z } from 'zod';
import { MAX_CALLBACK_GRACE_MINUTES } from './callbacks.ts';
import { noControlChars, zBooleanText } from './common.ts';

export const CAMPAIGN_TYPES = ['Inbound', 'Outbound'] as const;
export type TCampaignType = (typeof CAMPAIGN_TYPES)[number];

export const MAX_CAMPAIGN_TEXT_LENGTH = 100;

export const ZCampaign = z.object({
  id: z.number().int(),
  campaignId: z.string(),
  campaignName: z.string(),
  campaignType: z.enum(CAMPAIGN_TYPES),
  callTarget: z.number().int().nullable(),
  status: z.boolean(),
  createAt: z.string(),
  /**
   * Ours (docs/guide/call-loop.md, Callbacks): minutes past due before a callback is missed. This server always sends it; a
   * reply without it (a server from before it) still parses, and means the default.
   */
  callbackGraceMinutes: z.number().int().optional(),
});
export type TCampaign = z.infer<typeof ZCampaign>;

const requiredText = (field: string) =>
  z
    .string({ message: `${field} is required` })
    .refine(...noControlChars(field))
    .trim()
    .min(1, `${field} is required`)
    .max(MAX_CAMPAIGN_TEXT_LENGTH, `${field} must be at most ${MAX_CAMPAIGN_TEXT_LENGTH} characters`);

/** Per-agent call target: a whole number, 0 or more; null (or absent) means none. */
const ZCallTarget = z
  .number()
  .int('callTarget must be a whole number')
  .min(0, 'callTarget must be 0 or more')
  .nullable();

/** Minutes past due before a callback is listed as missed: a whole number from 0 to 7 days (default 120). */
const ZCallbackGrace = z
  .number({ message: 'callbackGraceMinutes must be a whole number of minutes' })
  .int('callbackGraceMinutes must be a whole number of minutes')
  .min(0, 'callbackGraceMinutes must be 0 or more')
  .max(MAX_CALLBACK_GRACE_MINUTES, `callbackGraceMinutes must be at most ${MAX_CALLBACK_GRACE_MINUTES} (7 days)`);

/**
 * The older edit form sent status as the strings "true"/"false" from a select; both spellings are accepted.
 * It could also send null (its form failed to load the stored status): null, like leaving status out, keeps
 * the stored status on an update (and makes a new campaign active).
 */
const ZStatus = zBooleanText('status must be true or false')
  .nullable()
  .transform((v) => v ?? undefined)
  .optional();

export const ZCreateCampaignRequest = z.object({
  campaignType: z.enum(CAMPAIGN_TYPES, { message: 'campaignType must be Inbound or Outbound' }),
  campaignName: requiredText('campaignName'),
  campaignId: requiredText('campaignId'),
  /** Ignored (stored as null) for an Inbound campaign. */
  callTarget: ZCallTarget.optional(),
  /** Active unless said otherwise. */
  status: ZStatus,
  /** Ours: DEFAULT_CALLBACK_GRACE_MINUTES unless said otherwise (the column's default). */
  callbackGraceMinutes: ZCallbackGrace.optional(),
});
export type TCreateCampaignRequest = z.infer<typeof ZCreateCampaignRequest>;

/** PUT /cc/updateCampaign: an existing campaign by id; an absent type, call target, status or callback grace keeps the stored one. */
export const ZUpdateCampaignRequest = z.object({
  id: z.number().int().positive(),
  campaignName: requiredText('campaignName'),
  campaignId: requiredText('campaignId'),
  campaignType: z.enum(CAMPAIGN_TYPES, { message: 'campaignType must be Inbound or Outbound' }).optional(),
  callTarget: ZCallTarget.optional(),
  status: ZStatus,
  callbackGraceMinutes: ZCallbackGrace.optional(),
});
export type TUpdateCampaignRequest = z.infer<typeof ZUpdateCampaignRequest>;

export const ZCampaignIdParams = z.object({
  id: z.coerce.number().int().positive('id must be a positive whole number'),
});

/**
 * GET /cc/searchCampaign: a campaign matches when ANY given criterion does — code contains, name contains
 * (both case-insensitive), call target equals (when numeric), status (active/inactive/true/false).
 * A criterion that cannot apply (a non-numeric call target, another status word) matches nothing.
 */
export const ZCampaignSearchQuery = z.object({
  campaignId: z.string().optional(),
  campaignName: z.string().optional(),
  callTarget: z.string().optional(),
  status: z.string().optional(),
});
export type TCampaignSearchQuery = z.infer<typeof ZCampaignSearchQuery>;

/** What a status search word means: 'active'/'true' → true, 'inactive'/'false' → false, anything else → undefined. */
export function parseStatusTerm(term: string): boolean | undefined {
  const word = term.trim().toLowerCase();
  if (word === 'active' || word === 'true') return true;
  if (word === 'inactive' || word === 'false') return false;
  return undefined;
}

/** The one search box of the campaign list sends its term as every criterion; the server ORs them. */
export function campaignSearchQuery(term: string): TCampaignSearchQuery {
  const value = term.trim();
  return { campaignId: value, campaignName: value, callTarget: value, status: value };
}

/** GET /cc/leadCounts: the number of leads of every campaign, keyed by campaign name. */
export const ZCampaignLeadCounts = z.record(z.string(), z.number().int());
export type TCampaignLeadCounts = z.infer<typeof ZCampaignLeadCounts>;

/** Spec §5 and §8 campaign messages, word for word. */
export const CAMPAIGN_MESSAGES = {
  requiredFields: 'Request failed! Please fill up all the necessary fields',
  added: '1 campaign successfully added!',
  addFailed: 'Campaign Addition failed!',
  updated: 'Update successful!',
  updateFailed: 'Update failed!',
} as const;
