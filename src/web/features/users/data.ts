import { api, unwrap } from '../../../api/client';
import type { SchemaAdminUserCreate, SchemaLeadStatus, SchemaRole } from '../../../api/schema';
import { ADMIN_USER_CREATE_FIELDS, ADMIN_USER_UPDATE_FIELDS, pick } from '../../providers/data/fields';
import type { ResourceAdapter } from '../../providers/data/types';

/** `users` → v1/users/: paged GET list, GET/PUT by id, POST to create. */
export const usersAdapter: ResourceAdapter = {
  async getList(_resource, { pagination, sort, filter }) {
    const f = (filter ?? {}) as { q?: string; role?: SchemaRole | ''; lead_status?: SchemaLeadStatus | '' };
    const page = await unwrap(
      api.GET('/v1/users/', {
        params: {
          query: {
            page: pagination?.page ?? 1,
            page_size: pagination?.perPage ?? 25,
            search: f.q || undefined,
            role: f.role || undefined,
            lead_status: f.lead_status || undefined,
            ordering: sort ? `${sort.order === 'DESC' ? '-' : ''}${sort.field}` : undefined,
          },
        },
      }),
    );
    return { data: page.results, total: page.count };
  },
  async getOne(_resource, { id }) {
    return { data: await unwrap(api.GET('/v1/users/{id}', { params: { path: { id: Number(id) } } })) };
  },
  async getMany(_resource, { ids }) {
    const data = await Promise.all(
      ids.map((id) => unwrap(api.GET('/v1/users/{id}', { params: { path: { id: Number(id) } } }))),
    );
    return { data };
  },
  async create(_resource, { data }) {
    return {
      data: await unwrap(
        api.POST('/v1/users/', { body: pick(data, ADMIN_USER_CREATE_FIELDS) as SchemaAdminUserCreate }),
      ),
    };
  },
  async update(_resource, { id, data, previousData }) {
    // Only what changed, of the fields the contract lets an admin set (the record carries read-only ones).
    const before = (previousData ?? {}) as Record<string, unknown>;
    const changed = Object.fromEntries(
      Object.entries(pick(data, ADMIN_USER_UPDATE_FIELDS)).filter(([k, v]) => before[k] !== v),
    );
    return {
      data: await unwrap(api.PUT('/v1/users/{id}', { params: { path: { id: Number(id) } }, body: changed })),
    };
  },
};
