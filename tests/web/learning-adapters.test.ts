import { QueryClient } from '@tanstack/react-query';
import { HttpResponse } from 'msw';
import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type {
  SchemaBookDetail,
  SchemaEventBrief,
  SchemaLessonBrief,
  SchemaLessonCategory,
  SchemaLessonComment,
  SchemaNewsBrief,
} from '../../src/api/schema';
import { dataProvider } from '../../src/web/providers/data';
import { isLearningQuery } from '../../src/web/features/learning/data';
import { http, mockApi } from '../setup/msw';

const server = mockApi();

const at = '2026-01-01T10:00:00.000Z';
const pageOf = <T>(results: T[], count: number, next: string | null = null) => ({
  count,
  next,
  previous: null,
  current: 1,
  total_count: count,
  results,
});
const category = (id: number): SchemaLessonCategory =>
  ({
    id,
    title: `Category ${id}`,
    description: '',
    image: null,
    lessons_count: 4,
    completed_count: 1,
  }) as unknown as SchemaLessonCategory;
const lesson = (id: number): SchemaLessonBrief =>
  ({
    id,
    title: `Lesson ${id}`,
    category: { id: 2, title: 'Category 2' },
    preview: null,
    duration_seconds: 60,
    order: id,
    access: { is_free: false, locked: false },
    progress: null,
    published_at: at,
  }) as unknown as SchemaLessonBrief;
const comment = (id: number, extra: Partial<SchemaLessonComment> = {}): SchemaLessonComment => ({
  id,
  lesson: 5,
  author: { id: 9, first_name: 'Lea', last_name: 'Learner' },
  text: `Comment ${id}`,
  created_at: at,
  is_hidden: false,
  ...extra,
});
const news = (id: number): SchemaNewsBrief => ({
  id,
  title: `News ${id}`,
  summary: '',
  image: null,
  is_important: id === 1,
  published_at: at,
});
const event = (id: number): SchemaEventBrief =>
  ({
    id,
    title: `Event ${id}`,
    starts_at: at,
    ends_at: null,
    place: '',
    online_url: null,
  }) as unknown as SchemaEventBrief;
const book = (id: number, extra: Partial<SchemaBookDetail> = {}): SchemaBookDetail =>
  ({
    id,
    title: `Book ${id}`,
    price: '5.00',
    can_read: false,
    purchase_status: null,
    pdf: null,
    ...extra,
  }) as unknown as SchemaBookDetail;

describe('learning/lessons', () => {
  it('getList posts the category and completion, sends page, size and search, and gives the category as meta', async () => {
    let query: URLSearchParams | undefined;
    let body: unknown;
    server.use(
      http.post('/navigator/lesson/list/', async ({ request }) => {
        query = new URL(request.url).searchParams;
        body = await request.json();
        return HttpResponse.json({ ...pageOf([lesson(1), lesson(2)], 14), category: category(2) });
      }),
    );
    const res = await dataProvider.getList('learning/lessons', {
      pagination: { page: 2, perPage: 12 },
      sort: { field: 'id', order: 'DESC' },
      filter: { category: 2, q: 'intro', completed: false },
    });
    expect(res).toMatchObject({
      total: 14,
      data: [{ id: 1 }, { id: 2 }],
      meta: { category: { id: 2, completed_count: 1 } },
    });
    expect(Object.fromEntries(query!)).toEqual({ page: '2', page_size: '12', search: 'intro' });
    expect(body).toEqual({ category: 2, completed: false });
  });

  it('getList with `free` lists the free lessons; the categories are their own resource', async () => {
    server.use(
      http.get('/navigator/lesson/free/list/', () => HttpResponse.json([lesson(3)])),
      http.get('/navigator/categories/list/', () => HttpResponse.json([category(1), category(2)])),
    );
    const params = { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' as const } };
    expect(await dataProvider.getList('learning/lessons', { ...params, filter: { free: true } })).toMatchObject({
      total: 1,
      data: [{ id: 3 }],
    });
    expect(await dataProvider.getList('learning/categories', { ...params, filter: {} })).toMatchObject({
      total: 2,
      data: [{ id: 1 }, { id: 2 }],
    });
  });

  it('getOne reads a lesson; an unknown one is a 404 HttpError', async () => {
    server.use(
      http.get('/navigator/lesson/view/{id}/', ({ params }) =>
        params.id === '5'
          ? HttpResponse.json({ ...lesson(5), materials: [], description: '' } as never)
          : HttpResponse.json({ detail: 'Not found.', code: 'not_found' }, { status: 404 }),
      ),
    );
    expect((await dataProvider.getOne('learning/lessons', { id: 5 })).data).toMatchObject({ id: 5, materials: [] });
    const err = await dataProvider.getOne('learning/lessons', { id: 6 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 404 });
  });

  it('recordLessonView posts the position (keepalive when leaving); getLessonDashboard reads the dashboard', async () => {
    let body: unknown;
    let keepalive: boolean | undefined;
    server.use(
      http.post('/navigator/lesson/view/{id}/', async ({ request, params }) => {
        body = await request.json();
        keepalive = request.keepalive;
        return HttpResponse.json({
          position_seconds: 30,
          percent: 50,
          completed: false,
          id: Number(params.id),
        } as never);
      }),
      http.get('/navigator/lessons/dashboard/', () =>
        HttpResponse.json({ in_progress: [lesson(1)], latest: [], total_count: 4, completed_count: 1 }),
      ),
    );
    expect(await dataProvider.recordLessonView(5, { time: 30, duration: 60 }, true)).toMatchObject({ percent: 50 });
    expect(body).toEqual({ time: 30, duration: 60 });
    expect(keepalive).toBe(true);
    expect(await dataProvider.getLessonDashboard()).toMatchObject({ total_count: 4, in_progress: [{ id: 1 }] });
  });
});

describe('learning/comments', () => {
  it("getList pages a lesson's comments and says whether there is a next page", async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get('/navigator/comments/', ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json(pageOf([comment(2), comment(1)], 21, '?page=2'));
      }),
    );
    const res = await dataProvider.getList('learning/comments', {
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'id', order: 'DESC' },
      filter: { lesson: 5 },
    });
    expect(res).toMatchObject({
      total: 21,
      data: [{ id: 2 }, { id: 1 }],
      pageInfo: { hasNextPage: true, hasPreviousPage: false },
    });
    expect(Object.fromEntries(query!)).toEqual({ lesson: '5', page: '1', page_size: '20' });
  });

  it('create adds a comment; a blank one comes back as the field error under body.errors', async () => {
    server.use(
      http.post('/navigator/comments/', async ({ request }) => {
        const body = (await request.json()) as { text: string; lesson: number };
        return body.text
          ? HttpResponse.json(comment(3, { text: body.text }), { status: 201 })
          : HttpResponse.json({ text: ['This field cannot be empty'] }, { status: 400 });
      }),
    );
    expect(
      (await dataProvider.create('learning/comments', { data: { text: 'Thanks', lesson: 5 } })).data,
    ).toMatchObject({ id: 3, text: 'Thanks' });
    const err = await dataProvider
      .create('learning/comments', { data: { text: '', lesson: 5 } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 400, body: { errors: { text: 'This field cannot be empty' } } });
  });

  it('update hides or shows a comment through moderation; delete removes it', async () => {
    let moderated: unknown;
    let deleted: string | undefined;
    server.use(
      http.post('/navigator/comments/{id}/moderation/', async ({ request, params }) => {
        moderated = await request.json();
        return HttpResponse.json(comment(Number(params.id), { is_hidden: true }));
      }),
      http.delete('/navigator/comments/{id}/', ({ params }) => {
        deleted = params.id;
        return HttpResponse.json({ ok: true } as never);
      }),
    );
    const hidden = await dataProvider.update('learning/comments', {
      id: 4,
      data: { is_hidden: true },
      previousData: comment(4),
    });
    expect(hidden.data).toMatchObject({ id: 4, is_hidden: true });
    expect(moderated).toEqual({ is_hidden: true });
    expect((await dataProvider.delete('learning/comments', { id: 4, previousData: comment(4) })).data).toMatchObject({
      id: 4,
    });
    expect(deleted).toBe('4');
  });
});

describe('learning/news and learning/events', () => {
  it('news getList sends the search and only-important filter; getImportantNews reads the highlighted ones', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get('/news/list', ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json(pageOf([news(1)], 1));
      }),
      http.get('/news/important/', () => HttpResponse.json([news(1)])),
    );
    const res = await dataProvider.getList('learning/news', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'DESC' },
      filter: { q: 'meet', important: true },
    });
    expect(res).toMatchObject({ total: 1, data: [{ id: 1 }] });
    expect(Object.fromEntries(query!)).toEqual({ page: '1', page_size: '10', search: 'meet', is_important: 'true' });
    expect(await dataProvider.getImportantNews()).toMatchObject([{ id: 1, is_important: true }]);
  });

  it('events getList sends the period and the search; getNearestEvents the limit; getEventIcs returns the calendar file as text', async () => {
    let query: URLSearchParams | undefined;
    let limit: string | null = null;
    server.use(
      http.get('/events/list/', ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json(pageOf([event(7)], 1));
      }),
      http.get('/events/nearest/', ({ request }) => {
        limit = new URL(request.url).searchParams.get('limit');
        return HttpResponse.json([event(8)]);
      }),
      http.get(
        '/events/view/{id}/ics',
        () =>
          new HttpResponse('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', {
            headers: { 'Content-Type': 'text/calendar' },
          }) as never,
      ),
    );
    const res = await dataProvider.getList('learning/events', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'DESC' },
      filter: { period: 'past', q: 'fair' },
    });
    expect(res).toMatchObject({ total: 1, data: [{ id: 7 }] });
    expect(Object.fromEntries(query!)).toEqual({ period: 'past', search: 'fair', page: '1', page_size: '10' });
    // No search, no parameter.
    await dataProvider.getList('learning/events', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'id', order: 'DESC' },
      filter: {},
    });
    expect(Object.fromEntries(query!)).toEqual({ period: 'upcoming', page: '2', page_size: '10' });
    expect(await dataProvider.getNearestEvents(3)).toMatchObject([{ id: 8 }]);
    expect(limit).toBe('3');
    expect(await dataProvider.getEventIcs(7)).toContain('BEGIN:VCALENDAR');
  });
});

describe("learning/books, configs and the member's requests", () => {
  it('books getList reads every book; purchaseBook posts the book and returns the new state; a refusal is a 400 HttpError', async () => {
    server.use(
      http.get('/books/list/', () => HttpResponse.json([book(1), book(2)] as never)),
      http.post('/books/purchase/', async ({ request }) => {
        const { book: id } = (await request.json()) as { book: number };
        return id === 1
          ? HttpResponse.json({
              status: 'purchased' as const,
              payment_url: null,
              book: book(1, { can_read: true, purchase_status: 'paid' }),
            })
          : HttpResponse.json({ non_field_errors: ['You already have this book.'] }, { status: 400 });
      }),
    );
    expect(
      await dataProvider.getList('learning/books', {
        pagination: { page: 1, perPage: 25 },
        sort: { field: 'id', order: 'DESC' },
        filter: {},
      }),
    ).toMatchObject({ total: 2 });
    expect(await dataProvider.purchaseBook(1)).toMatchObject({ status: 'purchased', book: { id: 1, can_read: true } });
    const err = await dataProvider.purchaseBook(2).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 400, body: { errors: { non_field_errors: 'You already have this book.' } } });
  });

  it("getConfigs reads the public settings; createMyTicket and getMyTicket are the member's request methods", async () => {
    let sent: unknown;
    server.use(
      http.get('/configs/get_all_configs/', () =>
        HttpResponse.json({ configs: { 'donations.enabled': true } } as never),
      ),
      http.post('/tickets/create/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ id: 12, subject: 'Help' } as never, { status: 201 });
      }),
      http.get('/tickets/my/{id}/', ({ params }) =>
        HttpResponse.json({ id: Number(params.id), subject: 'Help', messages: [] } as never),
      ),
    );
    expect(await dataProvider.getConfigs()).toMatchObject({ configs: { 'donations.enabled': true } });
    expect(await dataProvider.createMyTicket({ type: 'question', subject: 'Help', message: 'How?' })).toMatchObject({
      id: 12,
    });
    expect(sent).toEqual({ type: 'question', subject: 'Help', message: 'How?' });
    expect(await dataProvider.getMyTicket(12)).toMatchObject({ id: 12, messages: [] });
  });
});

describe('the learning refresh', () => {
  it('after watching or buying, the learning lists and views go stale, but not the open lesson, the comments or other areas', async () => {
    const client = new QueryClient();
    const keys = {
      books: ['learning/books', 'getList', { meta: { locale: 'en' } }],
      book: ['learning/books', 'getOne', { id: '1', meta: { locale: 'en', view: true } }],
      lessons: ['learning/lessons', 'getList', { meta: { locale: 'en' } }],
      lesson: ['learning/lessons', 'getOne', { id: '5', meta: { locale: 'en', view: true } }],
      comments: ['learning/comments', 'getInfiniteList', {}],
      dashboard: ['getLessonDashboard', 'en'],
      tickets: ['tickets', 'getList', {}],
    } as const;
    for (const key of Object.values(keys)) client.setQueryData(key, {});
    await client.invalidateQueries({ predicate: isLearningQuery });
    const stale = Object.fromEntries(
      Object.entries(keys).map(([name, key]) => [name, client.getQueryState(key)?.isInvalidated]),
    );
    expect(stale).toEqual({
      books: true,
      book: true,
      lessons: true,
      lesson: false,
      comments: false,
      dashboard: true,
      tickets: false,
    });
  });
});
