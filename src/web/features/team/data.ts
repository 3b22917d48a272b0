import { api, unwrap } from '../../../api/client';
import type { ResourceAdapter } from '../../providers/data/types';
import { invalidating } from '../../providers/data/invalidation';

// The person page's and the structure's adapters and methods (sub-folders), for the data provider.
export { personDonationsAdapter, personMethods } from './person/data';
export {
  structureAdapter,
  structureMethods,
  teamCompletedTasksAdapter,
  userDetailsAdapter,
  waitingLeadsAdapter,
} from './structure/data';

/** The referral tree's filter: the node whose children to load (none = the caller's own first level). */
export type TeamChildrenFilter = { parent_id?: number };

/** `team-children` → GET team/get_children/[{pk}/]: one level of the referral tree, all on one page. */
export const teamChildrenAdapter: ResourceAdapter = {
  async getList(_resource, { filter }) {
    const { parent_id: pk } = (filter ?? {}) as TeamChildrenFilter;
    const data = await unwrap(
      pk === undefined
        ? api.GET('/team/get_children/')
        : api.GET('/team/get_children/{pk}/', { params: { path: { pk } } }),
    );
    return { data, total: data.length };
  },
};

/** What the team screens do that is not a resource's CRUD: custom methods of the provider (see ./index.ts). */
export const teamMethods = {
  /**
   * The caller stops being the user's responsible consultant; the user goes back to the waiting leads.
   * Every list is read again: the user leaves the team, the structure and the person's pages.
   */
  rejectResponsibility: invalidating({ invalidates: 'all' }, (userId: number) =>
    unwrap(api.POST('/team/reject_responsible_user/', { body: { user_id: userId } })),
  ),
};
