import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, FieldErrors, type ErrorKind } from '../errors';
import { t, type Lang } from '../i18n';

/** The HTTP status of each kind of domain error. */
const STATUS: Record<ErrorKind, number> = {
  not_authenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  throttled: 429,
  unsupported_media_type: 415,
  not_implemented: 501,
  peer_unavailable: 502,
  unavailable: 503,
};

type AjvError = { keyword: string; instancePath: string; params: Record<string, unknown>; message?: string };

function fieldOf(e: AjvError): string {
  const parts = e.instancePath.split('/').filter(Boolean);
  if (e.keyword === 'required' && typeof e.params.missingProperty === 'string') parts.push(e.params.missingProperty);
  // A variant's tag no variant has (discriminator) is the tag field's error.
  if (e.keyword === 'discriminator' && typeof e.params.tag === 'string') parts.push(e.params.tag);
  // A field the contract does not list is named itself, not the object holding it.
  if (e.keyword === 'additionalProperties' && typeof e.params.additionalProperty === 'string')
    parts.push(e.params.additionalProperty);
  return parts.join('.') || 'non_field_errors';
}

function messageOf(e: AjvError, lang: Lang): string {
  switch (e.keyword) {
    case 'required':
      return t(lang, 'field_required');
    case 'maxLength':
      return t(lang, 'field_too_long', { limit: Number(e.params.limit) });
    case 'minLength':
      return Number(e.params.limit) <= 1
        ? t(lang, 'field_empty')
        : t(lang, 'field_too_short', { limit: Number(e.params.limit) });
    case 'additionalProperties':
      return t(lang, 'field_unknown');
    case 'integer':
      return t(lang, 'field_integer');
    case 'format':
      return e.params.format === 'email' ? t(lang, 'email_invalid') : t(lang, 'field_invalid');
    default:
      return t(lang, 'field_invalid');
  }
}

/** Maps every error to the contract's shapes, translated into the caller's language. */
export function errorHandler(err: FastifyError | DomainError | FieldErrors, req: FastifyRequest, reply: FastifyReply) {
  const lang = req.lang;
  if (err instanceof FieldErrors) {
    // Built from entries: a field named `__proto__` or `constructor` (an unknown field) stays a plain key.
    const body = Object.fromEntries(
      Object.entries(err.fields).map(([field, msgs]) => [
        field,
        msgs.map((m) => (typeof m === 'string' ? t(lang, m) : t(lang, m.key, m.params))),
      ]),
    );
    return reply.status(400).send(body);
  }
  if (err instanceof DomainError) {
    // A 429 a service decided (the login's wait) says when to come back, as the rate limiter's do.
    if (err.kind === 'throttled' && typeof err.params?.seconds === 'number')
      reply.header('retry-after', String(err.params.seconds));
    return reply.status(STATUS[err.kind]).send({ detail: t(lang, err.messageKey, err.params), code: err.code });
  }
  const fe = err as FastifyError & { validation?: AjvError[] };
  if (fe.validation) {
    const body = new Map<string, string[]>();
    for (const e of fe.validation) {
      const field = fieldOf(e);
      const message = messageOf(e, lang);
      const messages = body.get(field) ?? [];
      if (!messages.includes(message)) messages.push(message);
      body.set(field, messages);
    }
    // From entries: a field named `__proto__` or `constructor` (an unknown field) stays a plain key.
    return reply.status(400).send(Object.fromEntries(body));
  }
  const status = fe.statusCode ?? 500;
  if (status === 429) {
    return reply.status(429).send({
      detail: t(lang, 'throttled', { seconds: Math.ceil(Number(reply.getHeader('retry-after') ?? 60)) }),
      code: 'throttled',
    });
  }
  if (status === 413) return reply.status(413).send({ detail: t(lang, 'body_too_large'), code: 'body_too_large' });
  if (status === 415)
    return reply.status(415).send({ detail: t(lang, 'unsupported_media_type'), code: 'unsupported_media_type' });
  if (status >= 400 && status < 500) {
    // Malformed JSON, bad multipart and the like: the caller's fault, said without internals.
    return reply.status(400).send({ non_field_errors: [t(lang, 'invalid_input')] });
  }
  if (isDataException(err) || isBrokenMultipart(err)) {
    // PostgreSQL refused a value the contract let through (out-of-range number, NUL byte, impossible
    // date), or the multipart body was cut short: still the caller's input, so a 400, and nothing changed.
    return reply.status(400).send({ non_field_errors: [t(lang, 'invalid_input')] });
  }
  if (isDatabaseUnavailable(err)) {
    // PostgreSQL is restarting or out of reach: a clean, retryable answer; the pool reconnects by itself.
    req.log.warn({ reason: errorText(err) }, 'database unavailable');
    return reply
      .status(503)
      .header('retry-after', '5')
      .send({ detail: t(lang, 'service_unavailable'), code: 'service_unavailable' });
  }
  if (isOutOfSpace(err)) {
    // The disk of the uploads is full; the storage module has removed the partial file.
    req.log.warn({ reason: errorText(err) }, 'no space left for an upload');
    return reply.status(507).send({ detail: t(lang, 'insufficient_storage'), code: 'insufficient_storage' });
  }
  req.log.error({ err }, 'request failed');
  return reply.status(500).send({ detail: t(lang, 'server_error'), code: 'server_error' });
}

type ErrorLike = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

/** The error, its causes (drizzle wraps pg's error) and the parts of an AggregateError (a refused connect). */
function* chain(err: unknown, depth = 0): Generator<ErrorLike> {
  if (!err || typeof err !== 'object' || depth > 4) return;
  const e = err as ErrorLike;
  yield e;
  yield* chain(e.cause, depth + 1);
  if (Array.isArray(e.errors)) for (const inner of e.errors) yield* chain(inner, depth + 1);
}

const errorText = (err: unknown) =>
  [...chain(err)]
    .map((e) => [e.code, e.message].filter(Boolean).join(' '))
    .join(' <- ')
    .slice(0, 300);

/** SQLSTATE class 08 (connection exception), 57P01-03 (shut down, crashed, starting up), 53300 (too many connections). */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
const UNAVAILABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
// node-postgres' own messages for a cut connection or a pool that waited too long for one.
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable)/;

/** True when PostgreSQL could not be reached or dropped the connection (a restart, a crash, a full pool). */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of chain(err)) {
    if (typeof e.code === 'string' && (UNAVAILABLE_SQLSTATE.test(e.code) || UNAVAILABLE_SOCKET.has(e.code)))
      return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  }
  return false;
}

/** True when a write failed for want of disk space (or quota). */
export function isOutOfSpace(err: unknown): boolean {
  for (const e of chain(err)) if (e.code === 'ENOSPC' || e.code === 'EDQUOT') return true;
  return false;
}

/**
 * @fastify/busboy's own parse errors carry no status: a truncated multipart body ("Unexpected end of
 * multipart data", or "… terminated early due to unexpected end of multipart data" on a part) or one
 * without its boundary is bad input.
 */
function isBrokenMultipart(err: unknown): boolean {
  const message = err instanceof Error ? err.message : undefined;
  return (
    typeof message === 'string' &&
    /^(Multipart: Boundary not found$|Unexpected end of multipart data$|\w+ terminated early due to unexpected end of multipart data$)/.test(
      message,
    )
  );
}

/** SQLSTATE class 22 ("data exception") on the error or its cause (drizzle wraps pg's error). */
function isDataException(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 3;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) return true;
  }
  return false;
}
