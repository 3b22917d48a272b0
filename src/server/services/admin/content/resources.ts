import { eq, ilike, inArray, or, sql } from 'drizzle-orm';
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
import { FieldErrors } from '../../../http/errors';
import { plainText } from '../../content/html';
import { centsToMoney, moneyToCents } from '../../content/money';
import { forgetLessonTotals } from '../../lessons/totals';
import { isTimeZone } from '../../time-zones';
import type { Resource } from './engine';
import { date, has, html, IMAGE, link, pick } from './fields';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const like = (v: unknown) => `%${String(v).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const bool = (v: unknown) => v === true || v === 'true';
const byId = (v: unknown) => Number(v);

export const lessonCategoriesResource: Resource = {
  name: 'lesson-categories',
  table: lessonCategories,
  sortable: { id: lessonCategories.id, title: lessonCategories.title, order: lessonCategories.order, created_at: lessonCategories.createdAt },
  defaultSort: ['order', 'ASC'],
  filters: { q: (v) => ilike(lessonCategories.title, like(v)) },
  columns: (_ctx, input) => ({
    ...pick(input, { title: 'title', description: 'description', order: 'order' }),
    ...(has(input, 'image') && { image: link('image', input.image, IMAGE) }),
  }),
  extras: async (ctx: AppContext, ids) => {
    const rows = await ctx.db
      .select({ id: lessons.categoryId, n: sql<number>`count(*)::int` })
      .from(lessons)
      .where(inArray(lessons.categoryId, ids))
      .groupBy(lessons.categoryId);
    return new Map(rows.map((r) => [r.id, r.n]));
  },
  view: (r: typeof lessonCategories.$inferSelect, extra) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    image: r.image,
    order: r.order,
    lessons_count: (extra.get(r.id) as number | undefined) ?? 0,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  }),
};

export const lessonsResource: Resource = {
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
  onChange: forgetLessonTotals,
  columns: (_ctx, input, existing: typeof lessons.$inferSelect | null) => {
    const out: Record<string, unknown> = pick(input, {
      category_id: 'categoryId',
      title: 'title',
      duration_seconds: 'durationSeconds',
      is_free: 'isFree',
      order: 'order',
      is_published: 'isPublished',
    });
    if (has(input, 'short_description')) out.shortDescription = plainText(String(input.short_description));
    if (has(input, 'description')) out.description = html(input.description);
    if (has(input, 'preview')) out.preview = link('preview', input.preview, IMAGE);
    if (has(input, 'video_url')) out.videoUrl = link('video_url', input.video_url, {});
    if (has(input, 'video_file')) out.videoFile = link('video_file', input.video_file, { media: ['videos'], http: false });
    if (has(input, 'published_at')) out.publishedAt = date(input.published_at);
    const videoUrl = 'videoUrl' in out ? out.videoUrl : existing?.videoUrl;
    const videoFile = 'videoFile' in out ? out.videoFile : existing?.videoFile;
    if (videoUrl && videoFile) throw FieldErrors.of('video_file', 'video_source_one');
    return out;
  },
  view: (r: typeof lessons.$inferSelect) => ({
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

export const lessonMaterialsResource: Resource = {
  name: 'lesson-materials',
  table: lessonMaterials,
  sortable: { id: lessonMaterials.id, title: lessonMaterials.title, order: lessonMaterials.order, lesson_id: lessonMaterials.lessonId },
  defaultSort: ['order', 'ASC'],
  filters: { q: (v) => ilike(lessonMaterials.title, like(v)), lesson_id: (v) => eq(lessonMaterials.lessonId, byId(v)) },
  constraintFields: { lesson_materials_lesson_id_lessons_id_fk: 'lesson_id' },
  columns: (_ctx, input, existing: typeof lessonMaterials.$inferSelect | null) => {
    const out: Record<string, unknown> = pick(input, {
      lesson_id: 'lessonId',
      title: 'title',
      mime_type: 'mimeType',
      size_bytes: 'sizeBytes',
      order: 'order',
    });
    if (has(input, 'file')) out.file = link('file', input.file, { media: ['documents', 'pdfs', 'images', 'videos'], http: false });
    if (has(input, 'url')) out.url = link('url', input.url, {});
    const file = 'file' in out ? out.file : existing?.file;
    const url = 'url' in out ? out.url : existing?.url;
    if (!file && !url) throw FieldErrors.of('file', 'material_target_required');
    return out;
  },
  view: (r: typeof lessonMaterials.$inferSelect) => ({
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

export const booksResource: Resource = {
  name: 'books',
  table: books,
  sortable: { id: books.id, title: books.title, author: books.author, published_at: books.publishedAt, price: books.priceCents },
  defaultSort: ['published_at', 'DESC'],
  filters: {
    q: (v) => or(ilike(books.title, like(v)), ilike(books.author, like(v))),
    is_free: (v) => eq(books.isFree, bool(v)),
  },
  columns: (_ctx, input, existing: typeof books.$inferSelect | null) => {
    const out: Record<string, unknown> = pick(input, {
      title: 'title',
      author: 'author',
      is_free: 'isFree',
      pages: 'pages',
      language: 'language',
      is_published: 'isPublished',
    });
    if (has(input, 'description')) out.description = html(input.description);
    if (has(input, 'cover')) out.cover = link('cover', input.cover, IMAGE);
    if (has(input, 'pdf')) out.pdf = link('pdf', input.pdf, { media: ['pdfs'], http: false });
    if (has(input, 'published_at')) out.publishedAt = date(input.published_at);
    if (has(input, 'price')) {
      const cents = moneyToCents(String(input.price));
      if (!Number.isFinite(cents) || cents < 0) throw FieldErrors.of('price', 'field_invalid');
      out.priceCents = cents;
    }
    const isFree = (out.isFree ?? existing?.isFree ?? false) as boolean;
    if (isFree) out.priceCents = 0;
    else if (((out.priceCents ?? existing?.priceCents ?? 0) as number) <= 0) throw FieldErrors.of('price', 'free_book_price');
    return out;
  },
  view: (r: typeof books.$inferSelect) => ({
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

export const newsResource: Resource = {
  name: 'news',
  table: news,
  sortable: { id: news.id, title: news.title, published_at: news.publishedAt, is_important: news.isImportant },
  defaultSort: ['published_at', 'DESC'],
  filters: { q: (v) => ilike(news.title, like(v)), is_important: (v) => eq(news.isImportant, bool(v)) },
  columns: (_ctx, input) => {
    const out: Record<string, unknown> = pick(input, { title: 'title', is_important: 'isImportant' });
    if (has(input, 'summary')) out.summary = plainText(String(input.summary));
    if (has(input, 'body')) out.body = html(input.body);
    if (has(input, 'image')) out.image = link('image', input.image, IMAGE);
    if (has(input, 'published_at')) out.publishedAt = input.published_at === null ? null : date(input.published_at);
    return out;
  },
  view: (r: typeof news.$inferSelect) => ({
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

export const eventsResource: Resource = {
  name: 'events',
  table: events,
  sortable: { id: events.id, title: events.title, starts_at: events.startsAt },
  defaultSort: ['starts_at', 'DESC'],
  filters: {
    q: (v) => ilike(events.title, like(v)),
    upcoming: (v) => (bool(v) ? sql`coalesce(${events.endsAt}, ${events.startsAt}) >= now()` : undefined),
  },
  columns: (_ctx, input, existing: typeof events.$inferSelect | null) => {
    const out: Record<string, unknown> = pick(input, { title: 'title', place: 'place', is_published: 'isPublished' });
    if (has(input, 'description')) out.description = html(input.description);
    if (has(input, 'starts_at')) out.startsAt = date(input.starts_at);
    if (has(input, 'ends_at')) out.endsAt = input.ends_at === null ? null : date(input.ends_at);
    if (has(input, 'online_url')) out.onlineUrl = link('online_url', input.online_url, {});
    if (has(input, 'image')) out.image = link('image', input.image, IMAGE);
    if (has(input, 'time_zone')) {
      if (!isTimeZone(String(input.time_zone))) throw FieldErrors.of('time_zone', 'time_zone_invalid');
      out.timeZone = input.time_zone;
    }
    if (out.place === '') out.place = null;
    const start = (out.startsAt ?? existing?.startsAt) as Date;
    const end = ('endsAt' in out ? out.endsAt : existing?.endsAt) as Date | null;
    if (end && start && end.getTime() < start.getTime()) throw FieldErrors.of('ends_at', 'end_before_start');
    return out;
  },
  view: (r: typeof events.$inferSelect) => ({
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

export const configsResource: Resource = {
  name: 'configs',
  table: configs,
  sortable: { id: configs.id, key: configs.key, updated_at: configs.updatedAt },
  defaultSort: ['key', 'ASC'],
  filters: { q: (v) => ilike(configs.key, like(v)), is_public: (v) => eq(configs.isPublic, bool(v)) },
  constraintFields: { configs_key_unique: 'key' },
  columns: (_ctx, input) => pick(input, { key: 'key', value: 'value', description: 'description', is_public: 'isPublic' }),
  view: (r: typeof configs.$inferSelect) => ({
    id: r.id,
    key: r.key,
    value: r.value ?? null,
    description: r.description,
    is_public: r.isPublic,
    updated_at: iso(r.updatedAt),
  }),
};

export const footerLinksResource: Resource = {
  name: 'footer-links',
  table: footerLinks,
  sortable: { id: footerLinks.id, title: footerLinks.title, order: footerLinks.order },
  defaultSort: ['order', 'ASC'],
  filters: { q: (v) => ilike(footerLinks.title, like(v)) },
  columns: (_ctx, input) => ({
    ...pick(input, { title: 'title', order: 'order' }),
    ...(has(input, 'url') && { url: link('url', input.url, { mailto: true, appPath: true }) ?? '' }),
  }),
  view: (r: typeof footerLinks.$inferSelect) => ({ id: r.id, title: r.title, url: r.url, order: r.order }),
};

export const packagesResource: Resource = {
  name: 'packages',
  table: packages,
  sortable: { id: packages.id, name: packages.name, created_at: packages.createdAt },
  defaultSort: ['id', 'ASC'],
  filters: { q: (v) => ilike(packages.name, like(v)), is_active: (v) => eq(packages.isActive, bool(v)) },
  constraintFields: { package_categories_category_id_lesson_categories_id_fk: 'category_ids' },
  columns: (_ctx, input) => pick(input, { name: 'name', description: 'description', is_active: 'isActive' }),
  afterSave: async (tx, id, input) => {
    if (!has(input, 'category_ids')) return;
    const ids = [...new Set(input.category_ids as number[])];
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
  view: (r: typeof packages.$inferSelect, extra) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    is_active: r.isActive,
    category_ids: (extra.get(r.id) as number[] | undefined) ?? [],
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  }),
};
