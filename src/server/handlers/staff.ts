import type { FastifyRequest } from 'fastify';
import { sendJsonText, type HandlerTable } from './types';
import { signedIn } from '../http/guard';
import { FieldErrors } from '../errors';
import { isPdf, imageKind, MAX_IMAGE_PIXELS, UploadRejected } from '../integrations/storage';
import { listActionLogs } from '../services/action-logs/list';
import { giveAwayUser, listHandOverChoices, managerGiveAwayUser, removeUser } from '../services/staff/hand-over';
import {
  createLeadUser,
  createPartnerUser,
  getPartnerDetails,
  listTagsGroups,
  type StoredDocument,
} from '../services/staff/people';
import { sendInvitation } from '../services/staff/invitations';
import { addUserNote, recordUserDonation } from '../services/staff/person';
import {
  blockUnblockUser,
  updateConsultantSettings,
  updateUserSettings,
  updateWorkTimes,
} from '../services/staff/settings';

const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** The contract's maxItems of `documents`. */
const MAX_DOCUMENTS = 10;
const TEXT_FIELDS = {
  first_name: 150,
  last_name: 150,
  email: 254,
  phone: 32,
  country: 100,
  city: 150,
  company: 200,
  language: 2,
  default_region: 2,
  time_zone: 64,
} as const;
const DOCUMENT_TYPES: Record<string, string> = { pdf: 'application/pdf', jpeg: 'image/jpeg', png: 'image/png' };

/** PDF, JPEG or PNG by their first bytes. */
const sniffDocument = (head: Buffer) =>
  isPdf(head) ? 'pdf' : imageKind(head) === 'jpeg' ? 'jpeg' : imageKind(head) === 'png' ? 'png' : null;

/**
 * Reads the partner form: text fields by the contract's limits, documents streamed to private
 * storage as they arrive (checked by magic bytes and size). On any refusal the stored files go again.
 */
async function partnerForm(req: FastifyRequest) {
  const storage = req.server.ctx.storage;
  const fields: Record<string, string> = {};
  const documents: StoredDocument[] = [];
  const errors: ConstructorParameters<typeof FieldErrors>[0] = {};
  if (!req.isMultipart()) throw new FieldErrors({ non_field_errors: ['invalid_input'] });
  const tooMany = () => FieldErrors.of('documents', 'documents_too_many', { limit: MAX_DOCUMENTS });
  try {
    // One file more than allowed reaches this loop, so too many documents are told apart from a broken body.
    for await (const part of req.parts({ limits: { files: MAX_DOCUMENTS + 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname === 'documents' && documents.length >= MAX_DOCUMENTS) throw tooMany();
        if (part.fieldname !== 'documents') {
          part.file.resume();
          errors.documents = ['document_invalid'];
          continue;
        }
        try {
          const saved = await storage.saveStream('documents/partners', part.file, {
            maxBytes: MAX_DOCUMENT_BYTES,
            sniff: sniffDocument,
            sniffBytes: 16,
          });
          documents.push({
            fileName: (part.filename || 'document').slice(0, 255),
            url: saved.url,
            contentType: DOCUMENT_TYPES[saved.ext] ?? 'application/octet-stream',
            size: saved.size,
          });
        } catch (err) {
          if (!(err instanceof UploadRejected)) throw err;
          errors.documents = [
            err.reason === 'pixels'
              ? { key: 'image_too_many_pixels', params: { limit: MAX_IMAGE_PIXELS / 1e6 } }
              : 'document_invalid',
          ];
        }
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    await Promise.all(documents.map((d) => storage.remove(d.url)));
    // More files than even the reader takes: the same field error (the rest of the body is not read).
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw tooMany();
    throw err;
  }
  for (const [name, max] of Object.entries(TEXT_FIELDS)) {
    if ((fields[name]?.length ?? 0) > max) errors[name] = ['field_invalid'];
  }
  for (const name of ['first_name', 'last_name', 'email', 'company'])
    if (!fields[name]?.trim()) errors[name] = ['field_required'];
  if (fields.language && !['ru', 'en', 'de'].includes(fields.language)) errors.language = ['field_invalid'];
  const id = (v: string | undefined) => (v && /^\d{1,9}$/.test(v) ? Number(v) : undefined);
  return {
    input: {
      first_name: fields.first_name ?? '',
      last_name: fields.last_name ?? '',
      email: fields.email ?? '',
      phone: fields.phone,
      country: fields.country,
      city: fields.city,
      language: fields.language as 'ru' | 'en' | 'de' | undefined,
      company: fields.company,
      tag_id: id(fields.tag_id),
      consultant_id: id(fields.consultant_id),
      default_region: fields.default_region,
      send_invitation: fields.send_invitation === 'true',
      time_zone: fields.time_zone,
    },
    documents,
    errors,
  };
}

/** Consultant administration; every rule about who may act on whom lives in services/staff. */
export const staffHandlers: HandlerTable = {
  updateWorkTimes: async (req) => updateWorkTimes(req.server.ctx, signedIn(req), req.body),
  updateConsultantSettings: async (req) => updateConsultantSettings(req.server.ctx, signedIn(req), req.body),
  blockUnblockUser: async (req) => blockUnblockUser(req.server.ctx, signedIn(req), req.body, req.lang),
  updateUserSettings: async (req) => updateUserSettings(req.server.ctx, signedIn(req), req.body, req.lang),
  removeUser: async (req) => removeUser(req.server.ctx, signedIn(req), req.body, req.lang),
  giveAwayUser: async (req) => giveAwayUser(req.server.ctx, signedIn(req), req.body, req.lang),
  managerGiveAwayUser: async (req) => managerGiveAwayUser(req.server.ctx, signedIn(req), req.body, req.lang),
  listHandOverChoices: async (req) => listHandOverChoices(req.server.ctx, signedIn(req), req.query.user_id),
  listTagsGroups: async (req) => listTagsGroups(req.server.ctx, req.lang),
  addUserNote: async (req, reply) => {
    const answer = await addUserNote(req.server.ctx, signedIn(req), req.body, req.lang);
    reply.status(201);
    return answer;
  },
  recordUserDonation: async (req, reply) => {
    const answer = await recordUserDonation(req.server.ctx, signedIn(req), req.body, req.lang);
    reply.status(201);
    return answer;
  },
  sendInvitation: async (req) => sendInvitation(req.server.ctx, signedIn(req), req.body.user_id, req.lang),
  createLeadUser: async (req, reply) => {
    const created = await createLeadUser(req.server.ctx, signedIn(req), req.body, req.lang);
    reply.status(201);
    return created;
  },
  createPartnerUser: async (req, reply) => {
    const form = await partnerForm(req);
    try {
      const created = await createPartnerUser(
        req.server.ctx,
        signedIn(req),
        form.input,
        form.documents,
        req.lang,
        form.errors,
      );
      reply.status(201);
      return created;
    } catch (err) {
      await Promise.all(form.documents.map((d) => req.server.ctx.storage.remove(d.url)));
      throw err;
    }
  },
  getPartnerDetails: async (req) => getPartnerDetails(req.server.ctx, signedIn(req), req.body.user_id),
  // The page is written by PostgreSQL as the answer's JSON text, descriptions translated there too.
  listActionLogs: async (req, reply) =>
    sendJsonText<'listActionLogs'>(reply, await listActionLogs(req.server.ctx, signedIn(req), req.query, req.lang)),
};
