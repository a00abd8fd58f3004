// Data table routes (docs/product.md §7 /dt, and the /dynamic calls that manage a campaign's data table and count its leads). Admin-only.
import { z } from 'zod';
import {
  ZAddColumnsQuery,
  ZCountLeadsQuery,
  ZCreateDataTableRequest,
  ZDataTable,
  ZDataTableIdParams,
  ZDataTableSearchQuery,
  ZDeleteCampaignTableQuery,
  ZErrorReply,
  ZRefusalReply,
  ZNoContent,
  ZPageParams,
  zPaged,
} from '@crm/shared';
import type { App } from '../../app-type.ts';
import { ADMINS } from '../../auth/roles.ts';
import { actorOf } from '../../auth/actor.ts';
import {
  addDataTableColumns,
  countCampaignLeads,
  countDataTables,
  createDataTable,
  deleteCampaignDataTable,
  deleteDataTable,
  findAllDataTables,
  findDataTablesPage,
  searchDataTables,
} from './service.ts';

export async function dataTableRoutes(app: App) {
  app.get(
    '/dt/pagination/:page/:size',
    {
      config: ADMINS,
      schema: {
        summary: 'List data tables a page at a time',
        params: ZPageParams,
        response: { 200: zPaged(ZDataTable) },
      },
    },
    async (req) => findDataTablesPage(app.db, req.params),
  );

  app.get(
    '/dt/searchDataTables',
    {
      config: ADMINS,
      schema: {
        summary: 'Search data tables by name, campaign or number of fields',
        description: 'Matches when any criterion matches; at most 500.',
        querystring: ZDataTableSearchQuery,
        response: { 200: z.array(ZDataTable) },
      },
    },
    async (req) => searchDataTables(app.db, req.query),
  );

  app.post(
    '/dt/addDataTables',
    {
      config: ADMINS,
      schema: {
        summary: "Add a campaign's data table with its columns",
        description: 'Audited. See docs/guide/data-tables.md.',
        body: ZCreateDataTableRequest,
        response: { 200: ZDataTable, 409: ZRefusalReply },
      },
    },
    async (req) => createDataTable(app.db, req.body, actorOf(req)),
  );

  app.get(
    '/dt/viewAllDataTables',
    {
      config: ADMINS,
      schema: { summary: 'List every data table', response: { 200: z.array(ZDataTable) } },
    },
    async () => findAllDataTables(app.db),
  );

  app.delete(
    '/dt/deleteDataTables/:id',
    {
      config: ADMINS,
      schema: {
        summary: 'Delete a data table',
        description: 'Audited. See docs/guide/data-tables.md.',
        params: ZDataTableIdParams,
        response: { 204: ZNoContent, 404: ZErrorReply, 409: ZErrorReply },
      },
    },
    async (req, reply) => {
      await deleteDataTable(app.db, req.params.id, actorOf(req));
      return reply.code(204).send();
    },
  );

  app.get(
    '/dt/totalDataTables',
    {
      config: ADMINS,
      schema: { summary: 'Count the data tables', response: { 200: z.number().int() } },
    },
    async () => countDataTables(app.db),
  );

  app.post(
    '/dynamic/create',
    {
      config: ADMINS,
      schema: {
        summary: "Add columns to a campaign's data table",
        description: '`columns` repeated or comma-separated. See docs/guide/data-tables.md.',
        querystring: ZAddColumnsQuery,
        response: { 200: ZDataTable },
      },
    },
    async (req) => addDataTableColumns(app.db, req.query, actorOf(req)),
  );

  app.delete(
    '/dynamic/deleteCampaignTable',
    {
      config: ADMINS,
      schema: {
        summary: "Delete a campaign's data table by campaign name",
        querystring: ZDeleteCampaignTableQuery,
        response: { 204: ZNoContent, 404: ZErrorReply, 409: ZErrorReply },
      },
    },
    async (req, reply) => {
      await deleteCampaignDataTable(app.db, req.query.campaignName, actorOf(req));
      return reply.code(204).send();
    },
  );

  app.get(
    '/dynamic/countNumberOfDataAvailable',
    {
      config: ADMINS,
      schema: {
        summary: "Count a campaign's leads",
        querystring: ZCountLeadsQuery,
        response: { 200: z.number().int() },
      },
    },
    async (req) => countCampaignLeads(app.db, req.query.campaignDataTable),
  );
}
