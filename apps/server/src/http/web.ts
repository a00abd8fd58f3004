// Serves the built web app: hashed assets cached for a year, compressed at build (.br/.gz twins sent to a browser that
// accepts them), and index.html for every client route.
import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Paths that belong to the API: an unknown one is a JSON 404, never the web app. */
const API_PREFIXES = ['/api/', '/cc/', '/dt/', '/dynamic/', '/questions/', '/healthz'];

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((p) => url === p.replace(/\/$/, '') || url.startsWith(p));
}

/** Source maps (built hidden) are never served: the source of the web app is not public. */
function isSourceMap(url: string): boolean {
  return url.toLowerCase().endsWith('.map');
}

/** The compressed twins the build writes (apps/web/vite.config.ts) go out only in place of their file, never by name. */
function isCompressedTwin(url: string): boolean {
  return /\.(br|gz)$/i.test(url);
}

export async function registerWeb(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const indexHtml = webDist ? await fs.readFile(path.join(webDist, 'index.html'), 'utf8').catch(() => undefined) : undefined;
  if (webDist && indexHtml) {
    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.config = { ...route.config, public: true };
      });
      await scope.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: false,
        allowedPath: (pathName) => !isSourceMap(pathName) && !isCompressedTwin(pathName),
        // file.js.br or file.js.gz when the request's Accept-Encoding allows it and the build wrote one, with
        // Content-Encoding and Vary: Accept-Encoding; the file itself otherwise.
        preCompressed: true,
        setHeaders: (res, file) => {
          const immutable = file.includes(`${path.sep}assets${path.sep}`);
          res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' && !isApiPath(path) && !isSourceMap(path) && (request.headers.accept ?? '').includes('text/html');
    if (wantsPage && indexHtml) return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
    return reply.status(404).send({ message: `No such endpoint: ${request.method} ${path}` });
  });
}
