import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pgRateLimitStore } from '../../http/rate-limit-store';

/**
 * Limits are attached per operation (http/rate-limits.ts), none globally; counted in PostgreSQL so that
 * they hold across every server process on the database.
 */
export default fp(async (app: FastifyInstance) => {
  await app.register(rateLimit, { global: false, hook: 'preHandler', store: pgRateLimitStore(app.ctx.db.$client) });
});
