import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { langOfAddress, pageBody, webPage, webPages } from './web-pages';

/** Serves the built SPA; unknown non-API paths get index.html so the client router decides. */
export default fp(async (app: FastifyInstance) => {
  const webDist = app.ctx.config.webDist;
  const index = path.join(webDist, 'index.html');
  const built = fs.existsSync(index);
  const ASSETS = path.join(path.resolve(webDist), 'assets') + path.sep;
  const html = built ? fs.readFileSync(index, 'utf8') : undefined;
  const indexPage = html === undefined ? undefined : webPage(html);
  const pageAt = html === undefined ? () => undefined : webPages(webDist, html);
  if (built)
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build's brotli and gzip copies (vite.config.ts, precompressed), by the request's Accept-Encoding.
      preCompressed: true,
      // The build names every script and style by its content's hash, so a browser keeps them for good
      // and does not ask again on each visit (dozens of requests per page load); the rest is asked again.
      setHeaders: (reply, file) => {
        if (path.resolve(file).startsWith(ASSETS)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  app.setNotFoundHandler((req, reply) => {
    // A missing upload or script is a 404 too, not the web app's index.html.
    const fileLike = ['/api/', '/media/', '/assets/'].some((p) => req.url.startsWith(p));
    // HEAD as GET (a monitor's check of the page): Node sends the headers without the body.
    if (fileLike || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send({ detail: 'Not found.', code: 'not_found' });
    }
    if (!indexPage) return reply.status(503).type('text/plain').send('The web app is not built: run `npm run build`.');
    reply.type('text/html').header('cache-control', 'no-cache');
    // The page names the scripts a public screen needs, in the language it starts in (web-pages.ts).
    const screen = pageAt(req.url.split('?', 1)[0] ?? '/', langOfAddress(req.query) ?? req.lang);
    const { body, encoding } = pageBody(screen ?? indexPage, req.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply.header('vary', screen ? 'Accept-Encoding, Accept-Language' : 'Accept-Encoding').send(body);
  });
});
