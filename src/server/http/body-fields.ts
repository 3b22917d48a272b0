import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { FieldErrors } from '../errors';

/**
 * Multipart bodies are read part by part in the handlers, past the contract's validation (see
 * contract.ts glueCopy), so their field names are checked here: the request's part readers refuse a
 * part the operation's contract does not list with a 400 naming it, before the handler sees it.
 */
export function refuseUnknownParts(allowed: readonly string[]): onRequestHookHandler {
  const known = new Set(allowed);
  return (req, _reply, done) => {
    const parts = req.parts.bind(req);
    const checked: FastifyRequest['parts'] = async function* (options) {
      for await (const part of parts(options)) {
        if (!known.has(part.fieldname)) {
          // Let the refused file's bytes flow past, so the reader can reach the end of the body.
          if ('file' in part) part.file.resume();
          throw FieldErrors.of(part.fieldname, 'field_unknown');
        }
        yield part;
      }
    };
    const files: FastifyRequest['files'] = async function* (options) {
      for await (const part of checked(options)) if (isFile(part)) yield part;
    };
    req.parts = checked;
    req.files = files;
    req.file = async (options) => {
      for await (const part of files(options)) return part;
      return undefined;
    };
    done();
  };
}

const isFile = (part: Multipart): part is MultipartFile => 'file' in part;
