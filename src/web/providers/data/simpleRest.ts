import type {
  CreateParams,
  CreateResult,
  DeleteManyParams,
  DeleteManyResult,
  DeleteParams,
  DeleteResult,
  GetListParams,
  GetListResult,
  GetManyParams,
  GetManyReferenceParams,
  GetManyReferenceResult,
  GetManyResult,
  GetOneParams,
  GetOneResult,
  Identifier,
  RaRecord,
  UpdateManyParams,
  UpdateManyResult,
  UpdateParams,
  UpdateResult,
} from 'react-admin';
import { unwrap } from '../../../api/client';
import { pick } from './fields';

/**
 * Atrium's own admin resources (admin-content.yaml, admin.yaml) speak ra-data-simple-rest's dialect:
 * `GET /admin/<name>?sort=["field","ASC"]&range=[first,last]&filter={...}` answering with
 * `Content-Range: <name> first-last/total`, `GET/PUT/DELETE /admin/<name>/{id}`, `POST /admin/<name>`.
 * This module speaks that dialect through the typed client instead of the untyped package: each
 * resource hands over its calls (written against the contract's paths, so the compiler checks the
 * paths, parameters and bodies), and the adapter returns the contract's record type. The query is
 * built exactly as ra-data-simple-rest 5 builds it.
 */

/** The JSON-encoded query of a simple-REST list (openapi/parameters-simple-rest.yaml). */
type SimpleRestQuery = { sort?: string; range?: string; filter?: string };

/** What openapi-fetch answers: the data, or an error body, and the response (for Content-Range). */
type Answer<T> = Promise<{ data?: T; error?: unknown; response: Response }>;

/** A resource's calls, one per operation of its contract (`listAdminLessons`, `getAdminLesson`…). */
export type SimpleRestCalls<R, C = never, U = never> = {
  list: (init: { params: { query: SimpleRestQuery }; signal?: AbortSignal }) => Answer<R[]>;
  one: (id: number, signal?: AbortSignal) => Answer<R>;
  create?: (body: C) => Answer<R>;
  update?: (id: number, body: U) => Answer<R>;
  remove?: (id: number) => Answer<R>;
};

/**
 * A resource adapter whose records are the contract's `R` (assignable to ResourceAdapter). The
 * params keep react-admin's `Identifier` ids: a record's id may come from the URL as a string.
 */
export type SimpleRestAdapter<R extends { id: Identifier }> = {
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

/** The total of `Content-Range: <name> first-last/total`, as ra-data-simple-rest reads it. */
function totalOf(response: Response): number {
  const range = response.headers.get('Content-Range');
  if (range === null) {
    throw new Error(
      'The Content-Range header is missing in the HTTP Response. The simple REST data provider expects responses for lists of resources to contain this header with the total number of results to build the pagination.',
    );
  }
  return parseInt(range.split('/').pop() ?? '', 10);
}

type Window = {
  pagination?: { page: number; perPage: number };
  sort?: { field: string; order: string };
  filter?: unknown;
};

/** sort, range and filter as ra-data-simple-rest sends them (its defaults: page 1 of 10, by id ascending). */
function listQuery({ pagination, sort, filter }: Window): SimpleRestQuery {
  const { page, perPage } = pagination ?? { page: 1, perPage: 10 };
  const { field, order } = sort ?? { field: 'id', order: 'ASC' };
  const query: SimpleRestQuery = {
    sort: JSON.stringify([field, order]),
    range: JSON.stringify([(page - 1) * perPage, page * perPage - 1]),
  };
  // JSON.stringify(undefined) is undefined, which leaves the parameter out (as query-string does).
  if (filter !== undefined) query.filter = JSON.stringify(filter);
  return query;
}

const missing = (resource: string, method: string) => new Error(`The resource "${resource}" has no ${method}`);

/**
 * One simple-REST resource over its typed calls. react-admin hands create and update the whole
 * record (id, counts, timestamps) and the server refuses fields its contract does not list, so only
 * `fields` (the request schema's, held to it in fields.ts) are sent. updateMany and deleteMany make
 * one call per id, as ra-data-simple-rest does.
 */
export function simpleRestAdapter<R extends { id: number }, C = never, U = never>(
  calls: SimpleRestCalls<R, C, U>,
  fields: readonly string[] = [],
): SimpleRestAdapter<R> {
  // The form's values are react-hook-form's untyped record; the listed fields are the request
  // schema's (fields.ts checks the list against it) and the server validates their values.
  const createBody = (data: unknown) => pick(data, fields) as C;
  const updateBody = (data: unknown) => pick(data, fields) as U;
  const list = async (params: Window & { signal?: AbortSignal }) => {
    const answer = await calls.list({ params: { query: listQuery(params) }, signal: params.signal });
    const data = await unwrap(Promise.resolve(answer));
    return { data, total: totalOf(answer.response) };
  };
  const update = async (resource: string, id: Identifier, data: unknown) => {
    if (!calls.update) throw missing(resource, 'update');
    return unwrap(calls.update(Number(id), updateBody(data)));
  };
  const remove = async (resource: string, id: Identifier) => {
    if (!calls.remove) throw missing(resource, 'delete');
    return unwrap(calls.remove(Number(id)));
  };
  return {
    getList: (_resource, params) => list(params),
    async getOne(_resource, { id, signal }) {
      return { data: await unwrap(calls.one(Number(id), signal)) };
    },
    async getMany(_resource, { ids, signal }) {
      const query: SimpleRestQuery = { filter: JSON.stringify({ id: ids }) };
      return { data: await unwrap(calls.list({ params: { query }, signal })) };
    },
    getManyReference: (_resource, { target, id, filter, ...rest }) =>
      list({ ...rest, filter: { ...(filter as Record<string, unknown>), [target]: id } }),
    async create(resource, { data }) {
      if (!calls.create) throw missing(resource, 'create');
      return { data: await unwrap(calls.create(createBody(data))) };
    },
    async update(resource, { id, data }) {
      return { data: await update(resource, id, data) };
    },
    async updateMany(resource, { ids, data }) {
      const saved = await Promise.all(ids.map((id) => update(resource, id, data)));
      return { data: saved.map((r) => r.id) };
    },
    async delete(resource, { id }) {
      return { data: await remove(resource, id) };
    },
    async deleteMany(resource, { ids }) {
      const removed = await Promise.all(ids.map((id) => remove(resource, id)));
      return { data: removed.map((r) => r.id) };
    },
  };
}
