import { api, unwrap } from '../../../api/client';
import type { ResourceAdapter } from './types';

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
