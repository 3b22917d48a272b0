import type { HandlerTable } from './types';
import { signedIn } from '../http/guard';
import { FieldErrors } from '../errors';
import { t } from '../i18n';
import {
  deleteUserImport,
  getUserImport,
  listUserImports,
  rejectedImportRows,
  saveUserImport,
  startUserImport,
  storeImportFile,
} from '../services/imports/imports';

const id = (v: string | undefined) => (v && /^\d{1,9}$/.test(v) ? Number(v) : undefined);

/** CSV user imports: upload with preview, start with a mapping, progress in the list. */
export const importsHandlers: HandlerTable = {
  listUserImports: async (req) => listUserImports(req.server.ctx, signedIn(req), req.query, req.lang),
  saveUserImport: async (req, reply) => {
    const ctx = req.server.ctx;
    if (!req.isMultipart()) throw FieldErrors.of('file', 'field_required');
    const fields: Record<string, string> = {};
    let stored: Awaited<ReturnType<typeof storeImportFile>> | null = null;
    try {
      for await (const part of req.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file' || stored) part.file.resume();
          else stored = await storeImportFile(ctx, part.file, part.filename);
        } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      }
    } catch (err) {
      if (stored) await ctx.storage.remove(stored.url);
      throw err;
    }
    if (!stored) throw FieldErrors.of('file', 'field_required');
    const saved = await saveUserImport(
      ctx,
      signedIn(req),
      { stored, consultantId: id(fields.consultant_id), tagId: id(fields.tag_id) },
      req.lang,
    );
    reply.status(201);
    return saved;
  },
  startUserImport: async (req) => startUserImport(req.server.ctx, signedIn(req), req.body, req.lang),
  getRejectedImportRows: async (req, reply) => {
    const csv = await rejectedImportRows(req.server.ctx, signedIn(req), req.params.id, req.lang);
    reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="rejected-rows-${req.params.id}.csv"`);
    return csv;
  },
  getUserImport: async (req) => getUserImport(req.server.ctx, signedIn(req), req.params.id, req.lang),
  deleteUserImport: async (req) => {
    await deleteUserImport(req.server.ctx, signedIn(req), req.params.id);
    return { detail: t(req.lang, 'deleted') };
  },
};
