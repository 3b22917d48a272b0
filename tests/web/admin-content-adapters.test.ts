import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { SchemaLessonAdmin, SchemaOutboxMail, SchemaPackageAdmin } from '../../src/api/schema';
import { dataProvider } from '../../src/web/providers/data';
import { http, mockApi } from '../setup/msw';

const server = mockApi();

const lesson = (id: number, extra: Partial<SchemaLessonAdmin> = {}): SchemaLessonAdmin => ({
  id,
  category_id: 2,
  title: `Lesson ${id}`,
  short_description: '',
  description: '<p>Text</p>',
  preview: null,
  video_url: null,
  video_file: null,
  duration_seconds: 60,
  is_free: false,
  order: id,
  is_published: true,
  published_at: '2026-01-01T09:00:00.000Z',
  created_at: '2026-01-01T09:00:00.000Z',
  updated_at: '2026-01-01T09:00:00.000Z',
  ...extra,
});

/** The query a simple-REST call sent, with sort, range and filter parsed back from their JSON. */
function queryOf(request: Request): Record<string, unknown> {
  const params = new URL(request.url).searchParams;
  return Object.fromEntries([...params.entries()].map(([k, v]) => [k, JSON.parse(v) as unknown]));
}

describe('admin content adapters (simple REST through the typed client)', () => {
  it('getList sends sort, range and filter as JSON and reads the total from Content-Range', async () => {
    let query: Record<string, unknown> = {};
    server.use(
      http.get('/admin/lessons', ({ request, response }) => {
        query = queryOf(request);
        return response(200).json([lesson(26), lesson(27)], { headers: { 'Content-Range': 'lessons 25-26/42' } });
      }),
    );
    const res = await dataProvider.getList<SchemaLessonAdmin>('admin/lessons', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'order', order: 'DESC' },
      filter: { q: 'intro', category_id: 2, is_free: false },
    });
    expect(res).toEqual({ data: [lesson(26), lesson(27)], total: 42 });
    expect(query).toEqual({
      sort: ['order', 'DESC'],
      range: [25, 49],
      filter: { q: 'intro', category_id: 2, is_free: false },
    });
  });

  it('getList without paging or sort uses ra-data-simple-rest defaults and leaves an absent filter out', async () => {
    let search = '';
    server.use(
      http.get('/admin/outbox', ({ request, response }) => {
        search = new URL(request.url).search;
        return response(200).json([], { headers: { 'Content-Range': 'outbox 0-0/0' } });
      }),
    );
    const res = await dataProvider.getList<SchemaOutboxMail>('outbox', { filter: undefined });
    expect(res).toEqual({ data: [], total: 0 });
    expect(Object.fromEntries(new URLSearchParams(search))).toEqual({ sort: '["id","ASC"]', range: '[0,9]' });
  });

  it('a list answer without Content-Range is refused, as ra-data-simple-rest does', async () => {
    server.use(http.get('/admin/books', ({ response }) => response(200).json([])));
    await expect(
      dataProvider.getList('admin/books', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      }),
    ).rejects.toThrow(/Content-Range header is missing/);
  });

  it('getMany asks the list for the ids; getManyReference adds the target to the filter', async () => {
    const queries: Record<string, unknown>[] = [];
    server.use(
      http.get('/admin/lessons', ({ request, response }) => {
        queries.push(queryOf(request));
        return response(200).json([lesson(3), lesson(5)], { headers: { 'Content-Range': 'lessons 0-1/2' } });
      }),
    );
    expect(
      (await dataProvider.getMany<SchemaLessonAdmin>('admin/lessons', { ids: [3, 5] })).data.map((l) => l.id),
    ).toEqual([3, 5]);
    const ref = await dataProvider.getManyReference<SchemaLessonAdmin>('admin/lessons', {
      target: 'category_id',
      id: 2,
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'order', order: 'ASC' },
      filter: { is_published: true },
    });
    expect(ref.total).toBe(2);
    expect(queries).toEqual([
      { filter: { id: [3, 5] } },
      { sort: ['order', 'ASC'], range: [0, 99], filter: { is_published: true, category_id: 2 } },
    ]);
  });

  it('getOne reads the record by id', async () => {
    server.use(
      http.get('/admin/lessons/{id}', ({ params, response }) => response(200).json(lesson(Number(params.id)))),
    );
    expect((await dataProvider.getOne<SchemaLessonAdmin>('admin/lessons', { id: 9 })).data).toEqual(lesson(9));
  });

  it('create and update send only the request schema fields', async () => {
    const bodies: unknown[] = [];
    const pack: SchemaPackageAdmin = {
      id: 4,
      name: 'Starter',
      description: '',
      is_active: true,
      category_ids: [1],
      created_at: '2026-01-01T09:00:00.000Z',
      updated_at: '2026-01-01T09:00:00.000Z',
    };
    server.use(
      http.post('/admin/packages', async ({ request, response }) => {
        bodies.push(await request.json());
        return response(201).json(pack);
      }),
      http.put('/admin/packages/{id}', async ({ request, params, response }) => {
        bodies.push([params.id, await request.json()]);
        return response(200).json({ ...pack, name: 'Pro' });
      }),
    );
    const created = await dataProvider.create<SchemaPackageAdmin>('admin/packages', {
      data: { name: 'Starter', description: '', is_active: true, category_ids: [1], id: 99, extra: 'x' },
    });
    expect(created.data).toEqual(pack);
    const updated = await dataProvider.update<SchemaPackageAdmin>('admin/packages', {
      id: 4,
      data: { ...pack, name: 'Pro' },
      previousData: pack,
    });
    expect(updated.data.name).toBe('Pro');
    expect(bodies).toEqual([
      { name: 'Starter', description: '', is_active: true, category_ids: [1] },
      ['4', { name: 'Pro', description: '', is_active: true, category_ids: [1] }],
    ]);
  });

  it('delete and deleteMany call DELETE per id and answer the ids', async () => {
    const deleted: string[] = [];
    server.use(
      http.delete('/admin/lessons/{id}', ({ params, response }) => {
        deleted.push(params.id);
        return response(200).json(lesson(Number(params.id)));
      }),
    );
    expect(
      (await dataProvider.delete<SchemaLessonAdmin>('admin/lessons', { id: 7, previousData: lesson(7) })).data,
    ).toEqual(lesson(7));
    expect((await dataProvider.deleteMany('admin/lessons', { ids: [8, 9] })).data).toEqual([8, 9]);
    expect(deleted.sort()).toEqual(['7', '8', '9']);
  });

  it("turns a 400 into react-admin's HttpError with the field errors", async () => {
    server.use(
      http.post('/admin/lessons', ({ response }) => response(400).json({ title: ['Please, fill this field'] })),
    );
    const err: unknown = await dataProvider.create('admin/lessons', { data: { title: '' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 400, body: { errors: { title: 'Please, fill this field' } } });
  });

  it('the outbox is read only', async () => {
    await expect(dataProvider.delete('outbox', { id: 1 })).rejects.toThrow(/has no delete/);
  });
});
