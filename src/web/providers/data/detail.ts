import { useGetOne, type GetOneParams, type RaRecord, type UseGetOneOptions } from 'react-admin';

/**
 * The `meta` of a detail's getOne. A list's row is often briefer than the detail (a request without its
 * conversation, a lesson without its video), and react-admin's useGetList puts every row it reads into
 * the getOne cache under the list's `meta`. A detail's `meta` always carries `view: true`, so a row never
 * stands in for the detail: the screen waits for the full record instead of rendering a partial one.
 */
export const detailMeta = (meta?: object) => ({ ...meta, view: true });

/** The record a detail screen shows (see detailMeta). */
export function useGetDetail<T extends RaRecord>(
  resource: string,
  params: Pick<GetOneParams<T>, 'id'> & { meta?: object },
  options?: UseGetOneOptions<T>,
) {
  return useGetOne<T>(resource, { id: params.id, meta: detailMeta(params.meta) }, options);
}
