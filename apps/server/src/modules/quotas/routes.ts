// Routes of the quotas (docs/guide/quotas.md); admins only.
import { z } from 'zod';
import {
  ZErrorReply,
  ZNoContent,
  ZQuota,
  ZQuotaCreate,
  ZQuotaIdParams,
  ZQuotaListQuery,
  ZQuotaUpdate,
} from '@crm/shared';
import type { App } from '../../app-type.ts';
import { ADMINS } from '../../auth/roles.ts';
import { actorOf } from '../../auth/actor.ts';
import { createQuota, deleteQuota, findQuotas, updateQuota } from './service.ts';

const FAILURES = { 400: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply };

export async function quotaRoutes(app: App) {
  app.get(
    '/api/quotas',
    {
      config: ADMINS,
      schema: {
        summary: "List a campaign's quotas",
        querystring: ZQuotaListQuery,
        response: { 200: z.array(ZQuota), 404: ZErrorReply },
      },
    },
    async (req) => findQuotas(app.db, req.query.campaignName),
  );

  app.post(
    '/api/quotas',
    {
      config: ADMINS,
      schema: {
        summary: 'Add a quota to a campaign',
        description: 'See docs/guide/quotas.md.',
        querystring: ZQuotaListQuery,
        body: ZQuotaCreate,
        response: { 200: ZQuota, ...FAILURES },
      },
    },
    async (req) => createQuota(app.db, req.query.campaignName, req.body, actorOf(req)),
  );

  app.put(
    '/api/quotas/:id',
    {
      config: ADMINS,
      schema: {
        summary: 'Change a quota',
        params: ZQuotaIdParams,
        body: ZQuotaUpdate,
        response: { 200: ZQuota, ...FAILURES },
      },
    },
    async (req) => updateQuota(app.db, req.params.id, req.body, actorOf(req)),
  );

  app.delete(
    '/api/quotas/:id',
    {
      config: ADMINS,
      schema: { summary: 'Delete a quota', params: ZQuotaIdParams, response: { 204: ZNoContent, 404: ZErrorReply } },
    },
    async (req, reply) => {
      await deleteQuota(app.db, req.params.id, actorOf(req));
      return reply.code(204).send();
    },
  );
}
