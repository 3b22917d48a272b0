import { api, unwrap } from '../../../../api/client';
import type { SchemaRecordDonationRequest, SchemaUpdateUserSettingsRequest } from '../../../../api/schema';
import type { ResourceAdapter } from '../../../providers/data/types';
import { invalidating } from '../../../providers/data/invalidation';

/**
 * `person-donations` → POST team/contact/get_donations/: a user's donations and payments, as a
 * reference list of one user (the person page's Donations tab).
 */
export const personDonationsAdapter: ResourceAdapter = {
  async getManyReference(_resource, { id, pagination }) {
    const page = await unwrap(
      api.POST('/team/contact/get_donations/', {
        params: { query: { page: pagination.page, page_size: pagination.perPage } },
        body: { user_id: Number(id) },
      }),
    );
    return { data: page.results, total: page.count };
  },
};

/** What the staff person page (/user/view-details/{pk}) does besides its lists: custom methods (see ./index.ts). */
export const personMethods = {
  /** A partner's company details and documents (404 when the user is no partner). */
  getPartnerDetails: (userId: number) =>
    unwrap(api.POST('/accounts/user/get_partner_details/', { body: { user_id: userId } })),
  /** Tags, groups, work zone, language, time zone, partner flag (and, for admins, role): only the fields sent change. */
  updateUserSettings: invalidating(
    { invalidates: ['user-details', 'action-logs'] },
    (body: SchemaUpdateUserSettingsRequest) => unwrap(api.POST('/accounts/user/update_settings/', { body })),
  ),
  /** A note on the person's timeline (an entry of the actions history). */
  addUserNote: invalidating({ invalidates: ['action-logs'] }, (userId: number, text: string) =>
    unwrap(api.POST('/accounts/user/add_note/', { body: { user_id: userId, text } })),
  ),
  /** A donation the person made outside the app, recorded as paid. */
  recordUserDonation: invalidating(
    { invalidates: ['person-donations', 'user-details', 'action-logs'] },
    (body: SchemaRecordDonationRequest) => unwrap(api.POST('/accounts/user/record_donation/', { body })),
  ),
  /** (Re)sends the invitation mail with a set-password link; answers the invitation's state. */
  sendInvitation: invalidating({ invalidates: ['user-details', 'action-logs'] }, (userId: number) =>
    unwrap(api.POST('/accounts/user/send_invitation/', { body: { user_id: userId } })),
  ),
  /** A one-hour link for the person to set new credentials. */
  createResetCredentialsLink: invalidating({ invalidates: ['action-logs'] }, (userId: number) =>
    unwrap(api.GET('/accounts/user/reset_credentials/', { params: { query: { user_id: userId } } })),
  ),
  /** The consultants the user may hand people to (with `userId`, that person's own consultant left out). */
  getHandOverChoices: (userId?: number) =>
    unwrap(
      api.GET('/accounts/user/hand_over_choices/', {
        params: { query: userId === undefined ? {} : { user_id: userId } },
      }),
    ),
  /** Hands one person to another consultant (409 when someone moved them first). */
  giveAwayUser: (userId: number, consultantId: number) =>
    unwrap(api.POST('/accounts/user/give_away_user/', { body: { user_id: userId, consultant_id: consultantId } })),
  /** Moves users (all when `userIds` is empty) from one consultant to another. */
  handOverUsers: (fromConsultantId: number, toConsultantId: number, userIds: number[]) =>
    unwrap(
      api.POST('/accounts/manager/give_away_user/', {
        body: {
          from_consultant_id: fromConsultantId,
          to_consultant_id: toConsultantId,
          ...(userIds.length && { user_ids: userIds }),
        },
      }),
    ),
};
