import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AuthUser } from '../context';
import type { OperationInfo } from '../contract';
import { tokenFromHeader } from '../auth/tokens';
import { knownSession, resolveSession } from '../services/sessions';
import { resolveStreamTicket } from '../services/notifications/ticket';
import { DomainError, FieldErrors, notAuthenticated, permissionDenied } from '../errors';

/** What the guard reads of an operation: its x-roles (`public` lets anyone in) and its request media types. */
export type GuardedOperation = Pick<OperationInfo, 'roles' | 'contentTypes' | 'bodyRequired' | 'streamTicket'>;

/**
 * One operation's gate, attached to its route: the caller's session and the x-roles rule, then the
 * body's media type (Fastify validates a body only for the types the route declares). Worked out per
 * route, so a request pays only for its own checks; a session checked lately passes without waiting.
 */
export function operationGuard(op: GuardedOperation): onRequestHookHandler {
  const isPublic = op.roles.includes('public');
  const admit = (req: FastifyRequest, auth: AuthUser | null): Error | undefined => {
    if (!auth) return notAuthenticated();
    req.auth = auth;
    req.lang = auth.language;
    if (!op.roles.includes(auth.role)) return permissionDenied();
    return mediaTypeError(req, op);
  };
  return (req, _reply, done) => {
    if (isPublic) {
      done(mediaTypeError(req, op));
      return;
    }
    const token = tokenFromHeader(req.headers.authorization);
    if (!token) {
      // An event stream opened by a browser's EventSource, which cannot send the header (services/notifications/ticket.ts).
      const ticket = op.streamTicket ? (req.query as { ticket?: unknown }).ticket : undefined;
      if (typeof ticket === 'string') {
        resolveStreamTicket(req.server.ctx, ticket).then((auth) => {
          done(admit(req, auth));
        }, done);
        return;
      }
      done(notAuthenticated());
      return;
    }
    const known = knownSession(req.server.ctx, token);
    if (known) {
      done(admit(req, known));
      return;
    }
    resolveSession(req.server.ctx, token).then((auth) => {
      done(admit(req, auth));
    }, done);
  };
}

function mediaTypeError(req: FastifyRequest, op: GuardedOperation): Error | undefined {
  if (!op.contentTypes.length) return undefined;
  const [mediaType = ''] = (req.headers['content-type'] ?? '').split(';');
  const type = mediaType.trim().toLowerCase();
  if (!type) return op.bodyRequired ? new FieldErrors({ non_field_errors: ['invalid_input'] }) : undefined;
  return op.contentTypes.includes(type)
    ? undefined
    : new DomainError('unsupported_media_type', 'unsupported_media_type', 'unsupported_media_type');
}

/**
 * The signed-in caller of an operation that is not public. The guard has admitted the request, so
 * this is set; a handler reached without it (a public operation asking by mistake) answers 401.
 */
export function signedIn(req: FastifyRequest): AuthUser {
  if (!req.auth) throw notAuthenticated();
  return req.auth;
}
