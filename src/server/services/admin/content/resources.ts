import { eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type {
  SchemaBookAdmin,
  SchemaBookAdminUpdate,
  SchemaConfigAdmin,
  SchemaConfigAdminUpdate,
  SchemaEventAdmin,
  SchemaEventAdminUpdate,
  SchemaFooterLinkAdmin,
  SchemaFooterLinkAdminUpdate,
  SchemaLessonAdmin,
  SchemaLessonAdminUpdate,
  SchemaLessonCategoryAdmin,
  SchemaLessonCategoryAdminUpdate,
  SchemaLessonMaterialAdmin,
  SchemaLessonMaterialAdminUpdate,
  SchemaNewsAdmin,
  SchemaNewsAdminUpdate,
  SchemaPackageAdmin,
  SchemaPackageAdminUpdate,
} from '../../../../api/schema';
import type { AppContext } from '../../../context';
import {
  books,
  configs,
  events,
  footerLinks,
  lessonCategories,
  lessonMaterials,
  lessons,
  news,
  packageCategories,
  packages,
} from '../../../db/schema';
import { FieldErrors } from '../../../errors';
import { plainText } from '../../content/html';
import { centsToMoney, moneyToCents } from '../../content/money';
import { forgetLessonTotals } from '../../lessons/totals';
import { isTimeZone } from '../../time-zones';
import type { Resource } from './engine';
import { date, given, html, IMAGE, link } from './fields';

function iso(d: Date): string;
function iso(d: Date | null): string | null;
function iso(d: Date | null) {
  return d ? d.toISOString() : null;
}
export const like = (v: unknown) => `%${String(v).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const bool = (v: unknown) => v === true || v === 'true';
const byId = (v: unknown) => Number(v);

export const lessonCategoriesResource: Resource<
  typeof lessonCategories,
  SchemaLessonCategoryAdminUpdate,
  SchemaLessonCategoryAdmin,
  number
> = {
  name: 'lesson-categories',
  table: lessonCategories,
  sortable: {
    id: lessonCategories.id,
    title: lessonCategories.title,
    order: lessonCategories.order,
    created_at: lessonCategories.createdAt,
  },
  defaultSort: ['order', 'ASC'],
  filters: { q: (v) => ilike(lessonCategories.title, like(v)) },
  required: { title: 'title' },
  columns: (_ctx, input) => ({
    title: input.title,
    description: input.description,
    order: input.order,
    image: given(input.image, (v) => link('image', v, IMAGE)),
  }),
  extras: async (ctx: AppContext, ids) => {
    const rows = await ctx.db
      .select({ id: lessons.categoryId, n: sql<number>`count(*)::int` })
      .from(lessons)
      .where(inArray(lessons.categoryId, ids))
      .groupBy(lessons.categoryId);
    return new Map(rows.map((r) => [r.id, r.n]));
  },
  view: (r, lessonsCount) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    image: r.image,
    order: r.order,
    lessons_count: lessonsCount ?? 0,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  }),
};

export const lessonsResource: Resource<typeof lessons, SchemaLessonAdminUpdate, SchemaLessonAdmin> = {
  name: 'lessons',
  table: lessons,
  sortable: {
    id: lessons.id,
    title: lessons.title,
    order: lessons.order,
    category_id: lessons.categoryId,
    published_at: lessons.publishedAt,
    is_free: lessons.isFree,
    duration_seconds: lessons.durationSeconds,
  },
  defaultSort: ['id', 'DESC'],
  filters: {
    q: (v) => ilike(lessons.title, like(v)),
    category_id: (v) => eq(lessons.categoryId, byId(v)),
    is_free: (v) => eq(lessons.isFree, bool(v)),
    is_published: (v) => eq(lessons.isPublished, bool(v)),
  },
  constraintFields: { lessons_category_id_lesson_categories_id_fk: 'category_id' },
  required: { categoryId: 'category_id', title: 'title' },
  onChange: forgetLessonTotals,
  columns: (_ctx, input, existing) => {
    const out = {
      categoryId: input.category_id,
      title: input.title,
      durationSeconds: input.duration_seconds,
      isFree: input.is_free,
      order: input.order,
      isPublished: input.is_published,
      shortDescription: given(input.short_description, plainText),
      description: given(input.description, html),
      preview: given(input.preview, (v) => link('preview', v, IMAGE)),
      videoUrl: given(input.video_url, (v) => link('video_url', v, {})),
      videoFile: given(input.video_file, (v) => link('video_file', v, { media: ['videos'], http: false })),
      publishedAt: given(input.published_at, date),
    };
    const videoUrl = out.videoUrl === undefined ? existing?.videoUrl : out.videoUrl;
    const videoFile = out.videoFile === undefined ? existing?.videoFile : out.videoFile;
    if (videoUrl && videoFile) throw FieldErrors.of('video_file', 'video_source_one');
    return out;
  },
  view: (r) => ({
    id: r.id,
    category_id: r.categoryId,
    title: r.title,
    short_description: r.shortDescription,
    description: r.description,
    preview: r.preview,
    video_url: r.videoUrl,
    video_file: r.videoFile,
    duration_seconds: r.durationSeconds,
    is_free: r.isFree,
    order: r.order,
    is_published: r.isPublished,
    published_at: iso(r.publishedAt),
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  }),
};

export const lessonMaterialsResource: Resource<
  typeof lessonMaterials,
  SchemaLessonMaterialAdminUpdate,
  SchemaLessonMaterialAdmin
> = {
  name: 'lesson-materials',
  table: lessonMaterials,
  sortable: {
    id: lessonMaterials.id,
    title: lessonMaterials.title,
    order: lessonMaterials.order,
    lesson_id: lessonMaterials.lessonId,
  },
  defaultSort: ['order', 'ASC'],
  filters: { q: (v) => ilike(lessonMaterials.title, like(v)), lesson_id: (v) => eq(lessonMaterials.lessonId, byId(v)) },
  constraintFields: { lesson_materials_lesson_id_lessons_id_fk: 'lesson_id' },
  required: { lessonId: 'lesson_id', title: 'title' },
  columns: (_ctx, input, existing) => {
    const out = {
      lessonId: input.lesson_id,
      title: input.title,
      mimeType: input.mime_type,
      sizeBytes: input.size_bytes,
      order: input.order,
      file: given(input.file, (v) =>
        link('file', v, { media: ['documents', 'pdfs', 'images', 'videos'], http: false }),
      ),
      url: given(input.url, (v) => link('url', v, {})),
    };
    const file = out.file === undefined ? existing?.file : out.file;
    const url = out.url === undefined ? existing?.url : out.url;
    if (!file && !url) throw FieldErrors.of('file', 'material_target_required');
    return out;
  },
  view: (r) => ({
    id: r.id,
    lesson_id: r.lessonId,
    title: r.title,
    file: r.file,
    url: r.url,
    mime_type: r.mimeType,
    size_bytes: r.sizeBytes,
    order: r.order,
  }),
};

export const booksResource: Resource<typeof books, SchemaBookAdminUpdate, SchemaBookAdmin> = {
  name: 'books',
  table: books,
  sortable: {
    id: books.id,
    title: books.title,
    author: books.author,
    published_at: books.publishedAt,
    price: books.priceCents,
  },
  defaultSort: ['published_at', 'DESC'],
  filters: {
    q: (v) => or(ilike(books.title, like(v)), ilike(books.author, like(v))),
    is_free: (v) => eq(books.isFree, bool(v)),
  },
  required: { title: 'title' },
  columns: (_ctx, input, existing) => {
    const out = {
      title: input.title,
      author: input.author,
      isFree: input.is_free,
      pages: input.pages,
      language: input.language,
      isPublished: input.is_published,
      description: given(input.description, html),
      cover: given(input.cover, (v) => link('cover', v, IMAGE)),
      pdf: given(input.pdf, (v) => link('pdf', v, { media: ['pdfs'], http: false })),
      publishedAt: given(input.published_at, date),
      priceCents: given(input.price, (price) => {
        const cents = moneyToCents(price);
        if (!Number.isFinite(cents) || cents < 0) throw FieldErrors.of('price', 'field_invalid');
        return cents;
      }),
    };
    const isFree = out.isFree ?? existing?.isFree ?? false;
    if (isFree) out.priceCents = 0;
    else if ((out.priceCents ?? existing?.priceCents ?? 0) <= 0) throw FieldErrors.of('price', 'free_book_price');
    // A book on sale (priced and published) needs its file: a buyer must get something to read.
    const pdf = out.pdf === undefined ? existing?.pdf : out.pdf;
    if (!isFree && (out.isPublished ?? existing?.isPublished ?? true) && !pdf)
      throw FieldErrors.of('pdf', 'book_pdf_required');
    return out;
  },
  view: (r) => ({
    id: r.id,
    title: r.title,
    author: r.author,
    description: r.description,
    cover: r.cover,
    pdf: r.pdf,
    price: centsToMoney(r.priceCents),
    is_free: r.isFree,
    pages: r.pages,
    language: r.language,
    is_published: r.isPublished,
    published_at: iso(r.publishedAt),
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  }),
};

export const newsResource: Resource<typeof news, SchemaNewsAdminUpdate, SchemaNewsAdmin> = {
  name: 'news',
  table: news,
  sortable: { id: news.id, title: news.title, published_at: news.publishedAt, is_important: news.isImportant },
  defaultSort: ['published_at', 'DESC'],
  filters: { q: (v) => ilike(news.title, like(v)), is_important: (v) => eq(news.isImportant, bool(v)) },
  required: { title: 'title' },
  columns: (_ctx, input) => ({
    title: input.title,
    isImportant: input.is_important,
    summary: given(input.summary, plainText),
    body: given(input.body, html),
    image: given(input.image, (v) => link('image', v, IMAGE)),
    publishedAt: given(input.published_at, (v) => (v === null ? null : date(v))),
  }),
  view: (r) => ({
    id: r.id,
    title: r.title,
    summary: r.summary,
    body: r.body,
    image: r.image,
    is_important: r.isImportant,
    published_at: iso(r.publishedAt),
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  }),
};

export const eventsResource: Resource<typeof events, SchemaEventAdminUpdate, SchemaEventAdmin> = {
  name: 'events',
  table: events,
  sortable: { id: events.id, title: events.title, starts_at: events.startsAt },
  defaultSort: ['starts_at', 'DESC'],
  filters: {
    q: (v) => ilike(events.title, like(v)),
    upcoming: (v) => (bool(v) ? sql`coalesce(${events.endsAt}, ${events.startsAt}) >= now()` : undefined),
  },
  required: { title: 'title', startsAt: 'starts_at', timeZone: 'time_zone' },
  columns: (_ctx, input, existing) => {
    const out = {
      title: input.title,
      place: input.place === '' ? null : input.place,
      isPublished: input.is_published,
      description: given(input.description, html),
      startsAt: given(input.starts_at, date),
      endsAt: given(input.ends_at, (v) => (v === null ? null : date(v))),
      onlineUrl: given(input.online_url, (v) => link('online_url', v, {})),
      image: given(input.image, (v) => link('image', v, IMAGE)),
      timeZone: given(input.time_zone, (tz) => {
        if (!isTimeZone(tz)) throw FieldErrors.of('time_zone', 'time_zone_invalid');
        return tz;
      }),
    };
    const start = out.startsAt ?? existing?.startsAt;
    const end = out.endsAt === undefined ? existing?.endsAt : out.endsAt;
    if (end && start && end.getTime() < start.getTime()) throw FieldErrors.of('ends_at', 'end_before_start');
    return out;
  },
  view: (r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    starts_at: iso(r.startsAt),
    ends_at: iso(r.endsAt),
    time_zone: r.timeZone,
    place: r.place,
    online_url: r.onlineUrl,
    image: r.image,
    is_published: r.isPublished,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  }),
};

export const configsResource: Resource<typeof configs, SchemaConfigAdminUpdate, SchemaConfigAdmin> = {
  name: 'configs',
  table: configs,
  sortable: { id: configs.id, key: configs.key, updated_at: configs.updatedAt },
  defaultSort: ['key', 'ASC'],
  filters: { q: (v) => ilike(configs.key, like(v)), is_public: (v) => eq(configs.isPublic, bool(v)) },
  constraintFields: { configs_key_unique: 'key' },
  required: { key: 'key' },
  columns: (_ctx, input) => ({
    key: input.key,
    value: input.value,
    description: input.description,
    isPublic: input.is_public,
  }),
  view: (r) => ({
    id: r.id,
    key: r.key,
    value: r.value ?? null,
    description: r.description,
    is_public: r.isPublic,
    updated_at: iso(r.updatedAt),
  }),
};

export const footerLinksResource: Resource<typeof footerLinks, SchemaFooterLinkAdminUpdate, SchemaFooterLinkAdmin> = {
  name: 'footer-links',
  table: footerLinks,
  sortable: { id: footerLinks.id, title: footerLinks.title, order: footerLinks.order },
  defaultSort: ['order', 'ASC'],
  filters: { q: (v) => ilike(footerLinks.title, like(v)) },
  required: { title: 'title', url: 'url' },
  columns: (_ctx, input) => ({
    title: input.title,
    // Kept without the languages left empty, so that those show `title`.
    titleTranslations: given(input.title_translations, (v) =>
      Object.fromEntries(Object.entries(v).flatMap(([lang, text]) => (text.trim() ? [[lang, text.trim()]] : []))),
    ),
    order: input.order,
    url: given(input.url, (v) => link('url', v, { mailto: true, appPath: true }) ?? ''),
  }),
  view: (r) => ({ id: r.id, title: r.title, title_translations: r.titleTranslations, url: r.url, order: r.order }),
};

export const packagesResource: Resource<typeof packages, SchemaPackageAdminUpdate, SchemaPackageAdmin, number[]> = {
  name: 'packages',
  table: packages,
  sortable: { id: packages.id, name: packages.name, created_at: packages.createdAt },
  defaultSort: ['id', 'ASC'],
  filters: { q: (v) => ilike(packages.name, like(v)), is_active: (v) => eq(packages.isActive, bool(v)) },
  constraintFields: { package_categories_category_id_lesson_categories_id_fk: 'category_ids' },
  required: { name: 'name' },
  columns: (_ctx, input) => ({ name: input.name, description: input.description, isActive: input.is_active }),
  afterSave: async (tx, id, input) => {
    if (input.category_ids === undefined) return;
    const ids = [...new Set(input.category_ids)];
    await tx.delete(packageCategories).where(eq(packageCategories.packageId, id));
    if (ids.length) await tx.insert(packageCategories).values(ids.map((categoryId) => ({ packageId: id, categoryId })));
  },
  extras: async (ctx, ids) => {
    const rows = await ctx.db
      .select({ packageId: packageCategories.packageId, categoryId: packageCategories.categoryId })
      .from(packageCategories)
      .where(inArray(packageCategories.packageId, ids))
      .orderBy(packageCategories.categoryId);
    const map = new Map<number, number[]>();
    for (const r of rows) map.set(r.packageId, [...(map.get(r.packageId) ?? []), r.categoryId]);
    return map;
  },
  view: (r, categoryIds) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    is_active: r.isActive,
    category_ids: categoryIds ?? [],
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  }),
};
