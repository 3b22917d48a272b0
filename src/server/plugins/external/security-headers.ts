import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * helmet's security headers on every request. They are the same for every request (no nonce here; the
 * landing pages set their own CSP), so they are worked out once from helmet itself and each request
 * only sets the list, in Fastify's own header store: @fastify/helmet runs helmet's middleware on the
 * raw response per request, which makes Node validate every header a second time on its slow path (a
 * tenth of a cheap call's CPU, docs/performance.md).
 */
export default fp(async (app: FastifyInstance) => {
  // Private files are read straight from an object store through presigned links (plugins/app/media.ts):
  // its origin joins 'self' where pages load images, media and (pdf.js) fetched files.
  const store = app.ctx.storage.driver === 's3' ? [await app.ctx.storage.origin()] : [];
  const page = headersOf(
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
  const api = headersOf(
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
  // A route's own header, set later (the media files' sandbox CSP, a landing page's nonce), still wins.
  const setHeaders = (reply: FastifyReply, headers: Array<[string, string]>) => {
    for (const [name, value] of headers) reply.header(name, value);
  };
  app.decorate('pageHeaders', ((_req, reply, done) => {
    setHeaders(reply, page);
    done();
  }) satisfies onRequestHookHandler);
  app.addHook('onRequest', (req, reply, done) => {
    setHeaders(reply, req.url.startsWith('/api/') ? api : page);
    done();
  });
});

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
