// Question routes (docs/product.md §7 /questions). Admin only, except getToSetLogic, which QC and the campaign's own agents may read.
import { z } from 'zod';
import {
  ZDeletedQuestion,
  ZErrorReply,
  ZNewQuestionsRequest,
  ZPageParams,
  ZQuestion,
  ZQuestionCampaignParams,
  ZQuestionDeleteImpact,
  ZQuestionIdParams,
  ZQuestionSearchQuery,
  ZRulesInUseReply,
  ZUpdateQuestionRequest,
  zPaged,
} from '@crm/shared';
import type { App } from '../../app-type.ts';
import { ADMINS, EVERY_ROLE } from '../../auth/roles.ts';
import { actorOf } from '../../auth/actor.ts';
import { currentUser } from '../../auth/guard.ts';
import {
  createQuestions,
  deleteQuestion,
  findAllQuestions,
  findCampaignQuestions,
  findDeleteImpact,
  findQuestion,
  findQuestionsPage,
  searchQuestions,
} from './service.ts';
import { updateQuestion } from './update.ts';

/** The paged list's filter: one campaign's questions, by its name (any case); blank or absent for every campaign. */
const ZQuestionPageQuery = z.object({
  campaignName: z.string().max(200, 'campaignName must be at most 200 characters').optional(),
});

export async function questionRoutes(app: App) {
  // Ours: ?campaignName= keeps one campaign's questions (the list's campaign filter).
  app.get(
    '/questions/pagination/:page/:size',
    {
      config: ADMINS,
      schema: {
        summary: "List a campaign's questions a page at a time",
        params: ZPageParams,
        querystring: ZQuestionPageQuery,
        response: { 200: zPaged(ZQuestion) },
      },
    },
    async (req) => findQuestionsPage(app.db, req.params, req.query.campaignName),
  );

  app.get(
    '/questions/searchQuestion',
    {
      config: ADMINS,
      schema: {
        summary: 'Search questions by campaign, title, type, options or status',
        description: 'Matches when any criterion matches; at most 500.',
        querystring: ZQuestionSearchQuery,
        response: { 200: z.array(ZQuestion) },
      },
    },
    async (req) => searchQuestions(app.db, req.query),
  );

  app.post(
    '/questions/add',
    {
      config: ADMINS,
      schema: {
        summary: 'Add a list of questions (all or none)',
        description: 'See docs/guide/questions.md.',
        body: ZNewQuestionsRequest,
        response: { 200: z.array(ZQuestion), 400: ZErrorReply, 404: ZErrorReply },
      },
    },
    async (req) => createQuestions(app.db, req.body, actorOf(req)),
  );

  app.get(
    '/questions/getAll',
    {
      config: ADMINS,
      schema: { summary: 'List every question', response: { 200: z.array(ZQuestion) } },
    },
    async () => findAllQuestions(app.db),
  );

  app.get(
    '/questions/getQuestion/:id',
    {
      config: ADMINS,
      schema: {
        summary: 'Get a question by id',
        params: ZQuestionIdParams,
        response: { 200: ZQuestion, 404: ZErrorReply },
      },
    },
    async (req) => findQuestion(app.db, req.params.id),
  );

  // Ours: the delete confirmation says how many rules go with the question.
  app.get(
    '/questions/deleteImpact/:id',
    {
      config: ADMINS,
      schema: {
        summary: "Show the logic rules and conditions a question's deletion would touch",
        params: ZQuestionIdParams,
        response: { 200: ZQuestionDeleteImpact, 404: ZErrorReply },
      },
    },
    async (req) => findDeleteImpact(app.db, req.params.id),
  );

  app.delete(
    '/questions/deleteQuestion/:id',
    {
      config: ADMINS,
      schema: {
        summary: 'Delete a question and its logic rules',
        description: '409 while a condition uses it. Answers `{deletedRules}`. See docs/guide/questions.md.',
        params: ZQuestionIdParams,
        response: { 200: ZDeletedQuestion, 404: ZErrorReply, 409: ZErrorReply },
      },
    },
    async (req) => deleteQuestion(app.db, req.params.id, actorOf(req)),
  );

  app.put(
    '/questions/updateQuestion',
    {
      config: ADMINS,
      schema: {
        summary: 'Change a question',
        description:
          '409 `{message, rules}` when logic rules use removed options, unless `confirm: true`. See docs/guide/questions.md.',
        body: ZUpdateQuestionRequest,
        response: { 200: ZQuestion, 400: ZErrorReply, 404: ZErrorReply, 409: ZRulesInUseReply },
      },
    },
    async (req, reply) => {
      const outcome = await updateQuestion(app.db, req.body, actorOf(req));
      // The 409 carries the rules affected, which the one error handler's {message} cannot.
      if ('refused' in outcome) return reply.code(409).send(outcome.refused);
      return outcome.updated;
    },
  );

  app.get(
    '/questions/getToSetLogic/:campaignName',
    {
      config: EVERY_ROLE,
      schema: {
        summary: "List a campaign's questions for its logic and survey",
        params: ZQuestionCampaignParams,
        response: { 200: z.array(ZQuestion) },
      },
    },
    async (req) => findCampaignQuestions(app.db, currentUser(req), req.params.campaignName),
  );
}
