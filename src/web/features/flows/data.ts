import type { Identifier } from 'react-admin';
import { api, ApiError, unwrap } from '../../../api/client';
import type { SchemaFlow, SchemaFlowUpdateRequest } from '../../../api/schema';
import type { ResourceAdapter } from '../../providers/data/types';

// The landing's elements (a sub-folder's adapter), for the data provider.
export { landingElementsAdapter } from './landing/data';

const path = (id: Identifier) => ({ params: { path: { id: Number(id) } } });
const listAll = () => unwrap(api.GET('/user_flows/'));

const toRequest = (data: Partial<SchemaFlow>): SchemaFlowUpdateRequest => ({
  name: data.name ?? '',
  landing_name: data.landing_name ?? '',
  is_published: data.is_published ?? false,
});

/** Sort key of a flow: its own fields, and the stats as `stats.views` etc. */
function valueOf(f: SchemaFlow, field: string): unknown {
  if (field.startsWith('stats.')) return f.stats[field.slice(6) as keyof SchemaFlow['stats']];
  return (f as unknown as Record<string, unknown>)[field];
}

/** A sort key as text: strings and numbers as they are, anything else as nothing. */
const textOf = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

function sorter(field: string, order: string) {
  const dir = order === 'DESC' ? -1 : 1;
  return (a: SchemaFlow, b: SchemaFlow) => {
    const x = valueOf(a, field);
    const y = valueOf(b, field);
    if (typeof x === 'number' && typeof y === 'number') return (x - y) * dir;
    if (typeof x === 'boolean' && typeof y === 'boolean') return (Number(x) - Number(y)) * dir;
    return textOf(x).localeCompare(textOf(y)) * dir;
  };
}

/**
 * `flows` → user_flows/: the caller's flows come as one unpaged array (a member has a handful), so
 * search (`q`), the published filter, sorting and paging happen here.
 */
export const flowsAdapter: ResourceAdapter = {
  async getList(_resource, { pagination, sort, filter }) {
    const { q: search, is_published: published } = (filter ?? {}) as { q?: unknown; is_published?: unknown };
    const q = typeof search === 'string' ? search.trim().toLowerCase() : '';
    const all = (await listAll()).filter(
      (f) =>
        (!q || f.name.toLowerCase().includes(q) || f.landing_name.includes(q)) &&
        (typeof published !== 'boolean' || f.is_published === published),
    );
    if (sort?.field) all.sort(sorter(sort.field, sort.order));
    const page = pagination?.page ?? 1;
    const perPage = pagination?.perPage ?? all.length;
    return { data: all.slice((page - 1) * perPage, page * perPage), total: all.length };
  },
  async getOne(_resource, { id }) {
    const found = (await listAll()).find((f) => f.id === Number(id));
    if (!found) throw new ApiError(404, { detail: 'Not found.', code: 'not_found' });
    return { data: found };
  },
  async getMany(_resource, { ids }) {
    const wanted = new Set(ids.map(Number));
    return { data: (await listAll()).filter((f) => wanted.has(f.id)) };
  },
  async create(_resource, { data }) {
    const record = data as Partial<SchemaFlow>;
    return { data: await unwrap(api.POST('/user_flows/', { body: toRequest(record) })) };
  },
  async update(_resource, { id, data, previousData }) {
    const record = {
      ...(previousData as Partial<SchemaFlow> | undefined),
      ...(data as Partial<SchemaFlow> | undefined),
    };
    return { data: await unwrap(api.PUT('/user_flows/{id}/', { ...path(id as Identifier), body: toRequest(record) })) };
  },
  async delete(_resource, { id, previousData }) {
    await unwrap(api.DELETE('/user_flows/{id}/', path(id)));
    return { data: previousData ?? { id } };
  },
  async deleteMany(_resource, { ids }) {
    await Promise.all(ids.map((id) => unwrap(api.DELETE('/user_flows/{id}/', path(id)))));
    return { data: ids };
  },
};

/** Whether a landing name can be used (matches=false) while the member types it. */
export async function checkLandingName(name: string, flowId?: number) {
  return unwrap(
    api.POST('/user_flows/landing_edit/check_unique_name/', { body: { name, ...(flowId && { flow_id: flowId }) } }),
  );
}

async function flowStats(id: number, days: number) {
  return unwrap(api.GET('/user_flows/stats/{id}/', { params: { path: { id }, query: { days } } }));
}

/** The days a flow's stats cover unless `meta.days` says otherwise. */
const STATS_DAYS = 30;

/**
 * `flow-stats` → GET user_flows/stats/{id}/: one flow's totals and its days (views, sign-ups), for
 * the last `meta.days` days; the flow's id is the record's id. A record only.
 */
export const flowStatsAdapter: ResourceAdapter = {
  async getOne(_resource, { id, meta }) {
    const days = (meta as { days?: number } | undefined)?.days ?? STATS_DAYS;
    return { data: { ...(await flowStats(Number(id), days)), id: Number(id) } };
  },
};
