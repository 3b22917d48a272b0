import { api, ApiError } from '../../../api/client';
import type { SchemaStaffPayment } from '../../../api/schema';
import type { ResourceAdapter } from './types';
import { invalidating } from './invalidation';

/** "staff/payments 0-24/311" → 311. */
const totalOf = (range: string | null) => Number(range?.split('/').pop() ?? 0) || 0;

async function one(id: number): Promise<SchemaStaffPayment> {
  const { data, error, response } = await api.GET('/staff/payments/{id}', { params: { path: { id } } });
  if (!response.ok || !data) throw new ApiError(response.status, error);
  return data;
}

/**
 * `payments` (staff) → /staff/payments: a simple-REST list (sort/range/filter as JSON, the total in
 * Content-Range), one payment by id. Approve and reject are actions, not updates: see below.
 */
export const paymentsAdapter: ResourceAdapter = {
  async getList(_resource, { pagination, sort, filter }) {
    const page = pagination?.page ?? 1;
    const perPage = pagination?.perPage ?? 25;
    const clean = Object.fromEntries(
      Object.entries((filter ?? {}) as Record<string, unknown>).filter(
        ([, v]) => v !== '' && v !== undefined && v !== null,
      ),
    );
    const { data, error, response } = await api.GET('/staff/payments', {
      params: {
        query: {
          sort: JSON.stringify([sort?.field ?? 'created_at', sort?.order ?? 'DESC']),
          range: JSON.stringify([(page - 1) * perPage, page * perPage - 1]),
          filter: JSON.stringify(clean),
        },
      },
    });
    if (!response.ok || !data) throw new ApiError(response.status, error);
    return { data, total: totalOf(response.headers.get('Content-Range')) };
  },
  async getOne(_resource, { id }) {
    return { data: await one(Number(id)) };
  },
  async getMany(_resource, { ids }) {
    return { data: await Promise.all(ids.map((id) => one(Number(id)))) };
  },
};

/** The staff payments' actions, custom methods of the data provider (see index.ts). */
export const paymentsMethods = {
  /** Confirms a pending manual donation; every list is read again (react-admin's refresh). */
  approvePayment: invalidating({ invalidates: 'all' }, async (id: number): Promise<SchemaStaffPayment> => {
    const { data, error, response } = await api.POST('/staff/payments/{id}/approve', { params: { path: { id } } });
    if (!response.ok || !data) throw new ApiError(response.status, error);
    return data;
  }),
  /** Rejects a pending manual donation with the reason the member sees; every list is read again. */
  rejectPayment: invalidating(
    { invalidates: 'all' },
    async (id: number, reason: string): Promise<SchemaStaffPayment> => {
      const { data, error, response } = await api.POST('/staff/payments/{id}/reject', {
        params: { path: { id } },
        body: { reason },
      });
      if (!response.ok || !data) throw new ApiError(response.status, error);
      return data;
    },
  ),
};
