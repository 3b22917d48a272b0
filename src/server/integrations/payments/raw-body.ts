import { Readable } from 'node:stream';
import type { preParsingAsyncHookHandler } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact bytes of a webhook body. */
    rawBody?: Buffer;
  }
}

/** Operations whose handler verifies a signature over the exact request bytes. */
export const RAW_BODY_OPERATIONS: ReadonlySet<string> = new Set(['receivePaymentWebhook']);

/**
 * Keeps the raw body (`req.rawBody`) before Fastify parses it, on the routes of RAW_BODY_OPERATIONS:
 * a provider signs the bytes it sent, and re-serialised JSON would not match.
 */
export const keepRawBody: preParsingAsyncHookHandler = async (req, _reply, payload) => {
  const chunks: Buffer[] = [];
  for await (const chunk of payload) chunks.push(chunk as Buffer);
  req.rawBody = Buffer.concat(chunks);
  return Readable.from([req.rawBody]);
};
