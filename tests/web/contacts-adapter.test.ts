import { HttpResponse } from 'msw';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { onUnauthorized } from '../../src/api/client';
import type { SchemaContact, SchemaContactCategory } from '../../src/api/schema';
import { dataProvider } from '../../src/web/providers/data';
import { exportContactsCsv } from '../../src/web/features/contacts/data';
import { http, mockApi } from '../setup/msw';

const server = mockApi();

const contact = (id: number, extra: Partial<SchemaContact> = {}): SchemaContact => ({
  id,
  first_name: `First ${id}`,
  last_name: 'Last',
  phone: '+4930555000',
  email: '',
  city: '',
  country: '',
  notes: '',
  categories: [],
  status: null,
  tags: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...extra,
});

const category = (id: number, name: string, is_particular = false): SchemaContactCategory => ({
  id,
  name,
  is_particular,
  contacts_count: 0,
});

/** Every request the handlers saw: method, path with query, and the JSON body if any. */
function recorder() {
  const seen: Array<{ method: string; url: string; body?: unknown }> = [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.clone().text();
    seen.push({ method: request.method, url: url.pathname + url.search, ...(text && { body: JSON.parse(text) }) });
  };
  return { seen, record };
}

describe('contacts adapter', () => {
  it('getList sends search, category, status, paging and ordering and maps the page', async () => {
    const { seen, record } = recorder();
    server.use(
      http.get('/contacts/', async ({ request, response }) => {
        await record(request);
        return response(200).json({
          count: 42,
          next: '?page=3',
          previous: '?page=1',
          current: 2,
          total_count: 50,
          results: [contact(7)],
        });
      }),
    );
    const res = await dataProvider.getList('contacts', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'last_name', order: 'DESC' },
      filter: { q: 'smith', category: 3, status: 2 },
    });
    expect(seen).toEqual([
      { method: 'GET', url: '/api/contacts/?page=2&page_size=10&search=smith&category=3&status=2&ordering=-last_name' },
    ]);
    expect(res).toEqual({ data: [contact(7)], total: 42 });
  });

  it('getList leaves out empty filters (the server defaults them to 0 = all)', async () => {
    const { seen, record } = recorder();
    server.use(
      http.get('/contacts/', async ({ request, response }) => {
        await record(request);
        return response(200).json({ count: 0, next: null, previous: null, current: 1, total_count: 0, results: [] });
      }),
    );
    await dataProvider.getList('contacts', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'created_at', order: 'ASC' },
      filter: { q: '', category: '' },
    });
    expect(seen[0]!.url).toBe('/api/contacts/?page=1&page_size=25&ordering=created_at');
  });

  it('getOne, getMany, create, update and delete hit the contract paths', async () => {
    const { seen, record } = recorder();
    server.use(
      http.get('/contacts/{id}/', async ({ request, params, response }) => {
        await record(request);
        return response(200).json(contact(Number(params.id)));
      }),
      http.post('/contacts/', async ({ request, response }) => {
        await record(request);
        const body = await request.json();
        return response(201).json(contact(9, { ...body, status: body.status ?? null }));
      }),
      http.put('/contacts/{id}/', async ({ request, params, response }) => {
        await record(request);
        const body = await request.json();
        return response(200).json(
          contact(Number(params.id), { first_name: body.first_name, status: body.status ?? null }),
        );
      }),
      http.delete('/contacts/{id}/', async ({ request, response }) => {
        await record(request);
        return response(200).json({ detail: 'Deleted successfully' });
      }),
    );
    expect((await dataProvider.getOne('contacts', { id: 4 })).data).toEqual(contact(4));
    expect((await dataProvider.getMany('contacts', { ids: [1, 2] })).data.map((c) => c.id)).toEqual([1, 2]);
    const created = await dataProvider.create('contacts', {
      data: { first_name: 'Ann', phone: '+4930555111', categories: [5], tags: ['x'] },
    });
    expect(created.data).toMatchObject({ id: 9, first_name: 'Ann', categories: [5], tags: ['x'] });
    const updated = await dataProvider.update('contacts', {
      id: 4,
      data: { ...contact(4), first_name: 'Eve', status: 2, default_region: 'DE' },
      previousData: contact(4),
    });
    expect(updated.data).toMatchObject({ id: 4, first_name: 'Eve', status: 2 });
    const deleted = await dataProvider.delete('contacts', { id: 4, previousData: contact(4) });
    expect(deleted.data).toEqual(contact(4));

    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET /api/contacts/4/',
      'GET /api/contacts/1/',
      'GET /api/contacts/2/',
      'POST /api/contacts/',
      'PUT /api/contacts/4/',
      'DELETE /api/contacts/4/',
    ]);
    expect(seen[3]!.body).toEqual({
      first_name: 'Ann',
      last_name: '',
      phone: '+4930555111',
      email: '',
      city: '',
      country: '',
      notes: '',
      categories: [5],
      status: null,
      tags: ['x'],
    });
    // Only the writable fields go out: no id or timestamps.
    expect(Object.keys(seen[4]!.body as object)).not.toContain('created_at');
    expect(seen[4]!.body).toMatchObject({ first_name: 'Eve', status: 2, default_region: 'DE' });
  });

  it('contact-notes: read by contact, newest first; added with the text alone; deleted under their contact', async () => {
    const { seen, record } = recorder();
    const note = { id: 11, contact_id: 4, author: null, text: 'Called', created_at: '2026-01-02T00:00:00.000Z' };
    server.use(
      http.get('/contacts/notes/{id}/', async ({ request, response }) => {
        await record(request);
        return response(200).json({
          count: 1,
          next: null,
          previous: null,
          current: 1,
          total_count: 1,
          results: [note],
        });
      }),
      http.post('/contacts/notes/{id}/', async ({ request, response }) => {
        await record(request);
        return response(201).json(note);
      }),
      http.delete('/contacts/notes/{id}/{noteId}/', async ({ request, response }) => {
        await record(request);
        return response(200).json({ detail: 'Deleted successfully' });
      }),
    );
    const page = await dataProvider.getManyReference('contact-notes', {
      target: 'contact_id',
      id: 4,
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: {},
    });
    expect(page).toEqual({ data: [note], total: 1 });
    expect((await dataProvider.create('contact-notes', { data: { contact_id: 4, text: '  Called ' } })).data).toEqual(
      note,
    );
    expect((await dataProvider.delete('contact-notes', { id: 11, previousData: note })).data).toEqual(note);
    expect(seen).toEqual([
      { method: 'GET', url: '/api/contacts/notes/4/?page=1&page_size=20' },
      { method: 'POST', url: '/api/contacts/notes/4/', body: { text: 'Called' } },
      { method: 'DELETE', url: '/api/contacts/notes/4/11/' },
    ]);
  });

  it('updateMany and deleteMany use the bulk endpoint', async () => {
    const { seen, record } = recorder();
    server.use(
      http.post('/contacts/bulk/', async ({ request, response }) => {
        await record(request);
        const body = await request.json();
        return response(200).json({ detail: 'ok', count: body.ids.length });
      }),
    );
    expect(await dataProvider.updateMany('contacts', { ids: [1, 2], data: { status: 3 } })).toEqual({ data: [1, 2] });
    await dataProvider.updateMany('contacts', { ids: [1], data: { status: null } });
    await dataProvider.updateMany('contacts', { ids: [1], data: { add_category: 5 } });
    await dataProvider.updateMany('contacts', { ids: [2], data: { remove_category: 5 } });
    expect(await dataProvider.deleteMany('contacts', { ids: [1, 2] })).toEqual({ data: [1, 2] });
    expect(seen.map((s) => s.body)).toEqual([
      { ids: [1, 2], action: 'set_status', status: 3 },
      { ids: [1], action: 'set_status', status: null },
      { ids: [1], action: 'add_category', category: 5 },
      { ids: [2], action: 'remove_category', category: 5 },
      { ids: [1, 2], action: 'delete' },
    ]);
  });

  it('a 400 becomes an HttpError whose body has {errors: {field: message}}', async () => {
    server.use(
      http.post('/contacts/', ({ response }) =>
        response(400).json({ phone: ['Phone is incorrect'], email: ['Please, enter valid email address', 'second'] }),
      ),
    );
    const err = await dataProvider
      .create('contacts', { data: { first_name: 'X', phone: 'nope' } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    const httpError = err as HttpError;
    expect(httpError.status).toBe(400);
    expect(httpError.body).toEqual({
      errors: { phone: 'Phone is incorrect', email: 'Please, enter valid email address' },
    });
    expect(httpError.message).toBe('phone: Phone is incorrect\nemail: Please, enter valid email address');
  });

  it('a 401 calls the unauthorized listener and rejects', async () => {
    server.use(
      http.get('/contacts/{id}/', ({ response }) =>
        response(401).json({ detail: 'Session ended', code: 'not_authenticated' }),
      ),
    );
    const listener = vi.fn();
    const off = onUnauthorized(listener);
    try {
      const err = await dataProvider.getOne('contacts', { id: 1 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(HttpError);
      expect((err as HttpError).status).toBe(401);
      expect(listener).toHaveBeenCalledTimes(1);
    } finally {
      off();
    }
  });

  it("a 404 (another owner's contact) is an HttpError with the detail", async () => {
    server.use(
      http.delete('/contacts/{id}/', ({ response }) => response(404).json({ detail: 'Not found.', code: 'not_found' })),
    );
    const err = await dataProvider.delete('contacts', { id: 99 }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 404, message: 'Not found.' });
  });

  it('exports the filtered list as the server’s CSV bytes, byte order mark included', async () => {
    const { seen, record } = recorder();
    server.use(
      http.get('/contacts/export/', async ({ request }) => {
        await record(request);
        return new HttpResponse("\ufeffid,first_name\r\n1,'=X", { headers: { 'content-type': 'text/csv' } });
      }),
    );
    const csv = await exportContactsCsv({ q: 'a', status: 2 }, { field: 'first_name', order: 'ASC' });
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe("id,first_name\r\n1,'=X");
    expect(seen[0]!.url).toBe('/api/contacts/export/?search=a&status=2&ordering=first_name');
  });
});

describe('contact-categories and contact-statuses adapters', () => {
  const cats = [category(1, 'Work'), category(2, 'Friends', true), category(3, 'Family')];

  it('lists, sorts, pages and finds categories from the one unpaged list', async () => {
    server.use(http.get('/contacts/category', ({ response }) => response(200).json(cats)));
    const page = await dataProvider.getList('contact-categories', {
      pagination: { page: 1, perPage: 2 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(page).toEqual({ data: [cats[2], cats[1]], total: 3 });
    const found = await dataProvider.getList('contact-categories', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: { q: 'fam' },
    });
    expect(found.data.map((c) => c.id)).toEqual([3]);
    expect((await dataProvider.getOne('contact-categories', { id: 2 })).data).toEqual(cats[1]);
    expect((await dataProvider.getMany('contact-categories', { ids: [1, 3] })).data.map((c) => c.id)).toEqual([1, 3]);
    await expect(dataProvider.getOne('contact-categories', { id: 99 })).rejects.toMatchObject({ status: 404 });
  });

  it('creates, updates and deletes a category', async () => {
    const { seen, record } = recorder();
    server.use(
      http.post('/contacts/category', async ({ request, response }) => {
        await record(request);
        const body = await request.json();
        return response(201).json(category(4, body.name, body.is_particular));
      }),
      http.put('/contacts/category/{id}/', async ({ request, params, response }) => {
        await record(request);
        const body = await request.json();
        return response(200).json(category(Number(params.id), body.name, body.is_particular));
      }),
      http.delete('/contacts/category/{id}/', async ({ request, response }) => {
        await record(request);
        return response(200).json({ detail: 'Deleted successfully' });
      }),
    );
    expect((await dataProvider.create('contact-categories', { data: { name: 'New' } })).data).toEqual(
      category(4, 'New'),
    );
    await dataProvider.update('contact-categories', {
      id: 4,
      data: { name: 'Hot', is_particular: true },
      previousData: category(4, 'New'),
    });
    await dataProvider.delete('contact-categories', { id: 4, previousData: category(4, 'Hot', true) });
    expect(seen).toEqual([
      { method: 'POST', url: '/api/contacts/category', body: { name: 'New', is_particular: false } },
      { method: 'PUT', url: '/api/contacts/category/4/', body: { name: 'Hot', is_particular: true } },
      { method: 'DELETE', url: '/api/contacts/category/4/' },
    ]);
  });

  it('statuses come from contacts/status/', async () => {
    const statuses = [
      { id: 1, name: 'New', color: '#2196f3' },
      { id: 2, name: 'In progress', color: null },
    ];
    server.use(http.get('/contacts/status/', ({ response }) => response(200).json(statuses)));
    expect(
      await dataProvider.getList('contact-statuses', {
        pagination: { page: 1, perPage: 100 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      }),
    ).toEqual({
      data: statuses,
      total: 2,
    });
    expect((await dataProvider.getMany('contact-statuses', { ids: [2] })).data).toEqual([statuses[1]]);
  });
});
