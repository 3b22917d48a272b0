import { HttpResponse } from 'msw';
import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { SchemaStaffStatisticsRow, SchemaStatisticsResponse, SchemaStructureChoices } from '../../src/api/schema';
import { dataProvider } from '../../src/web/providers/data';
import { http, mockApi, recorder } from '../setup/msw';

/** The staff screens' resources and custom methods: statistics, notifications, partners, tags, structure choices. */
const server = mockApi();

const metric = (value: number | string, available = true) => ({ value, available });
const stats: SchemaStatisticsResponse = {
  employee: { id: 5, first_name: 'Kai', last_name: 'Berater' },
  completed_tasks: metric(3),
  time_spent: metric(40),
  donations_sum: metric('10.00', false),
  new_subscriptions: metric(0, false),
  new_registrations: metric(2),
  tasks_of_new_registrations: metric(1),
  available_periods: ['today', 'week'],
  current_period: 'week',
  date_from: '2026-01-05',
  date_to: '2026-01-11',
};
const row = (id: number): SchemaStaffStatisticsRow => ({
  user: { id, first_name: `First${String(id)}`, last_name: `Last${String(id)}` },
  completed_tasks: id,
  time_spent: 0,
  donations_sum: '0.00',
  new_subscriptions: 0,
  new_registrations: 1,
  tasks_of_new_registrations: 0,
});

describe('staff-statistics resource and statistics methods', () => {
  it('getList sends the page, search and ordering in the query and the period and view-as in the body; the employee is the id', async () => {
    const { seen, record } = recorder();
    server.use(
      http.post('/accounts/dashboard/staff_statistics/', async ({ request, response }) => {
        await record(request);
        return response(200).json({
          count: 12,
          next: null,
          previous: null,
          current: 2,
          total_count: 12,
          results: [row(4), row(9)],
        });
      }),
    );
    const res = await dataProvider.getList('staff-statistics', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'last_name', order: 'ASC' },
      // Anything else a list keeps in its filter stays out of the body.
      filter: { period: 'range', date_from: '2026-01-01', date_to: '2026-01-31', user_id: 5, q: 'kai', extra: 1 },
    });
    expect(seen).toEqual([
      {
        url: '/api/accounts/dashboard/staff_statistics/?page=2&page_size=10&search=kai&ordering=last_name',
        body: { period: 'range', date_from: '2026-01-01', date_to: '2026-01-31', user_id: 5 },
      },
    ]);
    expect(res.total).toBe(12);
    expect(res.data.map((r) => r.id)).toEqual([4, 9]);
    expect(res.data[0]).toMatchObject({ user: { id: 4 }, completed_tasks: 4 });
  });

  it("getList sorts descending with a minus and sends an empty body for the caller's own today", async () => {
    const { seen, record } = recorder();
    server.use(
      http.post('/accounts/dashboard/staff_statistics/', async ({ request, response }) => {
        await record(request);
        return response(200).json({ count: 0, next: null, previous: null, current: 1, total_count: 0, results: [] });
      }),
    );
    await dataProvider.getList('staff-statistics', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'completed_tasks', order: 'DESC' },
      filter: {},
    });
    expect(seen).toEqual([
      { url: '/api/accounts/dashboard/staff_statistics/?page=1&page_size=25&ordering=-completed_tasks', body: {} },
    ]);
  });

  it("getList leaves the server's order for a column the contract does not order by (react-admin's default id)", async () => {
    const { seen, record } = recorder();
    server.use(
      http.post('/accounts/dashboard/staff_statistics/', async ({ request, response }) => {
        await record(request);
        return response(200).json({ count: 0, next: null, previous: null, current: 1, total_count: 0, results: [] });
      }),
    );
    await dataProvider.getList('staff-statistics', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(seen).toEqual([{ url: '/api/accounts/dashboard/staff_statistics/?page=1&page_size=25', body: {} }]);
  });

  it('getStatistics and getStatisticsByCountries post the period and view-as; a refused view-as is a 403 HttpError', async () => {
    const { seen, record } = recorder();
    server.use(
      http.post('/accounts/dashboard/statistics/', async ({ request, response }) => {
        await record(request);
        const body = (await request.clone().json()) as { user_id?: number };
        if (body.user_id === 99)
          return HttpResponse.json(
            { detail: 'You do not have permission to perform this action.', code: 'permission_denied' },
            { status: 403 },
          );
        return response(200).json(stats);
      }),
      http.post('/accounts/dashboard/statistics_by_countries/', async ({ request, response }) => {
        await record(request);
        return response(200).json([{ country: 'DE', registrations: 2, donations_sum: '5.00', subscriptions: 1 }]);
      }),
    );
    expect((await dataProvider.getStatistics({ period: 'week', user_id: 5 })).employee.first_name).toBe('Kai');
    expect(await dataProvider.getStatisticsByCountries({ period: 'today' })).toEqual([
      { country: 'DE', registrations: 2, donations_sum: '5.00', subscriptions: 1 },
    ]);
    const err = await dataProvider.getStatistics({ user_id: 99 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(403);
    expect((err as HttpError).message).toBe('You do not have permission to perform this action.');
    expect(seen).toEqual([
      { url: '/api/accounts/dashboard/statistics/', body: { period: 'week', user_id: 5 } },
      { url: '/api/accounts/dashboard/statistics_by_countries/', body: { period: 'today' } },
      { url: '/api/accounts/dashboard/statistics/', body: { user_id: 99 } },
    ]);
  });
});

describe('notifications and lead offers (leads methods)', () => {
  it('lists the latest, marks them all read and takes an offered lead; a taken offer is a 400 HttpError', async () => {
    const { seen, record } = recorder();
    server.use(
      http.get('/notifications/', async ({ request, response }) => {
        await record(request);
        return response(200).json({
          unread_count: 1,
          results: [
            {
              id: 1,
              kind: 'lead_offered',
              message: 'A lead for you',
              data: { lead_id: 7 },
              read: false,
              created_at: '2026-01-01T09:00:00.000Z',
            },
          ],
        });
      }),
      http.post('/notifications/read/', async ({ request, response }) => {
        await record(request);
        return response(200).json({ unread_count: 0 });
      }),
      http.post('/leads/take/', async ({ request }) => {
        await record(request);
        const body = await request.clone().json();
        if (body.user_id === 8)
          return HttpResponse.json({ non_field_errors: ['The offer has expired'] }, { status: 400 });
        return HttpResponse.json({
          detail: 'ok',
          user: { id: 7, first_name: 'Lea', last_name: 'Lead' },
          status: 'processing',
          responsible: { id: 5, first_name: 'Kai', last_name: 'Berater' },
        });
      }),
    );
    const list = await dataProvider.getNotifications(20);
    expect(list.unread_count).toBe(1);
    expect(list.results[0]).toMatchObject({ kind: 'lead_offered', data: { lead_id: 7 } });
    expect(await dataProvider.readNotifications()).toEqual({ unread_count: 0 });
    await dataProvider.readNotifications([1]);
    await dataProvider.takeLead(7);
    const err = await dataProvider.takeLead(8).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).body).toEqual({ errors: { non_field_errors: 'The offer has expired' } });
    expect(seen).toEqual([
      { url: '/api/notifications/?limit=20' },
      { url: '/api/notifications/read/', body: {} },
      { url: '/api/notifications/read/', body: { ids: [1] } },
      { url: '/api/leads/take/', body: { user_id: 7 } },
      { url: '/api/leads/take/', body: { user_id: 8 } },
    ]);
  });
});

describe('staff-partners resource and staff methods', () => {
  it('create sends the filled fields and each document as multipart and answers with the partner under its user id', async () => {
    let form: FormData | undefined;
    server.use(
      http.post('/accounts/user/create_partner_user/', async ({ request, response }) => {
        form = await request.formData();
        return response(201).json({
          detail: 'User successfully created',
          partner: {
            user_id: 31,
            first_name: 'Paul',
            last_name: 'Partner',
            company: 'Muster GmbH',
            documents: [],
            created_at: '2026-01-01T09:00:00.000Z',
          },
        });
      }),
    );
    const pdf = new File(['%PDF-1.4'], 'contract.pdf', { type: 'application/pdf' });
    const res = await dataProvider.create('staff-partners', {
      data: {
        first_name: 'Paul',
        last_name: 'Partner',
        email: 'paul@example.com',
        company: 'Muster GmbH',
        tag_id: 2,
        consultant_id: 3,
        phone: '',
        default_region: 'AT',
        documents: [pdf],
      },
    });
    expect(res.data).toMatchObject({ id: 31, user_id: 31, company: 'Muster GmbH' });
    expect(Object.fromEntries([...form!.entries()].filter(([k]) => k !== 'documents'))).toEqual({
      first_name: 'Paul',
      last_name: 'Partner',
      email: 'paul@example.com',
      tag_id: '2',
      consultant_id: '3',
      company: 'Muster GmbH',
      default_region: 'AT',
    });
    const docs = form!.getAll('documents') as File[];
    expect(docs.map((d) => d.name)).toEqual(['contract.pdf']);
  });

  it('create: a refused field comes back as an HttpError with the field errors', async () => {
    server.use(
      http.post('/accounts/user/create_partner_user/', () =>
        HttpResponse.json({ email: ['A user with this email already exists'] }, { status: 400 }),
      ),
    );
    const err = await dataProvider
      .create('staff-partners', {
        data: {
          first_name: 'P',
          last_name: 'P',
          email: 'taken@example.com',
          company: 'C',
          tag_id: 2,
          consultant_id: 3,
        },
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).body).toEqual({ errors: { email: 'A user with this email already exists' } });
  });

  it('getTagsGroups reads the staff tags and groups', async () => {
    server.use(
      http.get('/accounts/tags_groups/', ({ response }) =>
        response(200).json({ tags: [{ id: 2, name: 'Website' }], groups: [{ id: 1, name: 'VIP' }] }),
      ),
    );
    expect(await dataProvider.getTagsGroups()).toEqual({
      tags: [{ id: 2, name: 'Website' }],
      groups: [{ id: 1, name: 'VIP' }],
    });
  });
});

describe('structure methods', () => {
  it("getStructureChoices reads the filters' options and the columns", async () => {
    const choices: SchemaStructureChoices = {
      statuses: [{ value: 'active', label: 'Active' }],
      tags: [],
      groups: [],
      columns: [{ key: 'email', label: 'Email', sortable: true }],
    };
    server.use(http.get('/team/get_my_structure_users/choices/', () => HttpResponse.json(choices)));
    expect(await dataProvider.getStructureChoices()).toEqual(choices);
  });
});
