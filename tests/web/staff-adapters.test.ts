import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { SchemaTask, SchemaTicketDetail } from '../../src/api/schema';
import { dataProvider } from '../../src/web/providers/data';
import { http, mockApi, recorder } from '../setup/msw';

const server = mockApi();

const who = { id: 3, first_name: 'Kai', last_name: 'Berater' };
const task = (id: number, extra: Partial<SchemaTask> = {}): SchemaTask => ({
  id,
  type: 'call',
  status: 'planned',
  start_at: '2026-01-01T10:00:00.000Z',
  end_at: null,
  description: 'Call',
  result: null,
  linked_user: { id: 9, first_name: 'Lea', last_name: 'Lead' },
  owner: who,
  is_overdue: false,
  created_at: '2026-01-01T09:00:00.000Z',
  updated_at: '2026-01-01T09:00:00.000Z',
  ...extra,
});
const ticket = (id: number, extra: Partial<SchemaTicketDetail> = {}): SchemaTicketDetail => ({
  id,
  type: 'technical',
  subject: 'Video',
  status: 'new',
  user: { id: 9, first_name: 'Lea', last_name: 'Lead' },
  consultant: null,
  messages_count: 1,
  created_at: '2026-01-01T09:00:00.000Z',
  updated_at: '2026-01-01T09:00:00.000Z',
  messages: [],
  ...extra,
});

describe('tasks adapter', () => {
  it('getList sends the tab, type, search, view-as and ordering, and keeps the tab counts', async () => {
    const { seen, record } = recorder();
    server.use(
      http.post('/user_tasks/list/', async ({ request, response }) => {
        await record(request);
        return response(200).json({
          count: 1,
          next: null,
          previous: null,
          current: 1,
          total_count: 4,
          results: [task(1)],
          tab_counts: { today: 1, future: 2, completed: 1, canceled: 0 },
        });
      }),
    );
    const res = await dataProvider.getList('tasks', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'start_at', order: 'DESC' },
      filter: { tab: 'future', type: 'call', q: 'lea', user_id: 5 },
    });
    expect(seen[0]!.url).toBe(
      '/api/user_tasks/list/?page=1&page_size=10&tab=future&type=call&search=lea&user_id=5&ordering=-start_at',
    );
    expect(res).toMatchObject({ total: 1, data: [{ id: 1 }], meta: { tab_counts: { future: 2 } } });
  });

  it('update posts the action with the task id; a 400 becomes an HttpError with field errors', async () => {
    const { seen, record } = recorder();
    server.use(
      http.post('/user_tasks/update/', async ({ request, response }) => {
        await record(request);
        const body = (await request.clone().json()) as { result?: string };
        if (!body.result) return response(400).json({ result: ['Please, fill this field'] });
        return response(200).json(task(1, { status: 'completed', result: body.result }));
      }),
    );
    const ok = await dataProvider.update('tasks', {
      id: 1,
      data: { action: 'complete', result: 'Done' },
      previousData: task(1),
    });
    expect(seen[0]!.body).toEqual({ action: 'complete', result: 'Done', task_id: 1 });
    expect(ok.data).toMatchObject({ status: 'completed' });
    const err = await dataProvider
      .update('tasks', { id: 1, data: { action: 'complete' }, previousData: task(1) })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 400, body: { errors: { result: 'Please, fill this field' } } });
  });
});

describe('tickets adapter', () => {
  it('getList filters by status, view-as and member; getOne reads the detail', async () => {
    const { seen, record } = recorder();
    server.use(
      http.post('/tickets/consultant/list/', async ({ request, response }) => {
        await record(request);
        return response(200).json({
          count: 1,
          next: null,
          previous: null,
          current: 1,
          total_count: 1,
          results: [ticket(4)],
        });
      }),
      http.post('/tickets/consultant/detail/', async ({ request, response }) => {
        await record(request);
        return response(200).json(
          ticket(4, {
            messages: [{ id: 1, kind: 'message', author: who, message: 'Hi', created_at: '2026-01-01T09:00:00.000Z' }],
          }),
        );
      }),
    );
    const list = await dataProvider.getList('tickets', {
      pagination: { page: 2, perPage: 5 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: { status: 'new', user_id: 7, member_id: 9 },
    });
    expect(seen[0]!.url).toBe(
      '/api/tickets/consultant/list/?page=2&page_size=5&status=new&user_id=7&member_id=9&ordering=-created_at',
    );
    expect(list.total).toBe(1);
    const one = await dataProvider.getOne('tickets', { id: 4 });
    expect(seen[1]!.body).toEqual({ ticket_id: 4 });
    expect(one.data.messages).toHaveLength(1);
  });

  it('take goes to update_ticket/, reject to reject_ticket/; a lost race is a 409 with the message', async () => {
    const { seen, record } = recorder();
    server.use(
      http.post('/tickets/consultant/update_ticket/', async ({ request, response }) => {
        await record(request);
        return response(409).json({ detail: 'Ticket is already taken by another consultant', code: 'ticket_taken' });
      }),
      http.post('/tickets/consultant/reject_ticket/', async ({ request, response }) => {
        await record(request);
        return response(200).json(ticket(4, { status: 'rejected', rejection_reason: 'No' }));
      }),
    );
    const err = await dataProvider
      .update('tickets', { id: 4, data: { action: 'take' }, previousData: ticket(4) })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 409, message: 'Ticket is already taken by another consultant' });
    const rejected = await dataProvider.update('tickets', {
      id: 4,
      data: { action: 'reject', reason: 'No' },
      previousData: ticket(4),
    });
    expect(seen.map((s) => s.url)).toEqual([
      '/api/tickets/consultant/update_ticket/',
      '/api/tickets/consultant/reject_ticket/',
    ]);
    expect(seen[1]!.body).toEqual({ ticket_id: 4, reason: 'No' });
    expect(rejected.data.status).toBe('rejected');
  });
});

describe('task-link-users adapter', () => {
  it('getList searches the linkable users for the employee viewed as, perPage as the limit', async () => {
    const { seen, record } = recorder();
    server.use(
      http.get('/user_tasks/get_users_to_link/', async ({ request, response }) => {
        await record(request);
        return response(200).json([{ id: 9, first_name: 'Lea', last_name: 'Lead' }]);
      }),
    );
    const res = await dataProvider.getList('task-link-users', {
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'id', order: 'ASC' },
      filter: { q: 'lea', user_id: 5 },
    });
    expect(seen[0]!.url).toBe('/api/user_tasks/get_users_to_link/?search=lea&user_id=5&limit=20');
    expect(res).toEqual({ data: [{ id: 9, first_name: 'Lea', last_name: 'Lead' }], total: 1 });
    await dataProvider.getList('task-link-users', {
      pagination: { page: 1, perPage: 200 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(seen[1]!.url).toBe('/api/user_tasks/get_users_to_link/?limit=50');
  });
});

describe('tickets custom methods', () => {
  it('getTicketChoices reads the staff choices', async () => {
    const { seen, record } = recorder();
    server.use(
      http.get('/tickets/tickets_choices/', async ({ request, response }) => {
        await record(request);
        return response(200).json({
          types: [{ value: 'technical', label: 'Technical' }],
          statuses: [{ value: 'new', label: 'New' }],
        });
      }),
    );
    const choices = await dataProvider.getTicketChoices('staff');
    expect(seen[0]!.url).toBe('/api/tickets/tickets_choices/?scope=staff');
    expect(choices.statuses).toEqual([{ value: 'new', label: 'New' }]);
  });

  it('sendTicketTelegram posts the message for the ticket; a member without Telegram is a 400 HttpError', async () => {
    const { seen, record } = recorder();
    server.use(
      http.post('/chatbot_telegram/send_msg_through_chatbot/', async ({ request, response }) => {
        await record(request);
        const body = (await request.clone().json()) as { ticket_id?: number };
        if (body.ticket_id === 5)
          return response(400).json({ non_field_errors: ['The member has not linked Telegram'] });
        return response(200).json({ detail: 'Sent', sent_at: '2026-01-01T09:00:00.000Z' });
      }),
    );
    await dataProvider.sendTicketTelegram(4, 'Hello');
    expect(seen[0]!.body).toEqual({ ticket_id: 4, message: 'Hello' });
    const err = await dataProvider.sendTicketTelegram(5, 'Hello').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(400);
    expect((err as HttpError).body.errors).toEqual({ non_field_errors: 'The member has not linked Telegram' });
    expect((err as HttpError).message).toBe('The member has not linked Telegram');
  });
});
