import { api, unwrap } from '../../../api/client';
import type { SchemaBroadcastDetail, SchemaBroadcastOverview } from '../../../api/schema';
import { ADMIN_RESOURCE_FIELDS as FIELDS } from '../../providers/data/fields';
import { simpleRestResource } from '../../providers/data/simpleRestResources';

const id = (value: number) => ({ params: { path: { id: value } } });

/** Admin: `admin/broadcasts` → /api/admin/broadcasts (the member pages own /broadcasts). */
export const adminBroadcastsAdapter = simpleRestResource('admin/broadcasts', FIELDS.broadcasts);

/** The member's broadcasts: what is on, next and past; one broadcast with its watch link while it is on. */
export const broadcastsMethods = {
  getBroadcasts: (): Promise<SchemaBroadcastOverview> => unwrap(api.GET('/broadcasts/list/')),
  getBroadcast: (broadcastId: number): Promise<SchemaBroadcastDetail> =>
    unwrap(api.GET('/broadcasts/view/{id}/', id(broadcastId))),
};
