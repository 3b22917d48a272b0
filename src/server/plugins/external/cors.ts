import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Cross-origin calls only from the allowlist (CORS_ORIGINS). Without one nothing is allowed, which is
 * what the browser does without CORS headers, so the plugin (and its Vary header) is left out.
 */
export default fp(async (app: FastifyInstance) => {
  const allowed = app.ctx.config.corsOrigins;
  if (!allowed.length) return;
  await app.register(cors, {
    origin: (origin, cb) => {
      cb(null, !origin || allowed.includes(origin));
    },
    credentials: false,
  });
});
