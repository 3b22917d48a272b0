import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clock } from '../../clock';
import { t } from '../../i18n';
import { PRIVATE_FOLDERS } from '../../integrations/storage';
import type { S3Storage } from '../../integrations/storage-s3';

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
 * storeMedia.
 */
export default async function media(app: FastifyInstance) {
  const storage = app.ctx.storage;
  await app.register(async (scope) => {
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
      storeMedia(scope, storage);
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
function storeMedia(scope: FastifyInstance, storage: S3Storage) {
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
