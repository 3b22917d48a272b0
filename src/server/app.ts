import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import openapiGlue, { type FastifyOpenapiGlueOptions } from 'fastify-openapi-glue';
import { sql } from 'drizzle-orm';
import type { AppContext, AuthUser } from './context';
import { glueCopy, loadContract } from './contract';
import { handlerFor } from './handlers';
import { ApiError, errorHandler, FieldErrors, notAuthenticated, permissionDenied } from './http/errors';
import { validatorCompiler } from './http/validation';
import { langFromHeader, type Lang } from './i18n';
import { tokenFromHeader } from './auth/tokens';
import { resolveSession } from './services/sessions';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    auth: AuthUser | null;
    lang: Lang;
  }
  interface FastifyContextConfig {
    operationId?: string;
    roles?: string[];
    contentTypes?: string[];
    bodyRequired?: boolean;
  }
}

export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.token',
  '*.code',
  '*.challenge',
];

export type BuildOptions = Omit<AppContext, 'log'> & { logger?: boolean | object };

/** The whole HTTP side: contract routes under /api, health, docs, and the built web app. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? { level: opts.config.logLevel, redact: LOG_REDACT },
    trustProxy: true,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false },
  });
  app.decorate('ctx', { db: opts.db, config: opts.config, signer: opts.signer, log: app.log });
  app.decorateRequest('auth', null);
  app.decorateRequest('lang', 'ru');
  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler(errorHandler);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        frameSrc: ['https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://player.vimeo.com'],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors, {
    origin: (origin, cb) => cb(null, !origin || opts.config.corsOrigins.includes(origin)),
    credentials: false,
  });
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 10, fields: 50 } });

  // Language first, then the generic role rule of the operation's x-roles.
  app.addHook('onRequest', async (req) => {
    req.lang = langFromHeader(req.headers['accept-language']);
    const roles = req.routeOptions.config.roles;
    if (!roles || roles.includes('public')) return;
    const token = tokenFromHeader(req.headers.authorization);
    const auth = token ? await resolveSession(app.ctx, token) : null;
    if (!auth) throw notAuthenticated();
    req.auth = auth;
    req.lang = auth.language;
    if (!roles.includes(auth.role)) throw permissionDenied();
  });

  // Fastify validates a body only for the media types the route declares: refuse the others.
  app.addHook('onRequest', async (req) => {
    const { contentTypes, bodyRequired } = req.routeOptions.config;
    if (!contentTypes?.length) return;
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!type) {
      if (bodyRequired) throw new FieldErrors({ non_field_errors: ['invalid_input'] });
      return;
    }
    if (!contentTypes.includes(type)) throw new ApiError(415, 'unsupported_media_type', 'unsupported_media_type');
  });

  const contract = await loadContract();
  const byId = new Map(contract.operations.map((o) => [o.operationId, o]));
  await app.register(
    async (api) => {
      await api.register(openapiGlue, {
        specification: glueCopy(contract.spec),
        // The glue's type asks for whole route options; it merges these partial ones itself.
        operationResolver: ((operationId: string) => ({
          handler: handlerFor(operationId),
          config: {
            operationId,
            roles: byId.get(operationId)?.roles ?? [],
            contentTypes: byId.get(operationId)?.contentTypes ?? [],
            bodyRequired: byId.get(operationId)?.bodyRequired ?? false,
          },
        })) as unknown as FastifyOpenapiGlueOptions['operationResolver'],
      });
      api.get('/openapi.yaml', async (_req, reply) => reply.type('application/yaml').send(contract.yaml));
      registerDocs(api);
    },
    { prefix: '/api' },
  );

  app.get('/healthz', async (_req, reply) => {
    try {
      await opts.db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  registerWebApp(app, opts.config.webDist);
  return app;
}

/** Interactive contract docs from swagger-ui-dist's static files, reading /api/openapi.yaml. */
function registerDocs(api: FastifyInstance) {
  const require = createRequire(import.meta.url);
  const root = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  api.register(fastifyStatic, { root, prefix: '/docs/assets/', decorateReply: false, index: false });
  api.get('/docs/init.js', async (_req, reply) =>
    reply
      .type('application/javascript')
      .send("window.ui = SwaggerUIBundle({ url: '/api/openapi.yaml', dom_id: '#docs', deepLinking: true });"),
  );
  api.get('/docs', async (_req, reply) =>
    reply.type('text/html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Atrium API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head><body><div id="docs"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script><script src="/api/docs/init.js"></script></body></html>`),
  );
}

/** Serves the built SPA; unknown non-API paths get index.html so the client router decides. */
function registerWebApp(app: FastifyInstance, webDist: string) {
  const index = path.join(webDist, 'index.html');
  const built = fs.existsSync(index);
  if (built) app.register(fastifyStatic, { root: webDist, prefix: '/', wildcard: false, index: false });
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.method !== 'GET') {
      return reply.status(404).send({ detail: 'Not found.', code: 'not_found' });
    }
    if (!built) return reply.status(503).type('text/plain').send('The web app is not built: run `npm run build`.');
    return reply.type('text/html').header('cache-control', 'no-cache').send(fs.createReadStream(index));
  });
}
