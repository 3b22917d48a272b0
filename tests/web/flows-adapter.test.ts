import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { SchemaFlow, SchemaLandingElement } from '../../src/api/schema';
import { dataProvider } from '../../src/web/providers/data';
import { checkLandingName } from '../../src/web/features/flows/data';
import { http, mockApi } from '../setup/msw';

const server = mockApi();

const flow = (id: number, extra: Partial<SchemaFlow> = {}): SchemaFlow => ({
  id,
  name: `Flow ${id}`,
  landing_name: `flow-${id}`,
  landing_url: `http://localhost/l/flow-${id}`,
  is_published: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  stats: { views: 0, signups: 0, conversion: 0 },
  ...extra,
});

const heading = (id: number, order: number): SchemaLandingElement => ({
  id,
  type: 'heading',
  order,
  content: { text: `H${id}`, level: 1 },
});

function recorder() {
  const seen: Array<{ method: string; url: string; body?: unknown; type?: string | null }> = [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const type = request.headers.get('content-type');
    let body: unknown;
    if (type?.startsWith('multipart/'))
      body = Object.fromEntries(
        [...(await request.clone().formData()).entries()].map(([k, v]) => [
          k,
          typeof v === 'string' ? v : `file:${v.name}`,
        ]),
      );
    else if (request.method !== 'GET' && request.method !== 'DELETE') body = await request.clone().json();
    seen.push({
      method: request.method,
      url: url.pathname + url.search,
      ...(body !== undefined && { body }),
      ...(type && { type: type.split(';')[0] }),
    });
  };
  return { seen, record };
}

describe('flows adapter', () => {
  it('getList filters, sorts (stats too) and pages the unpaged array here', async () => {
    server.use(
      http.get('/user_flows/', ({ response }) =>
        response(200).json([
          flow(1, { name: 'Alpha', stats: { views: 10, signups: 1, conversion: 10 }, is_published: true }),
          flow(2, { name: 'Beta', stats: { views: 30, signups: 3, conversion: 10 }, is_published: true }),
          flow(3, { name: 'Gamma', stats: { views: 20, signups: 0, conversion: 0 } }),
        ]),
      ),
    );
    const byViews = await dataProvider.getList('flows', {
      pagination: { page: 1, perPage: 2 },
      sort: { field: 'stats.views', order: 'DESC' },
      filter: {},
    });
    expect(byViews.data.map((f) => f.id)).toEqual([2, 3]);
    expect(byViews.total).toBe(3);
    const published = await dataProvider.getList('flows', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
      filter: { is_published: true, q: 'et' },
    });
    expect(published.data.map((f) => f.id)).toEqual([2]);
    expect((await dataProvider.getOne('flows', { id: 3 })).data.name).toBe('Gamma');
  });

  it('create, update and delete hit the contract paths with the contract bodies', async () => {
    const { seen, record } = recorder();
    server.use(
      http.post('/user_flows/', async ({ request, response }) => {
        await record(request);
        return response(201).json(flow(9));
      }),
      http.put('/user_flows/{id}/', async ({ request, response }) => {
        await record(request);
        return response(200).json(flow(9, { is_published: true }));
      }),
      http.delete('/user_flows/{id}/', async ({ request, response }) => {
        await record(request);
        return response(200).json({ detail: 'Deleted successfully' });
      }),
    );
    await dataProvider.create('flows', { data: { name: 'New', landing_name: 'new-page' } });
    await dataProvider.update('flows', { id: 9, data: { is_published: true }, previousData: flow(9) });
    await dataProvider.delete('flows', { id: 9, previousData: flow(9) });
    expect(seen).toEqual([
      {
        method: 'POST',
        url: '/api/user_flows/',
        body: { name: 'New', landing_name: 'new-page', is_published: false },
        type: 'application/json',
      },
      {
        method: 'PUT',
        url: '/api/user_flows/9/',
        body: { name: 'Flow 9', landing_name: 'flow-9', is_published: true },
        type: 'application/json',
      },
      { method: 'DELETE', url: '/api/user_flows/9/' },
    ]);
  });

  it('a 400 becomes field errors on the form', async () => {
    server.use(
      http.post('/user_flows/', ({ response }) =>
        response(400).json({ landing_name: ['This landing name is already taken'] }),
      ),
    );
    const err = await dataProvider
      .create('flows', { data: { name: 'x', landing_name: 'taken' } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).body).toEqual({ errors: { landing_name: 'This landing name is already taken' } });
  });

  it('checks a name and loads stats', async () => {
    const { seen, record } = recorder();
    server.use(
      http.post('/user_flows/landing_edit/check_unique_name/', async ({ request, response }) => {
        await record(request);
        return response(200).json({ matches: true, error: 'taken' });
      }),
      http.get('/user_flows/stats/{id}/', async ({ request, response }) => {
        await record(request);
        return response(200).json({
          views: 4,
          signups: 1,
          conversion: 25,
          days: [{ day: '2026-01-01', views: 4, signups: 1 }],
        });
      }),
    );
    expect(await checkLandingName('abc', 5)).toEqual({ matches: true, error: 'taken' });
    // flow-stats: a record under the flow's id, for meta.days days.
    expect((await dataProvider.getOne('flow-stats', { id: 5, meta: { days: 7 } })).data).toMatchObject({
      id: 5,
      conversion: 25,
    });
    expect(seen.map((s) => [s.method, s.url, s.body])).toEqual([
      ['POST', '/api/user_flows/landing_edit/check_unique_name/', { name: 'abc', flow_id: 5 }],
      ['GET', '/api/user_flows/stats/5/?days=7', undefined],
    ]);
  });
});

describe('landing-elements adapter', () => {
  it("getManyReference loads one flow's page with can_add_elements in meta", async () => {
    server.use(
      http.get('/user_flows/landing_edit/{id}/', ({ params, response }) =>
        response(200).json({ elements: [heading(1, 0), heading(2, 1)], can_add_elements: Number(params.id) === 4 }),
      ),
    );
    const res = await dataProvider.getManyReference('landing-elements', {
      target: 'flow_id',
      id: 4,
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'order', order: 'ASC' },
      filter: {},
    });
    expect(res.data).toEqual([
      { ...heading(1, 0), flow_id: 4 },
      { ...heading(2, 1), flow_id: 4 },
    ]);
    expect(res.meta).toEqual({ can_add_elements: true });
  });

  it('create sends JSON, or multipart for a picked image, and returns the new element', async () => {
    const { seen, record } = recorder();
    server.use(
      http.post('/user_flows/landing_edit/{id}/', async ({ request, response }) => {
        await record(request);
        return response(201).json({ elements: [heading(1, 0), heading(7, 1), heading(3, 2)], can_add_elements: true });
      }),
    );
    const created = await dataProvider.create('landing-elements', {
      data: { flow_id: 4, type: 'heading', order: 1, content: { text: 'Hi', level: 1 } },
    });
    expect(created.data).toEqual({ ...heading(7, 1), flow_id: 4 });
    const file = new File([new Uint8Array([0x89, 0x50])], 'pic.png', { type: 'image/png' });
    await dataProvider.create('landing-elements', {
      data: { flow_id: 4, type: 'image', order: 0, content: { image: '', alt: 'Alt', caption: '' }, image_file: file },
    });
    expect(seen).toEqual([
      {
        method: 'POST',
        url: '/api/user_flows/landing_edit/4/',
        body: { type: 'heading', order: 1, content: { text: 'Hi', level: 1 } },
        type: 'application/json',
      },
      {
        method: 'POST',
        url: '/api/user_flows/landing_edit/4/',
        body: { type: 'image', order: '0', caption: '', alt: 'Alt', image: 'file:pic.png' },
        type: 'multipart/form-data',
      },
    ]);
  });

  it('update and delete address the element within its flow', async () => {
    const { seen, record } = recorder();
    server.use(
      http.put('/user_flows/landing_edit/{id}/{elementId}/', async ({ request, response }) => {
        await record(request);
        return response(200).json({
          elements: [heading(2, 0), { id: 1, type: 'heading', order: 1, content: { text: 'Moved', level: 2 } }],
          can_add_elements: true,
        });
      }),
      http.delete('/user_flows/landing_edit/{id}/{elementId}/', async ({ request, response }) => {
        await record(request);
        return response(200).json({ detail: 'Deleted successfully' });
      }),
    );
    const prev = { ...heading(1, 0), flow_id: 4 };
    const res = await dataProvider.update('landing-elements', {
      id: 1,
      data: { order: 1, content: { text: 'Moved', level: 2 } },
      previousData: prev,
    });
    expect(res.data).toEqual({ id: 1, type: 'heading', order: 1, content: { text: 'Moved', level: 2 }, flow_id: 4 });
    await dataProvider.delete('landing-elements', { id: 1, previousData: prev });
    expect(seen.map((s) => [s.method, s.url, s.body])).toEqual([
      ['PUT', '/api/user_flows/landing_edit/4/1/', { type: 'heading', order: 1, content: { text: 'Moved', level: 2 } }],
      ['DELETE', '/api/user_flows/landing_edit/4/1/', undefined],
    ]);
  });
});
