// The voice log (docs/product.md §7 Voice log; docs/architecture.md §5): recordings searched by date and number, streamed with Range.
import multipart from '@fastify/multipart';
import {
  ZErrorReply,
  ZRecordingAnalysisQuery,
  ZRecordingAnalysisReply,
  ZVoiceDownloadQuery,
  ZVoiceLogPage,
  ZVoiceLogSearchQuery,
  ZVoiceLogUploadQuery,
  ZVoiceLogUploadResult,
  VOICE_LOG_PATHS,
} from '@crm/shared';
import type { App } from '../../app-type.ts';
import { ADMINS, SCORERS, EVERY_ROLE, asDownload } from '../../auth/roles.ts';
import { actorOf } from '../../auth/actor.ts';
import { currentUser } from '../../auth/guard.ts';
import { MEDIA_REPLIES, answerUpstreamFailures, sendMedia } from './media-route.ts';
import { rangeAskOf } from './range.ts';
import { getRecordingAnalysis, playRecording, searchRecordings, type TVoiceLogDeps } from './service.ts';
import { RECORDING_MULTIPART_LIMITS, storeRecordings } from './upload.ts';

export async function voicelogRoutes(app: App) {
  // Registered here, not globally: only this plugin's routes accept multipart bodies. preservePath: a file name
  // sent with folders ("../x.mp3") arrives as sent and is refused, instead of being quietly cut to "x.mp3".
  await app.register(multipart, { limits: RECORDING_MULTIPART_LIMITS, preservePath: true });
  const { voiceLog, catalog } = app.recordingChecks;
  const deps: TVoiceLogDeps = { db: app.db, voiceLog, catalog, holdSeconds: app.config.analysis.holdSeconds };

  answerUpstreamFailures(app);

  app.get(
    VOICE_LOG_PATHS.search,
    {
      config: SCORERS,
      schema: {
        summary: "Search a day's recordings by number and automatic checks",
        description:
          'A date without a folder gives an empty page; 502 when the external voice-log server fails. See docs/guide/voicelog.md.',
        querystring: ZVoiceLogSearchQuery,
        response: { 200: ZVoiceLogPage },
      },
    },
    async (req) => searchRecordings(deps, req.query),
  );

  // Agents may ask too: the service lets them see only recordings of their own QC records (403 otherwise).
  app.get(
    VOICE_LOG_PATHS.analysis,
    {
      config: EVERY_ROLE,
      schema: {
        summary: "Show a recording's automatic checks",
        description:
          "Agents only their own records' recordings; 404 when the recording is in no voice log. See docs/guide/voicelog.md.",
        querystring: ZRecordingAnalysisQuery,
        response: {
          200: ZRecordingAnalysisReply,
          400: ZErrorReply,
          403: ZErrorReply,
          404: ZErrorReply,
          502: ZErrorReply,
        },
      },
    },
    async (req) => getRecordingAnalysis(deps, currentUser(req), req.query.fileName),
  );

  // An <audio> element cannot send headers: it plays with a media token in ?token= (queryToken).
  app.get(
    VOICE_LOG_PATHS.download,
    {
      config: asDownload(EVERY_ROLE),
      schema: {
        summary: 'Play or download a recording, with HTTP Range',
        description:
          "Agents only their own records' recordings; 416 for a range outside the file. See docs/guide/voicelog.md.",
        querystring: ZVoiceDownloadQuery,
        response: MEDIA_REPLIES,
      },
    },
    async (req, reply) =>
      sendMedia(
        reply,
        await playRecording(
          { db: app.db, voiceLog },
          currentUser(req),
          req.query.fileName,
          rangeAskOf(req.headers),
          req.method === 'HEAD',
        ),
      ),
  );

  app.post(
    VOICE_LOG_PATHS.upload,
    {
      config: ADMINS,
      schema: {
        summary: "Upload a day's recordings",
        description:
          'Multipart files, indexed and queued for analysis before it answers; refused while an external voice-log server is set. See docs/guide/voicelog.md.',
        querystring: ZVoiceLogUploadQuery,
        response: { 200: ZVoiceLogUploadResult, 400: ZErrorReply, 409: ZErrorReply, 413: ZErrorReply },
      },
    },
    async (req) => storeRecordings(req, app.config, req.query.directory, { db: app.db, actor: actorOf(req) }, catalog),
  );
}
