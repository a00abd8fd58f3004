// Replies that are not a JSON value: a file or a stream sent as it is, and "no content". Declared in a route's
// response schema so the API's description (GET /api/openapi.json) states them; the serializer never sees them
// (Fastify sends a stream, a buffer or a non-JSON string untouched, and a 204 without a body).
import { z } from 'zod';

/** Media types as the API's description names them (the replies' Content-Type may add a charset). */
export const MEDIA_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  eventStream: 'text/event-stream',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
} as const;

/**
 * A reply sent as it is, in one of its content types (a CSV or xlsx download, a recording, server-sent events).
 * `binary` for bytes (xlsx, audio), text otherwise. Any body passes: its type is the route's business, not the
 * serializer's.
 */
export function zFileReply(
  contentTypes: string | readonly string[],
  description: string,
  options: { binary?: boolean } = {},
) {
  const schema = z
    .custom<unknown>(() => true)
    .meta({ type: 'string', ...(options.binary ? { format: 'binary' } : {}) });
  const types = typeof contentTypes === 'string' ? [contentTypes] : contentTypes;
  return { description, content: Object.fromEntries(types.map((type) => [type, { schema }])) };
}

/** 204: no body. */
export const ZNoContent = z.undefined().describe('No content');

/** The API's description itself (GET /api/openapi.json): an OpenAPI 3.1 document, its operations not spelled out here. */
export const ZOpenApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
export type TOpenApiDocument = z.infer<typeof ZOpenApiDocument>;
