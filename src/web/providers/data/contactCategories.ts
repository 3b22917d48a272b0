import type { Identifier } from 'react-admin';
import { api, ApiError, unwrap } from '../../../api/client';
import type { SchemaContactCategory, SchemaContactCategoryRequest, SchemaContactStatus } from '../../../api/schema';
import type { ResourceAdapter } from './types';

const path = (id: Identifier) => ({ params: { path: { id: Number(id) } } });

const toRequest = (data: Partial<SchemaContactCategory>): SchemaContactCategoryRequest => ({
  name: data.name ?? '',
  is_particular: data.is_particular ?? false,
});

const listCategories = () => unwrap(api.GET('/contacts/category'));

function byField<T extends object>(field: string, order: string) {
  const dir = order === 'DESC' ? -1 : 1;
  return (a: T, b: T) => {
    const x: unknown = (a as Record<string, unknown>)[field];
    const y: unknown = (b as Record<string, unknown>)[field];
    if (typeof x === 'number' && typeof y === 'number') return (x - y) * dir;
    return String(x ?? '').localeCompare(String(y ?? '')) * dir;
  };
}

/** `contact-categories` → contacts/category: one short unpaged list, sorted, filtered and paged here. */
export const contactCategoriesAdapter: ResourceAdapter = {
  async getList(_resource, { pagination, sort, filter }) {
    const q = typeof filter?.q === 'string' ? filter.q.toLowerCase() : '';
    const all = (await listCategories()).filter((c) => !q || c.name.toLowerCase().includes(q));
    if (sort?.field) all.sort(byField<SchemaContactCategory>(sort.field, sort.order));
    const page = pagination?.page ?? 1;
    const perPage = pagination?.perPage ?? all.length;
    return { data: all.slice((page - 1) * perPage, page * perPage), total: all.length };
  },
  async getOne(_resource, { id }) {
    const found = (await listCategories()).find((c) => c.id === Number(id));
    if (!found) throw new ApiError(404, { detail: 'Not found.', code: 'not_found' });
    return { data: found };
  },
  async getMany(_resource, { ids }) {
    const wanted = new Set(ids.map(Number));
    return { data: (await listCategories()).filter((c) => wanted.has(c.id)) };
  },
  async create(_resource, { data }) {
    const record: Partial<SchemaContactCategory> = data;
    return { data: await unwrap(api.POST('/contacts/category', { body: toRequest(record) })) };
  },
  async update(_resource, { id, data, previousData }) {
    const record: Partial<SchemaContactCategory> = { ...previousData, ...data };
    return { data: await unwrap(api.PUT('/contacts/category/{id}/', { ...path(id), body: toRequest(record) })) };
  },
  async delete(_resource, { id, previousData }) {
    await unwrap(api.DELETE('/contacts/category/{id}/', path(id)));
    return { data: previousData ?? { id } };
  },
  async deleteMany(_resource, { ids }) {
    await Promise.all(ids.map((id) => unwrap(api.DELETE('/contacts/category/{id}/', path(id)))));
    return { data: ids };
  },
};

const listStatuses = () => unwrap(api.GET('/contacts/status/'));

/** `contact-statuses` → contacts/status/: the fixed, translated statuses (for selects and badges). */
export const contactStatusesAdapter: ResourceAdapter = {
  async getList() {
    const data: SchemaContactStatus[] = await listStatuses();
    return { data, total: data.length };
  },
  async getOne(_resource, { id }) {
    const found = (await listStatuses()).find((s) => s.id === Number(id));
    if (!found) throw new ApiError(404, { detail: 'Not found.', code: 'not_found' });
    return { data: found };
  },
  async getMany(_resource, { ids }) {
    const wanted = new Set(ids.map(Number));
    return { data: (await listStatuses()).filter((s) => wanted.has(s.id)) };
  },
};
