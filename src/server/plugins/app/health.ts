import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { plannedUnavailable } from '../../http/request-log';

type HealthOptions = {
  /** The embedded database's supervisor state (db/embedded.ts). */
  databaseState?: (() => string) | undefined;
  /** True once a stop has begun: a load balancer then leaves this process out. */
  draining?: (() => boolean) | undefined;
};

/** /healthz: the database's state (up, restarting, failed or unreachable), 503 unless up and not stopping. */
export default function health(app: FastifyInstance, opts: HealthOptions, done: () => void) {
  app.get('/healthz', async (_req, reply) => {
    const state = opts.databaseState?.() ?? 'up';
    if (opts.draining?.()) return plannedUnavailable(reply).status(503).send({ status: 'draining', database: state });
    if (state !== 'up') return reply.status(503).send({ status: 'unavailable', database: state });
    try {
      await app.ctx.db.execute(sql`select 1`);
      return { status: 'ok', database: 'up' };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: 'unreachable' });
    }
  });
  done();
}
