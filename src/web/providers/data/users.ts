import { api, unwrap } from '../../../api/client';
import type { SchemaAdminUserCreate, SchemaAdminUserUpdate } from '../../../api/schema';
import type { ResourceAdapter } from './types';

/** `users` → v1/users/: paged GET list, GET/PUT by id, POST to create. */
export const usersAdapter: ResourceAdapter = {
  async getList(_resource, { pagination, sort, filter }) {
    const page = await unwrap(
      api.GET('/v1/users/', {
        params: {
          query: {
            page: pagination?.page ?? 1,
            page_size: pagination?.perPage ?? 25,
            search: filter?.q || undefined,
            role: filter?.role || undefined,
            lead_status: filter?.lead_status || undefined,
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
    return { data: await unwrap(api.POST('/v1/users/', { body: data as SchemaAdminUserCreate })) };
  },
  async update(_resource, { id, data, previousData }) {
    const changed = Object.fromEntries(
      Object.entries(data as Record<string, unknown>).filter(([k, v]) => previousData?.[k] !== v && k !== 'id'),
    );
    return {
      data: await unwrap(
        api.PUT('/v1/users/{id}', { params: { path: { id: Number(id) } }, body: changed as SchemaAdminUserUpdate }),
      ),
    };
  },
};
