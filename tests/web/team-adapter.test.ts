import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { SchemaStructureUser, SchemaWaitingUser } from '../../src/api/schema';
import { dataProvider } from '../../src/web/providers/data';
import { http, mockApi } from '../setup/msw';

const server = mockApi();

const member = (id: number): SchemaStructureUser => ({
  id,
  first_name: `First ${id}`,
  last_name: 'Last',
  status: 'active',
  level: 2,
  tags: [{ id: 3, name: 'North', group_id: 1 }],
  date_joined: '2026-01-01T00:00:00.000Z',
  donations_current: '12.50',
  donations_prev: '0.00',
});

const lead = (id: number): SchemaWaitingUser => ({
  id,
  first_name: 'Wendy',
  last_name: 'Wait',
  status: 'waiting',
  source: null,
  source_kind: 'import',
  queue_status: 'new',
  date_joined: '2026-01-01T00:00:00.000Z',
  waiting_since: '2026-01-02T00:00:00.000Z',
});

const brief = (id: number) => ({ id, first_name: 'A', last_name: 'B', email: null, phone: null, avatar: null });

const meta = { count: 1, next: null, previous: null, current: 1, total_count: 9 };

describe('structure adapter', () => {
  it('getList sends paging and ordering in the query, the filters in the body, and returns totals as meta', async () => {
    const seen: Array<{ url: string; body: unknown }> = [];
    server.use(
      http.post('/team/get_my_structure_users/', async ({ request, response }) => {
        const url = new URL(request.url);
        seen.push({ url: url.search, body: await request.json() });
        return response(200).json({
          ...meta,
          results: [member(4)],
          columns: [{ key: 'first_name', label: 'First name', sortable: true }],
          tags_groups_columns: [{ key: 'tag_group_1', label: 'Region', group_id: 1 }],
          total_donations_current: '12.50',
          total_donations_prev: '3.00',
        });
      }),
    );
    const res = await dataProvider.getList('structure', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'first_name', order: 'DESC' },
      filter: { q: 'ann', status: 'active', tags: [3], groups: [] },
    });
    expect(seen).toEqual([
      { url: '?page=2&page_size=10&ordering=-first_name', body: { search: 'ann', status: 'active', tags: [3] } },
    ]);
    expect(res.data).toEqual([member(4)]);
    expect(res.total).toBe(1);
    expect(res.meta).toEqual({
      columns: [{ key: 'first_name', label: 'First name', sortable: true }],
      tags_groups_columns: [{ key: 'tag_group_1', label: 'Region', group_id: 1 }],
      total_donations_current: '12.50',
      total_donations_prev: '3.00',
      total_count: 9,
    });
  });

  it('a 400 of a bad filter becomes an HttpError with field errors', async () => {
    server.use(
      http.post('/team/get_my_structure_users/', ({ response }) => response(400).json({ status: ['Invalid value.'] })),
    );
    const err = await dataProvider
      .getList('structure', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).body).toEqual({ errors: { status: 'Invalid value.' } });
  });
});

describe('waiting leads, details, completed tasks, tree, reject', () => {
  it('waiting-leads getList maps search and paging', async () => {
    let query = '';
    server.use(
      http.post('/team/get_waiting_users/', ({ request, response }) => {
        query = new URL(request.url).search;
        return response(200).json({ ...meta, results: [lead(5)] });
      }),
    );
    const res = await dataProvider.getList('waiting-leads', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'waiting_since', order: 'ASC' },
      filter: { q: 'wen' },
    });
    expect(query).toBe('?page=1&page_size=25&search=wen&ordering=waiting_since');
    expect(res).toEqual({ data: [lead(5)], total: 1 });
  });

  it('waiting-leads getList sends the source and queue status filters; getOne reads one lead of the pool, else 404', async () => {
    const queries: string[] = [];
    server.use(
      http.post('/team/get_waiting_users/', ({ request, response }) => {
        const url = new URL(request.url);
        queries.push(url.search);
        const results = url.searchParams.get('id') === '6' ? [] : [lead(5)];
        return response(200).json({ ...meta, count: results.length, results });
      }),
    );
    await dataProvider.getList('waiting-leads', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'waiting_since', order: 'DESC' },
      filter: { source: 'landing', queue_status: 'returned' },
    });
    expect(await dataProvider.getOne('waiting-leads', { id: 5 })).toEqual({ data: lead(5) });
    const gone = await dataProvider.getOne('waiting-leads', { id: 6 }).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(HttpError);
    expect(gone).toMatchObject({ status: 404, message: 'atrium.leads.gone' });
    expect(queries).toEqual([
      '?page=2&page_size=10&source=landing&queue_status=returned&ordering=-waiting_since',
      '?id=5',
      '?id=6',
    ]);
  });

  it('rejectLead takes the lead, then marks it Not active; a faster consultant stops it with the 409', async () => {
    const seen: Array<{ url: string; body: unknown }> = [];
    server.use(
      http.post('/leads/take/', async ({ request, response }) => {
        const body = await request.json();
        seen.push({ url: new URL(request.url).pathname, body });
        if (body.user_id === 8)
          return response(409).json({ detail: 'User is already taken by another consultant', code: 'user_taken' });
        return response(200).json({ detail: 'ok', user: brief(7), status: 'processing', responsible: brief(2) });
      }),
      http.post('/leads/status/', async ({ request, response }) => {
        const body = await request.json();
        seen.push({ url: new URL(request.url).pathname, body });
        return response(200).json({ detail: 'ok', user: brief(7), status: 'not_active', responsible: brief(2) });
      }),
    );
    expect(await dataProvider.rejectLead(7)).toMatchObject({ status: 'not_active' });
    const err = await dataProvider.rejectLead(8).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 409, message: 'User is already taken by another consultant' });
    expect(seen).toEqual([
      { url: '/api/leads/take/', body: { user_id: 7 } },
      { url: '/api/leads/status/', body: { user_id: 7, status: 'not_active' } },
      { url: '/api/leads/take/', body: { user_id: 8 } },
    ]);
  });

  it('user-details getOne posts the user id; a 403 stays an HttpError', async () => {
    server.use(
      http.post('/accounts/user/details/', async ({ request, response }) => {
        const { user_id } = await request.json();
        if (user_id === 9)
          return response(403).json({
            detail: 'You do not have permission to perform this action.',
            code: 'permission_denied',
          });
        return response(200).json({
          id: user_id,
          first_name: 'Anna',
          last_name: 'Alpha',
          role: 'member',
          status: 'active',
          is_partner: false,
          is_active: true,
          is_blocked: false,
          tags: [],
          groups: [],
          donations: { total: '0.00', count: 0, current_month: '0.00', previous_month: '0.00' },
          tasks: { total: 0, open: 0, completed: 0, overdue: 0 },
          work_times: [],
          date_joined: '2026-01-01T00:00:00.000Z',
        });
      }),
    );
    const ok = await dataProvider.getOne('user-details', { id: 7 });
    expect(ok.data).toMatchObject({ id: 7, first_name: 'Anna' });
    const err = await dataProvider.getOne('user-details', { id: 9 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(403);
  });

  it('team-completed-tasks getManyReference pages the tasks of one user', async () => {
    let seen: unknown;
    server.use(
      http.post('/team/contact/get_completed_tasks/', async ({ request, response }) => {
        seen = { query: new URL(request.url).search, body: await request.json() };
        return response(200).json({
          ...meta,
          results: [
            { id: 1, type: 'call', start_time: '2026-01-01T10:00:00.000Z', completed_at: '2026-01-01T10:10:00.000Z' },
          ],
        });
      }),
    );
    const res = await dataProvider.getManyReference('team-completed-tasks', {
      target: 'user_id',
      id: 7,
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'completed_at', order: 'DESC' },
      filter: {},
    });
    expect(seen).toEqual({ query: '?page=1&page_size=5', body: { user_id: 7 } });
    expect(res.total).toBe(1);
  });

  it('team-children loads the first level or one node’s children; rejectResponsibility posts the user', async () => {
    const node = {
      id: 2,
      first_name: 'A',
      last_name: 'B',
      avatar: null,
      status: 'active' as const,
      children_count: 1,
      descendants_count: 3,
      level: 1,
    };
    server.use(
      http.get('/team/get_children/', ({ response }) => response(200).json([node])),
      http.get('/team/get_children/{pk}/', ({ params, response }) =>
        response(200).json([{ ...node, id: Number(params.pk) + 1, level: 2 }]),
      ),
      http.post('/team/reject_responsible_user/', async ({ request, response }) => {
        const body = await request.json();
        return response(200).json({ detail: `rejected ${body.user_id}` });
      }),
    );
    const level = (filter: object) =>
      dataProvider.getList('team-children', {
        pagination: { page: 1, perPage: 25 },
        sort: { field: 'id', order: 'ASC' },
        filter,
      });
    expect(await level({})).toEqual({ data: [node], total: 1 });
    expect((await level({ parent_id: 2 })).data[0]).toMatchObject({ id: 3, level: 2 });
    expect(await dataProvider.rejectResponsibility(5)).toEqual({ detail: 'rejected 5' });
  });

  it('a refused reject (403) is an HttpError with the server’s sentence', async () => {
    server.use(
      http.post('/team/reject_responsible_user/', ({ response }) =>
        response(403).json({ detail: 'You are not the responsible consultant.', code: 'permission_denied' }),
      ),
    );
    const err = await dataProvider.rejectResponsibility(5).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 403, message: 'You are not the responsible consultant.' });
  });
});
