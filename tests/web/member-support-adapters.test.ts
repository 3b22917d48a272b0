import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { SchemaMyTicket, SchemaTicketDetail } from '../../src/api/schema';
import { dataProvider } from '../../src/web/providers/data';
import { http, mockApi, recorder } from '../setup/msw';

/** The member's support screens and notification settings: the `my-tickets` resource and their custom methods. */
const server = mockApi();

const who = { id: 3, first_name: 'Kai', last_name: 'Berater' };
const base = {
  type: 'question' as const,
  subject: 'Video',
  status: 'in_progress' as const,
  user: { id: 9, first_name: 'Mia', last_name: 'Member' },
  consultant: who,
  messages_count: 2,
  created_at: '2026-01-01T09:00:00.000Z',
  updated_at: '2026-01-01T10:00:00.000Z',
};
const mine = (id: number): SchemaMyTicket => ({
  id,
  ...base,
  last_answer: { message: 'Reload', author: who, created_at: '2026-01-01T10:00:00.000Z' },
});
const detail = (id: number, extra: Partial<SchemaTicketDetail> = {}): SchemaTicketDetail => ({
  id,
  ...base,
  messages: [],
  ...extra,
});

describe('my-tickets resource', () => {
  it('getList pages and filters the caller’s own tickets; getOne reads one with its messages', async () => {
    const { seen, record } = recorder();
    server.use(
      http.get('/tickets/my/', async ({ request, response }) => {
        await record(request);
        return response(200).json({
          count: 1,
          next: null,
          previous: null,
          current: 2,
          total_count: 1,
          results: [mine(4)],
        });
      }),
      http.get('/tickets/my/{id}/', async ({ request, response }) => {
        await record(request);
        return response(200).json(detail(4));
      }),
    );
    const list = await dataProvider.getList('my-tickets', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: { status: 'new' },
    });
    expect(seen[0]!.url).toBe('/api/tickets/my/?page=2&page_size=10&status=new');
    expect(list).toMatchObject({ total: 1, data: [{ id: 4, last_answer: { message: 'Reload' } }] });
    const one = await dataProvider.getOne('my-tickets', { id: 4 });
    expect(seen[1]!.url).toBe('/api/tickets/my/4/');
    expect(one.data.id).toBe(4);
  });

  it('replyMyTicket posts the message; a closed ticket is a 400 with the message', async () => {
    const { seen, record } = recorder();
    server.use(
      http.post('/tickets/my/{id}/reply/', async ({ request, response, params }) => {
        await record(request);
        if (params.id === '5') return response(400).json({ non_field_errors: ['The ticket is closed.'] });
        return response(200).json(detail(4, { messages_count: 3 }));
      }),
    );
    const ok = await dataProvider.replyMyTicket(4, 'Thanks');
    expect(seen[0]).toEqual({ url: '/api/tickets/my/4/reply/', body: { message: 'Thanks' } });
    expect(ok.messages_count).toBe(3);
    const err = await dataProvider.replyMyTicket(5, 'Why?').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(400);
  });
});

describe('notification settings', () => {
  it('reads and updates the caller’s switches', async () => {
    const { seen, record } = recorder();
    server.use(
      http.get('/notifications/settings/', ({ response }) =>
        response(200).json({ settings: [{ kind: 'ticket_answered', enabled: true }] }),
      ),
      http.post('/notifications/settings/', async ({ request, response }) => {
        await record(request);
        return response(200).json({ settings: [{ kind: 'ticket_answered', enabled: false }] });
      }),
    );
    expect(await dataProvider.getNotificationSettings()).toEqual({
      settings: [{ kind: 'ticket_answered', enabled: true }],
    });
    const after = await dataProvider.updateNotificationSettings([{ kind: 'ticket_answered', enabled: false }]);
    expect(seen[0]!.body).toEqual({ settings: [{ kind: 'ticket_answered', enabled: false }] });
    expect(after.settings[0]!.enabled).toBe(false);
  });
});
