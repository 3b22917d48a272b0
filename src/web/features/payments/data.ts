import { api, ApiError } from '../../../api/client';
import type { SchemaStaffPayment } from '../../../api/schema';
import { simpleRestResource } from '../../providers/data/simpleRestResources';
import type { ResourceAdapter } from '../../providers/data/types';
import { invalidating } from '../../providers/data/invalidation';

// Donations (a sub-folder's adapter and methods), for the data provider.
export { donationsAdapter, donationsMethods } from './donation/data';

const rest = simpleRestResource('staff/payments');

/**
 * `payments` (staff) → /staff/payments, a simple-REST collection through the package: the list (sort,
 * range and the filled filters as JSON, the total in Content-Range) and one payment by id. The list
 * takes no `id` filter, so several payments are read one by one. Approve and reject are actions, not
 * updates: see below.
 */
export const paymentsAdapter: ResourceAdapter = {
  getList: (resource, params) =>
    rest.getList(resource, {
      ...params,
      // A cleared filter input is no filter (the server refuses an empty kind or state).
      filter: Object.fromEntries(
        Object.entries((params.filter ?? {}) as Record<string, unknown>).filter(
          ([, v]) => v !== '' && v !== undefined && v !== null,
        ),
      ),
    }),
  getOne: (resource, params) => rest.getOne(resource, params),
  async getMany(resource, { ids, signal }) {
    return { data: await Promise.all(ids.map(async (id) => (await rest.getOne(resource, { id, signal })).data)) };
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
