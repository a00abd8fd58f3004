// Campaign shapes (spec §3 Campaign). The full CRUD arrives with the admin master-data issue.
import { z } from 'zod';

export const CAMPAIGN_TYPES = ['Inbound', 'Outbound'] as const;

export const ZCampaign = z.object({
  id: z.number().int(),
  campaignId: z.string(),
  campaignName: z.string(),
  campaignType: z.enum(CAMPAIGN_TYPES),
  callTarget: z.number().int().nullable(),
  status: z.boolean(),
  createAt: z.string(),
});
export type TCampaign = z.infer<typeof ZCampaign>;
