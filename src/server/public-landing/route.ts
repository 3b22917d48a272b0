import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clock } from '../clock';
import { cspNonce, randomToken } from '../crypto';
import type { AppContext } from '../context';
import { DomainError, FieldErrors } from '../errors';
import { rateLimitHandlers } from '../http/rate-limits';
import { t } from '../i18n';
import { LANDING_NAME } from '../services/flows/names';
import { FORM_FIELDS, landingToShow, signupLanding, type SignupInput } from '../services/flows/signup';
import { regionFromHeader } from '../services/phones';
import { issueFormToken } from '../services/flows/form-token';
import { viewCounter } from '../services/flows/views';
import { RenderedPages } from './cache';
import type { Element, FormState } from './elements';
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

const rendered = new WeakMap<AppContext, RenderedPages>();

/**
 * Where a kept page has its form token: each answer puts a fresh one there (the token expires, the page
 * does not). Random per process, so no landing's content can contain it.
 */
const FORM_TOKEN_SLOT = `ft${randomToken()}`;

function renderedPages(ctx: AppContext): RenderedPages {
  let pages = rendered.get(ctx);
  if (!pages) rendered.set(ctx, (pages = new RenderedPages()));
  return pages;
}

/**
 * The page of a published landing. Without a form state (a plain visit) it comes from the app's
 * rendered pages (cache.ts): rendering and sanitising every element again cost most of a visit.
 */
async function render(req: Req, reply: FastifyReply, state?: FormState, status = 200, countView = false) {
  const ctx = req.server.ctx;
  const nonce = cspNonce();
  const name = req.params.name;
  const landing = LANDING_NAME.test(name) ? await landingToShow(ctx, name) : null;
  if (!landing) return send(reply, 404, nonce, notFoundPage(req.lang, nonce));
  const now = clock.now();
  const build = (n: string) => {
    const elements = JSON.parse(landing.elements) as Element[];
    const heading = elements.find((e) => e.type === 'heading')?.content.text;
    const title = typeof heading === 'string' && heading ? heading : name;
    const html = landingPage({
      lang: req.lang,
      title,
      landing: name,
      elements,
      nonce: n,
      now,
      formToken: FORM_TOKEN_SLOT,
      state,
    });
    return { html, ticking: elements.some((e) => e.type === 'countdown') };
  };
  const page = state
    ? build(nonce).html
    : renderedPages(ctx).page(`${req.lang}\u0000${name}\u0000${landing.elements}`, nonce, now, build);
  if (countView) viewCounter(ctx).add(landing.id);
  return send(
    reply,
    status,
    nonce,
    page.includes(FORM_TOKEN_SLOT) ? page.split(FORM_TOKEN_SLOT).join(issueFormToken(ctx, landing.id, now)) : page,
  );
}

/**
 * A published landing page, public at /l/{name}: server-rendered HTML under a strict, nonce-based CSP.
 * Its form also works without JavaScript: a POST to the same address signs up and re-renders the page
 * with the answer (rate limited like the API's signup call).
 */
export function registerPublicLanding(app: FastifyInstance) {
  app.addHook('onClose', async () => viewCounter(app.ctx).flush());
  app.get<{ Params: { name: string } }>('/l/:name', async (req, reply) => render(req, reply, undefined, 200, true));
  app.post<{ Params: { name: string }; Body: Record<string, unknown> | undefined }>(
    '/l/:name',
    { preHandler: rateLimitHandlers(app, 'signupLanding') },
    async (req, reply) => {
      const raw = req.body ?? {};
      const input: SignupInput = {};
      for (const f of FORM_FIELDS) if (typeof raw[f] === 'string') input[f] = raw[f].slice(0, 254);
      const formToken = typeof raw.form_token === 'string' ? raw.form_token.slice(0, 200) : undefined;
      const timeZone = typeof raw.time_zone === 'string' ? raw.time_zone.slice(0, 64) : undefined;
      try {
        const region = regionFromHeader(req.headers['accept-language']);
        const { detail } = await signupLanding(
          req.server.ctx,
          req.params.name,
          { ...input, form_token: formToken, default_region: region, time_zone: timeZone },
          req.lang,
        );
        return await render(req, reply, { values: {}, errors: {}, done: detail }, 201);
      } catch (err) {
        if (err instanceof DomainError && err.kind === 'not_found') {
          const nonce = cspNonce();
          return send(reply, 404, nonce, notFoundPage(req.lang, nonce));
        }
        // An expired (or foreign) form token: the page again, with what was typed and a fresh token.
        if (err instanceof DomainError && err.kind === 'forbidden') {
          return render(
            req,
            reply,
            { values: input, errors: { non_field_errors: [t(req.lang, err.messageKey)] } },
            403,
          );
        }
        if (!(err instanceof FieldErrors)) throw err;
        const errors: Record<string, string[]> = {};
        for (const [field, msgs] of Object.entries(err.fields)) {
          errors[field] = msgs.map((m) => (typeof m === 'string' ? t(req.lang, m) : t(req.lang, m.key, m.params)));
        }
        return render(req, reply, { values: input, errors }, 400);
      }
    },
  );
}
