import { HttpError, type Identifier } from 'react-admin';
import { api, unwrap } from '../../../../api/client';
import type {
  operations,
  SchemaLeadQueueStatus,
  SchemaLeadSourceKind,
  SchemaLeadStatus,
  SchemaStructureUserPage,
} from '../../../../api/schema';
import type { ResourceAdapter } from '../../../providers/data/types';

/** The structure list's filter as the list keeps it (q = search). */
type StructureFilter = { q?: string; status?: SchemaLeadStatus | ''; tags?: number[]; groups?: number[] };

/** What the structure page shows around the rows: columns, tag-group columns and the donation totals. */
export type StructureMeta = Pick<
  SchemaStructureUserPage,
  'columns' | 'tags_groups_columns' | 'total_donations_current' | 'total_donations_prev' | 'total_count'
>;

/** What the structure list needs besides its rows: custom methods of the data provider (see ./index.ts). */
export const structureMethods = {
  /** The options of the structure filters (statuses, tags, groups) and its columns, in the interface language. */
  getStructureChoices: () => structureChoices(),
};

const ordering = (sort?: { field: string; order: string }) =>
  sort?.field ? `${sort.order === 'DESC' ? '-' : ''}${sort.field}` : undefined;

/**
 * `structure` → POST team/get_my_structure_users/: paging and ordering in the query, the filters in the
 * body. The page's columns and totals come back as the list's `meta`.
 */
export const structureAdapter: ResourceAdapter = {
  async getList(_resource, { pagination, sort, filter }) {
    const f = (filter ?? {}) as StructureFilter;
    const page = await unwrap(
      api.POST('/team/get_my_structure_users/', {
        params: {
          query: { page: pagination?.page ?? 1, page_size: pagination?.perPage ?? 25, ordering: ordering(sort) },
        },
        body: {
          search: f.q || undefined,
          status: f.status || undefined,
          tags: f.tags?.length ? f.tags : undefined,
          groups: f.groups?.length ? f.groups : undefined,
        },
      }),
    );
    const meta: StructureMeta = {
      columns: page.columns,
      tags_groups_columns: page.tags_groups_columns,
      total_donations_current: page.total_donations_current,
      total_donations_prev: page.total_donations_prev,
      total_count: page.total_count,
    };
    return { data: page.results, total: page.count, meta };
  },
};

/** The waiting leads' filter as the list keeps it (q = search). */
type WaitingFilter = { q?: string; source?: SchemaLeadSourceKind | ''; queue_status?: SchemaLeadQueueStatus | '' };

const waitingPage = (query: NonNullable<operations['listWaitingUsers']['parameters']['query']>) =>
  unwrap(api.POST('/team/get_waiting_users/', { params: { query } }));

/**
 * `waiting-leads` → POST team/get_waiting_users/ (staff: the pool; members: their structure's leads).
 * getOne reads one lead of the pool (its brief, before anyone takes it); a lead no longer waiting is a 404.
 */
export const waitingLeadsAdapter: ResourceAdapter = {
  async getList(_resource, { pagination, sort, filter }) {
    const f = (filter ?? {}) as WaitingFilter;
    const page = await waitingPage({
      page: pagination?.page ?? 1,
      page_size: pagination?.perPage ?? 25,
      search: f.q || undefined,
      source: f.source || undefined,
      queue_status: f.queue_status || undefined,
      ordering: ordering(sort),
    });
    // Whether leads reach anyone now (staff only): the queue says so when they do not.
    return { data: page.results, total: page.count, ...(page.routing && { meta: { routing: page.routing } }) };
  },
  async getOne(_resource, { id }) {
    const page = await waitingPage({ id: Number(id) });
    const lead = page.results[0];
    if (!lead) throw new HttpError('atrium.leads.gone', 404, {});
    return { data: lead };
  },
};

const details = (id: Identifier) => unwrap(api.POST('/accounts/user/details/', { body: { user_id: Number(id) } }));

/** `user-details` → POST accounts/user/details/ (the /user/view-details/{pk} page). */
export const userDetailsAdapter: ResourceAdapter = {
  async getOne(_resource, { id }) {
    return { data: await details(id) };
  },
  async getMany(_resource, { ids }) {
    return { data: await Promise.all(ids.map(details)) };
  },
};

/** `team-completed-tasks` → POST team/contact/get_completed_tasks/, as a reference list of one user. */
export const teamCompletedTasksAdapter: ResourceAdapter = {
  async getManyReference(_resource, { id, pagination }) {
    const page = await unwrap(
      api.POST('/team/contact/get_completed_tasks/', {
        params: { query: { page: pagination.page, page_size: pagination.perPage } },
        body: { user_id: Number(id) },
      }),
    );
    return { data: page.results, total: page.count };
  },
};

/** The options of the structure filters (statuses, tags, groups) and its columns. */
const structureChoices = () => unwrap(api.GET('/team/get_my_structure_users/choices/'));
