import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { SchemaActionLog, SchemaUserImport } from '../../src/api/schema';
import { dataProvider } from '../../src/web/providers/data';
import { http, mockApi } from '../setup/msw';

const server = mockApi();

const who = { id: 3, first_name: 'Kai', last_name: 'Berater' };
const page = <T>(results: T[]) => ({
  count: results.length,
  next: null,
  previous: null,
  current: 1,
  total_count: results.length,
  results,
});
const imp = (id: number, extra: Partial<SchemaUserImport> = {}): SchemaUserImport => ({
  id,
  file_name: 'leads.csv',
  status: 'uploaded',
  total: 3,
  success: 0,
  skipped: 0,
  warnings: [],
  warnings_count: 0,
  progress: 0,
  consultant: null,
  tag: null,
  mapping: null,
  created_by: who,
  created_at: '2026-01-01T09:00:00.000Z',
  started_at: null,
  finished_at: null,
  ...extra,
});

describe('action-logs adapter', () => {
  it('sends the filters and paging as the query', async () => {
    let url = '';
    const log: SchemaActionLog = {
      id: 1,
      actor: who,
      subject: null,
      view_as: null,
      kind: 'user_blocked',
      description: 'Kai blocked Lea',
      data: {},
      created_at: '2026-01-01T09:00:00.000Z',
    };
    server.use(
      http.post('/accounts/user/action_logs/', ({ request, response }) => {
        url = new URL(request.url).search;
        return response(200).json(page([log]));
      }),
    );
    const res = await dataProvider.getList('action-logs', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: { actor_id: 3, kind: 'user_blocked', date_from: '2026-01-01' },
    });
    expect(res).toEqual({ data: [log], total: 1 });
    expect(Object.fromEntries(new URLSearchParams(url))).toEqual({
      page: '2',
      page_size: '10',
      actor_id: '3',
      kind: 'user_blocked',
      date_from: '2026-01-01',
    });
  });
});

describe('action-log-people adapter', () => {
  it('searches people on the server and reads the chosen ones by id, naming one no longer readable by its id', async () => {
    let search = '';
    server.use(
      http.get('/v1/users/', ({ request, response }) => {
        search = new URL(request.url).search;
        return response(200).json(
          page([
            {
              id: 7,
              email: 'lea@example.com',
              phone: null,
              first_name: 'Lea',
              last_name: 'Lead',
              role: 'member',
              is_active: true,
              is_superuser: false,
              email_activation: true,
              lead_status: 'processing',
              date_joined: '2026-01-01T09:00:00.000Z',
            },
          ]),
        );
      }),
      http.post('/accounts/user/details/', async ({ request, response }) => {
        const { user_id } = await request.json();
        if (user_id !== 7)
          return response(403).json({
            detail: 'You do not have permission to perform this action.',
            code: 'permission_denied',
          });
        return response(200).json({
          id: 7,
          first_name: 'Lea',
          last_name: 'Lead',
          email: 'lea@example.com',
          role: 'member',
          status: 'processing',
          is_partner: false,
          is_active: true,
          is_blocked: false,
          tags: [],
          groups: [],
          donations: { total: '0.00', count: 0, current_month: '0.00', previous_month: '0.00' },
          tasks: { total: 0, open: 0, completed: 0, overdue: 0 },
          work_times: [],
          date_joined: '2026-01-01T09:00:00.000Z',
        });
      }),
    );
    const found = await dataProvider.getList('action-log-people', {
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'id', order: 'ASC' },
      filter: { q: 'lea' },
    });
    expect(found).toEqual({
      data: [{ id: 7, first_name: 'Lea', last_name: 'Lead', email: 'lea@example.com' }],
      total: 1,
    });
    expect(Object.fromEntries(new URLSearchParams(search))).toEqual({ page: '1', page_size: '20', search: 'lea' });
    const chosen = await dataProvider.getMany('action-log-people', { ids: [7, 9] });
    expect(chosen.data).toEqual([
      { id: 7, first_name: 'Lea', last_name: 'Lead', email: 'lea@example.com' },
      { id: 9, first_name: '#9', last_name: '', email: null },
    ]);
  });
});

describe('imports adapter', () => {
  it('uploads the file as multipart and starts with the mapping', async () => {
    let form: FormData | null = null;
    let started: unknown = null;
    server.use(
      http.post('/accounts/import_users/save/', async ({ request, response }) => {
        form = await request.formData();
        return response(201).json({
          ...imp(7),
          preview: {
            columns: ['Name'],
            rows: [['Anna']],
            suggested_mapping: { Name: 'first_name' },
            mapping_saved: false,
          },
        });
      }),
      http.post('/accounts/import_users/start/', async ({ request, response }) => {
        started = await request.json();
        return response(200).json(imp(7, { status: 'mapped' }));
      }),
    );
    const file = new File(['Name\nAnna\n'], 'leads.csv', { type: 'text/csv' });
    const saved = await dataProvider.create('imports', { data: { file, tag_id: 4 } });
    expect(saved.data).toMatchObject({ id: 7, preview: { columns: ['Name'] } });
    expect((form!.get('file') as File).name).toBe('leads.csv');
    expect(form!.get('tag_id')).toBe('4');
    const res = await dataProvider.update('imports', {
      id: 7,
      data: { mapping: { Name: 'first_name' }, consultant_id: 3, tag_id: 4 },
      previousData: { id: 7 },
    });
    expect(res.data).toMatchObject({ status: 'mapped' });
    expect(started).toEqual({ import_id: 7, mapping: { Name: 'first_name' }, consultant_id: 3, tag_id: 4 });
  });

  it('starts with the settings of the imported people and deletes an upload never started', async () => {
    let started: unknown = null;
    let deleted: string | null = null;
    server.use(
      http.post('/accounts/import_users/start/', async ({ request, response }) => {
        started = await request.json();
        return response(200).json(imp(8, { status: 'mapped' }));
      }),
      http.delete('/accounts/import_users/{id}/', ({ params, response }) => {
        deleted = params.id;
        return response(200).json({ detail: 'Deleted successfully' });
      }),
    );
    await dataProvider.startImport(8, {
      mapping: { Name: 'full_name' },
      consultant_id: 3,
      tag_id: 4,
      default_country: 'DE',
      language: 'de',
      send_invitations: true,
    });
    expect(started).toEqual({
      import_id: 8,
      mapping: { Name: 'full_name' },
      consultant_id: 3,
      tag_id: 4,
      default_country: 'DE',
      language: 'de',
      send_invitations: true,
    });
    const res = await dataProvider.delete('imports', { id: 9, previousData: imp(9) });
    expect(deleted).toBe('9');
    expect(res.data).toMatchObject({ id: 9 });
  });

  it("turns a 400 into react-admin's field errors", async () => {
    server.use(
      http.post('/accounts/import_users/start/', ({ response }) =>
        response(400).json({ tag_id: ['Please, select tag'] }),
      ),
    );
    const err = await dataProvider
      .update('imports', { id: 7, data: { mapping: {}, consultant_id: 3, tag_id: 0 }, previousData: { id: 7 } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 400, body: { errors: { tag_id: 'Please, select tag' } } });
  });
});

describe('imports list and custom methods', () => {
  it('getList sends the status tab, the sort as ordering and the paging', async () => {
    let url = '';
    server.use(
      http.post('/accounts/import_users/list/', ({ request, response }) => {
        url = new URL(request.url).search;
        return response(200).json(page([imp(3, { status: 'completed' })]));
      }),
    );
    const res = await dataProvider.getList('imports', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'file_name', order: 'ASC' },
      filter: { status: 'completed' },
    });
    expect(res).toMatchObject({ total: 1, data: [{ id: 3, status: 'completed' }] });
    expect(Object.fromEntries(new URLSearchParams(url))).toEqual({
      page: '2',
      page_size: '10',
      status: 'completed',
      ordering: 'file_name',
    });
  });

  it('startImport posts the mapping, consultant, tag, phone region and time zone; a 400 comes back as an HttpError with the field errors', async () => {
    let started: unknown = null;
    server.use(
      http.post('/accounts/import_users/start/', async ({ request, response }) => {
        started = await request.json();
        return started && (started as { consultant_id?: number }).consultant_id
          ? response(200).json(imp(7, { status: 'mapped' }))
          : response(400).json({ consultant_id: ['Please, select consultant'] });
      }),
    );
    expect(
      await dataProvider.startImport(7, {
        mapping: { Name: 'first_name' },
        consultant_id: 3,
        tag_id: 4,
        default_region: 'RU',
        time_zone: 'Asia/Tokyo',
      }),
    ).toMatchObject({ id: 7, status: 'mapped' });
    expect(started).toEqual({
      import_id: 7,
      mapping: { Name: 'first_name' },
      consultant_id: 3,
      tag_id: 4,
      default_region: 'RU',
      time_zone: 'Asia/Tokyo',
    });
    const err = await dataProvider.startImport(7, { mapping: {}, tag_id: 4 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 400, body: { errors: { consultant_id: 'Please, select consultant' } } });
  });

  it('importTags reads the staff tags', async () => {
    server.use(
      http.get('/accounts/tags_groups/', ({ response }) =>
        response(200).json({ tags: [{ id: 4, name: 'Event' }], groups: [{ id: 1, name: 'Region' }] }),
      ),
    );
    expect(await dataProvider.importTags()).toEqual([{ id: 4, name: 'Event' }]);
  });

  it('importRejectedRows keeps the CSV bytes as sent, byte order mark included (Excel needs it)', async () => {
    let id = '';
    server.use(
      http.get('/accounts/import_users/{id}/rejected/', ({ params, response }) => {
        id = params.id;
        return response(200).text('\ufeffLine;Reason;Имя\r\n4;Повтор строки 2;Анна\r\n', {
          headers: { 'content-type': 'text/csv; charset=utf-8' },
        });
      }),
    );
    const blob = await dataProvider.importRejectedRows(7);
    expect(id).toBe('7');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      '\ufeffLine;Reason;Имя\r\n4;Повтор строки 2;Анна\r\n',
    );
    server.use(
      http.get('/accounts/import_users/{id}/rejected/', ({ response }) =>
        response(403).json({ detail: 'You do not have permission to perform this action.', code: 'permission_denied' }),
      ),
    );
    const err = await dataProvider.importRejectedRows(7).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 403 });
  });
});

describe('staff-users adapter', () => {
  it('maps each roster action onto its endpoint', async () => {
    const bodies: Record<string, unknown> = {};
    server.use(
      http.post('/accounts/user/block_unblock_user/', async ({ request, response }) => {
        bodies.block = await request.json();
        return response(200).json({ detail: 'ok', user_id: 5, is_blocked: true });
      }),
      http.post('/accounts/user/consultant_settings/', async ({ request, response }) => {
        bodies.settings = await request.json();
        return response(200).json({ user_id: 5, daily_limit: 8, rating: 4 });
      }),
      http.post('/accounts/user/remove_user/', async ({ request, response }) => {
        bodies.remove = await request.json();
        return response(200).json({ detail: 'Deleted successfully' });
      }),
    );
    const blocked = await dataProvider.update('staff-users', {
      id: 5,
      data: { action: 'block', block: true },
      previousData: { id: 5 },
    });
    expect(blocked.data).toMatchObject({ id: 5, is_blocked: true });
    const set = await dataProvider.update('staff-users', {
      id: 5,
      data: { action: 'settings', daily_limit: 8, rating: 4 },
      previousData: { id: 5 },
    });
    expect(set.data).toMatchObject({ daily_lead_limit: 8, rating: 4 });
    await dataProvider.delete('staff-users', { id: 5, previousData: { id: 5 }, meta: { hand_over_to: 3 } });
    expect(bodies).toEqual({
      block: { user_id: 5, block: true },
      settings: { user_id: 5, daily_limit: 8, rating: 4 },
      remove: { user_id: 5, hand_over_to: 3 },
    });
  });
});

describe('request bodies carry only the contract fields', () => {
  it('simple-REST admin resources: create and update send the request schema fields, not the whole record', async () => {
    // The simple-REST client reads the language from localStorage, which Node lacks.
    const storage = globalThis as { localStorage?: Pick<Storage, 'getItem'> };
    storage.localStorage ??= { getItem: () => null };
    const bodies: unknown[] = [];
    const record = {
      id: 7,
      title: 'News',
      summary: 's',
      body: '<p>b</p>',
      image: null,
      is_important: false,
      published_at: null,
      created_at: '2026-01-01T09:00:00.000Z',
      updated_at: '2026-01-01T09:00:00.000Z',
    };
    server.use(
      http.put('/admin/news/{id}', async ({ request, response }) => {
        bodies.push(await request.json());
        return response(200).json(record);
      }),
      http.post('/admin/news', async ({ request, response }) => {
        bodies.push(await request.json());
        return response(201).json(record);
      }),
    );
    await dataProvider.update('admin/news', { id: 7, data: { ...record, title: 'Renamed' }, previousData: record });
    await dataProvider.create('admin/news', { data: { ...record, id: undefined, title: 'New' } });
    expect(bodies).toEqual([
      { title: 'Renamed', summary: 's', body: '<p>b</p>', image: null, is_important: false, published_at: null },
      { title: 'New', summary: 's', body: '<p>b</p>', image: null, is_important: false, published_at: null },
    ]);
  });

  it('users: the admin user update sends the changed contract fields only, the create only the create fields', async () => {
    const bodies: unknown[] = [];
    const user = {
      id: 5,
      email: 'a@example.com',
      first_name: 'A',
      last_name: 'B',
      role: 'member',
      date_joined: '2026-01-01T09:00:00.000Z',
      avatar: null,
      referrer_id: null,
    };
    server.use(
      http.put('/v1/users/{id}', async ({ request, response }) => {
        bodies.push(await request.json());
        return response(200).json(user as never);
      }),
      http.post('/v1/users/', async ({ request, response }) => {
        bodies.push(await request.json());
        return response(201).json(user as never);
      }),
    );
    await dataProvider.update('users', {
      id: 5,
      data: { ...user, first_name: 'Z', password: 'long-enough-1' },
      previousData: user,
    });
    await dataProvider.create('users', { data: { ...user, id: undefined, date_joined: undefined, first_name: 'N' } });
    expect(bodies).toEqual([
      { first_name: 'Z', password: 'long-enough-1' },
      { email: 'a@example.com', first_name: 'N', last_name: 'B', role: 'member' },
    ]);
  });
});
