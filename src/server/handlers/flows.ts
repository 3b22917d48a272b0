import type { FastifyRequest } from 'fastify';
import { sendJsonText, type HandlerTable } from './types';
import { signedIn } from '../http/guard';
import { FieldErrors } from '../errors';
import { saveUpload } from '../services/admin/uploads';
import { createFlow, deleteFlow, listFlows, updateFlow } from '../services/flows/flows';
import {
  addLandingElement,
  deleteLandingElement,
  getLandingElements,
  updateLandingElement,
  type ElementInput,
} from '../services/flows/elements';
import { checkLandingName } from '../services/flows/names';
import {
  checkLandingLookup,
  signupLanding,
  validateLandingEmail,
  validateLandingPhone,
} from '../services/flows/signup';
import { regionFromHeader } from '../services/phones';
import { flowStats } from '../services/flows/stats';

/**
 * An image element sent as multipart (LandingImageUpload): the file is stored first, then the element
 * is written like a JSON one; a refused element removes the stored file again. JSON bodies pass through.
 */
async function withUpload<T>(
  req: FastifyRequest,
  body: unknown,
  write: (input: ElementInput) => Promise<T>,
): Promise<T> {
  if (!req.isMultipart()) return write(body as ElementInput);
  const ctx = req.server.ctx;
  const fields: Record<string, string> = {};
  let url: string | null = null;
  try {
    try {
      for await (const part of req.parts({ limits: { fileSize: 10 * 1024 * 1024 + 1, files: 1, fields: 10 } })) {
        if (part.type === 'field') fields[part.fieldname] = String(part.value).slice(0, 2048);
        else if (part.fieldname === 'image' && !url)
          url = (await saveUpload(ctx, 'image', part.file, part.filename)).url;
        else part.file.resume();
      }
    } catch (err) {
      // The upload's own refusals are said under the contract's field name; a broken body is the caller's fault.
      if (err instanceof FieldErrors)
        throw new FieldErrors({ image: err.fields.file ?? Object.values(err.fields).flat() });
      throw new FieldErrors({ non_field_errors: ['invalid_input'] });
    }
    if (!url) throw FieldErrors.of('image', 'file_required');
    const order = Number(fields.order);
    if (fields.type !== 'image') throw FieldErrors.of('type', 'field_invalid');
    if (!/^\d{1,4}$/.test(fields.order ?? '') || order > 1000) throw FieldErrors.of('order', 'field_invalid');
    const content = { image: url, caption: fields.caption ?? '', alt: fields.alt ?? '', link: fields.link || null };
    return await write({ type: 'image', order, content });
  } catch (err) {
    await ctx.storage.remove(url);
    throw err;
  }
}

/** Flows are their owner's (admins may act on any); other callers get 404 for every id. */
export const flowsHandlers: HandlerTable = {
  listFlows: async (req, reply) => sendJsonText<'listFlows'>(reply, await listFlows(req.server.ctx, signedIn(req).id)),
  createFlow: async (req, reply) => {
    reply.status(201);
    return createFlow(req.server.ctx, signedIn(req).id, req.body);
  },
  updateFlow: async (req) => updateFlow(req.server.ctx, signedIn(req), req.params.id, req.body),
  deleteFlow: async (req) => deleteFlow(req.server.ctx, signedIn(req), req.params.id, req.lang),
  getFlowStats: async (req, reply) =>
    sendJsonText<'getFlowStats'>(reply, await flowStats(req.server.ctx, signedIn(req), req.params.id, req.query.days)),

  getLandingElements: async (req, reply) =>
    sendJsonText<'getLandingElements'>(reply, await getLandingElements(req.server.ctx, signedIn(req), req.params.id)),
  addLandingElement: async (req, reply) => {
    const res = await withUpload(req, req.body, (input) =>
      addLandingElement(req.server.ctx, signedIn(req), req.params.id, input),
    );
    reply.status(201);
    return res;
  },
  updateLandingElement: async (req) =>
    withUpload(req, req.body, (input) =>
      updateLandingElement(req.server.ctx, signedIn(req), req.params.id, req.params.elementId, input),
    ),
  deleteLandingElement: async (req) =>
    deleteLandingElement(req.server.ctx, signedIn(req), req.params.id, req.params.elementId, req.lang),
  checkLandingName: async (req) => checkLandingName(req.server.ctx, signedIn(req), req.body, req.lang),

  validateLandingEmail: async (req) => {
    await checkLandingLookup(req.server.ctx, req.body);
    validateLandingEmail(req.body.email);
    return { valid: true as const };
  },
  validateLandingPhone: async (req) => {
    await checkLandingLookup(req.server.ctx, req.body);
    validateLandingPhone(req.body.phone, req.body.default_region ?? regionFromHeader(req.headers['accept-language']));
    return { valid: true as const };
  },
  signupLanding: async (req, reply) => {
    const region = req.body.default_region ?? regionFromHeader(req.headers['accept-language']);
    const res = await signupLanding(req.server.ctx, req.params.name, { ...req.body, default_region: region }, req.lang);
    reply.status(201);
    return res;
  },
};
