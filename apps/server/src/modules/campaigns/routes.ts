// Campaign routes (docs/product.md §7 /cc). GET /cc/campaigns is public: the agent sign-in form lists campaigns. The rest is admin-only.
import { z } from 'zod';
import {
  ZCampaign,
  ZCampaignIdParams,
  ZCampaignLeadCounts,
  ZCampaignSearchQuery,
  ZCreateCampaignRequest,
  ZErrorReply,
  ZRefusalReply,
  ZNoContent,
  ZPageParams,
  ZUpdateCampaignRequest,
  zPaged,
} from '@crm/shared';
import type { App } from '../../app-type.ts';
import { ADMINS, PUBLIC } from '../../auth/roles.ts';
import { actorOf } from '../../auth/actor.ts';
import {
  countCampaigns,
  countLeadsByCampaign,
  createCampaign,
  deleteCampaign,
  findCampaign,
  findCampaigns,
  findCampaignsPage,
  searchCampaigns,
  updateCampaign,
} from './service.ts';

const total = { response: { 200: z.number().int() } };

export async function campaignRoutes(app: App) {
  app.get(
    '/cc/campaigns',
    {
      config: PUBLIC,
      schema: { summary: 'List every campaign by name', response: { 200: z.array(ZCampaign) } },
    },
    async () => findCampaigns(app.db),
  );

  app.get(
    '/cc/pagination/:page/:size',
    {
      config: ADMINS,
      schema: {
        summary: 'List campaigns a page at a time, newest first',
        description: '`page` is 0-based. See docs/api.md, Pages.',
        params: ZPageParams,
        response: { 200: zPaged(ZCampaign) },
      },
    },
    async (req) => findCampaignsPage(app.db, req.params),
  );

  app.get(
    '/cc/searchCampaign',
    {
      config: ADMINS,
      schema: {
        summary: 'Search campaigns by id, name, call target or status',
        description: 'Matches when any criterion matches (case-insensitive contains); at most 500.',
        querystring: ZCampaignSearchQuery,
        response: { 200: z.array(ZCampaign) },
      },
    },
    async (req) => searchCampaigns(app.db, req.query),
  );

  app.post(
    '/cc/addCampaign',
    {
      config: ADMINS,
      schema: {
        summary: 'Add a campaign',
        description: '409 when a campaign of that name exists. Audited. See docs/guide/campaigns.md.',
        body: ZCreateCampaignRequest,
        response: { 200: ZCampaign, 409: ZRefusalReply },
      },
    },
    async (req) => createCampaign(app.db, req.body, actorOf(req)),
  );

  app.get(
    '/cc/campaign/:id',
    {
      config: ADMINS,
      schema: { summary: 'Get a campaign by id', params: ZCampaignIdParams, response: { 200: ZCampaign } },
    },
    async (req) => findCampaign(app.db, req.params.id),
  );

  app.put(
    '/cc/updateCampaign',
    {
      config: ADMINS,
      schema: {
        summary: 'Change a campaign',
        description:
          "By `id`; an absent type, target, status or callback grace keeps the stored one. Making it inactive or renaming it ends its agents' sign-ins. Audited. See docs/guide/campaigns.md.",
        body: ZUpdateCampaignRequest,
        response: { 200: ZCampaign, 409: ZRefusalReply },
      },
    },
    async (req) => updateCampaign(app.db, req.body, actorOf(req)),
  );

  app.delete(
    '/cc/delete/:id',
    {
      config: ADMINS,
      schema: {
        summary: 'Delete a campaign',
        description: "409 while records are still attached. Ends its agents' sign-ins. Audited.",
        params: ZCampaignIdParams,
        response: { 204: ZNoContent, 404: ZErrorReply, 409: ZErrorReply },
      },
    },
    async (req, reply) => {
      await deleteCampaign(app.db, req.params.id, actorOf(req));
      return reply.code(204).send();
    },
  );

  app.get('/cc/totalCampaigns', { config: ADMINS, schema: { ...total, summary: 'Count all campaigns' } }, async () =>
    countCampaigns(app.db),
  );
  app.get(
    '/cc/totalInbound',
    { config: ADMINS, schema: { ...total, summary: 'Count the inbound campaigns' } },
    async () => countCampaigns(app.db, 'Inbound'),
  );
  app.get(
    '/cc/totalOutbound',
    { config: ADMINS, schema: { ...total, summary: 'Count the outbound campaigns' } },
    async () => countCampaigns(app.db, 'Outbound'),
  );

  // Ours, not the spec's: the list's Leads column in one call instead of one countNumberOfDataAvailable per row.
  app.get(
    '/cc/leadCounts',
    {
      config: ADMINS,
      schema: { summary: "Count each campaign's leads, by campaign name", response: { 200: ZCampaignLeadCounts } },
    },
    async () => countLeadsByCampaign(app.db),
  );
}
