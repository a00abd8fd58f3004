// Serves the built web app: hashed assets cached for a year, compressed at build (.br/.gz twins sent to a browser that
// accepts them), and index.html for every other path outside the API.
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

/** A last path segment with a file extension (x.js, favicon.ico): a request for a file rather than a screen. */
function looksLikeFile(url: string): boolean {
  return /\.[a-z0-9]{1,8}$/i.test(url.slice(url.lastIndexOf('/') + 1));
}

/**
 * Whether a path no route or file answers gets index.html (the web app routes it on the client): a GET or HEAD of
 * any path outside the API, whatever it accepts (curl, a monitor, a browser). Not a missing file: a path under
 * /assets/, or one ending in a file extension unless a browser navigates to it (Accept: text/html; a screen's
 * address may end in a name such as /logicManagement/Survey v1.2), stays a 404, never a page in place of a script.
 */
export function servesPage(method: string, url: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (isApiPath(url) || isSourceMap(url) || url.startsWith('/assets/')) return false;
  return !looksLikeFile(url) || (accept ?? '').includes('text/html');
}

export async function registerWeb(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const indexHtml = webDist
    ? await fs.readFile(path.join(webDist, 'index.html'), 'utf8').catch(() => undefined)
    : undefined;
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
    if (indexHtml && servesPage(request.method, path, request.headers.accept)) {
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
    }
    return reply.status(404).send({ message: `No such endpoint: ${request.method} ${path}` });
  });
}
