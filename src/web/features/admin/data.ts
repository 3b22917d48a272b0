import { ADMIN_RESOURCE_FIELDS as FIELDS } from '../../providers/data/fields';
import { invalidatingOnChange } from '../../providers/data/invalidation';
import { simpleRestResource } from '../../providers/data/simpleRestResources';

/**
 * The admin content resources (admin-content.yaml) and the outbox (admin.yaml), through
 * ra-data-simple-rest over the operations `list|get|create|update|deleteAdmin<Name>`. The app names
 * them admin/<name> (the member pages own /lessons, /books, /news and /events); the API path is
 * /api/admin/<name>. Each is typed with its path's record schema (SchemaLessonAdmin…). A change of the
 * settings or the footer links reads again what shows them under every page (the app's settings, the
 * footer), which is otherwise kept for minutes.
 */
export const adminContentAdapters = {
  'admin/lesson-categories': simpleRestResource('admin/lesson-categories', FIELDS['lesson-categories']),
  'admin/lessons': simpleRestResource('admin/lessons', FIELDS.lessons),
  'admin/lesson-materials': simpleRestResource('admin/lesson-materials', FIELDS['lesson-materials']),
  'admin/books': simpleRestResource('admin/books', FIELDS.books),
  'admin/news': simpleRestResource('admin/news', FIELDS.news),
  'admin/events': simpleRestResource('admin/events', FIELDS.events),
  'admin/configs': invalidatingOnChange(
    { invalidates: ['getConfigs'] },
    simpleRestResource('admin/configs', FIELDS.configs),
  ),
  'admin/footer-links': invalidatingOnChange(
    { invalidates: ['getFooterLinks'] },
    simpleRestResource('admin/footer-links', FIELDS['footer-links']),
  ),
  'admin/packages': simpleRestResource('admin/packages', FIELDS.packages),
  /** The mail the app sent (read only: listOutbox, getOutboxMail). */
  outbox: simpleRestResource('admin/outbox'),
};
