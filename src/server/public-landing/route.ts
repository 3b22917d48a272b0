import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clock } from '../clock';
import { ApiError, FieldErrors } from '../http/errors';
import { rateLimitHandlers } from '../http/rate-limits';
import { t, type Lang } from '../i18n';
import { elementsOf } from '../services/flows/elements';
import { FORM_FIELDS, publishedLanding, signupLanding, type SignupInput } from '../services/flows/signup';
import { viewCounter } from '../services/flows/views';
import type { FormState } from './elements';
import { landingCsp, landingPage, notFoundPage } from './page';

type Req = FastifyRequest<{ Params: { name: string } }>;

function send(reply: FastifyReply, status: number, nonce: string, body: string) {
  return reply
    .status(status)
    .header('content-security-policy', landingCsp(nonce))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .type('text/html; charset=utf-8')
    .send(body);
}

async function render(req: Req, reply: FastifyReply, state?: FormState, status = 200, countView = false) {
  const ctx = req.server.ctx;
  const nonce = randomBytes(16).toString('base64');
  const name = req.params.name;
  const landing = /^[a-z0-9][a-z0-9_-]{2,63}$/.test(name) ? await publishedLanding(ctx, name) : null;
  if (!landing) return send(reply, 404, nonce, notFoundPage(req.lang, nonce));
  const elements = await elementsOf(ctx.db, landing.flow.id);
  const heading = elements.find((e) => e.type === 'heading')?.content.text;
  const title = typeof heading === 'string' && heading ? heading : landing.flow.landingName;
  const page = landingPage({ lang: req.lang, title, landing: name, elements, nonce, now: clock.now(), state });
  if (countView) viewCounter(ctx).add(landing.flow.id);
  return send(reply, status, nonce, page);
}

/**
 * A published landing page, public at /l/{name}: server-rendered HTML under a strict, nonce-based CSP.
 * Its form also works without JavaScript: a POST to the same address signs up and re-renders the page
 * with the answer (rate limited like the API's signup call).
 */
export function registerPublicLanding(app: FastifyInstance) {
  app.addHook('onClose', async () => viewCounter(app.ctx).flush());
  app.get<{ Params: { name: string } }>('/l/:name', async (req, reply) => render(req, reply, undefined, 200, true));
  app.post<{ Params: { name: string }; Body: Record<string, unknown> | undefined }>('/l/:name', { preHandler: rateLimitHandlers(app, 'signupLanding') }, async (req, reply) => {
    const raw = (req.body ?? {}) as Record<string, unknown>;
    const input: SignupInput = {};
    for (const f of FORM_FIELDS) if (typeof raw[f] === 'string') input[f] = (raw[f] as string).slice(0, 254);
    try {
      const { detail } = await signupLanding(req.server.ctx, req.params.name, input, req.lang as Lang);
      return render(req, reply, { values: {}, errors: {}, done: detail }, 201);
    } catch (err) {
      if (err instanceof ApiError && err.statusCode === 404) {
        const nonce = randomBytes(16).toString('base64');
        return send(reply, 404, nonce, notFoundPage(req.lang, nonce));
      }
      if (!(err instanceof FieldErrors)) throw err;
      const errors: Record<string, string[]> = {};
      for (const [field, msgs] of Object.entries(err.fields)) {
        errors[field] = msgs.map((m) => (typeof m === 'string' ? t(req.lang, m) : t(req.lang, m.key, m.params)));
      }
      return render(req, reply, { values: input, errors }, 400);
    }
  });
}
