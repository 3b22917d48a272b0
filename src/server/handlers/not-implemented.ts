import type { OperationId } from './types';

/**
 * The one list of contract operations that are not built yet: each answers 501 with a clear message.
 * It shrinks to empty as the areas land; a test checks that every operation has a handler or sits here.
 */
export const NOT_IMPLEMENTED: readonly OperationId[] = [
  // subscription
  'listSubscriptionPeriods',
  'listPackages',
  'purchasePackage',
  'getSubscriptionInfo',
  'setAutoPay',
  // payments
  'createDonation',
  'createManualDonation',
  'listPaymentMethods',
  // team
  'getTeamChildren',
  'getTeamChildrenOf',
  'listStructureUsers',
  'getStructureChoices',
  'listContactDonations',
  'listContactCompletedTasks',
  'listWaitingUsers',
  'rejectResponsibleUser',
  // flows
  'listFlows',
  'createFlow',
  'updateFlow',
  'deleteFlow',
  'getLandingElements',
  'addLandingElement',
  'updateLandingElement',
  'deleteLandingElement',
  'checkLandingName',
  'validateLandingEmail',
  'validateLandingPhone',
  // statistics
  'getStatistics',
  'getStatisticsByCountries',
  'getStaffStatistics',
  // tasks
  'listTasks',
  'createTask',
  'createNewLeadTask',
  'updateTask',
  'listUsersToLink',
  // staff
  'updateWorkTimes',
  'getUserDetails',
  'listActionLogs',
  'blockUnblockUser',
  'removeUser',
  'updateConsultantSettings',
  'createLeadUser',
  'createPartnerUser',
  'getPartnerDetails',
  'updateUserSettings',
  'giveAwayUser',
  'managerGiveAwayUser',
  'listTagsGroups',
  // tickets
  'getTicketChoices',
  'createTicket',
  'listConsultantTickets',
  'getConsultantTicket',
  'updateTicket',
  'rejectTicket',
  'createTicketForMember',
  'sendTelegramMessage',
  // imports
  'listUserImports',
  'saveUserImport',
  'startUserImport',
];
