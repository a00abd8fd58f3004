// The API's own description: OpenAPI 3.1 at GET /api/openapi.json, generated from the zod schemas every route validates
// its input and serializes its reply with, and an interactive reference (Swagger UI) at /api/docs, served from the
// package's own files: the page loads nothing from anywhere else. Both are public: the shape of the API is no secret,
// and every operation says who may call it (its roles, in its description and in `x-roles`).
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import fastifySwagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import type { FastifySchema, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorReply, ZOpenApiDocument, type TOpenApiDocument } from '@crm/shared';
import type { App } from '../app-type.ts';
import { PUBLIC } from '../auth/roles.ts';
import { notFound } from './errors.ts';
import { isApiPath } from './web.ts';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** The security schemes an operation names: the session token in the header; for a download or a stream opened as a link, a media token in `?token=`. */
const BEARER = 'bearer';
const MEDIA_TOKEN = 'mediaToken';

type JsonSchema = Record<string, unknown>;
/** A reply as the document states it: JSON schema (the default content, application/json), or content by type. */
type ResponseEntry = JsonSchema & { description?: string; content?: Record<string, { schema: JsonSchema }> };

/** `{message}`, the one error reply (http/errors.ts): a component of the document, which every error refers to. */
const ERROR_REPLY = 'ErrorReply';
if (!z.globalRegistry.has(ZErrorReply)) z.globalRegistry.add(ZErrorReply, { id: ERROR_REPLY });
const errorReply = (description: string): ResponseEntry => ({
  description,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_REPLY}` } } },
});

/** Replies any route may give, whatever it declares itself (http/errors.ts, http/database-errors.ts, auth/guard.ts). */
const STANDARD_ERRORS = {
  400: 'The request does not match its schema (path, query or body: the message names the field), or holds a value the database refuses.',
  401: 'Not signed in, or the session has ended (signed out, account disabled, token expired).',
  403: 'Signed in, with no role this route allows.',
  413: 'The request body is larger than the server accepts.',
  500: 'Unexpected server error (logged).',
  503: 'The database is unavailable or too busy: nothing was stored.',
  507: 'The database disk is full: nothing was stored.',
} as const;

/** Words for a status a route declares without describing it. */
const STATUS_WORDS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  206: 'Partial content (a Range request)',
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict with the current state',
  413: 'Too large',
  416: 'Range not satisfiable',
  422: 'Unprocessable',
  429: 'Too many attempts: try again later',
  500: 'Server error',
  502: 'The upstream service failed',
  503: 'Unavailable',
  504: 'The upstream service did not answer in time',
  507: 'Disk full',
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

const zodTransform = createJsonSchemaTransform({ skipList: [] });

/** The area of a route, from the plugin that declared it (`qcReportRoutes` → `qc-reports`): the document's tags. */
const areaOfRoute = new WeakMap<RouteOptions, string>();

/**
 * The area (the server module's folder name, as docs/architecture.md §10 names areas) of each routes plugin that
 * app.ts registers. A plugin missing here gets no tag, and openapi.test.ts fails on the untagged operations.
 */
const AREA_OF_PLUGIN: Record<string, string> = {
  agentPanelRoutes: 'crm',
  agentRoutes: 'agents',
  auditRoutes: 'audit',
  authRoutes: 'auth',
  calibrationRoutes: 'calibration',
  callAttemptRoutes: 'call-attempts',
  callbackRoutes: 'callbacks',
  campaignRoutes: 'campaigns',
  clientsRoutes: 'clients',
  coachingRoutes: 'coaching',
  crmRoutes: 'crm',
  dashboardRoutes: 'dashboard',
  dataTableRoutes: 'data-tables',
  dialerRoutes: 'dialer',
  dialerSendRoutes: 'dialer',
  dialerSyncRoutes: 'dialer-sync',
  dispositionRoutes: 'dispositions',
  disputeRoutes: 'disputes',
  dncRoutes: 'dnc',
  floorRoutes: 'floor',
  healthRoutes: 'health',
  leadImportRoutes: 'lead-import',
  leadReportRoutes: 'lead-reports',
  leadRoutes: 'leads',
  logicRoutes: 'logic',
  notificationRoutes: 'notifications',
  productivityRoutes: 'productivity',
  qcInsightRoutes: 'qc-insights',
  qcQueueRoutes: 'qc-queue',
  qcRecordRoutes: 'qc-records',
  qcReportRoutes: 'qc-reports',
  qcRoutes: 'qc',
  questionRoutes: 'questions',
  quotaRoutes: 'quotas',
  resultsRoutes: 'results',
  scorecardRoutes: 'scorecards',
  screenPopRoutes: 'screen-pop',
  suspiciousRoutes: 'suspicious',
  sessionRoutes: 'auth',
  userRoutes: 'users',
  voicelogRoutes: 'voicelog',
};

function areaName(pluginName: string): string | undefined {
  // The chain of plugins that declared the route, outermost first: the area is the routes plugin in it.
  const plugin = pluginName
    .split(' -> ')
    .map((p) => p.trim())
    .find((p) => /Routes$/.test(p));
  return plugin === undefined ? undefined : AREA_OF_PLUGIN[plugin];
}

function methodsOf(route: RouteOptions): string[] {
  return Array.isArray(route.method) ? route.method : [route.method];
}

/** A reply entry in content form, with a description. A JSON schema stays application/json; `type: null` has no body. */
function describedResponse(status: string, entry: ResponseEntry): ResponseEntry {
  const description =
    entry.description ?? (STANDARD_ERRORS as Record<string, string>)[status] ?? STATUS_WORDS[status] ?? 'Reply';
  if (entry.content) return { ...entry, description };
  if (entry.type === 'null') return { type: 'null', description };
  return { description, content: { 'application/json': { schema: entry } } };
}

/**
 * Each route's operation: its zod schemas as JSON schema (the provider's transform), then who may call it (a
 * "Roles:" line, `x-roles`, and the bearer scheme unless public), its area as a tag, and every reply it can give: its
 * own, plus the standard `{message}` errors. Routes outside the API (the web app's files) and the reference's own
 * routes are left out.
 */
const describeRoute: SwaggerTransform = (document) => {
  const { route, url } = document;
  // A route declared without any schema comes back without one.
  const base: FastifySchema | undefined = zodTransform(document).schema;
  if (!isApiPath(url) || base?.hide === true) return { schema: { hide: true }, url };
  const schema: FastifySchema & JsonSchema = { ...base };
  const config = route.config ?? {};
  const isPublic = config.public === true;
  const roles = isPublic ? [] : [...(config.roles ?? [])];
  const methods = methodsOf(route);

  const who = isPublic ? 'Public: no sign-in needed.' : `Roles: ${roles.join(', ')}`;
  const how =
    config.queryToken === true
      ? 'The token may also be a media token (GET /api/auth/media-token) in `?token=`, for a link, <audio> or EventSource.'
      : undefined;
  schema.description = [schema.description, who, how].filter((line) => line !== undefined).join('\n\n');
  schema['x-roles'] = roles;
  schema.security = isPublic
    ? []
    : config.queryToken === true
      ? [{ [BEARER]: [] }, { [MEDIA_TOKEN]: [] }]
      : [{ [BEARER]: [] }];
  const area = areaOfRoute.get(route);
  if (area && schema.tags === undefined) schema.tags = [area];

  const own = (schema.response ?? {}) as Record<string, ResponseEntry>;
  const responses: Record<string, ResponseEntry> = {};
  for (const [status, entry] of Object.entries(own)) responses[status] = describedResponse(status, entry);
  const standard: (keyof typeof STANDARD_ERRORS)[] = [400, 500, 503];
  if (!isPublic) standard.push(401, 403);
  if (methods.some((m) => WITH_BODY.has(m))) standard.push(413);
  if (methods.some((m) => WRITES.has(m))) standard.push(507);
  for (const status of standard) responses[status] ??= errorReply(STANDARD_ERRORS[status]);
  schema.response = responses;
  return { schema, url };
};

/**
 * The registered component schemas the document refers to: the provider adds an input and an output twin of each
 * (`ErrorReplyInput`, `ErrorReply`), and only replies refer to the output one.
 */
function withoutUnusedComponents(document: ReturnType<SwaggerTransformObject>): ReturnType<SwaggerTransformObject> {
  const schemas = 'components' in document ? document.components?.schemas : undefined;
  if (!schemas) return document;
  const text = JSON.stringify(document, (key, value: unknown) => (value === schemas ? {} : value));
  for (const name of Object.keys(schemas)) if (!text.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  return document;
}

/**
 * The reference's files: Swagger UI as @fastify/swagger-ui ships it (the swagger-ui-dist build, vendored in the
 * package's static/ folder; its plugin itself is not used: see registerOpenApi). Only what the page loads is served.
 */
const SWAGGER_UI_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui/package.json')),
  'static',
);
const UI_FILES: Record<string, string> = {
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};
const INITIALIZER = 'initializer.js';

/** The page: every file it loads is one of the server's own (the app's CSP allows nothing else), and no script is inline. */
const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>CallDesk CRM API</title>
<link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
<link rel="icon" type="image/png" href="${DOCS_PATH}/favicon-32x32.png" sizes="32x32">
<link rel="icon" type="image/png" href="${DOCS_PATH}/favicon-16x16.png" sizes="16x16">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
<script src="${DOCS_PATH}/${INITIALIZER}"></script>
</body>
</html>
`;

/**
 * Starts Swagger UI on the document. BaseLayout: no top bar (whose box would load any URL typed into it). No validator
 * badge (it would send the document to an outside validator). A token given to "Authorize" lasts as long as the tab.
 */
const DOCS_INITIALIZER = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(OPENAPI_PATH)},
    dom_id: '#swagger-ui',
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    deepLinking: true,
    docExpansion: 'none',
    displayRequestDuration: true,
    persistAuthorization: false,
    validatorUrl: null
  });
});
`;

/**
 * Registers the document and the reference. Before the routes: the document collects each route as it is declared.
 * The reference is three routes of our own (page, files, document) rather than @fastify/swagger-ui's plugin, which
 * declares nine without our config (public) and a second copy of the document.
 */
export async function registerOpenApi(app: App): Promise<void> {
  for (const file of Object.keys(UI_FILES)) await fs.access(path.join(SWAGGER_UI_DIR, file));
  app.addHook('onRoute', function (route) {
    const area = areaName(this.pluginName);
    if (area) areaOfRoute.set(route, area);
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'CallDesk CRM API',
        version: '1.0.0',
        description:
          'Every operation names the roles that may call it (`x-roles`). Sign in with POST /api/auth/signInSuperAdmin or /api/auth/signInAgent and send the token as `Authorization: Bearer <token>`. Every error reply is `{"message": "..."}`.',
      },
      components: {
        securitySchemes: {
          [BEARER]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The session token from a sign-in.',
          },
          [MEDIA_TOKEN]: {
            type: 'apiKey',
            in: 'query',
            name: 'token',
            description:
              'A short-lived media token (GET /api/auth/media-token), for downloads, recordings and the dialer stream only.',
          },
        },
      },
    },
    transform: describeRoute,
    transformObject: (document) => withoutUnusedComponents(jsonSchemaTransformObject(document)),
  });

  // Built at the first request (the routes are all declared by then), then kept.
  let document: TOpenApiDocument | undefined;
  app.get(
    OPENAPI_PATH,
    {
      config: PUBLIC,
      schema: {
        summary: 'This document: the API in OpenAPI 3.1',
        tags: ['api description'],
        response: { 200: ZOpenApiDocument },
      },
    },
    async () => (document ??= ZOpenApiDocument.parse(app.swagger())),
  );

  app.get(DOCS_PATH, { config: PUBLIC, schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(DOCS_PAGE),
  );

  app.get(
    `${DOCS_PATH}/:file`,
    { config: PUBLIC, schema: { hide: true, params: z.object({ file: z.string() }) } },
    async (req, reply) => {
      const { file } = req.params;
      if (file === INITIALIZER)
        return reply
          .type('application/javascript; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(DOCS_INITIALIZER);
      const type = Object.hasOwn(UI_FILES, file) ? UI_FILES[file] : undefined;
      if (type === undefined) throw notFound();
      // Revalidated by a browser that has it (Last-Modified), so a new version of the package shows at once.
      const stat = await fs.stat(path.join(SWAGGER_UI_DIR, file));
      const modified = stat.mtime.toUTCString();
      reply.header('cache-control', 'no-cache').header('last-modified', modified);
      if (req.headers['if-modified-since'] === modified) return reply.code(304).send();
      return reply.type(type).send(createReadStream(path.join(SWAGGER_UI_DIR, file)));
    },
  );
}
