import type { QueryKey } from '@tanstack/react-query';
import {
  getQuery,
  parseQueryFromLocation,
  type ListParams,
  type RaRecord,
  type SortPayload,
  type Store,
} from 'react-admin';
import type { AtriumDataProvider, AtriumMethods } from '.';
import { providerKey } from './keys';

/**
 * A read a screen makes as it first renders, asked ahead of it on a cold start (startup.ts) once the route
 * check has let the user open the page: the key the screen's hook uses, and how to answer it. The screen then
 * finds its answer in the cache and draws it in its first render, instead of asking only once the layout and
 * the screen have been drawn empty (at 4× CPU, 0.3–0.5 s later: docs/performance.md). A read whose key no
 * longer matches the screen's costs one request and nothing else: the screen asks for itself as before.
 */
export type EarlyRead = { queryKey: QueryKey; queryFn: (provider: AtriumDataProvider) => Promise<unknown> };

/** Where the app was opened: the route's parameters, the address's search, the interface language, react-admin's store. */
export type EarlyReadsAt = {
  params: Readonly<Record<string, string | undefined>>;
  search: string;
  locale: string;
  store: Store;
};

/** The reads a page makes as it first renders, for the address it was opened at. */
export type EarlyReads = (at: EarlyReadsAt) => readonly EarlyRead[];

/** useProviderQuery's read: its key (providerKey) and the method's call. */
export function providerRead<M extends keyof AtriumMethods>(
  method: M,
  locale: string | null,
  ...args: Parameters<AtriumMethods[M]>
): EarlyRead {
  return {
    queryKey: providerKey(method, locale, ...args),
    queryFn: (provider) => (provider[method] as (...a: typeof args) => Promise<unknown>)(...args),
  };
}

/** A list's page, order, filter and meta, as react-admin's getList takes them. */
type ListReadParams = {
  pagination?: { page: number; perPage: number };
  sort?: SortPayload;
  filter?: Record<string, unknown>;
  meta?: unknown;
};

/** react-admin's useGetList read: its defaults, its key and its answer's shape (tests/components/early-reads.test.tsx). */
export function listRead(resource: string, params: ListReadParams = {}): EarlyRead {
  const { pagination = { page: 1, perPage: 25 }, sort = { field: 'id', order: 'DESC' }, filter = {}, meta } = params;
  return {
    queryKey: [resource, 'getList', { pagination, sort, filter, meta }],
    queryFn: async (provider) => {
      const answer = await provider.getList<RaRecord>(resource, { pagination, sort, filter, meta });
      return { data: answer.data, total: answer.total, pageInfo: answer.pageInfo, meta: answer.meta as unknown };
    },
  };
}

/** react-admin's useGetOne read. */
export function oneRead(resource: string, params: { id: string | number; meta?: unknown }): EarlyRead {
  return {
    queryKey: [resource, 'getOne', { id: String(params.id), meta: params.meta }],
    queryFn: async (provider) => (await provider.getOne<RaRecord>(resource, { id: params.id, meta: params.meta })).data,
  };
}

/** The props of a react-admin list (<List>, <ListBase>) that decide its first read. */
type ListOptions = {
  sort?: SortPayload;
  perPage?: number;
  filter?: Record<string, unknown>;
  filterDefaultValues?: Record<string, unknown>;
  storeKey?: string | false;
  disableSyncWithLocation?: boolean;
  meta?: unknown;
};

/** What react-admin's store holds for a list no one has changed (useListParams' default). */
const UNTOUCHED = {} as ListParams;

/**
 * A react-admin list's first read, as its controller (useListController, useListParams) makes it: the
 * parameters in the address, else the ones the store kept from the last visit, else the list's own.
 */
export function listControllerRead(resource: string, options: ListOptions, at: EarlyReadsAt): EarlyRead {
  const sync = !options.disableSyncWithLocation;
  const storeKey = options.storeKey ?? (sync ? `${resource}.listParams` : false);
  const query = getQuery({
    queryFromLocation: sync ? parseQueryFromLocation({ search: at.search }) : {},
    params: storeKey ? at.store.getItem<ListParams>(storeKey, UNTOUCHED) : UNTOUCHED,
    filterDefaultValues: options.filterDefaultValues,
    sort: options.sort ?? { field: 'id', order: 'ASC' },
    perPage: options.perPage ?? 10,
  });
  return listRead(resource, {
    pagination: { page: query.page, perPage: query.perPage },
    sort: { field: query.sort, order: query.order },
    filter: { ...(query.filter as Record<string, unknown>), ...options.filter },
    meta: options.meta,
  });
}
