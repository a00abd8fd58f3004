// Logic routes (docs/product.md §7 /api/logic). Admin only, except the reads QC and the campaign's own agents may call.
import { z } from 'zod';
import {
  ZClearedLogic,
  ZConditionParams,
  ZConditionsQuery,
  ZVersionedSurvey,
  ZQuestionCondition,
  ZSetCondition,
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
import { actorOf } from '../../auth/actor.ts';
import { currentUser } from '../../auth/guard.ts';
import { clearLogic, findCampaignLogic, findQuestionLogic, isLogicExist, setLogics, updateLogic } from './service.ts';
import { findConditions, setCondition } from './conditions.ts';
import { findVersionedSurvey } from './survey.ts';

const rules = { 200: z.array(ZLogicRule), 400: ZErrorReply, 404: ZErrorReply };

export async function logicRoutes(app: App) {
  app.post(
    '/api/logic/setLogics',
    {
      config: ADMINS,
      schema: {
        summary: "Set one question's logic rules",
        description: 'See docs/guide/logic.md.',
        body: ZSetLogicsRequest,
        response: { ...rules, 409: ZErrorReply },
      },
    },
    async (req) => setLogics(app.db, req.body, actorOf(req)),
  );

  app.put(
    '/api/logic/updateLogic',
    {
      config: ADMINS,
      schema: {
        summary: "Replace one question's logic rules",
        description: '`{questionId, rules}`, or the older bare list. See docs/guide/logic.md.',
        body: ZUpdateLogicRequest,
        response: rules,
      },
    },
    async (req) => updateLogic(app.db, req.body.questionId, req.body.rules, actorOf(req)),
  );

  app.get(
    '/api/logic/isLogicExist',
    {
      config: EVERY_ROLE,
      schema: {
        summary: 'Tell whether a question has logic rules',
        querystring: ZLogicIdQuery,
        response: { 200: z.boolean() },
      },
    },
    async (req) => isLogicExist(app.db, currentUser(req), req.query.id),
  );

  app.delete(
    '/api/logic/clearLogic',
    {
      config: ADMINS,
      schema: {
        summary: "Clear a question's logic rules",
        querystring: ZLogicIdQuery,
        response: { 200: ZClearedLogic, 404: ZErrorReply },
      },
    },
    async (req) => clearLogic(app.db, req.query.id, actorOf(req)),
  );

  app.get(
    '/api/logic/getAllCampaignLogic',
    {
      config: EVERY_ROLE,
      schema: {
        summary: "List a campaign's logic rules",
        querystring: ZLogicCampaignQuery,
        response: { 200: z.array(ZLogicRule) },
      },
    },
    async (req) => findCampaignLogic(app.db, currentUser(req), req.query.campaignName),
  );

  app.get(
    '/api/logic',
    {
      config: EVERY_ROLE,
      schema: {
        summary: "List one question's logic rules",
        querystring: ZLogicQuestionQuery,
        response: { 200: z.array(ZLogicRule) },
      },
    },
    async (req) => findQuestionLogic(app.db, currentUser(req), req.query.questionId),
  );

  // "Show only if" conditions (issue 22): the campaign's readers read them (the agent's screen runs them), admins set them.
  app.get(
    '/api/logic/conditions',
    {
      config: EVERY_ROLE,
      schema: {
        summary: "List a campaign's question conditions, in words too",
        querystring: ZConditionsQuery,
        response: { 200: z.array(ZQuestionCondition), 404: ZErrorReply },
      },
    },
    async (req) => findConditions(app.db, currentUser(req), req.query.campaignName, app.config.timeZone),
  );

  // The whole survey at once with its version (issue 35): the agent's screen reads it once per version.
  app.get(
    '/api/logic/survey',
    {
      config: EVERY_ROLE,
      schema: {
        summary: "Read a campaign's survey (questions, rules, conditions) with its version",
        description:
          "The lookup reply's `surveyVersion` names the version it was made with; a screen fetches this again only when it differs. See docs/guide/crm.md.",
        querystring: ZConditionsQuery,
        response: { 200: ZVersionedSurvey, 404: ZErrorReply },
      },
    },
    async (req) => findVersionedSurvey(app.db, currentUser(req), req.query.campaignName, app.config.timeZone),
  );

  app.put(
    '/api/logic/conditions/:questionId',
    {
      config: ADMINS,
      schema: {
        summary: 'Set or clear the condition that shows a question',
        description: '400 naming every problem. See docs/guide/logic.md.',
        params: ZConditionParams,
        body: ZSetCondition,
        response: { 200: z.array(ZQuestionCondition), 400: ZErrorReply, 404: ZErrorReply },
      },
    },
    async (req) => {
      const campaignName = await setCondition(app.db, req.params.questionId, req.body.showIf, actorOf(req));
      return findConditions(app.db, currentUser(req), campaignName, app.config.timeZone);
    },
  );
}
