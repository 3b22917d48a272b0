import { api } from '../../../api/client';
import type {
  SchemaBookAdmin,
  SchemaBookAdminCreate,
  SchemaBookAdminUpdate,
  SchemaConfigAdmin,
  SchemaConfigAdminCreate,
  SchemaConfigAdminUpdate,
  SchemaEventAdmin,
  SchemaEventAdminCreate,
  SchemaEventAdminUpdate,
  SchemaFooterLinkAdmin,
  SchemaFooterLinkAdminCreate,
  SchemaFooterLinkAdminUpdate,
  SchemaLessonAdmin,
  SchemaLessonAdminCreate,
  SchemaLessonAdminUpdate,
  SchemaLessonCategoryAdmin,
  SchemaLessonCategoryAdminCreate,
  SchemaLessonCategoryAdminUpdate,
  SchemaLessonMaterialAdmin,
  SchemaLessonMaterialAdminCreate,
  SchemaLessonMaterialAdminUpdate,
  SchemaNewsAdmin,
  SchemaNewsAdminCreate,
  SchemaNewsAdminUpdate,
  SchemaOutboxMail,
  SchemaPackageAdmin,
  SchemaPackageAdminCreate,
  SchemaPackageAdminUpdate,
} from '../../../api/schema';
import { ADMIN_RESOURCE_FIELDS as FIELDS } from './fields';
import { simpleRestAdapter } from './simpleRest';

const id = (value: number) => ({ params: { path: { id: value } } });

/*
 * The admin content resources (admin-content.yaml) and the outbox (admin.yaml), one adapter each over
 * the operations `list|get|create|update|deleteAdmin<Name>`. The app names them admin/<name> (the
 * member pages own /lessons, /books, /news and /events); the API path is /api/admin/<name>.
 */

const adminLessonCategoriesAdapter = simpleRestAdapter<
  SchemaLessonCategoryAdmin,
  SchemaLessonCategoryAdminCreate,
  SchemaLessonCategoryAdminUpdate
>(
  {
    list: (init) => api.GET('/admin/lesson-categories', init),
    one: (key, signal) => api.GET('/admin/lesson-categories/{id}', { ...id(key), signal }),
    create: (body) => api.POST('/admin/lesson-categories', { body }),
    update: (key, body) => api.PUT('/admin/lesson-categories/{id}', { ...id(key), body }),
    remove: (key) => api.DELETE('/admin/lesson-categories/{id}', id(key)),
  },
  FIELDS['lesson-categories'],
);

const adminLessonsAdapter = simpleRestAdapter<SchemaLessonAdmin, SchemaLessonAdminCreate, SchemaLessonAdminUpdate>(
  {
    list: (init) => api.GET('/admin/lessons', init),
    one: (key, signal) => api.GET('/admin/lessons/{id}', { ...id(key), signal }),
    create: (body) => api.POST('/admin/lessons', { body }),
    update: (key, body) => api.PUT('/admin/lessons/{id}', { ...id(key), body }),
    remove: (key) => api.DELETE('/admin/lessons/{id}', id(key)),
  },
  FIELDS.lessons,
);

const adminLessonMaterialsAdapter = simpleRestAdapter<
  SchemaLessonMaterialAdmin,
  SchemaLessonMaterialAdminCreate,
  SchemaLessonMaterialAdminUpdate
>(
  {
    list: (init) => api.GET('/admin/lesson-materials', init),
    one: (key, signal) => api.GET('/admin/lesson-materials/{id}', { ...id(key), signal }),
    create: (body) => api.POST('/admin/lesson-materials', { body }),
    update: (key, body) => api.PUT('/admin/lesson-materials/{id}', { ...id(key), body }),
    remove: (key) => api.DELETE('/admin/lesson-materials/{id}', id(key)),
  },
  FIELDS['lesson-materials'],
);

const adminBooksAdapter = simpleRestAdapter<SchemaBookAdmin, SchemaBookAdminCreate, SchemaBookAdminUpdate>(
  {
    list: (init) => api.GET('/admin/books', init),
    one: (key, signal) => api.GET('/admin/books/{id}', { ...id(key), signal }),
    create: (body) => api.POST('/admin/books', { body }),
    update: (key, body) => api.PUT('/admin/books/{id}', { ...id(key), body }),
    remove: (key) => api.DELETE('/admin/books/{id}', id(key)),
  },
  FIELDS.books,
);

const adminNewsAdapter = simpleRestAdapter<SchemaNewsAdmin, SchemaNewsAdminCreate, SchemaNewsAdminUpdate>(
  {
    list: (init) => api.GET('/admin/news', init),
    one: (key, signal) => api.GET('/admin/news/{id}', { ...id(key), signal }),
    create: (body) => api.POST('/admin/news', { body }),
    update: (key, body) => api.PUT('/admin/news/{id}', { ...id(key), body }),
    remove: (key) => api.DELETE('/admin/news/{id}', id(key)),
  },
  FIELDS.news,
);

const adminEventsAdapter = simpleRestAdapter<SchemaEventAdmin, SchemaEventAdminCreate, SchemaEventAdminUpdate>(
  {
    list: (init) => api.GET('/admin/events', init),
    one: (key, signal) => api.GET('/admin/events/{id}', { ...id(key), signal }),
    create: (body) => api.POST('/admin/events', { body }),
    update: (key, body) => api.PUT('/admin/events/{id}', { ...id(key), body }),
    remove: (key) => api.DELETE('/admin/events/{id}', id(key)),
  },
  FIELDS.events,
);

const adminConfigsAdapter = simpleRestAdapter<SchemaConfigAdmin, SchemaConfigAdminCreate, SchemaConfigAdminUpdate>(
  {
    list: (init) => api.GET('/admin/configs', init),
    one: (key, signal) => api.GET('/admin/configs/{id}', { ...id(key), signal }),
    create: (body) => api.POST('/admin/configs', { body }),
    update: (key, body) => api.PUT('/admin/configs/{id}', { ...id(key), body }),
    remove: (key) => api.DELETE('/admin/configs/{id}', id(key)),
  },
  FIELDS.configs,
);

const adminFooterLinksAdapter = simpleRestAdapter<
  SchemaFooterLinkAdmin,
  SchemaFooterLinkAdminCreate,
  SchemaFooterLinkAdminUpdate
>(
  {
    list: (init) => api.GET('/admin/footer-links', init),
    one: (key, signal) => api.GET('/admin/footer-links/{id}', { ...id(key), signal }),
    create: (body) => api.POST('/admin/footer-links', { body }),
    update: (key, body) => api.PUT('/admin/footer-links/{id}', { ...id(key), body }),
    remove: (key) => api.DELETE('/admin/footer-links/{id}', id(key)),
  },
  FIELDS['footer-links'],
);

const adminPackagesAdapter = simpleRestAdapter<SchemaPackageAdmin, SchemaPackageAdminCreate, SchemaPackageAdminUpdate>(
  {
    list: (init) => api.GET('/admin/packages', init),
    one: (key, signal) => api.GET('/admin/packages/{id}', { ...id(key), signal }),
    create: (body) => api.POST('/admin/packages', { body }),
    update: (key, body) => api.PUT('/admin/packages/{id}', { ...id(key), body }),
    remove: (key) => api.DELETE('/admin/packages/{id}', id(key)),
  },
  FIELDS.packages,
);

/** The mail the app sent (read only: listOutbox, getOutboxMail). */
const outboxAdapter = simpleRestAdapter<SchemaOutboxMail>({
  list: (init) => api.GET('/admin/outbox', init),
  one: (key, signal) => api.GET('/admin/outbox/{id}', { ...id(key), signal }),
});

/** The resources above by their react-admin names (registered in index.ts). */
export const adminContentAdapters = {
  'admin/lesson-categories': adminLessonCategoriesAdapter,
  'admin/lessons': adminLessonsAdapter,
  'admin/lesson-materials': adminLessonMaterialsAdapter,
  'admin/books': adminBooksAdapter,
  'admin/news': adminNewsAdapter,
  'admin/events': adminEventsAdapter,
  'admin/configs': adminConfigsAdapter,
  'admin/footer-links': adminFooterLinksAdapter,
  'admin/packages': adminPackagesAdapter,
  outbox: outboxAdapter,
};
