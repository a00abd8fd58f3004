// What every route that plays a recording shares (the voice log's download, a client QC record's recording): its
// replies, the audio sent with its status and headers, and a failing external voice-log server answered as a 502.
import type { FastifyReply } from 'fastify';
import { MEDIA_TYPES, VOICE_LOG_MESSAGES, ZErrorReply, zFileReply } from '@crm/shared';
import type { App } from '../../app-type.ts';
import type { TMedia } from './media.ts';
import { UpstreamError } from './proxy.ts';

/** The replies of a recording played with HTTP Range. */
export const MEDIA_REPLIES = {
  200: zFileReply([MEDIA_TYPES.mp3, MEDIA_TYPES.wav], 'The recording', { binary: true }),
  206: zFileReply([MEDIA_TYPES.mp3, MEDIA_TYPES.wav], 'The part of the recording a Range header asked for', {
    binary: true,
  }),
  403: ZErrorReply,
  404: ZErrorReply,
  416: ZErrorReply,
  502: ZErrorReply,
};

/** Sends `media`: 200 or 206 with its audio, or 416 (no audio) with the message of a range outside the file. */
export function sendMedia(reply: FastifyReply, media: TMedia) {
  reply.code(media.status).headers(media.headers);
  return media.body ?? reply.send({ message: VOICE_LOG_MESSAGES.unsatisfiableRange });
}

/** In the plugin `app`: the external voice-log server failing is a 502 with what went wrong; the rest goes on. */
export function answerUpstreamFailures(app: App): void {
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof UpstreamError) return reply.code(502).send({ message: error.message });
    throw error;
  });
}
