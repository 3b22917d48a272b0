import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type onRequestHookHandler,
} from 'fastify';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import openapiGlue, { type FastifyOpenapiGlueOptions } from 'fastify-openapi-glue';
import { sql } from 'drizzle-orm';
import type { AppContext, AuthUser } from './context';
import { glueCopy, loadContract } from './contract';
import { refuseUnknownParts } from './http/body-fields';
import { handlerFor } from './handlers';
import { errorHandler } from './http/errors';
import { validatorCompiler } from './http/validation';
import { rateLimitHandlers } from './http/rate-limits';
import { settleUnreadBody } from './http/unread-body';
import { pgRateLimitStore } from './http/rate-limit-store';
import { requestLog } from './http/request-log';
import { Metrics, registerMetrics } from './http/metrics';
import { trustProxyOption } from './http/trust-proxy';
import { clock } from './clock';
import { langFromHeader, t, type Lang } from './i18n';
import { TokenSigner } from './auth/tokens';
import { SecretBox } from './crypto';
import { Mailer } from './integrations/mail';
import { createStorage, PRIVATE_FOLDERS } from './integrations/storage';
import type { S3Storage } from './integrations/storage-s3';
import { SessionCache } from './auth/session-cache';
import { NotificationHub } from './services/notifications/push';
import { Jobs } from './jobs';
import { TelegramUpdates } from './services/telegram/updates';
import { keepRawBody, RAW_BODY_OPERATIONS } from './integrations/payments/raw-body';
import { operationGuard } from './http/guard';
import { registerPublicLanding } from './public-landing/route';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    auth: AuthUser | null;
    /** The caller's language: a signed-in caller's own (set by the guard), else from Accept-Language. */
    lang: Lang;
    /** Behind `lang`: null until it is set or first read. */
    chosenLang: Lang | null;
  }
  interface FastifyContextConfig {
    operationId?: string;
  }
}

/**
 * What a log line never shows. A two-factor code is redacted where a body carries it, not as `*.code`:
 * that also hid every error's `code`, PostgreSQL's SQLSTATE among them, which an operator needs.
 */
export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.token',
  'body.code',
  'req.body.code',
  '*.challenge',
];

export type BuildOptions = {
  db: AppContext['db'];
  config: AppContext['config'];
  /** Signs session tokens and, derived from it, seals secrets at rest. */
  secret: string;
  logger?: boolean | object;
  /** The embedded database's supervisor state (db/embedded.ts), reported by /healthz. */
  databaseState?: () => string;
  /** True once a stop has begun: /healthz answers 503 so that a load balancer leaves this process out. */
  draining?: () => boolean;
};

/** The whole HTTP side: contract routes under /api, health, docs, and the built web app. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const logger = opts.logger ?? { level: opts.config.logLevel, redact: LOG_REDACT };
  const app = Fastify({
    logger,
    logController: requestLog(logger !== false),
    trustProxy: trustProxyOption(opts.config.trustProxy),
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false },
    // A malformed or overlong URL (the router refuses it before any hook) answers like any bad input.
    frameworkErrors: (_err, req, reply) => {
      const lang = langFromHeader(req.headers['accept-language']);
      void (reply as FastifyReply).status(400).send({ non_field_errors: [t(lang, 'invalid_input')] });
    },
  });
  // Only with METRICS_TOKEN: otherwise nothing is counted and /metrics answers 404.
  const metrics = opts.config.metricsToken
    ? new Metrics({
        pool: opts.db.$client,
        streams: () => app.ctx.push.size,
        listening: () => {
          const sessions = app.ctx.sessions.listening;
          return {
            atrium_notifications: app.ctx.push.listening,
            ...(sessions !== undefined && { atrium_auth: sessions }),
          };
        },
        databaseState: opts.databaseState,
      })
    : undefined;
  app.decorate('ctx', {
    db: opts.db,
    config: opts.config,
    signer: new TokenSigner(opts.secret, opts.config.jwtTtlHours),
    box: new SecretBox(opts.secret),
    mailer: new Mailer(opts.db, opts.config.smtpUrl, opts.config.mailFrom, app.log),
    storage: await createStorage(opts.config, opts.secret),
    jobs: new Jobs(
      opts.db.$client,
      app.log,
      metrics && {
        observe: (queue, seconds, ok) => {
          metrics.job(queue, seconds, ok);
        },
      },
    ),
    sessions: new SessionCache(opts.db.$client, opts.config.sessionCacheSeconds * 1000, app.log),
    push: new NotificationHub(opts.db.$client, app.log),
    telegram: new TelegramUpdates(opts.config, opts.secret, app.log),
    log: app.log,
  });
  // Before every route, so that its hook counts them all.
  registerMetrics(app, opts.config.metricsToken, metrics);
  app.addHook('onReady', async () => app.ctx.jobs.start(app.ctx));
  app.addHook('onReady', async () => app.ctx.storage.start());
  app.addHook('onReady', async () => app.ctx.sessions.start());
  app.addHook('onReady', async () => app.ctx.push.start());
  app.addHook('onReady', (done) => {
    app.ctx.telegram.start(app.ctx);
    done();
  });
  app.addHook('onClose', async () => app.ctx.jobs.stop());
  app.addHook('onClose', async () => app.ctx.storage.stop());
  app.addHook('onClose', async () => app.ctx.sessions.stop());
  app.addHook('onClose', async () => app.ctx.telegram.stop());
  // Before the server stops taking connections: it waits for open ones, and an event stream never ends by itself.
  app.addHook('preClose', async () => app.ctx.push.stop());
  app.decorateRequest('auth', null);
  app.decorateRequest('chosenLang', null);
  // Read from the header only when something asks before the guard has set the caller's own.
  app.decorateRequest('lang', {
    getter(this: FastifyRequest): Lang {
      return (this.chosenLang ??= langFromHeader(this.headers['accept-language']));
    },
    setter(this: FastifyRequest, lang: Lang) {
      this.chosenLang = lang;
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler(errorHandler);
  // A refused upload's unread rest must not hold up the next request on its connection.
  app.addHook('onSend', settleUnreadBody);

  // The security headers, worked out once: helmet's are the same for every request (no nonce here; the
  // landing pages set their own CSP), so each request only sets the list.
  // Private files are read straight from an object store through presigned links (registerMedia):
  // its origin joins 'self' where pages load images, media and (pdf.js) fetched files.
  const store = app.ctx.storage.driver === 's3' ? [await app.ctx.storage.origin()] : [];
  const securityHeaders = headersOf(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // MUI (emotion) injects style elements at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...store],
          connectSrc: ["'self'", ...store],
          frameSrc: ['https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://player.vimeo.com'],
          mediaSrc: ["'self'", 'blob:', ...store],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  // A JSON answer is never rendered as a page: the strictest policy (OWASP's for REST APIs) and only the
  // headers that matter to it, about half the bytes on every API call. Everything under /api/ gets it
  // unless the contract says the operation answers with a page (the sandbox checkout) or it is the docs,
  // which then set the page set over it: a page added any other way fails closed.
  const apiHeaders = headersOf(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: false,
      originAgentCluster: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xFrameOptions: { action: 'deny' },
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
    }),
  );
  // In Fastify's own header store, not on the raw response: Node then writes the head from one object
  // instead of validating every header a second time on the slow path (a tenth of a cheap call's CPU).
  // A route's own header, set later (the media files' sandbox CSP, a landing page's nonce), still wins.
  const setHeaders = (reply: FastifyReply, headers: Array<[string, string]>) => {
    for (const [name, value] of headers) reply.header(name, value);
  };
  const pageHeaders: onRequestHookHandler = (_req, reply, done) => {
    setHeaders(reply, securityHeaders);
    done();
  };
  // Contract operations answer per caller (profiles, lists, exports, session tokens): no browser or
  // proxy may keep a copy. The docs, the contract file and static files keep their own caching.
  const noStore: onRequestHookHandler = (_req, reply, done) => {
    reply.header('cache-control', 'no-store');
    done();
  };
  // Every request's security headers.
  app.addHook('onRequest', (req, reply, done) => {
    setHeaders(reply, req.url.startsWith('/api/') ? apiHeaders : securityHeaders);
    done();
  });
  // Cross-origin calls only from the allowlist. Without one nothing is allowed, which is what the
  // browser does without CORS headers, so the plugin (and its Vary header) is left out.
  if (opts.config.corsOrigins.length) {
    await app.register(cors, {
      origin: (origin, cb) => {
        cb(null, !origin || opts.config.corsOrigins.includes(origin));
      },
      credentials: false,
    });
  }
  await app.register(formbody);
  // Limits are attached per operation (http/rate-limits.ts), none globally; counted in PostgreSQL so
  // they hold across every server process on the database.
  await app.register(rateLimit, { global: false, hook: 'preHandler', store: pgRateLimitStore(opts.db.$client) });

  const contract = await loadContract();
  const byId = new Map(contract.operations.map((o) => [o.operationId, o]));
  const takesMultipart = (operationId: string) => byId.get(operationId)?.multipartFields !== undefined;
  const glue = (keep: (operationId: string) => boolean): FastifyOpenapiGlueOptions => ({
    specification: glueCopy(contract.spec, keep),
    // The glue's type asks for whole route options; it merges these partial ones itself.
    operationResolver: ((operationId: string) => {
      const op = byId.get(operationId);
      return {
        handler: handlerFor(operationId),
        // The page headers first: a request the guard refuses is still answered under them.
        onRequest: [
          ...(op?.servesPage ? [pageHeaders] : []),
          noStore,
          operationGuard(op ?? { roles: [], contentTypes: [], bodyRequired: false }),
          ...(op?.multipartFields ? [refuseUnknownParts(op.multipartFields)] : []),
        ],
        ...(RAW_BODY_OPERATIONS.has(operationId) && { preParsing: keepRawBody }),
        preHandler: rateLimitHandlers(app, operationId),
        config: { operationId },
      };
    }) as unknown as FastifyOpenapiGlueOptions['operationResolver'],
  });
  await app.register(
    async (api) => {
      // @fastify/multipart hooks every request of its scope (an async onRequest and onResponse, for its
      // temporary files): only the operations that take multipart bodies are in that scope.
      await api.register(async (uploads) => {
        await uploads.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 10, fields: 50 } });
        await uploads.register(openapiGlue, glue(takesMultipart));
      });
      await api.register(
        openapiGlue,
        glue((operationId) => !takesMultipart(operationId)),
      );
      api.get('/openapi.yaml', async (_req, reply) => reply.type('application/yaml').send(contract.yaml));
      await api.register((docs, _opts, done) => {
        docs.addHook('onRequest', pageHeaders);
        registerDocs(docs);
        done();
      });
    },
    { prefix: '/api' },
  );

  // The database's state: up, restarting (the embedded one, after its postmaster died), failed, or unreachable.
  app.get('/healthz', async (_req, reply) => {
    const state = opts.databaseState?.() ?? 'up';
    if (opts.draining?.()) return reply.status(503).send({ status: 'draining', database: state });
    if (state !== 'up') return reply.status(503).send({ status: 'unavailable', database: state });
    try {
      await opts.db.execute(sql`select 1`);
      return { status: 'ok', database: 'up' };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: 'unreachable' });
    }
  });

  registerMedia(app);
  if (opts.config.testClock) {
    // Tests only (TEST_CLOCK=1): move the app's clock forward instead of waiting for links to expire.
    app.post('/__test__/clock', (req, reply) => {
      const body = (req.body ?? {}) as { advance_ms?: unknown; reset?: unknown };
      if (body.reset === true) clock.reset();
      const advance = Number(body.advance_ms ?? 0);
      if (Number.isFinite(advance) && advance > 0) clock.advance(advance);
      return reply.send({ now: clock.now().toISOString() });
    });
  }
  // Public landing pages (/l/{name}) are routes of their own, ahead of the web app's fallback.
  registerPublicLanding(app);
  registerWebApp(app, opts.config.webDist);
  return app;
}

/** The headers a Connect-style middleware sets on a response, recorded once against a stand-in response. */
function headersOf(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void,
): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
    getHeader: (name: string) => headers.get(name),
  };
  let failed: unknown;
  const req: Pick<IncomingMessage, 'headers' | 'method' | 'url'> = { headers: {}, method: 'GET', url: '/' };
  middleware(req as IncomingMessage, res as unknown as ServerResponse, (err) => (failed = err));
  if (failed instanceof Error) throw failed;
  if (failed) throw new Error('the middleware failed', { cause: failed });
  return [...headers];
}

/** What every stored file is served with: nothing uploaded runs as the app or is sniffed into another type. */
const MEDIA_HEADERS: ReadonlyArray<[string, string]> = [
  ['Content-Security-Policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox"],
  ['X-Content-Type-Options', 'nosniff'],
  ['Cache-Control', 'private, max-age=86400'],
];

/**
 * Uploaded files under generated names; served sandboxed so nothing uploaded can run as the app.
 * Files of private folders (videos, PDFs, documents) need a signed link (MediaLinks.signedUrl). From
 * the file store, Range requests are answered with 206 by @fastify/static; from an object store see
 * registerStoreMedia.
 */
function registerMedia(app: FastifyInstance) {
  const storage = app.ctx.storage;
  app.register(async (scope) => {
    scope.addHook('onRequest', async (req, reply) => {
      const url = new URL(req.url, 'http://media.invalid');
      let decoded: string;
      try {
        decoded = decodeURIComponent(url.pathname);
      } catch {
        return reply.status(404).send({ detail: t(req.lang, 'not_found'), code: 'not_found' });
      }
      // Judge the folder the file server will actually read (encoded ../ included).
      const folder = path.posix.normalize(decoded.slice('/media/'.length)).split('/')[0] ?? '';
      if (!PRIVATE_FOLDERS.has(folder)) return;
      if (
        !storage.verifyLink(
          url.pathname,
          url.searchParams.get('exp') ?? undefined,
          url.searchParams.get('sig') ?? undefined,
        )
      ) {
        return reply.status(403).send({ detail: t(req.lang, 'permission_denied'), code: 'permission_denied' });
      }
    });
    if (storage.driver === 's3') {
      registerStoreMedia(scope, storage);
      return;
    }
    fs.mkdirSync(storage.root, { recursive: true });
    await scope.register(fastifyStatic, {
      root: storage.root,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      setHeaders: (res) => {
        for (const [name, value] of MEDIA_HEADERS) res.header(name, value);
      },
    });
  });
}

/**
 * Files in an object store. A private file's signed link (checked above) is answered by a redirect
 * to a presigned GET that holds as long as the link does: the browser then reads it, Range requests
 * of a video included, straight from the store, and no Atrium process carries the bytes. A public
 * file (avatars, images) is passed on by Atrium instead: it stays same-origin (the pages' CSP, no
 * public bucket and no CORS rules needed for images), and these files are small and cached a day.
 */
function registerStoreMedia(scope: FastifyInstance, storage: S3Storage) {
  const notFound = (req: FastifyRequest, reply: FastifyReply) =>
    reply.status(404).send({ detail: t(req.lang, 'not_found'), code: 'not_found' });
  scope.get('/media/*', async (req, reply) => {
    const url = new URL(req.url, 'http://media.invalid');
    const folder = url.pathname.slice('/media/'.length).split('/')[0] ?? '';
    if (PRIVATE_FOLDERS.has(folder)) {
      const link = await storage.presignedGet(url.pathname, Number(url.searchParams.get('exp')), clock.now().getTime());
      if (!link) return notFound(req, reply);
      return reply.header('Cache-Control', 'no-store').redirect(link, 302);
    }
    const got = await storage.get(url.pathname, {
      range: req.headers.range,
      ifNoneMatch: req.headers['if-none-match'],
    });
    if (got === null) return notFound(req, reply);
    for (const [name, value] of MEDIA_HEADERS) reply.header(name, value);
    if (got === 'not_modified') return reply.status(304).send();
    if (got === 'range') return reply.status(416).send();
    reply.header('Content-Type', got.ContentType ?? 'application/octet-stream').header('Accept-Ranges', 'bytes');
    if (got.ContentLength !== undefined) reply.header('Content-Length', got.ContentLength);
    if (got.ETag) reply.header('ETag', got.ETag);
    if (got.LastModified) reply.header('Last-Modified', got.LastModified.toUTCString());
    if (got.ContentRange) reply.status(206).header('Content-Range', got.ContentRange);
    return reply.send(got.Body as Readable);
  });
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
    // A missing upload or script is a 404 too, not the web app's index.html.
    const fileLike = ['/api/', '/media/', '/assets/'].some((p) => req.url.startsWith(p));
    if (fileLike || req.method !== 'GET') {
      return reply.status(404).send({ detail: 'Not found.', code: 'not_found' });
    }
    if (!built) return reply.status(503).type('text/plain').send('The web app is not built: run `npm run build`.');
    return reply.type('text/html').header('cache-control', 'no-cache').send(fs.createReadStream(index));
  });
}
