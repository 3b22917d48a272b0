import type {
  CreateResult,
  DataProvider,
  DeleteManyResult,
  DeleteResult,
  GetListResult,
  GetManyReferenceResult,
  GetManyResult,
  GetOneResult,
  UpdateManyResult,
  UpdateResult,
} from 'react-admin';

type P<M extends keyof DataProvider> = Parameters<DataProvider[M]>[1];

/**
 * The part of react-admin's DataProvider one resource maps onto the contract's endpoints.
 * Non-generic on purpose: each adapter returns the contract's own record type.
 */
export type ResourceAdapter = {
  getList?: (resource: string, params: P<'getList'>) => Promise<GetListResult>;
  getOne?: (resource: string, params: P<'getOne'>) => Promise<GetOneResult>;
  getMany?: (resource: string, params: P<'getMany'>) => Promise<GetManyResult>;
  getManyReference?: (resource: string, params: P<'getManyReference'>) => Promise<GetManyReferenceResult>;
  create?: (resource: string, params: P<'create'>) => Promise<CreateResult>;
  update?: (resource: string, params: P<'update'>) => Promise<UpdateResult>;
  updateMany?: (resource: string, params: P<'updateMany'>) => Promise<UpdateManyResult>;
  delete?: (resource: string, params: P<'delete'>) => Promise<DeleteResult>;
  deleteMany?: (resource: string, params: P<'deleteMany'>) => Promise<DeleteManyResult>;
};

/**
 * react-admin's sort as the contract's `ordering` ("-field" descending), for the columns the operation
 * orders by; any other sort (react-admin's default `id`) leaves the server's order.
 */
export function contractOrdering<const C extends string>(columns: readonly C[]) {
  const sortable = (field: string): field is C => (columns as readonly string[]).includes(field);
  return (sort: { field: string; order: string } | undefined) =>
    sort && sortable(sort.field) ? (`${sort.order === 'DESC' ? '-' : ''}${sort.field}` as const) : undefined;
}
