import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact bytes of a webhook body. */
    rawBody?: Buffer;
  }
}

/** Operations whose handler verifies a signature over the exact request bytes. */
export const RAW_BODY_OPERATIONS: ReadonlySet<string> = new Set(['receivePaymentWebhook']);

/**
 * Keeps the raw body (`req.rawBody`) of the listed operations before Fastify parses it: a provider
 * signs the bytes it sent, and re-serialised JSON would not match. Register before the routes.
 */
export function keepRawBody(app: FastifyInstance, operations: ReadonlySet<string> = RAW_BODY_OPERATIONS): void {
  app.addHook('preParsing', async (req, _reply, payload) => {
    if (!operations.has(req.routeOptions.config.operationId ?? '')) return payload;
    const chunks: Buffer[] = [];
    for await (const chunk of payload) chunks.push(chunk as Buffer);
    req.rawBody = Buffer.concat(chunks);
    return Readable.from([req.rawBody]);
  });
}
