import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HandlerTable } from './types';
import { FieldErrors } from '../http/errors';
import { signedIn } from '../http/guard';
import { contentRange, parseSimpleRest, type SimpleRestQuery } from '../http/simple-rest';
import {
  createResource,
  deleteResource,
  getResource,
  listResource,
  updateResource,
  type ContentTable,
  type Resource,
} from '../services/admin/content/engine';
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
import { saveUpload, UPLOAD_RULES } from '../services/admin/uploads';

// What each operation reads of its request; the contract's request type of the operation must fit it.
type Server = Pick<FastifyRequest, 'server'>;
type ListRequest = Server & { query: SimpleRestQuery };
type RecordRequest = Server & { params: { id: number } };
type CreateRequest<Input> = Server & { body: Input };
type UpdateRequest<Input> = Server & { params: { id: number }; body: Input };

/**
 * The five ra-data-simple-rest operations of one resource. Each is put in the table under its
 * operation id below, where the contract's types for that operation check its request and answer.
 */
export function crud<T extends ContentTable, Input extends object, View, Extra>(r: Resource<T, Input, View, Extra>) {
  const sortable = Object.keys(r.sortable).concat('id');
  // `id` (a list, react-admin's getMany) is built into every resource.
  const filterable = Object.keys(r.filters ?? {}).concat('id');
  return {
    list: async (req: ListRequest, reply: FastifyReply): Promise<View[]> => {
      const w = parseSimpleRest<Record<string, unknown>>(req.query, sortable, r.defaultSort, filterable);
      const { rows, total } = await listResource(req.server.ctx, r, w);
      contentRange(reply, r.name, w.offset, rows.length, total);
      return rows;
    },
    get: async (req: RecordRequest): Promise<View> => getResource(req.server.ctx, r, req.params.id),
    create: async (req: CreateRequest<Input>, reply: FastifyReply): Promise<View> => {
      const created = await createResource(req.server.ctx, r, req.body);
      reply.status(201);
      return created;
    },
    update: async (req: UpdateRequest<Input>): Promise<View> =>
      updateResource(req.server.ctx, r, req.params.id, req.body),
    remove: async (req: RecordRequest): Promise<View> => deleteResource(req.server.ctx, r, req.params.id),
  };
}

const lessonCategories = crud(lessonCategoriesResource);
const lessons = crud(lessonsResource);
const lessonMaterials = crud(lessonMaterialsResource);
const books = crud(booksResource);
const news = crud(newsResource);
const events = crud(eventsResource);
const configs = crud(configsResource);
const footerLinks = crud(footerLinksResource);
const packages = crud(packagesResource);

export const adminContentHandlers: HandlerTable = {
  listAdminLessonCategories: lessonCategories.list,
  getAdminLessonCategory: lessonCategories.get,
  createAdminLessonCategory: lessonCategories.create,
  updateAdminLessonCategory: lessonCategories.update,
  deleteAdminLessonCategory: lessonCategories.remove,

  listAdminLessons: lessons.list,
  getAdminLesson: lessons.get,
  createAdminLesson: lessons.create,
  updateAdminLesson: lessons.update,
  deleteAdminLesson: lessons.remove,

  listAdminLessonMaterials: lessonMaterials.list,
  getAdminLessonMaterial: lessonMaterials.get,
  createAdminLessonMaterial: lessonMaterials.create,
  updateAdminLessonMaterial: lessonMaterials.update,
  deleteAdminLessonMaterial: lessonMaterials.remove,

  listAdminBooks: books.list,
  getAdminBook: books.get,
  createAdminBook: books.create,
  updateAdminBook: books.update,
  deleteAdminBook: books.remove,

  listAdminNewsItems: news.list,
  getAdminNews: news.get,
  createAdminNews: news.create,
  updateAdminNews: news.update,
  deleteAdminNews: news.remove,

  listAdminEvents: events.list,
  getAdminEvent: events.get,
  // An event is organised in the admin's own zone unless the form names another.
  createAdminEvent: async (req, reply) =>
    events.create({ server: req.server, body: { time_zone: signedIn(req).timeZone, ...req.body } }, reply),
  updateAdminEvent: events.update,
  deleteAdminEvent: events.remove,

  listAdminConfigs: configs.list,
  getAdminConfig: configs.get,
  createAdminConfig: configs.create,
  updateAdminConfig: configs.update,
  deleteAdminConfig: configs.remove,

  listAdminFooterLinks: footerLinks.list,
  getAdminFooterLink: footerLinks.get,
  createAdminFooterLink: footerLinks.create,
  updateAdminFooterLink: footerLinks.update,
  deleteAdminFooterLink: footerLinks.remove,

  listAdminPackages: packages.list,
  getAdminPackage: packages.get,
  createAdminPackage: packages.create,
  updateAdminPackage: packages.update,
  deleteAdminPackage: packages.remove,

  uploadAdminFile: async (req, reply) => {
    const kind = req.query.kind;
    const rule = UPLOAD_RULES[kind];
    if (!req.isMultipart()) throw FieldErrors.of('file', 'file_required');
    // One more byte than allowed, so the storage's own count sees an over-limit file.
    // A part the contract does not list (http/body-fields.ts) is named; any other reading error is no file.
    const part = await req
      .file({ limits: { fileSize: rule.maxBytes + 1, files: 1, fields: 5 } })
      .catch((err: unknown) => {
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
};
