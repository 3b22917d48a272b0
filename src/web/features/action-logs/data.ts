import { api, unwrap } from '../../../api/client';
import type { ResourceAdapter } from '../../providers/data/types';

/** The history list's filter: actor, subject, kind and a day range (YYYY-MM-DD). */
type ActionLogFilter = { actor_id?: number; subject_id?: number; kind?: string; date_from?: string; date_to?: string };

/** `action-logs` → accounts/user/action_logs/: newest first, paged on the server, read only. */
export const actionLogsAdapter: ResourceAdapter = {
  async getList(_resource, { pagination, filter }) {
    const f = (filter ?? {}) as ActionLogFilter;
    const page = await unwrap(
      api.POST('/accounts/user/action_logs/', {
        params: {
          query: {
            page: pagination?.page ?? 1,
            page_size: pagination?.perPage ?? 25,
            actor_id: f.actor_id || undefined,
            subject_id: f.subject_id || undefined,
            kind: f.kind || undefined,
            date_from: f.date_from || undefined,
            date_to: f.date_to || undefined,
          },
        },
      }),
    );
    return { data: page.results, total: page.count };
  },
};

/** A person the history can be filtered by: their name and email, for the autocomplete. */
export type ActionLogPerson = { id: number; first_name: string; last_name: string; email: string | null };
const person = (u: Omit<ActionLogPerson, 'email'> & { email?: string | null }): ActionLogPerson => ({
  id: u.id,
  first_name: u.first_name,
  last_name: u.last_name,
  email: u.email ?? null,
});

/**
 * `action-log-people` → the people the history's person filters offer: v1/users/ searched on the
 * server (a consultant's reach, everyone for an admin); the chosen ones by id through the user's
 * details (open to consultants too), a person no longer readable named by their id.
 */
export const actionLogPeopleAdapter: ResourceAdapter = {
  async getList(_resource, { pagination, filter }) {
    const f = (filter ?? {}) as { q?: string };
    const page = await unwrap(
      api.GET('/v1/users/', {
        params: { query: { page: 1, page_size: pagination?.perPage ?? 20, search: f.q || undefined } },
      }),
    );
    return { data: page.results.map(person), total: page.count };
  },
  async getMany(_resource, { ids }) {
    const found = await Promise.allSettled(
      ids.map((id) => unwrap(api.POST('/accounts/user/details/', { body: { user_id: Number(id) } }))),
    );
    return {
      data: found.map((r, i) =>
        r.status === 'fulfilled'
          ? person(r.value)
          : { id: Number(ids[i]), first_name: `#${String(ids[i])}`, last_name: '', email: null },
      ),
    };
  },
};
