// Agent routes (docs/product.md §7 /api/ac, and the agent CSV template at /api/file/download/csv); admin only.
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  AGENT_TEMPLATE_FILENAME,
  MEDIA_TYPES,
  ZAgent,
  ZAgentIdParams,
  ZAgentSearchQuery,
  ZAgentUploadRejection,
  ZCreateAgentRequest,
  ZErrorReply,
  ZRefusalReply,
  ZNoContent,
  ZPageParams,
  ZUpdateAgentRequest,
  zFileReply,
  zPaged,
} from '@crm/shared';
import type { App } from '../../app-type.ts';
import { ADMINS } from '../../auth/roles.ts';
import { actorOf } from '../../auth/actor.ts';
import { importAgents } from './import.ts';
import {
  countAgents,
  createAgent,
  deleteAgent,
  findAgent,
  findAgentsPage,
  findAllAgents,
  searchAgents,
  updateAgent,
} from './service.ts';
import { AGENT_TEMPLATE_CSV, MULTIPART_LIMITS, readCsvUpload } from './upload.ts';

export async function agentRoutes(app: App) {
  // Registered here, not globally: only this plugin's routes accept multipart bodies.
  await app.register(multipart, { limits: MULTIPART_LIMITS });

  app.get(
    '/api/ac/pagination/:page/:size',
    {
      config: ADMINS,
      schema: {
        summary: 'List agents a page at a time',
        description: '`page` is 0-based. See docs/api.md, Pages.',
        params: ZPageParams,
        response: { 200: zPaged(ZAgent) },
      },
    },
    async (req) => findAgentsPage(app.db, req.params),
  );

  app.get(
    '/api/ac/search',
    {
      config: ADMINS,
      schema: {
        summary: 'Search agents by name, agent id or type',
        description: 'Matches when any criterion matches; at most 500.',
        querystring: ZAgentSearchQuery,
        response: { 200: z.array(ZAgent) },
      },
    },
    async (req) => searchAgents(app.db, req.query),
  );

  app.post(
    '/api/ac/addAgent',
    {
      config: ADMINS,
      schema: {
        summary: 'Add an agent',
        description: '409 when the agent id is taken. Audited. See docs/guide/agents.md.',
        body: ZCreateAgentRequest,
        response: { 200: ZAgent, 409: ZRefusalReply },
      },
    },
    async (req) => createAgent(app.db, req.body, actorOf(req)),
  );

  app.get(
    '/api/ac/getAgentList',
    {
      config: ADMINS,
      schema: { summary: 'List every agent', response: { 200: z.array(ZAgent) } },
    },
    async () => findAllAgents(app.db),
  );

  app.delete(
    '/api/ac/deleteAgent/:id',
    {
      config: ADMINS,
      schema: {
        summary: 'Delete an agent',
        description: 'Audited. See docs/guide/agents.md.',
        params: ZAgentIdParams,
        response: { 204: ZNoContent, 404: ZErrorReply, 409: ZErrorReply },
      },
    },
    async (req, reply) => {
      await deleteAgent(app.db, req.params.id, actorOf(req));
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/ac/editAgent',
    {
      config: ADMINS,
      schema: {
        summary: 'Change an agent',
        description: 'Setting an agent Inactive ends their sessions. Audited. See docs/guide/agents.md.',
        body: ZUpdateAgentRequest,
        response: { 200: ZAgent, 404: ZErrorReply, 409: ZRefusalReply },
      },
    },
    async (req) => updateAgent(app.db, req.body, actorOf(req)),
  );

  app.get(
    '/api/ac/getAgent/:id',
    {
      config: ADMINS,
      schema: { summary: 'Get an agent by id', params: ZAgentIdParams, response: { 200: ZAgent, 404: ZErrorReply } },
    },
    async (req) => findAgent(app.db, req.params.id),
  );

  app.get(
    '/api/ac/totalAgents',
    {
      config: ADMINS,
      schema: { summary: 'Count the agents', response: { 200: z.number().int() } },
    },
    async () => countAgents(app.db),
  );

  app.post(
    '/api/ac/upload',
    {
      config: ADMINS,
      schema: {
        summary: 'Add agents from a CSV file',
        description:
          'Multipart `file`; answers the number added, or 400 `{message, errors, errorCount}` with nothing stored. See docs/guide/agents.md.',
        response: { 200: z.number().int(), 400: z.union([ZAgentUploadRejection, ZErrorReply]), 413: ZErrorReply },
      },
    },
    async (req, reply) => {
      const result = await importAgents(app.db, await readCsvUpload(req), actorOf(req));
      return result.ok ? result.count : reply.code(400).send(result.rejection);
    },
  );

  app.get(
    '/api/file/download/csv',
    {
      config: ADMINS,
      schema: {
        summary: 'Download the agent CSV template',
        response: { 200: zFileReply(MEDIA_TYPES.csv, 'The agent upload template, as a CSV download') },
      },
    },
    async (_req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${AGENT_TEMPLATE_FILENAME}"`)
        .send(AGENT_TEMPLATE_CSV),
  );
}
