import { api, unwrap } from '../../../api/client';
import type { SchemaNewsBrief } from '../../../api/schema';
import type { ResourceAdapter } from '../../providers/data/types';

/** `learning/news`' filter: a search, and only the important ones. */
type NewsFilter = { q?: string; important?: boolean };

/** `learning/news` → news/…: published news, newest first, paged and searchable; one news item. */
export const newsAdapter: ResourceAdapter = {
  async getList(_resource, { pagination, filter }) {
    const f = (filter ?? {}) as NewsFilter;
    const page = await unwrap(
      api.GET('/news/list', {
        params: {
          query: {
            page: pagination?.page ?? 1,
            page_size: pagination?.perPage ?? 10,
            search: f.q || undefined,
            ...(f.important ? { is_important: true } : {}),
          },
        },
      }),
    );
    return { data: page.results, total: page.count };
  },
  async getOne(_resource, { id }) {
    return { data: await unwrap(api.GET('/news/view/{id}', { params: { path: { id: Number(id) } } })) };
  },
};

/** The dashboard's news that is not a page of the list. */
export const newsMethods = {
  /** The important news the dashboard highlights. */
  getImportantNews: (): Promise<SchemaNewsBrief[]> => unwrap(api.GET('/news/important/')),
};
