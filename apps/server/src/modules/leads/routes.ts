// Lead dates, selectors, summary, generate, regenerate, delete and the lead browser (docs/product.md §7 /dynamic). Admin only.
import { z } from 'zod';
import {
  ZDeleteLeadsResult,
  ZErrorReply,
  ZGenerateQuery,
  ZGenerateResult,
  ZGenerateTargets,
  ZLeadBrowseQuery,
  ZLeadDateQuery,
  ZLeadDateSummary,
  ZLeadPage,
  ZLeadSummaryQuery,
  ZLeadTableParams,
  ZRegenerateResult,
} from '@crm/shared';
import type { App } from '../../app-type.ts';
import { ADMINS } from '../../auth/roles.ts';
import { actorOf } from '../../auth/actor.ts';
import { findLeadsPage } from './browse.ts';
import { generateLeads, regenerateLeads } from './generate.ts';
import { deleteLeads, findDataDates, findLeadSummary, findTargetSelectors } from './service.ts';
import { readDb } from '../../http/reads.ts';

const FAILURES = { 400: ZErrorReply, 404: ZErrorReply };
/** With all=true the body may be left out. */
const ZTargetsBody = ZGenerateTargets.nullish();

export async function leadRoutes(app: App) {
  app.get(
    '/dynamic/unique_data_dates/:t',
    {
      config: ADMINS,
      schema: {
        summary: "List the data dates of a campaign's leads",
        params: ZLeadTableParams,
        response: { 200: z.array(z.string()), 404: ZErrorReply },
      },
    },
    async (req) => findDataDates(app.db, req.params.t),
  );

  app.get(
    '/dynamic/unique_target_selector/:t',
    {
      config: ADMINS,
      schema: {
        summary: "List the target selectors of a campaign's leads",
        params: ZLeadTableParams,
        response: { 200: z.array(z.string()), 404: ZErrorReply },
      },
    },
    async (req) => findTargetSelectors(app.db, req.params.t),
  );

  app.get(
    '/dynamic/leadSummary/:t',
    {
      config: ADMINS,
      schema: {
        summary: "Summarise a campaign's leads of a data date",
        params: ZLeadTableParams,
        querystring: ZLeadSummaryQuery,
        response: { 200: ZLeadDateSummary, ...FAILURES },
      },
    },
    async (req) => findLeadSummary(app.db, req.params.t, req.query.dataDate),
  );

  app.post(
    '/dynamic/updateData',
    {
      config: ADMINS,
      schema: {
        summary: "Generate a data date's leads for calling",
        description:
          'Leads on a do-not-call list or in a full quota are held back (`heldBack`). Audited. See docs/guide/leads.md.',
        querystring: ZGenerateQuery,
        body: ZTargetsBody,
        response: { 200: ZGenerateResult, ...FAILURES },
      },
    },
    async (req) =>
      generateLeads(
        app.bulkDb,
        {
          campaignName: req.query.tableName,
          dataDate: req.query.dataDate,
          all: req.query.all,
          targets: req.body,
          timeZone: app.config.timeZone,
        },
        actorOf(req),
      ),
  );

  app.post(
    '/dynamic/reGenerateData',
    {
      config: ADMINS,
      schema: {
        summary: "Generate a data date's leads again",
        description: 'Same rules as generating. Audited. See docs/guide/leads.md.',
        querystring: ZGenerateQuery,
        body: ZTargetsBody,
        response: { 200: ZRegenerateResult, ...FAILURES },
      },
    },
    async (req) =>
      regenerateLeads(
        app.bulkDb,
        {
          campaignName: req.query.tableName,
          dataDate: req.query.dataDate,
          all: req.query.all,
          targets: req.body,
          timeZone: app.config.timeZone,
        },
        actorOf(req),
      ),
  );

  app.delete(
    '/dynamic/deleteLead',
    {
      config: ADMINS,
      schema: {
        summary: "Delete a data date's leads of a campaign",
        description: 'Audited. See docs/guide/leads.md.',
        querystring: ZLeadDateQuery,
        response: { 200: ZDeleteLeadsResult, ...FAILURES },
      },
    },
    async (req) => deleteLeads(app.bulkDb, req.query.tableName, req.query.dataDate, actorOf(req)),
  );

  app.get(
    '/dynamic/leads/:t',
    {
      config: ADMINS,
      schema: {
        summary: "Browse a campaign's leads a page at a time, by key",
        description: 'No page numbers: `after`, `before` or `last=true`. See docs/api.md, Pages.',
        params: ZLeadTableParams,
        querystring: ZLeadBrowseQuery,
        response: { 200: ZLeadPage, ...FAILURES },
      },
    },
    async (req) => findLeadsPage(readDb(req), req.params.t, req.query, app.config.phoneCountry),
  );
}
