import { api, unwrap } from '../../../api/client';
import type {
  SchemaBlockUnblockUserRequest,
  SchemaConsultantSettingsRequest,
  SchemaCreateLeadUserRequest,
  SchemaGiveAwayUserRequest,
  SchemaRemoveUserRequest,
  SchemaRole,
  SchemaUpdateWorkTimesRequest,
  SchemaCreatePartnerUserRequest,
} from '../../../api/schema';
import { LEAD_USER_FIELDS, pick } from '../../providers/data/fields';
import type { ResourceAdapter } from '../../providers/data/types';

/** The actions of the roster, one per staff endpoint; `update`'s data names the action. */
export type StaffAction =
  | ({ action: 'block' } & Omit<SchemaBlockUnblockUserRequest, 'user_id'>)
  | ({ action: 'settings' } & Omit<SchemaConsultantSettingsRequest, 'user_id'>)
  | ({ action: 'work_times' } & Omit<SchemaUpdateWorkTimesRequest, 'user_id'>)
  | ({ action: 'give_away' } & Omit<SchemaGiveAwayUserRequest, 'user_id'>);

/**
 * `staff-users` → the roster: consultants and admins from v1/users/ (admins' list), each action
 * through its own staff endpoint; `delete` removes the user, handing their work to `hand_over_to`;
 * `create` makes a lead (create_lead_user/).
 */
export const staffUsersAdapter: ResourceAdapter = {
  async getList(_resource, { pagination, sort, filter }) {
    const f = (filter ?? {}) as { q?: string; role?: SchemaRole | '' };
    const page = await unwrap(
      api.GET('/v1/users/', {
        params: {
          query: {
            page: pagination?.page ?? 1,
            page_size: pagination?.perPage ?? 25,
            search: f.q || undefined,
            role: f.role || 'consultant',
            ordering: sort?.field ? `${sort.order === 'DESC' ? '-' : ''}${sort.field}` : undefined,
          },
        },
      }),
    );
    if (f.role === 'member') return { data: page.results, total: page.count };
    // v1/users/ does not carry the block state; the details of each staff row (a page is ≤ 25) do.
    const data = await Promise.all(
      page.results.map((u) =>
        unwrap(api.POST('/accounts/user/details/', { body: { user_id: u.id } })).then(
          (d) => ({ ...u, is_blocked: d.is_blocked, work_times: d.work_times }),
          () => u,
        ),
      ),
    );
    return { data, total: page.count };
  },
  async update(_resource, { id, data, previousData }) {
    const user_id = Number(id);
    const a = data as StaffAction;
    switch (a.action) {
      case 'block': {
        const r = await unwrap(api.POST('/accounts/user/block_unblock_user/', { body: { user_id, block: a.block } }));
        return {
          data: { ...(previousData as Record<string, unknown> | undefined), id: user_id, is_blocked: r.is_blocked },
        };
      }
      case 'settings': {
        const r = await unwrap(
          api.POST('/accounts/user/consultant_settings/', {
            body: { user_id, daily_limit: a.daily_limit, rating: a.rating },
          }),
        );
        return {
          data: {
            ...(previousData as Record<string, unknown> | undefined),
            id: user_id,
            daily_lead_limit: r.daily_limit,
            rating: r.rating,
          },
        };
      }
      case 'work_times': {
        const r = await unwrap(
          api.POST('/accounts/user/update_work_times/', { body: { user_id, work_times: a.work_times } }),
        );
        return {
          data: { ...(previousData as Record<string, unknown> | undefined), id: user_id, work_times: r.work_times },
        };
      }
      case 'give_away': {
        await unwrap(api.POST('/accounts/user/give_away_user/', { body: { user_id, consultant_id: a.consultant_id } }));
        return { data: { ...(previousData as Record<string, unknown> | undefined), id: user_id } };
      }
    }
  },
  async delete(_resource, { id, previousData, meta }) {
    const body: SchemaRemoveUserRequest = {
      user_id: Number(id),
      hand_over_to: Number(((meta ?? {}) as { hand_over_to?: number }).hand_over_to),
    };
    await unwrap(api.POST('/accounts/user/remove_user/', { body }));
    return { data: previousData ?? { id } };
  },
  async create(_resource, { data }) {
    const r = await unwrap(
      api.POST('/accounts/user/create_lead_user/', {
        body: pick(data, LEAD_USER_FIELDS) as SchemaCreateLeadUserRequest,
      }),
    );
    return { data: r.user };
  },
};

/** Tags and groups for pickers. */
export const tagsGroups = () => unwrap(api.GET('/accounts/tags_groups/'));

/** What creating a partner takes: the request's fields, with the documents as the files picked (multipart). */
export type PartnerCreate = Omit<SchemaCreatePartnerUserRequest, 'documents'> & { documents?: File[] };

const PARTNER_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'country',
  'city',
  'language',
  'tag_id',
  'consultant_id',
  'company',
  'default_region',
  'send_invitation',
] as const satisfies readonly (keyof SchemaCreatePartnerUserRequest)[];

/**
 * `staff-partners` → accounts/user/create_partner_user/: create only, multipart (the fields and up to
 * 10 documents); answers with the partner, whose user id is the record's id.
 */
export const staffPartnersAdapter: ResourceAdapter = {
  async create(_resource, { data }) {
    const d = data as PartnerCreate;
    const form = new FormData();
    for (const k of PARTNER_FIELDS) {
      const v = d[k];
      if (v !== undefined && v !== '') form.append(k, String(v));
    }
    for (const f of d.documents ?? []) form.append('documents', f, f.name);
    // The typed body names the operation; the form data is what is sent.
    const body: SchemaCreatePartnerUserRequest = { ...d, documents: undefined };
    const r = await unwrap(api.POST('/accounts/user/create_partner_user/', { body, bodySerializer: () => form }));
    return { data: { ...r.partner, id: r.partner.user_id } };
  },
};

/** What the staff screens read besides their resources: custom methods of the data provider (see ./index.ts). */
export const staffMethods = {
  /** The staff tags and groups (the pickers of the lead, partner and import forms). */
  getTagsGroups: () => tagsGroups(),
};
