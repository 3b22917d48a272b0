import type {
  SchemaAdminUserCreate,
  SchemaAdminUserUpdate,
  SchemaBookAdminUpdate,
  SchemaBroadcastAdminUpdate,
  SchemaProductAdminUpdate,
  SchemaConfigAdminUpdate,
  SchemaCreateLeadUserRequest,
  SchemaEventAdminUpdate,
  SchemaFooterLinkAdminUpdate,
  SchemaLessonAdminUpdate,
  SchemaLessonCategoryAdminUpdate,
  SchemaLessonMaterialAdminUpdate,
  SchemaNewsAdminUpdate,
  SchemaPackageAdminUpdate,
} from '../../../api/schema';

/**
 * The server refuses a request body field its contract does not list, and react-admin's forms hand
 * the provider whole records (id, counts, timestamps). So the providers send only the request
 * schema's fields, listed here. Each list is held to the generated contract types: the compiler
 * refuses a list that misses a field of the schema or names one it does not have.
 */
const fieldsOf =
  <T>() =>
  <const K extends readonly (keyof T & string)[]>(
    keys: K & ([Exclude<keyof T, K[number]>] extends [never] ? unknown : never),
  ): readonly string[] =>
    keys;

/** The request body fields of the simple-REST admin resources (API names); create takes the update's fields. */
export const ADMIN_RESOURCE_FIELDS = {
  'lesson-categories': fieldsOf<SchemaLessonCategoryAdminUpdate>()(['title', 'description', 'image', 'order']),
  lessons: fieldsOf<SchemaLessonAdminUpdate>()([
    'category_id',
    'title',
    'short_description',
    'description',
    'preview',
    'video_url',
    'video_file',
    'duration_seconds',
    'is_free',
    'order',
    'is_published',
    'published_at',
  ]),
  'lesson-materials': fieldsOf<SchemaLessonMaterialAdminUpdate>()([
    'lesson_id',
    'title',
    'file',
    'url',
    'mime_type',
    'size_bytes',
    'order',
  ]),
  books: fieldsOf<SchemaBookAdminUpdate>()([
    'title',
    'author',
    'description',
    'cover',
    'pdf',
    'price',
    'is_free',
    'pages',
    'language',
    'is_published',
    'published_at',
  ]),
  products: fieldsOf<SchemaProductAdminUpdate>()([
    'name',
    'description',
    'photos',
    'price',
    'made_to_order',
    'stock',
    'is_published',
  ]),
  news: fieldsOf<SchemaNewsAdminUpdate>()(['title', 'summary', 'body', 'image', 'is_important', 'published_at']),
  events: fieldsOf<SchemaEventAdminUpdate>()([
    'title',
    'description',
    'starts_at',
    'ends_at',
    'time_zone',
    'place',
    'online_url',
    'image',
    'is_published',
  ]),
  broadcasts: fieldsOf<SchemaBroadcastAdminUpdate>()([
    'title',
    'description',
    'starts_at',
    'ends_at',
    'time_zone',
    'url',
    'audience',
    'package_id',
    'recording_lesson_id',
    'is_published',
  ]),
  configs: fieldsOf<SchemaConfigAdminUpdate>()(['key', 'value', 'description', 'is_public']),
  'footer-links': fieldsOf<SchemaFooterLinkAdminUpdate>()(['title', 'title_translations', 'url', 'order']),
  packages: fieldsOf<SchemaPackageAdminUpdate>()(['name', 'description', 'is_active', 'category_ids']),
} as const;

export const ADMIN_USER_CREATE_FIELDS = fieldsOf<SchemaAdminUserCreate>()([
  'email',
  'phone',
  'first_name',
  'last_name',
  'city',
  'country',
  'time_zone',
  'language',
  'role',
  'is_active',
  'is_partner',
  'password',
  'lead_status',
  'responsible_id',
  'default_region',
  'send_invitation',
]);

export const ADMIN_USER_UPDATE_FIELDS = fieldsOf<SchemaAdminUserUpdate>()([
  'email',
  'phone',
  'first_name',
  'last_name',
  'city',
  'country',
  'time_zone',
  'language',
  'role',
  'is_active',
  'is_partner',
  'password',
  'lead_status',
  'responsible_id',
  'default_region',
]);

export const LEAD_USER_FIELDS = fieldsOf<SchemaCreateLeadUserRequest>()([
  'first_name',
  'last_name',
  'email',
  'phone',
  'country',
  'city',
  'language',
  'tag_id',
  'consultant_id',
  'default_region',
  'send_invitation',
  'time_zone',
]);

/** The listed fields of a record that it has (undefined ones left out, as JSON would). */
export function pick(data: unknown, fields: readonly string[]): Record<string, unknown> {
  const record = (data ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    fields.filter((f) => Object.hasOwn(record, f) && record[f] !== undefined).map((f) => [f, record[f]]),
  );
}
