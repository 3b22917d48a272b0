import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HandlerTable } from './types';
import { FieldErrors } from '../http/errors';
import { contentRange, parseSimpleRest, type SimpleRestQuery } from '../http/simple-rest';
import { createResource, deleteResource, getResource, listResource, updateResource, type Resource } from '../services/admin/content/engine';
import {
  booksResource,
  configsResource,
  eventsResource,
  footerLinksResource,
  lessonCategoriesResource,
  lessonMaterialsResource,
  lessonsResource,
  newsResource,
  packagesResource,
} from '../services/admin/content/resources';
import { saveUpload, UPLOAD_RULES, type UploadKind } from '../services/admin/uploads';

type Req = FastifyRequest<{ Querystring: SimpleRestQuery; Params: { id: number }; Body: Record<string, unknown> }>;
type AnyHandler = (req: Req, reply: FastifyReply) => Promise<unknown>;

/** The five ra-data-simple-rest operations of one resource, named `<verb>Admin<Name>`. */
function crud(r: Resource, one: string, many: string): Record<string, AnyHandler> {
  const sortable = Object.keys(r.sortable).concat('id');
  // `id` (a list, react-admin's getMany) is built into every resource.
  const filterable = Object.keys(r.filters ?? {}).concat('id');
  return {
    [`listAdmin${many}`]: async (req, reply) => {
      const w = parseSimpleRest<Record<string, unknown>>(req.query, sortable, r.defaultSort, filterable);
      const { rows, total } = await listResource(req.server.ctx, r, w);
      contentRange(reply, r.name, w.offset, rows.length, total);
      return rows;
    },
    [`getAdmin${one}`]: async (req) => getResource(req.server.ctx, r, req.params.id),
    [`createAdmin${one}`]: async (req, reply) => {
      const created = await createResource(req.server.ctx, r, req.body);
      reply.status(201);
      return created;
    },
    [`updateAdmin${one}`]: async (req) => updateResource(req.server.ctx, r, req.params.id, req.body),
    [`deleteAdmin${one}`]: async (req) => deleteResource(req.server.ctx, r, req.params.id),
  };
}

export const adminContentHandlers = {
  ...crud(lessonCategoriesResource, 'LessonCategory', 'LessonCategories'),
  ...crud(lessonsResource, 'Lesson', 'Lessons'),
  ...crud(lessonMaterialsResource, 'LessonMaterial', 'LessonMaterials'),
  ...crud(booksResource, 'Book', 'Books'),
  ...crud(newsResource, 'News', 'NewsItems'),
  ...crud(eventsResource, 'Event', 'Events'),
  ...crud(configsResource, 'Config', 'Configs'),
  ...crud(footerLinksResource, 'FooterLink', 'FooterLinks'),
  ...crud(packagesResource, 'Package', 'Packages'),

  uploadAdminFile: async (req: FastifyRequest<{ Querystring: { kind: UploadKind } }>, reply: FastifyReply) => {
    const kind = req.query.kind;
    const rule = UPLOAD_RULES[kind];
    if (!req.isMultipart()) throw FieldErrors.of('file', 'file_required');
    // One more byte than allowed, so the storage's own count sees an over-limit file.
    // A part the contract does not list (http/body-fields.ts) is named; any other reading error is no file.
    const part = await req.file({ limits: { fileSize: rule.maxBytes + 1, files: 1, fields: 5 } }).catch((err: unknown) => {
      if (err instanceof FieldErrors) throw err;
      return undefined;
    });
    if (!part || part.fieldname !== 'file') {
      part?.file.resume();
      throw FieldErrors.of('file', 'file_required');
    }
    const saved = await saveUpload(req.server.ctx, kind, part.file, part.filename);
    reply.status(201);
    return saved;
  },
} as unknown as HandlerTable;
