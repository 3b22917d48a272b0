import { HttpResponse } from 'msw';
import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { SchemaStaffPayment } from '../../src/api/schema';
import { dataProvider } from '../../src/web/providers/data';
import { http, mockApi } from '../setup/msw';

const server = mockApi();

const payment = (id: number, extra: Partial<SchemaStaffPayment> = {}): SchemaStaffPayment => ({
  id,
  user_id: 7,
  user: { id: 7, first_name: 'Dora', last_name: 'Payer' },
  kind: 'donation',
  state: 'pending',
  amount: '15.00',
  method: 'bank_transfer',
  method_name: 'Bank transfer',
  provider: 'manual',
  is_manual: true,
  description: '',
  created_at: '2026-01-01T00:00:00.000Z',
  ...extra,
});

describe('staff/payments adapter', () => {
  it('getList sends sort, range and the filled filters as JSON and reads the total from Content-Range', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get('/staff/payments', ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json([payment(31), payment(30)], {
          headers: { 'Content-Range': 'staff/payments 25-26/27' },
        });
      }),
    );
    const res = await dataProvider.getList('staff/payments', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'amount', order: 'ASC' },
      filter: { state: 'pending', kind: '', user_id: 7 },
    });
    expect(res).toMatchObject({ total: 27, data: [{ id: 31 }, { id: 30 }] });
    expect(JSON.parse(query!.get('sort')!)).toEqual(['amount', 'ASC']);
    expect(JSON.parse(query!.get('range')!)).toEqual([25, 49]);
    expect(JSON.parse(query!.get('filter')!)).toEqual({ state: 'pending', user_id: 7 });
  });

  it('getOne reads one payment; a 404 becomes an HttpError', async () => {
    server.use(
      http.get('/staff/payments/{id}', ({ params }) =>
        params.id === '5'
          ? HttpResponse.json(payment(5))
          : HttpResponse.json({ detail: 'Not found.', code: 'not_found' }, { status: 404 }),
      ),
    );
    expect((await dataProvider.getOne('staff/payments', { id: 5 })).data).toMatchObject({ id: 5, amount: '15.00' });
    await expect(dataProvider.getOne('staff/payments', { id: 6 })).rejects.toBeInstanceOf(HttpError);
  });

  it('approve and reject are custom methods of the provider that post to their actions; a reason travels in the body', async () => {
    let reason: unknown;
    server.use(
      http.post('/staff/payments/{id}/approve', () => HttpResponse.json(payment(5, { state: 'paid' }))),
      http.post('/staff/payments/{id}/reject', async ({ request }) => {
        reason = (await request.json()).reason;
        return HttpResponse.json(payment(5, { state: 'canceled', reject_reason: String(reason) }));
      }),
    );
    expect((await dataProvider.approvePayment(5)).state).toBe('paid');
    expect(await dataProvider.rejectPayment(5, 'Unreadable')).toMatchObject({
      state: 'canceled',
      reject_reason: 'Unreadable',
    });
    expect(reason).toBe('Unreadable');
  });

  it('a conflict (already decided) is refused as an HttpError with the server sentence', async () => {
    server.use(
      http.post('/staff/payments/{id}/approve', () =>
        HttpResponse.json(
          { detail: 'This payment has already been decided.', code: 'payment_not_pending' },
          { status: 409 },
        ),
      ),
    );
    const err = await dataProvider.approvePayment(5).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 409, message: 'This payment has already been decided.' });
  });

  it("a refused reason comes back as react-admin's field errors", async () => {
    server.use(
      http.post('/staff/payments/{id}/reject', () =>
        HttpResponse.json({ reason: ['Please, fill this field'] }, { status: 400 }),
      ),
    );
    const err = await dataProvider.rejectPayment(5, ' ').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 400, body: { errors: { reason: 'Please, fill this field' } } });
  });

  it('the resource methods still reach the resources behind the custom ones', async () => {
    server.use(
      http.get('/staff/payments', () =>
        HttpResponse.json([payment(1)], { headers: { 'Content-Range': 'staff/payments 0-0/1' } }),
      ),
    );
    expect(
      await dataProvider.getList('staff/payments', {
        pagination: { page: 1, perPage: 25 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      }),
    ).toMatchObject({ total: 1 });
  });
});
