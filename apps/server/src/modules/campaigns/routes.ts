// Campaign routes (spec §7 /cc). GET /cc/campaigns is public: the agent sign-in form lists campaigns.
import { z } from 'zod';
import { ZCampaign } from '@crm/shared';
import type { App } from '../../app.ts';
import { findCampaigns } from './service.ts';

export async function campaignRoutes(app: App) {
  app.get('/cc/campaigns', {
    config: { public: true },
    schema: { response: { 200: z.array(ZCampaign) } },
  }, async () => findCampaigns(app.db));
}
