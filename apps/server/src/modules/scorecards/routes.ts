// Routes of scorecards (docs/scorecards.md, The API): admins build, publish and retire versions and pick each campaign's;
// QC inspectors read them, export them and try a version on a campaign's records (what-if).
import {
  ZCampaignScorecards,
  ZCampaignScorecardsQuery,
  ZCampaignScorecardsUpdate,
  ZErrorReply,
  ZRefusalReply,
  ZScorecardDefinition,
  ZScorecardFile,
  ZScorecardIdParams,
  ZScorecardList,
  ZScorecardWhatIf,
  ZScorecardWhatIfRequest,
} from '@crm/shared';
import type { App } from '../../app-type.ts';
import { ADMINS, SCORERS } from '../../auth/roles.ts';
import { actorOf } from '../../auth/actor.ts';
import { readDb } from '../../http/reads.ts';
import { findCampaignScorecards, updateCampaignScorecards } from './campaign-choice.ts';
import { publishScorecard, retireScorecard } from './lifecycle.ts';
import { exportScorecard, fileHeader, findScorecard, listScorecards } from './list.ts';
import { createScorecard, importScorecard, updateScorecard } from './versions.ts';
import { whatIfScorecard } from './what-if.ts';
import { ZScorecardCreateBody, ZScorecardFileReply, ZScorecardReply } from './route-schemas.ts';

const FAILURES = { 400: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply, 409: ZErrorReply };
/** A refusal of a shared code (DUPLICATE, INVALID_VALUE) or any other: the document shows RefusalReply on these. */
const ZRefusalOrError = ZRefusalReply.or(ZErrorReply);
const NAMED = { ...FAILURES, 409: ZRefusalOrError };
const DOCS = 'See docs/scorecards.md, The API.';

export async function scorecardRoutes(app: App) {
  app.get(
    '/api/scorecards',
    {
      config: SCORERS,
      schema: {
        summary: 'List every scorecard with its versions',
        description: `Newest version first, with the campaigns using each and its QC records. ${DOCS}`,
        response: { 200: ZScorecardList, ...FAILURES },
      },
    },
    async () => listScorecards(app.db),
  );

  app.get(
    '/api/scorecards/:id',
    {
      config: SCORERS,
      schema: {
        summary: 'Get one scorecard version',
        params: ZScorecardIdParams,
        response: { 200: ZScorecardReply, ...FAILURES },
      },
    },
    async (req) => findScorecard(app.db, req.params.id),
  );

  app.post(
    '/api/scorecards',
    {
      config: ADMINS,
      schema: {
        summary: 'Create a draft scorecard, or with copyOf a new draft version of one',
        description: `409 DRAFT_EXISTS when that scorecard has a draft; 409 DUPLICATE for a taken name. Audited. ${DOCS}`,
        body: ZScorecardCreateBody,
        response: { 200: ZScorecardReply, ...NAMED },
      },
    },
    async (req) => createScorecard(app.db, req.body, actorOf(req)),
  );

  app.put(
    '/api/scorecards/:id',
    {
      config: ADMINS,
      schema: {
        summary: "Change a draft's content",
        description: `Drafts only: 409 WRONG_STATE for a published or retired version. Audited. ${DOCS}`,
        params: ZScorecardIdParams,
        body: ZScorecardDefinition,
        response: { 200: ZScorecardReply, ...NAMED },
      },
    },
    async (req) => updateScorecard(app.db, req.params.id, req.body, actorOf(req)),
  );

  app.post(
    '/api/scorecards/:id/publish',
    {
      config: ADMINS,
      schema: {
        summary: 'Publish a draft',
        description: `Campaigns on an older version of the scorecard move to it; 400 NO_CHANGE when it equals the published one. Audited. ${DOCS}`,
        params: ZScorecardIdParams,
        response: { 200: ZScorecardReply, ...FAILURES },
      },
    },
    async (req) => publishScorecard(app.db, req.params.id, actorOf(req)),
  );

  app.post(
    '/api/scorecards/:id/retire',
    {
      config: ADMINS,
      schema: {
        summary: 'Retire a published version',
        description: `409 IN_USE while a campaign uses it; 409 BUILT_IN for "Standard". Audited. ${DOCS}`,
        params: ZScorecardIdParams,
        response: { 200: ZScorecardReply, ...FAILURES },
      },
    },
    async (req) => retireScorecard(app.db, req.params.id, actorOf(req)),
  );

  app.post(
    '/api/scorecards/:id/what-if',
    {
      config: { ...SCORERS, heavy: true },
      schema: {
        summary: "Score a campaign's QC records of a period again under this version",
        description: `Nothing is stored. A heavy read. ${DOCS}`,
        params: ZScorecardIdParams,
        body: ZScorecardWhatIfRequest,
        response: { 200: ZScorecardWhatIf, ...FAILURES },
      },
    },
    async (req) => whatIfScorecard(app.db, readDb(req), req.params.id, req.body),
  );

  app.get(
    '/api/scorecards/:id/export',
    {
      config: SCORERS,
      schema: {
        summary: 'Download a version as a scorecard file',
        description: `The file POST /api/scorecards/import reads. ${DOCS}`,
        params: ZScorecardIdParams,
        response: { 200: ZScorecardFileReply, ...FAILURES },
      },
    },
    async (req, reply) => {
      const { fileName, file } = await exportScorecard(app.db, req.params.id);
      return reply.header('content-disposition', fileHeader(fileName)).send(file);
    },
  );

  app.post(
    '/api/scorecards/import',
    {
      config: ADMINS,
      schema: {
        summary: 'Import a scorecard file as a new draft scorecard',
        description: `409 DUPLICATE for a taken name. Audited. ${DOCS}`,
        body: ZScorecardFile,
        response: { 200: ZScorecardReply, ...NAMED },
      },
    },
    async (req) => importScorecard(app.db, req.body.scorecard, actorOf(req)),
  );

  app.get(
    '/api/campaign-scorecards',
    {
      config: SCORERS,
      schema: {
        summary: "Get a campaign's scorecard versions for in-house and client QC",
        querystring: ZCampaignScorecardsQuery,
        response: { 200: ZCampaignScorecards, ...FAILURES },
      },
    },
    async (req) => findCampaignScorecards(app.db, req.query.campaignName),
  );

  app.put(
    '/api/campaign-scorecards',
    {
      config: ADMINS,
      schema: {
        summary: "Set a campaign's scorecard versions",
        description: `Both published (400 INVALID_VALUE naming the field). Audited. ${DOCS}`,
        body: ZCampaignScorecardsUpdate,
        response: { 200: ZCampaignScorecards, ...FAILURES, 400: ZRefusalOrError },
      },
    },
    async (req) => updateCampaignScorecards(app.db, req.body, actorOf(req)),
  );
}
