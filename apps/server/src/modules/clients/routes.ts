// The clients routes (issue 38, docs/guide/clients.md): a client account's own view of itself, and the recordings of
// its campaigns' client QC records when its administrator allows it.
import { ZClientMe, ZClientRecordingParams, ZErrorReply } from '@crm/shared';
import type { App } from '../../app-type.ts';
import { asDownload } from '../../auth/roles.ts';
import { currentUser } from '../../auth/guard.ts';
import { userIdOf } from '../../auth/access.ts';
import { MEDIA_REPLIES, answerUpstreamFailures, sendMedia } from '../voicelog/media-route.ts';
import { rangeAskOf } from '../voicelog/range.ts';
import { playClientRecording } from './recordings.ts';
import { findClientMe } from './service.ts';

/** Client accounts only: an admin reads a client's campaigns on the Users screen. */
const CLIENTS = { roles: ['CLIENT'] } as const;
/** Client accounts over their campaigns' client records, and admins (to hear what a client hears). */
const CLIENT_LISTENERS = { roles: ['ADMIN', 'CLIENT'] } as const;

export async function clientsRoutes(app: App) {
  // The external voice-log server failing is a 502 with what went wrong, as on the voice log's own routes.
  answerUpstreamFailures(app);

  app.get(
    '/api/clients/me',
    {
      config: CLIENTS,
      schema: {
        summary: 'Show the signed-in client account: its name, campaigns and whether it may play recordings',
        description: 'Client accounts only. See docs/guide/clients.md.',
        response: { 200: ZClientMe, 404: ZErrorReply },
      },
    },
    async (req) => findClientMe(app.db, userIdOf(currentUser(req))),
  );

  // An <audio> element cannot send headers: it plays with a media token in ?token= (queryToken).
  app.get(
    '/api/clients/recordings/:id',
    {
      config: asDownload(CLIENT_LISTENERS),
      schema: {
        summary: "Play a client QC record's recording, with HTTP Range",
        description:
          "By the record id, never a file name. A client account: its campaigns' client records only (403 NOT_YOUR_RECORD) " +
          'and while its administrator allows recordings (403 RECORDINGS_NOT_ALLOWED); 404 NO_RECORDING when none is ' +
          'linked; 416 for a range outside the file. See docs/guide/clients.md.',
        params: ZClientRecordingParams,
        response: MEDIA_REPLIES,
      },
    },
    async (req, reply) =>
      sendMedia(
        reply,
        await playClientRecording(
          { db: app.db, voiceLog: app.recordingChecks.voiceLog },
          currentUser(req),
          req.params.id,
          rangeAskOf(req.headers),
          req.method === 'HEAD',
        ),
      ),
  );
}
