import { api, unwrap } from '../../../api/client';
import type {
  SchemaBroadcastAdmin,
  SchemaBroadcastAdminCreate,
  SchemaBroadcastAdminUpdate,
  SchemaBroadcastDetail,
  SchemaBroadcastOverview,
} from '../../../api/schema';
import { ADMIN_RESOURCE_FIELDS as FIELDS } from './fields';
import { simpleRestAdapter } from './simpleRest';

const id = (value: number) => ({ params: { path: { id: value } } });

/** Admin: `admin/broadcasts` → /api/admin/broadcasts (the member pages own /broadcasts). */
export const adminBroadcastsAdapter = simpleRestAdapter<
  SchemaBroadcastAdmin,
  SchemaBroadcastAdminCreate,
  SchemaBroadcastAdminUpdate
>(
  {
    list: (init) => api.GET('/admin/broadcasts', init),
    one: (key, signal) => api.GET('/admin/broadcasts/{id}', { ...id(key), signal }),
    create: (body) => api.POST('/admin/broadcasts', { body }),
    update: (key, body) => api.PUT('/admin/broadcasts/{id}', { ...id(key), body }),
    remove: (key) => api.DELETE('/admin/broadcasts/{id}', id(key)),
  },
  FIELDS.broadcasts,
);

/** The member's broadcasts: what is on, next and past; one broadcast with its watch link while it is on. */
export const broadcastsMethods = {
  getBroadcasts: (): Promise<SchemaBroadcastOverview> => unwrap(api.GET('/broadcasts/list/')),
  getBroadcast: (broadcastId: number): Promise<SchemaBroadcastDetail> =>
    unwrap(api.GET('/broadcasts/view/{id}/', id(broadcastId))),
};
