import simpleRestProvider from 'ra-data-simple-rest';
import {
  fetchUtils,
  HttpError,
  type CreateParams,
  type CreateResult,
  type DeleteManyParams,
  type DeleteManyResult,
  type DeleteParams,
  type DeleteResult,
  type GetListParams,
  type GetListResult,
  type GetManyParams,
  type GetManyReferenceParams,
  type GetManyReferenceResult,
  type GetManyResult,
  type GetOneParams,
  type GetOneResult,
  type RaRecord,
  type UpdateManyParams,
  type UpdateManyResult,
  type UpdateParams,
  type UpdateResult,
} from 'react-admin';
import { API_URL, ApiError, noticeStatus, withSession, type ApiErrorBody } from '../../../api/client';
import type { paths } from '../../../api/schema';
import { toHttpError } from './errors';
import { pick } from './fields';

/**
 * Atrium's own admin resources (admin-content.yaml, admin.yaml, products.yaml, broadcasts.yaml)
 * speak ra-data-simple-rest's dialect: `GET /<name>?sort=["field","ASC"]&range=[first,last]&filter={...}`
 * answering with `Content-Range: <name> first-last/total`, `GET/PUT/DELETE /<name>/{id}`,
 * `POST /<name>`. So they go through the design card's package, `simpleRestProvider(apiUrl, httpClient)`;
 * this module gives it the session, maps its failures through the one mapper, and types each
 * collection's records with the contract's schema of that path.
 */

/**
 * ra-core's fetchJson (the package's default client) with the session the typed client sends, and
 * a failure turned into the same HttpError every other call of the provider throws.
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = withSession(new Headers(options.headers ?? { Accept: 'application/json' }));
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers });
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    // ra-core's HttpError is untyped; fetchJson gives it the status and the parsed error body (the
    // contract's field errors or `{detail, code}`).
    const status = Number(err.status);
    noticeStatus(status);
    return toHttpError(new ApiError(status, err.body as ApiErrorBody | undefined));
  }
}

const provider = simpleRestProvider(API_URL, httpClient);

type Path = keyof paths;
/** The parameters of a path's GET, when it has one. */
type GetQuery<P extends Path> = paths[P] extends { get: { parameters: { query?: infer Q } } } ? NonNullable<Q> : never;

/**
 * A simple-REST collection of the contract, named by its path without the leading slash: a list
 * `GET /<name>` that takes a `range`, and a record `GET /<name>/{id}`.
 */
export type Collection = {
  [P in Path]: P extends `/${infer N}/{id}`
    ? `/${N}` extends Path
      ? 'range' extends keyof GetQuery<`/${N}`>
        ? N
        : never
      : never
    : never;
}[Path];

type RecordPath<N extends Collection> = `/${N}/{id}` & Path;

/** The record of a collection: what its `GET /<name>/{id}` answers (the contract's schema). */
export type RecordOf<N extends Collection> = Extract<
  paths[RecordPath<N>] extends { get: { responses: { 200: { content: { 'application/json': infer R } } } } }
    ? R
    : never,
  RaRecord
>;

/** Whether the contract lets a collection's records be created, changed and deleted. */
type Writable<N extends Collection> = paths[RecordPath<N>] extends { put: object; delete: object } ? true : false;

/** One resource's part of react-admin's DataProvider, answering the contract's record type `R`. */
export type SimpleRestAdapter<R extends RaRecord> = {
  getList: (resource: string, params: GetListParams) => Promise<GetListResult<R>>;
  getOne: (resource: string, params: GetOneParams<RaRecord>) => Promise<GetOneResult<R>>;
  getMany: (resource: string, params: GetManyParams<RaRecord>) => Promise<GetManyResult<R>>;
  getManyReference: (resource: string, params: GetManyReferenceParams) => Promise<GetManyReferenceResult<R>>;
  create: (resource: string, params: CreateParams) => Promise<CreateResult<R>>;
  update: (resource: string, params: UpdateParams<RaRecord>) => Promise<UpdateResult<R>>;
  updateMany: (resource: string, params: UpdateManyParams<RaRecord>) => Promise<UpdateManyResult<R>>;
  delete: (resource: string, params: DeleteParams<RaRecord>) => Promise<DeleteResult<R>>;
  deleteMany: (resource: string, params: DeleteManyParams<RaRecord>) => Promise<DeleteManyResult<R>>;
};

/**
 * One collection through the package. A writable collection takes its request schema's `fields`
 * (fields.ts holds the list to the contract): react-admin's forms hand over whole records (id,
 * counts, timestamps) and the server refuses a field its contract does not list, so only those are
 * sent. A read-only one (the outbox, the orders) refuses create, update and delete here.
 */
export function simpleRestResource<N extends Collection>(
  name: N,
  ...writable: Writable<N> extends true ? [fields: readonly string[]] : []
): SimpleRestAdapter<RecordOf<N>> {
  type R = RecordOf<N>;
  const [fields] = writable as [fields?: readonly string[]];
  const body = (resource: string, method: string, data: unknown) => {
    if (!fields) throw new Error(`The resource "${resource}" has no ${method}`);
    return pick(data, fields);
  };
  const refuse = (resource: string, method: string) => body(resource, method, undefined);
  return {
    getList: (_resource, params) => provider.getList<R>(name, params),
    // The package reads only these of the params (previousData is typed by react-admin's record).
    getOne: (_resource, { id, meta, signal }) => provider.getOne<R>(name, { id, meta, signal }),
    getMany: (_resource, { ids, meta, signal }) => provider.getMany<R>(name, { ids, meta, signal }),
    getManyReference: (_resource, params) => provider.getManyReference<R>(name, params),
    create: async (resource, params) =>
      provider.create<R>(name, { ...params, data: body(resource, 'create', params.data) }),
    update: async (resource, params) =>
      provider.update<R>(name, { ...params, data: body(resource, 'update', params.data) }),
    updateMany: async (resource, params) =>
      provider.updateMany<R>(name, { ...params, data: body(resource, 'update', params.data) }),
    delete: async (resource, { id }) => {
      refuse(resource, 'delete');
      return provider.delete<R>(name, { id });
    },
    deleteMany: async (resource, { ids }) => {
      refuse(resource, 'delete');
      return provider.deleteMany<R>(name, { ids });
    },
  };
}
