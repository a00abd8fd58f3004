// The results routes (issue 38, docs/guide/results.md): a campaign's survey results, a cross-tab, the text answers and
// the export. Admins read every campaign; a client account only the campaigns given to it (calls.ts).
import { finished } from 'node:stream';
import {
  MEDIA_TYPES,
  ZErrorReply,
  ZResultAgents,
  ZResultAgentsQuery,
  ZResultCrosstab,
  ZResultCrosstabQuery,
  ZResultExportQuery,
  ZResultTextQuery,
  ZResultTexts,
  ZResultsQuery,
  ZResults,
  zFileReply,
} from '@crm/shared';
import type { App } from '../../app-type.ts';
import { SCORERS, asDownload } from '../../auth/roles.ts';
import { currentUser } from '../../auth/guard.ts';
import { readBulkDb, readDb } from '../../http/reads.ts';
import { sendCsv } from '../../http/csv-download.ts';
import { findResultAgents } from './agents.ts';
import { resultsReadDb } from './days.ts';
import { exportResults } from './export.ts';
import { findResultCrosstab, findResultTexts, findResults } from './service.ts';

/** Admins, and client accounts for their own campaigns. */
const RESULT_READERS = { roles: ['ADMIN', 'CLIENT'] } as const;
const FAILURES = { 400: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply };
const HOW =
  'Admins: every campaign; a client account: its own campaigns (403 NOT_YOUR_CAMPAIGN for another). A heavy read. See docs/guide/results.md.';

export async function resultsRoutes(app: App) {
  const timeZone = app.config.timeZone;

  app.get(
    '/api/results',
    {
      config: { ...RESULT_READERS, heavy: true },
      schema: {
        summary: "Show a campaign's survey results per question",
        description: HOW,
        querystring: ZResultsQuery,
        response: { 200: ZResults, ...FAILURES },
      },
    },
    async (req) => findResults(await resultsReadDb(app.db, readDb(req), timeZone), currentUser(req), req.query),
  );

  app.get(
    '/api/results/crosstab',
    {
      config: { ...RESULT_READERS, heavy: true },
      schema: {
        summary: 'Cross-tabulate two questions or lead fields',
        description: HOW,
        querystring: ZResultCrosstabQuery,
        response: { 200: ZResultCrosstab, ...FAILURES },
      },
    },
    async (req) => findResultCrosstab(await resultsReadDb(app.db, readDb(req), timeZone), currentUser(req), req.query),
  );

  app.get(
    '/api/results/text',
    {
      config: { ...RESULT_READERS, heavy: true },
      schema: {
        summary: "List a question's answers, paged and searchable",
        description: HOW,
        querystring: ZResultTextQuery,
        response: { 200: ZResultTexts, ...FAILURES },
      },
    },
    async (req) => findResultTexts(await resultsReadDb(app.db, readDb(req), timeZone), currentUser(req), req.query),
  );

  // The agent filter's choices. Not a client's: they are agent profiles (issue 38), so a client types the agent ID.
  app.get(
    '/api/results/agents',
    {
      config: SCORERS,
      schema: {
        summary: 'List the agents with call attempts in a campaign',
        description:
          'Admins and QC inspectors, any campaign (404 for none of that name); a client account: 403. Every agent with at least one attempt in the campaign, any time, by agent ID. See docs/guide/results.md.',
        querystring: ZResultAgentsQuery,
        response: { 200: ZResultAgents, 400: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply },
      },
    },
    async (req) => findResultAgents(readDb(req), req.query),
  );

  // exposeHeadRoute: false, as a HEAD request would compute the whole file only to throw it away.
  app.get(
    '/api/results/export',
    {
      exposeHeadRoute: false,
      config: { ...asDownload(RESULT_READERS), heavy: true },
      schema: {
        summary: "Download a campaign's results as xlsx (or its answers as CSV)",
        description: HOW,
        querystring: ZResultExportQuery,
        response: {
          200: zFileReply(
            MEDIA_TYPES.xlsx,
            'A sheet per question, a cross-tab sheet with row and col, the answers as rows; format=csv: the answers as rows in CSV',
            { binary: true },
          ),
          ...FAILURES,
        },
      },
    },
    async (req, reply) => {
      const { fileName, file, format } = await exportResults(
        await resultsReadDb(app.db, readBulkDb(req), timeZone),
        currentUser(req),
        req.query,
      );
      if (format === 'csv') return sendCsv(reply, fileName, file, 'results');
      finished(file, (err) => {
        if (err) reply.log.warn({ fileName, failure: err.message }, 'results download cut short');
      });
      return reply
        .header('content-type', MEDIA_TYPES.xlsx)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );
}
