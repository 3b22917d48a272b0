import Fastify, { type FastifyInstance, type FastifyReply, type onRequestHookHandler } from 'fastify';
import formbody from '@fastify/formbody';
import type { AppContext, AuthUser } from './context';
import { loadContract } from './contract';
import { errorHandler } from './http/errors';
import { serializerFactory, validatorCompiler } from './http/validation';
import { settleUnreadBody } from './http/unread-body';
import { LOG_REDACT, requestLog } from './http/request-log';
import { Metrics, registerMetrics } from './http/metrics';
import { trustProxyOption } from './http/trust-proxy';
import { langFromHeader, t, type Lang } from './i18n';
import { registerPublicLanding } from './public-landing/route';
import context from './plugins/app/context';
import language from './plugins/app/language';
import contractRoutes from './plugins/app/contract';
import health from './plugins/app/health';
import media from './plugins/app/media';
import testClock from './plugins/app/test-clock';
import webApp from './plugins/app/web-app';
import securityHeaders from './plugins/external/security-headers';
import cors from './plugins/external/cors';
import rateLimit from './plugins/external/rate-limit';

// Every decoration of the app, declared here, where everything that builds or reads the app looks.
declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** The pages' security headers, for a route under /api/ that answers with a page (docs, sandbox checkout). */
    pageHeaders: onRequestHookHandler;
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

/**
 * The whole HTTP side, assembled from plugins: off-the-shelf ones set up for Atrium (plugins/external)
 * and Atrium's own (plugins/app): the contract's routes under /api, health, media, the public landing
 * pages and the built web app. The order matters where a hook must see every route (metrics, headers).
 */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const logger = opts.logger ?? { level: opts.config.logLevel, redact: LOG_REDACT };
  const app = Fastify({
    logger,
    logController: requestLog(logger !== false),
    trustProxy: trustProxyOption(opts.config.trustProxy),
    bodyLimit: 2 * 1024 * 1024,
    keepAliveTimeout: opts.config.keepAliveSeconds * 1000,
    // The contract's routes compile hundreds of schemas: on a busy machine (2 cores at load 20, the
    // soak's neighbours) that took over avvio's default 10 s, and the start failed with a stack trace.
    pluginTimeout: 120_000,
    schemaController: { compilersFactory: { buildSerializer: serializerFactory } },
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
  await app.register(context, { db: opts.db, config: opts.config, secret: opts.secret, metrics });
  // Before every route, so that its hook counts them all.
  registerMetrics(app, opts.config.metricsToken, metrics);
  await app.register(language);
  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler(errorHandler);
  // A refused upload's unread rest must not hold up the next request on its connection.
  app.addHook('onSend', settleUnreadBody);
  await app.register(securityHeaders);
  await app.register(cors);
  // Forms are posted to the contract's operations and to the public landing pages.
  await app.register(formbody);
  await app.register(rateLimit);
  // Read before the plugins load: building it takes seconds on a busy machine, beyond a plugin's time limit.
  const contract = await loadContract();
  await app.register(contractRoutes, { prefix: '/api', contract });
  await app.register(health, { databaseState: opts.databaseState, draining: opts.draining });
  await app.register(media);
  await app.register(testClock);
  // Public landing pages (/l/{name}) are routes of their own, ahead of the web app's fallback.
  registerPublicLanding(app);
  await app.register(webApp);
  return app;
}
