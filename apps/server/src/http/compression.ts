// Compression of the API's replies (brotli or gzip, as the client accepts): JSON and CSV downloads. The web app's
// files are compressed once, at build, and sent as they are (http/web.ts).
import zlib from 'node:zlib';
import compress, { type FastifyCompressOptions } from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from './web.ts';

/**
 * A buffered reply smaller than this goes out as it is (a streamed one, a CSV download, is always compressed).
 * Measured by bench/compression-cost.ts on the busiest route, GET /api/ap/getByNumber (docs/performance.md): its
 * replies are ~510 B (fresh lead) to ~640 B (answered), and compressing one would cost 25–65 µs of CPU, a third to a
 * half of the ~110 µs the whole lookup takes, to save ~245 B. Under this threshold the lookups pay nothing; a page
 * of a list (12.5 KB of leads: 1 KB as brotli, ~80 µs) is well above it.
 */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * JSON and text: CSV downloads go through the compressor as they stream. Never the dialer's server-sent events (a
 * compressor would hold each event back), recordings (audio is compressed already, and a Range's offsets are offsets
 * of the file: the plugin never compresses a 206) or xlsx (a zip already). The plugin also compresses whatever the
 * mime database calls compressible; the API sends nothing else of that kind.
 */
const COMPRESSED_TYPES = /^text\/(?!event-stream)|[+/]json(?:;|$)/;

/** Brotli quality 4 (the plugin's default): near gzip level 6 in time, smaller; quality 11 takes 25–200 times as long. */
const BROTLI_QUALITY = 4;

const COMPRESSION_OPTIONS = {
  encodings: ['br', 'gzip'],
  customTypes: COMPRESSED_TYPES,
  threshold: COMPRESS_THRESHOLD_BYTES,
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  zlibOptions: { level: zlib.constants.Z_DEFAULT_COMPRESSION },
} satisfies FastifyCompressOptions;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  // The API's routes only, marked before the plugin's own hook (added by the registration below) reads the mark: the
  // web app's files have their compressed twins, and a file the build left without one is not worth compressing.
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && isApiPath(route.url)) route.compress = COMPRESSION_OPTIONS;
  });
  await app.register(compress, {
    ...COMPRESSION_OPTIONS,
    global: false,
    // Request bodies are not decompressed: nothing sends compressed ones, and an upload stays bounded by its size as sent.
    globalDecompression: false,
  });
}
