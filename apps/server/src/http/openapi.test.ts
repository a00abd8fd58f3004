// The API's description (http/openapi.ts): every API route is in GET /api/openapi.json, with who may call it, the
// shape of its reply and the `{message}` errors; the interactive reference at /api/docs loads only the server's files.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RouteEntry } from '../auth/guard.ts';
import { useTestApp } from '../test/harness.ts';
import { DOCS_PATH, OPENAPI_PATH } from './openapi.ts';
import { isApiPath } from './web.ts';

type Schema = { $ref?: string; type?: string; properties?: Record<string, Schema>; anyOf?: Schema[] } & Record<
  string,
  unknown
>;
type Reply = { description?: string; content?: Record<string, { schema?: Schema }> };
type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  'x-roles'?: string[];
  responses?: Record<string, Reply>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

const t = useTestApp();

/** `/cc/campaign/:id` as the document writes it: `/cc/campaign/{id}`. */
const pathOf = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** The API routes (without HEAD): the reference's own page, files and copy of the document are not operations. */
function apiRoutes(): RouteEntry[] {
  return t.app.routeTable.filter(
    (r) => r.method !== 'HEAD' && isApiPath(r.url) && r.url !== DOCS_PATH && !r.url.startsWith(`${DOCS_PATH}/`),
  );
}

function resolve(doc: Document, schema: Schema | undefined): Schema | undefined {
  const name = schema?.$ref?.replace('#/components/schemas/', '');
  return name === undefined ? schema : doc.components?.schemas?.[name];
}

/** An error reply holds `message` (an upload's rejection adds its row errors to it). */
function hasMessage(doc: Document, schema: Schema | undefined): boolean {
  const resolved = resolve(doc, schema);
  if (resolved?.anyOf) return resolved.anyOf.every((branch) => hasMessage(doc, branch));
  return resolved?.properties?.message?.type === 'string';
}

/** What the document gets wrong about the routes: nothing, when each is there with its roles, its reply and its errors. */
function problemsOf(doc: Document, routes: RouteEntry[]): string[] {
  const problems: string[] = [];
  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    const op = doc.paths[pathOf(route.url)]?.[route.method.toLowerCase()];
    if (!op) {
      problems.push(`${key}: not in the document`);
      continue;
    }
    const replies = op.responses ?? {};
    const success = Object.entries(replies).filter(([status]) => status.startsWith('2'));
    if (success.length === 0) problems.push(`${key}: no 2xx reply`);
    for (const [status, reply] of success) {
      if (status === '204') {
        if (reply.content !== undefined) problems.push(`${key}: 204 with a body`);
        continue;
      }
      const contents = Object.entries(reply.content ?? {});
      if (contents.length === 0) problems.push(`${key}: ${status} has no content`);
      for (const [type, { schema }] of contents) {
        if (schema === undefined || Object.keys(schema).length === 0)
          problems.push(`${key}: ${status} ${type} has an empty schema`);
      }
    }
    const errors = ['400', '500', '503', ...(route.public ? [] : ['401', '403'])];
    for (const status of errors) {
      if (!hasMessage(doc, replies[status]?.content?.['application/json']?.schema))
        problems.push(`${key}: no {message} reply for ${status}`);
    }
    const roles = route.public ? [] : [...route.roles];
    if (JSON.stringify(op['x-roles']) !== JSON.stringify(roles))
      problems.push(`${key}: x-roles ${JSON.stringify(op['x-roles'])}, not ${JSON.stringify(roles)}`);
    const line = route.public ? 'Public: no sign-in needed.' : `Roles: ${roles.join(', ')}`;
    if (!(op.description ?? '').split('\n').includes(line)) problems.push(`${key}: description lacks "${line}"`);
    const bearer = (op.security ?? []).some((s) => 'bearer' in s);
    if (bearer === route.public)
      problems.push(`${key}: ${route.public ? 'public, yet asks for' : 'guarded, yet without'} the bearer token`);
  }
  return problems;
}

/** The areas: the server's modules (modules/<area>), whose names the operations' tags are. */
const AREAS = readdirSync(new URL('../modules/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The document's own operation sits in no area (http/openapi.ts). */
const OWN_TAG = 'api description';

/**
 * What keeps the reference from reading as one: an operation without a summary (one line, the call in the product's
 * words), or without exactly one tag naming its area; two operations with the same summary.
 */
function summaryProblemsOf(doc: Document, areas: string[]): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const key = `${method.toUpperCase()} ${path}`;
      const summary = (op.summary ?? '').trim();
      if (summary === '') problems.push(`${key}: no summary`);
      else if (summary.includes('\n') || summary.length > 120) problems.push(`${key}: summary longer than a line`);
      const other = seen.get(summary);
      if (summary !== '' && other !== undefined) problems.push(`${key}: the same summary as ${other}`);
      seen.set(summary, key);
      const tags = op.tags ?? [];
      const own = path === OPENAPI_PATH && tags[0] === OWN_TAG;
      if (tags.length !== 1 || (!own && !areas.includes(tags[0] ?? '')))
        problems.push(`${key}: tags ${JSON.stringify(tags)}, not one area of ${areas.length}`);
    }
  }
  return problems;
}

async function fetchDocument(): Promise<Document> {
  const res = await t.app.inject({ url: OPENAPI_PATH });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json<Document>();
}

describe('GET /api/openapi.json', () => {
  it('is OpenAPI 3.1, public, and describes every API route with its roles, its reply and its errors', async () => {
    const doc = await fetchDocument();
    expect(doc.openapi).toBe('3.1.0');
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(100);
    expect(problemsOf(doc, routes)).toEqual([]);

    // And nothing else: every operation is a route.
    const keys = new Set(routes.map((r) => `${r.method.toLowerCase()} ${pathOf(r.url)}`));
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method} ${path}`),
    );
    expect(operations.filter((k) => !keys.has(k))).toEqual([]);
  });

  it('gives every operation a one-line summary of its own and its area (server module) as its tag', async () => {
    const doc = await fetchDocument();
    const operations = Object.values(doc.paths).flatMap((item) => Object.keys(item));
    expect(operations.length).toBeGreaterThan(100);
    expect(summaryProblemsOf(doc, AREAS)).toEqual([]);
    // The tags name areas the way the modules do: the survey is crm, its sign-in's second step mfa.
    expect(doc.paths['/api/ap/getByNumber']?.get?.tags).toEqual(['crm']);
    expect(doc.paths['/cc/addCampaign']?.post?.tags).toEqual(['campaigns']);
  });

  it('says who may call a route, as the guard enforces it', async () => {
    const doc = await fetchDocument();
    const users = doc.paths['/api/users']?.get;
    expect(users?.['x-roles']).toEqual(['ADMIN']);
    expect(users?.description).toContain('Roles: ADMIN');
    expect(users?.security).toEqual([{ bearer: [] }]);
    expect((await t.anonymous.get('/api/users')).status).toBe(401);

    const signIn = doc.paths['/api/auth/signInSuperAdmin']?.post;
    expect(signIn?.['x-roles']).toEqual([]);
    expect(signIn?.security).toEqual([]);
    expect(signIn?.description).toContain('Public: no sign-in needed.');
  });

  it('names the content of the replies that are not JSON: downloads, the event stream, no content', async () => {
    const doc = await fetchDocument();
    const typesOf = (path: string, method: string, status: string) =>
      Object.keys(doc.paths[path]?.[method]?.responses?.[status]?.content ?? {});
    expect(typesOf('/api/audit/export', 'get', '200')).toEqual(['text/csv']);
    expect(typesOf('/api/dialer/stream', 'get', '200')).toEqual(['text/event-stream']);
    expect(typesOf('/api/qcReport/export/daily-summary', 'get', '200')).toEqual([
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    const deleted = doc.paths['/cc/delete/{id}']?.delete?.responses?.['204'];
    expect(deleted).toBeDefined();
    expect(deleted?.content).toBeUndefined();
  });

  it('finds what a document leaves out: a missing route, an empty reply, a route without its roles', () => {
    const route: RouteEntry = { method: 'GET', url: '/api/things/:id', roles: ['ADMIN'], public: false };
    const error = {
      content: { 'application/json': { schema: { type: 'object', properties: { message: { type: 'string' } } } } },
    };
    const errors = { 400: error, 401: error, 403: error, 500: error, 503: error };
    const operation = (reply: Reply, roles: string[]): Document => ({
      openapi: '3.1.0',
      paths: {
        '/api/things/{id}': {
          get: {
            description: `Roles: ${roles.join(', ')}`,
            'x-roles': roles,
            security: [{ bearer: [] }],
            responses: { 200: reply, ...errors },
          },
        },
      },
    });
    const json = (schema: Schema): Reply => ({ content: { 'application/json': { schema } } });
    expect(problemsOf(operation(json({ type: 'object' }), ['ADMIN']), [route])).toEqual([]);
    expect(problemsOf({ openapi: '3.1.0', paths: {} }, [route])).toEqual(['GET /api/things/:id: not in the document']);
    expect(problemsOf(operation(json({}), ['ADMIN']), [route])).toEqual([
      'GET /api/things/:id: 200 application/json has an empty schema',
    ]);
    expect(problemsOf(operation({ description: 'OK' }, ['ADMIN']), [route])).toEqual([
      'GET /api/things/:id: 200 has no content',
    ]);
    expect(problemsOf(operation(json({ type: 'object' }), []), [route])).toHaveLength(2);

    const tagged = (summary: string | undefined, tags: string[]): Operation => ({ summary, tags });
    const twoOps = (a: Operation, b: Operation): Document => ({
      openapi: '3.1.0',
      paths: { '/api/things': { get: a, post: b } },
    });
    expect(
      summaryProblemsOf(twoOps(tagged('List things', ['things']), tagged('Add a thing', ['things'])), ['things']),
    ).toEqual([]);
    expect(summaryProblemsOf(twoOps(tagged(undefined, ['things']), tagged(' ', [])), ['things'])).toEqual([
      'GET /api/things: no summary',
      'POST /api/things: no summary',
      'POST /api/things: tags [], not one area of 1',
    ]);
    expect(summaryProblemsOf(twoOps(tagged('Same', ['thing']), tagged('Same', ['things'])), ['things'])).toEqual([
      'GET /api/things: tags ["thing"], not one area of 1',
      'POST /api/things: the same summary as GET /api/things',
    ]);
  });
});

describe('GET /api/docs', () => {
  /** Every URL a tag of the page loads (scripts, styles, icons, images, frames). */
  function loadedUrls(html: string): string[] {
    return [...html.matchAll(/<(?:script|link|img|iframe)\b[^>]*?\s(?:src|href)="([^"]*)"/gi)].map((m) => m[1] ?? '');
  }

  it("answers anyone a page that loads only the server's own files, under the app's CSP", async () => {
    const page = await t.app.inject({ url: DOCS_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    // The same CSP as the rest of the app: scripts from the server only.
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self';");
    // No inline script (the CSP would block it): every <script> has a src.
    expect(page.body.match(/<script(?![^>]*\ssrc=)[^>]*>/gi)).toBeNull();
    const urls = loadedUrls(page.body);
    expect(urls.filter((u) => u.endsWith('.js'))).toHaveLength(2);
    expect(urls.filter((u) => u.endsWith('.css'))).toHaveLength(1);
    for (const u of urls) {
      // Same origin: a path, never a scheme, a host or a protocol-relative //host.
      expect(u, u).toMatch(/^\/(?!\/)/);
      const asset = await t.app.inject({ url: u });
      expect(asset.statusCode, u).toBe(200);
      expect(asset.rawPayload.length, u).toBeGreaterThan(0);
      expect(String(asset.headers['content-type']), u).toMatch(/^(application\/javascript|text\/css|image\/png)/);
    }
  });

  it('starts Swagger UI on /api/openapi.json, and serves no other file of the package', async () => {
    const initializer = await t.app.inject({ url: `${DOCS_PATH}/initializer.js` });
    expect(initializer.statusCode).toBe(200);
    expect(initializer.body).toContain(`url: "${OPENAPI_PATH}"`);
    expect(initializer.body).toContain('validatorUrl: null');
    for (const other of [
      'index.html',
      'oauth2-redirect.html',
      'swagger-ui.js',
      '..%2Fpackage.json',
      '..%2F..%2F..%2Fpackage.json',
    ]) {
      expect((await t.app.inject({ url: `${DOCS_PATH}/${other}` })).statusCode, other).toBe(404);
    }
  });

  it('lets a browser that has a file keep it until the package changes', async () => {
    const first = await t.app.inject({ url: `${DOCS_PATH}/swagger-ui.css` });
    const modified = String(first.headers['last-modified']);
    expect(modified).not.toBe('undefined');
    const again = await t.app.inject({
      url: `${DOCS_PATH}/swagger-ui.css`,
      headers: { 'if-modified-since': modified },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });
});
