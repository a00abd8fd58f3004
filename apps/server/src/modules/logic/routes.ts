// Logic routes (docs/product.md §7 /api/logic). Admin only, except the reads QC and the campaign's own agents may call.
import { z } from 'zod';
import {
  ZClearedLogic,
  ZErrorReply,
  ZLogicCampaignQuery,
  ZLogicIdQuery,
  ZLogicQuestionQuery,
  ZLogicRule,
  ZSetLogicsRequest,
  ZUpdateLogicRequest,
} from '@crm/shared';
import type { App } from '../../app-type.ts';
import { ADMINS, EVERY_ROLE } from '../../auth/roles.ts';
import { actorOf } from '../audit/record.ts';
import { currentUser } from '../../auth/guard.ts';
import { clearLogic, findCampaignLogic, findQuestionLogic, isLogicExist, setLogics, updateLogic } from './service.ts';

const rules = { 200: z.array(ZLogicRule), 400: ZErrorReply, 404: ZErrorReply };

export async function logicRoutes(app: App) {
  app.post('/api/logic/setLogics', {
    config: ADMINS,
    schema: { body: ZSetLogicsRequest, response: { ...rules, 409: ZErrorReply } },
  }, async (req) => setLogics(app.db, req.body, actorOf(req)));

  app.put('/api/logic/updateLogic', {
    config: ADMINS,
    schema: { body: ZUpdateLogicRequest, response: rules },
  }, async (req) => updateLogic(app.db, req.body.questionId, req.body.rules, actorOf(req)));

  app.get('/api/logic/isLogicExist', {
    config: EVERY_ROLE,
    schema: { querystring: ZLogicIdQuery, response: { 200: z.boolean() } },
  }, async (req) => isLogicExist(app.db, currentUser(req), req.query.id));

  app.delete('/api/logic/clearLogic', {
    config: ADMINS,
    schema: { querystring: ZLogicIdQuery, response: { 200: ZClearedLogic, 404: ZErrorReply } },
  }, async (req) => clearLogic(app.db, req.query.id, actorOf(req)));

  app.get('/api/logic/getAllCampaignLogic', {
    config: EVERY_ROLE,
    schema: { querystring: ZLogicCampaignQuery, response: { 200: z.array(ZLogicRule) } },
  }, async (req) => findCampaignLogic(app.db, currentUser(req), req.query.campaignName));

  app.get('/api/logic', {
    config: EVERY_ROLE,
    schema: { querystring: ZLogicQuestionQuery, response: { 200: z.array(ZLogicRule) } },
  }, async (req) => findQuestionLogic(app.db, currentUser(req), req.query.questionId));
}
