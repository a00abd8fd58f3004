// The suspicious routes (issue 38, docs/guide/suspicious.md): the day's flagged completes and each campaign's settings
// (read by admins and QC inspectors, changed by admins).
import { z } from 'zod';
import {
  ZErrorReply,
  ZSuspiciousList,
  ZSuspiciousQuery,
  ZSuspiciousSettings,
  ZSuspiciousSettingsParams,
  ZSuspiciousSettingsUpdate,
} from '@crm/shared';
import type { App } from '../../app-type.ts';
import { ADMINS, SCORERS } from '../../auth/roles.ts';
import { actorOf } from '../../auth/actor.ts';
import { readDb } from '../../http/reads.ts';
import { findSuspicious } from './list.ts';
import { listSuspiciousSettings, updateSuspiciousSettings } from './settings.ts';

const FAILURES = { 400: ZErrorReply, 403: ZErrorReply, 404: ZErrorReply };

export async function suspiciousRoutes(app: App) {
  app.get(
    '/api/suspicious',
    {
      config: { ...SCORERS, heavy: true },
      schema: {
        summary: "List a day's suspicious completes with their reasons",
        description:
          'date: a local day (today when missing); campaignName: one campaign (every one when missing). A heavy read. See docs/guide/suspicious.md.',
        querystring: ZSuspiciousQuery,
        response: { 200: ZSuspiciousList, ...FAILURES },
      },
    },
    async (req) => findSuspicious(readDb(req), req.query, app.config.timeZone),
  );

  app.get(
    '/api/suspicious/settings',
    {
      config: SCORERS,
      schema: {
        summary: "Show every campaign's suspicious-complete settings",
        response: { 200: z.array(ZSuspiciousSettings), ...FAILURES },
      },
    },
    async () => listSuspiciousSettings(app.db),
  );

  app.put(
    '/api/suspicious/settings/:campaignName',
    {
      config: ADMINS,
      schema: {
        summary: "Set a campaign's minimum handle time, hourly limit and the QC queue's order",
        description: 'Audited. 404 `UNKNOWN_CAMPAIGN` for no such campaign. See docs/guide/suspicious.md.',
        params: ZSuspiciousSettingsParams,
        body: ZSuspiciousSettingsUpdate,
        response: { 200: ZSuspiciousSettings, ...FAILURES },
      },
    },
    async (req) => updateSuspiciousSettings(app.db, req.params.campaignName, req.body, actorOf(req)),
  );
}
