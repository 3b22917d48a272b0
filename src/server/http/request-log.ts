import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * What a log line never shows. A two-factor code is redacted where a body carries it, not as `*.code`:
 * that also hid every error's `code`, PostgreSQL's SQLSTATE among them, which an operator needs.
 */
export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.token',
  'body.code',
  'req.body.code',
  '*.challenge',
];

const planned = new WeakSet<FastifyReply>();

/**
 * Marks a 5xx answer that is the plan, not a failure (/healthz while a stop drains): its line is at info.
 * A load balancer polls it through every drain, and an error line per poll would page someone per deploy.
 */
export function plannedUnavailable(reply: FastifyReply): FastifyReply {
  planned.add(reply);
  return reply;
}

/**
 * One log line per request, written when its answer has gone out (instead of Fastify's two, "incoming
 * request" and "request completed"): the contract's operation id (absent for the health check, the
 * docs, media and the web app's files, which show their path), the status, the time taken in
 * milliseconds and the signed-in user's id. The path leaves out the query, which may carry a signed
 * link's signature or a stream ticket. A failure's own details are logged by the error handler.
 */
class RequestLog extends LogController {
  override incomingRequest(): void {
    // The one line comes at the end.
  }

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    // Without a logger (the tests, the bench) nothing would be written: the line is not built either.
    if (this.isLogDisabled(req)) return;
    const op = req.routeOptions.config.operationId;
    const path = req.url.split('?', 1)[0] ?? req.url;
    const status = reply.statusCode;
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const user = req.auth?.id;
    const line = { op, method: req.method, path, status, ms, ...(user !== undefined && { user }) };
    const msg = `${op ? `${op} ` : ''}${req.method} ${path} ${String(status)} ${String(ms)} ms${user === undefined ? '' : ` user ${String(user)}`}`;
    if (error) reply.log.error({ ...line, err: error }, msg);
    else if (status >= 500 && !planned.has(reply)) reply.log.error(line, msg);
    else reply.log.info(line, msg);
  }
}

/** `enabled` false when the app has no logger at all (Fastify's `logger: false`). */
export const requestLog = (enabled: boolean) => new RequestLog({ disableRequestLogging: !enabled });

/** The fields of a request's line, all of them in its message too (a terminal shows the message only). */
export const REQUEST_FIELDS = ['op', 'method', 'path', 'status', 'ms', 'user'];
