// A lead's call attempts (docs/guide/call-loop.md): GET /api/leads/{id}/attempts.
import { ZCallAttempts, ZErrorReply, ZLeadAttemptsParams } from '@crm/shared';
import type { App } from '../../app-type.ts';
import { SCORERS } from '../../auth/roles.ts';
import { findLeadAttempts } from './service.ts';

export async function callAttemptRoutes(app: App) {
  // The lead browser and the QC panel's lead card: admins and QC inspectors.
  app.get(
    '/api/leads/:id/attempts',
    {
      config: SCORERS,
      schema: {
        summary: "List a lead's call attempts, newest first",
        params: ZLeadAttemptsParams,
        response: { 200: ZCallAttempts, 400: ZErrorReply, 404: ZErrorReply },
      },
    },
    async (req) => findLeadAttempts(app.db, req.params.id),
  );
}
