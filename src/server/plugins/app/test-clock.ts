import type { FastifyInstance } from 'fastify';
import { clock } from '../../clock';

/** Tests only (TEST_CLOCK=1): move the app's clock forward instead of waiting for links to expire. */
export default function testClock(app: FastifyInstance, _opts: unknown, done: () => void) {
  if (!app.ctx.config.testClock) {
    done();
    return;
  }
  app.post('/__test__/clock', (req, reply) => {
    const body = (req.body ?? {}) as { advance_ms?: unknown; reset?: unknown };
    if (body.reset === true) clock.reset();
    const advance = Number(body.advance_ms ?? 0);
    if (Number.isFinite(advance) && advance > 0) clock.advance(advance);
    return reply.send({ now: clock.now().toISOString() });
  });
  done();
}
