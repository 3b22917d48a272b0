import type { MessageKey } from './i18n';

type Params = Record<string, string | number>;

/**
 * What went wrong, in the domain's words. Services throw these; the one error handler
 * (http/errors.ts) picks the HTTP status for each kind and translates the message.
 */
export type ErrorKind =
  | 'not_authenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'throttled'
  | 'unsupported_media_type'
  | 'not_implemented'
  | 'peer_unavailable'
  | 'unavailable';

/** A refusal or failure with a code the client reads and a message in the caller's language. */
export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    readonly messageKey: MessageKey,
    readonly params?: Params,
  ) {
    super(messageKey);
  }
}

/** Input that breaks a rule: translated messages per field; `non_field_errors` for the rest. */
export class FieldErrors extends Error {
  constructor(readonly fields: Record<string, Array<MessageKey | { key: MessageKey; params?: Params }>>) {
    super('invalid input');
  }
  static of(field: string, key: MessageKey, params?: Params): FieldErrors {
    return new FieldErrors({ [field]: [{ key, params }] });
  }
}

export const notAuthenticated = () => new DomainError('not_authenticated', 'not_authenticated', 'not_authenticated');
export const permissionDenied = () => new DomainError('forbidden', 'permission_denied', 'permission_denied');
export const notFound = () => new DomainError('not_found', 'not_found', 'not_found');
/** The caller waits `seconds` before trying again. */
export const throttled = (seconds: number) =>
  new DomainError('throttled', 'throttled', 'throttled', { seconds: Math.max(1, seconds) });
