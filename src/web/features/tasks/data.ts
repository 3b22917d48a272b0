import { api, unwrap } from '../../../api/client';
import type {
  SchemaTaskCreateRequest,
  SchemaTaskNewLeadCreateRequest,
  SchemaTaskTab,
  SchemaTaskTabCounts,
  SchemaTaskType,
  SchemaTaskUpdateRequest,
} from '../../../api/schema';
import { contractOrdering, type ResourceAdapter } from '../../providers/data/types';
import { SORT_OF } from './reads';

/** The columns the contract orders tasks by. */
const ordering = contractOrdering(['start_at', 'created_at', 'completed_at', 'canceled_at']);

/** The tasks list's filter: the tab, a type, free text, and view-as (user_id). */
export type TaskFilter = {
  tab?: SchemaTaskTab;
  type?: SchemaTaskType | '';
  q?: string;
  user_id?: number;
  linked_user_id?: number;
};

/** The tab counts of the list answer, for the tab badges (react-admin keeps them as the list's meta). */
export type TaskListMeta = { tab_counts: SchemaTaskTabCounts };

/**
 * What `create` takes: a task about someone known, or, with `new_lead`, a task about a new lead who
 * is created in the same step (user_tasks/create_new_lead_task/: the lead's fields beside the task's).
 */
export type TaskCreate =
  ({ new_lead?: false } & SchemaTaskCreateRequest) | ({ new_lead: true } & SchemaTaskNewLeadCreateRequest);

/**
 * `tasks` → user_tasks/: list (one tab), create (with a new lead, create_new_lead_task/), and update as an action (complete, cancel,
 * reschedule, edit) — `update`'s data is the TaskUpdateRequest without task_id.
 */
export const tasksAdapter: ResourceAdapter = {
  async getList(_resource, { pagination, sort, filter }) {
    const f = (filter ?? {}) as TaskFilter;
    const tab = f.tab ?? 'today';
    // A tab is ordered by its own date column: a sort on another one is left from the tab before.
    const own = sort?.field === SORT_OF[tab].field ? sort : SORT_OF[tab];
    const page = await unwrap(
      api.POST('/user_tasks/list/', {
        params: {
          query: {
            page: pagination?.page ?? 1,
            page_size: pagination?.perPage ?? 25,
            tab,
            type: f.type || undefined,
            search: f.q || undefined,
            user_id: f.user_id,
            ordering: ordering(own),
          },
        },
        body: f.linked_user_id ? { linked_user_id: f.linked_user_id } : {},
      }),
    );
    return { data: page.results, total: page.count, meta: { tab_counts: page.tab_counts } satisfies TaskListMeta };
  },
  async create(_resource, { data }) {
    const { new_lead, ...fields } = data as TaskCreate;
    if (new_lead) {
      const body = fields as SchemaTaskNewLeadCreateRequest;
      return { data: await unwrap(api.POST('/user_tasks/create_new_lead_task/', { body })) };
    }
    const body = fields as SchemaTaskCreateRequest;
    return { data: await unwrap(api.POST('/user_tasks/create/', { body })) };
  },
  async update(_resource, { id, data }) {
    const body = { ...(data as Omit<SchemaTaskUpdateRequest, 'task_id'>), task_id: Number(id) };
    return { data: await unwrap(api.POST('/user_tasks/update/', { body })) };
  },
};

/** The filter of `task-link-users`: free text and view-as (the employee whose task it is). */
export type TaskLinkUsersFilter = { q?: string; user_id?: number };

/**
 * `task-link-users` → user_tasks/get_users_to_link/: the users a task may be linked to (best
 * matches first, at most perPage ≤ 50), for the caller or the employee viewed as. A list only.
 */
export const taskLinkUsersAdapter: ResourceAdapter = {
  async getList(_resource, { pagination, filter }) {
    const data = await usersToLink(
      (filter as TaskLinkUsersFilter | undefined)?.q ?? '',
      (filter as TaskLinkUsersFilter | undefined)?.user_id,
      pagination?.perPage,
    );
    return { data, total: data.length };
  },
};

/** Users a task may be linked to (for the autocomplete), for the caller or the employee viewed as. */
function usersToLink(search: string, userId?: number, limit = 20) {
  return unwrap(
    api.GET('/user_tasks/get_users_to_link/', {
      params: { query: { search: search || undefined, user_id: userId, limit: Math.min(limit, 50) } },
    }),
  );
}
