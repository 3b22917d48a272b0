import type { Identifier } from 'react-admin';
import { api, ApiError, unwrap } from '../../../../api/client';
import type { SchemaContactCategory, SchemaContactCategoryRequest, SchemaContactStatus } from '../../../../api/schema';
import type { ResourceAdapter } from '../../../providers/data/types';

const path = (id: Identifier) => ({ params: { path: { id: Number(id) } } });

const toRequest = (data: Partial<SchemaContactCategory>): SchemaContactCategoryRequest => ({
  name: data.name ?? '',
  is_particular: data.is_particular ?? false,
});

const listCategories = () => unwrap(api.GET('/contacts/category'));

/** A sort key as text: strings and numbers as they are, anything else as nothing. */
const textOf = (v: unknown) =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';

function byField<T extends object>(field: string, order: string) {
  const dir = order === 'DESC' ? -1 : 1;
  return (a: T, b: T) => {
    const x: unknown = (a as Record<string, unknown>)[field];
    const y: unknown = (b as Record<string, unknown>)[field];
    if (typeof x === 'number' && typeof y === 'number') return (x - y) * dir;
    return textOf(x).localeCompare(textOf(y)) * dir;
  };
}

/** `contact-categories` → contacts/category: one short unpaged list, sorted, filtered and paged here. */
export const contactCategoriesAdapter: ResourceAdapter = {
  async getList(_resource, { pagination, sort, filter }) {
    const { q: search } = (filter ?? {}) as { q?: unknown };
    const q = typeof search === 'string' ? search.toLowerCase() : '';
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
    const record = data as Partial<SchemaContactCategory>;
    return { data: await unwrap(api.POST('/contacts/category', { body: toRequest(record) })) };
  },
  async update(_resource, { id, data, previousData }) {
    const record = {
      ...(previousData as Partial<SchemaContactCategory> | undefined),
      ...(data as Partial<SchemaContactCategory> | undefined),
    };
    return {
      data: await unwrap(api.PUT('/contacts/category/{id}/', { ...path(id as Identifier), body: toRequest(record) })),
    };
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
